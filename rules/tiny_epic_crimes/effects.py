"""The effect vocabulary of the Tiny Epic Crimes cards, on the kit's effect interpreter.

A card's effect is data (``{"op": "drive_free", "blocks": 3}``) run by
:class:`rules.kit.effects.Interpreter`; an event's requirement is a test
(``{"check": "act", "action": "arrest", "where": "event-token"}``). :data:`OPS` and
:data:`CHECKS` declare every op and check with its arguments and the rulebook mechanism it
stands for; :data:`VALUES` lists what a word-valued argument may say.

The rules of play do not exist yet, so the handlers here are the small ones every later handler
starts from: each checks its argument values and appends the step to a :data:`Trace`. The game
will register handlers over its own state with the same names and arguments.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any

from rules.kit.effects import Context, Effect, EffectError, Interpreter

#: What running an effect did, step by step: (op, its arguments).
Trace = tuple[tuple[str, Mapping[str, Any]], ...]

ACTIONS: tuple[str, ...] = (
    "drive",
    "arrest",
    "coffee-break",
    "call-for-backup",
    "catch-informant",
    "catch-witness",
    "search-scene",
    "stakeout",
    "bring-in-for-holding",
    "resolve-event",
    "rest-your-case",
    "interrogate",
    "peek",
    "any",
)
PLACES: tuple[str, ...] = (
    "here",  # the officer's block
    "adjacent",  # orthogonally next to it
    "row",  # the officer's row
    "any",
    "hq",
    "search",  # a block with a search icon
    "stakeout",
    "event-token",  # a block with this event's token
    "event-row",  # a row with this event's token
    "event-column",
    "card",  # on the event card itself
    "roll",  # where a roll of the dice says
)
#: When a force card may be played or an ability applies: a turn step, an action, or any time.
TRIGGERS: tuple[str, ...] = ("turn", "turn-start", "any-time", "after-roll", *ACTIONS[:-1])
#: The reward icons of an event card.
REWARDS: tuple[str, ...] = ("suspect", "force", "badge", "peek")

VALUES: Mapping[str, tuple[str, ...]] = {
    "action": ACTIONS,
    "where": PLACES,
    "kind": ("search", "stakeout"),
    "die": ("backup", "mobster"),
    "who": ("all", "you", "others"),
    "phase": ("day", "night"),
    "what": ("event-tokens", "card-mobsters", "event-mobsters"),
}
#: Number arguments that must be positive (``delta`` may be negative: fewer hours).
POSITIVE = ("count", "blocks", "hours", "levels", "times", "officers")


@dataclass(frozen=True)
class Word:
    """One op or check: its required and optional arguments, and the mechanism it stands for."""

    mechanism: str
    required: Mapping[str, type[object]] = field(default_factory=dict)
    optional: Mapping[str, type[object]] = field(default_factory=dict)


OPS: Mapping[str, Word] = {
    # rewards ("Event Reward Icons") and the badge track's bonuses
    "gain_suspect": Word("Gain a Suspect Card", {"count": int}),
    "gain_force": Word("Gain a Force Card (hold at most 2)", {"count": int}),
    "advance_badge": Word("Advance 1 Badge Level", {"levels": int}),
    "peek_evidence": Word("Peek at 1 Solved Evidence"),
    "interrogate": Word("Bonus Action: Interrogate"),
    # mobsters and tokens
    "add_mobsters": Word("roll to add mobsters (events' setup)", {"count": int, "where": str}),
    "add_event_tokens": Word("roll to add tokens (events' setup)", {"count": int}),
    "apprehend": Word("apprehend a mobster, returning it to the bag", {"where": str}),
    "move_mobster": Word("move a mobster (never onto another)", {"blocks": int}),
    "mobster_roll": Word("an extra Mobster Roll"),
    "peek_token": Word("look at a face-down search or stakeout token", {"kind": str}),
    # time, movement and actions
    "drive_free": Word("Drive: blocks that cost no hours", {"blocks": int}),
    "hours": Word("the hours this action costs, changed (at least 1)", {"delta": int}),
    "advance_trackers": Word("advance Time Trackers (never past 48)", {"hours": int, "who": str}),
    "any_time_of_day": Word("a daytime or nighttime action at any time", {"action": str}),
    "extra_action": Word("Perform 1 Action, once more this turn"),
    "reroll": Word("roll a die again", {"die": str}),
    "choose_die": Word("set one bullet die of a roll", {"die": str}),
    # penalties
    "too_many_events": Word("the Too-Many-Events Penalty"),
    "discard_suspect_deck": Word("discard the top Suspect Card unseen", {"count": int}),
    # negative effects in force while an event is active
    "action_costs": Word("an action costs more hours", {"action": str, "hours": int}),
    "forbid": Word("an action cannot be taken", {"action": str}, {"where": str}),
    "drive_toll": Word("driving onto some blocks costs more", {"hours": int, "where": str}),
    "extra_mobster_roll": Word("one more Mobster Roll at the end of every turn"),
}

CHECKS: Mapping[str, Word] = {
    "act": Word(
        "perform an action on a block (events' requirements)",
        {"action": str, "where": str},
        {"times": int, "succeed": bool, "phase": str},
    ),
    "stand": Word(
        "Resolve Event on a block, spending hours", {"where": str, "hours": int}, {"officers": int}
    ),
    "cleared": Word("the event's tokens or mobsters are all gone", {"what": str}),
    "at": Word("the officer's car is on such a block", {"where": str}),
}


def op(name: str, **arguments: Any) -> dict[str, Any]:
    """An effect: ``op("drive_free", blocks=3)``."""
    return {"op": name, **arguments}


def check(name: str, **arguments: Any) -> dict[str, Any]:
    """A test: ``check("at", where="hq")``."""
    return {"check": name, **arguments}


def walk(effect: Effect) -> Iterator[Mapping[str, Any]]:
    """Every op and check inside ``effect``, itself first."""
    yield effect
    for value in effect.values():
        parts = value if isinstance(value, list | tuple) else [value]
        for part in parts:
            if isinstance(part, Mapping):
                yield from walk(part)


def check_values(effect: Effect) -> None:
    """``effect/bad-value`` unless every word-valued and number argument inside is allowed."""
    for part in walk(effect):
        for name, value in part.items():
            if name in VALUES and value not in VALUES[name]:
                raise EffectError(
                    f"{name} must be one of {', '.join(VALUES[name])}, not {value!r}",
                    code="effect/bad-value",
                )
            if name in POSITIVE and (type(value) is not int or value < 1):
                raise EffectError(
                    f"{name} must be 1 or more, not {value!r}", code="effect/bad-value"
                )


def _trace(name: str) -> Any:
    def handler(state: Trace, args: Mapping[str, Any], context: Context) -> tuple[Trace, list[str]]:
        check_values(args)
        return (*state, (name, dict(args))), [name]

    return handler


def _answer(state: Trace, args: Mapping[str, Any], context: Context) -> bool:
    """A check answers what ``context.data["checks"]`` says (default: it holds)."""
    check_values(args)
    answers: Mapping[str, bool] = context.data.get("checks", {})
    return bool(answers.get(str(args.get("where", args.get("what", ""))), True))


def tracer() -> Interpreter[Trace, str]:
    """The interpreter of the whole vocabulary with tracing handlers."""
    interpreter: Interpreter[Trace, str] = Interpreter()
    for name, word in OPS.items():
        interpreter = interpreter.register(
            name, _trace(name), optional=word.optional, **word.required
        )
    for name, word in CHECKS.items():
        interpreter = interpreter.register_check(
            name, _answer, optional=word.optional, **word.required
        )
    return interpreter


TRACER = tracer()


def validate(effect: Effect, *, test: bool = False) -> None:
    """Check an effect (or, with ``test``, a requirement) against the whole vocabulary."""
    if test:
        TRACER.validate_test(effect)
    else:
        TRACER.validate(effect)
    check_values(effect)
