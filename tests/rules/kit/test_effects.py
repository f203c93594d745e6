"""The effects interpreter: system ops, built-in composition, choices and errors."""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace
from typing import Any

import pytest

from rules.kit.effects import ChoiceNeeded, Context, Effect, EffectError, Interpreter


@dataclass(frozen=True)
class Officer:
    hours: int = 0
    badge: int = 0
    clues: tuple[str, ...] = ()


def move_time(
    state: Officer, args: Mapping[str, Any], context: Context
) -> tuple[Officer, list[str]]:
    return replace(state, hours=state.hours + args["hours"]), [f"time+{args['hours']}"]


def gain_clue(
    state: Officer, args: Mapping[str, Any], context: Context
) -> tuple[Officer, list[str]]:
    kind = args["kind"]
    return replace(state, clues=(*state.clues, kind), badge=state.badge + 1), [f"clue:{kind}"]


def roll_hours(
    state: Officer, args: Mapping[str, Any], context: Context
) -> tuple[Officer, list[str]]:
    assert context.rng is not None
    hours = context.rng.randint(1, args.get("sides", 6))
    return replace(state, hours=state.hours + hours), [f"rolled:{hours}"]


def is_night(state: Officer, args: Mapping[str, Any], context: Context) -> bool:
    return state.hours % 24 >= 12


def badge_at_least(state: Officer, args: Mapping[str, Any], context: Context) -> bool:
    return state.badge >= int(args["level"])


EFFECTS = (
    Interpreter[Officer, str]()
    .register("move_time", move_time, hours=int)
    .register("gain_clue", gain_clue, kind=str)
    .register("roll_hours", roll_hours, optional={"sides": int})
    .register_check("night", is_night)
    .register_check("badge", badge_at_least, level=int)
)


def test_a_system_op_runs_and_reports_its_events() -> None:
    start = Officer()
    state, events = EFFECTS.run({"op": "move_time", "hours": 2}, start)
    assert state == Officer(hours=2) and events == ["time+2"]
    assert start == Officer()  # never mutated


def test_all_runs_in_order_and_repeat_runs_again() -> None:
    card: Effect = {
        "op": "all",
        "effects": [
            {"op": "move_time", "hours": 1},
            {"op": "repeat", "times": 2, "effect": {"op": "gain_clue", "kind": "search"}},
            {"op": "nothing"},
        ],
    }
    state, events = EFFECTS.run(card, Officer())
    assert state == Officer(hours=1, badge=2, clues=("search", "search"))
    assert events == ["time+1", "clue:search", "clue:search"]
    assert EFFECTS.run({"op": "repeat", "times": 0, "effect": {"op": "nothing"}}, Officer()) == (
        Officer(),
        [],
    )


def test_if_branches_on_checks_and_their_combinations() -> None:
    card: Effect = {
        "op": "if",
        "test": {"check": "all", "tests": [{"check": "night"}, {"check": "badge", "level": 1}]},
        "then": {"op": "gain_clue", "kind": "stakeout"},
        "else": {"op": "move_time", "hours": 1},
    }
    assert EFFECTS.run(card, Officer(hours=13, badge=1))[1] == ["clue:stakeout"]
    assert EFFECTS.run(card, Officer(hours=13, badge=0))[1] == ["time+1"]
    assert EFFECTS.run(card, Officer(hours=2, badge=5))[1] == ["time+1"]
    no_else = {"op": "if", "test": {"check": "not", "test": {"check": "night"}}, "then": card}
    assert EFFECTS.run(no_else, Officer(hours=13)) == (Officer(hours=13), [])
    either = {"check": "any", "tests": [{"check": "night"}, {"check": "badge", "level": 3}]}
    assert EFFECTS.test(either, Officer(badge=3)) and not EFFECTS.test(either, Officer())


def test_choose_asks_for_an_answer_then_runs_the_picked_option() -> None:
    card: Effect = {
        "op": "all",
        "effects": [
            {"op": "move_time", "hours": 1},
            {
                "op": "choose",
                "options": [
                    {"op": "gain_clue", "kind": "witness"},
                    {"op": "move_time", "hours": 3},
                ],
            },
            {"op": "choose", "options": [{"op": "nothing"}, {"op": "gain_clue", "kind": "search"}]},
        ],
    }
    with pytest.raises(ChoiceNeeded) as caught:
        EFFECTS.run(card, Officer(), Context(seat=2))
    assert caught.value.code == "effect/choice-needed" and caught.value.made == 0
    assert caught.value.options[1] == {"op": "move_time", "hours": 3}
    context = Context(seat=2).with_choice(1)
    with pytest.raises(ChoiceNeeded) as caught:
        EFFECTS.run(card, Officer(), context)
    assert caught.value.made == 1
    state, events = EFFECTS.run(card, Officer(), context.with_choice(1))
    assert state == Officer(hours=4, badge=1, clues=("search",))
    assert events == ["time+1", "time+3", "clue:search"]


def test_choice_answers_must_fit() -> None:
    card: Effect = {"op": "choose", "options": [{"op": "nothing"}]}
    with pytest.raises(EffectError) as caught:
        EFFECTS.run(card, Officer(), Context(choices=(1,)))
    assert caught.value.code == "effect/bad-choice"
    with pytest.raises(EffectError) as caught:
        EFFECTS.run(card, Officer(), Context(choices=(0, 0)))
    assert caught.value.code == "effect/extra-choice"


def test_handlers_get_the_rng_from_the_context() -> None:
    card = {"op": "roll_hours", "sides": 20}
    one = EFFECTS.run(card, Officer(), Context(rng=random.Random(5)))
    assert one == EFFECTS.run(card, Officer(), Context(rng=random.Random(5)))


@pytest.mark.parametrize(
    ("effect", "code", "named"),
    [
        ({"op": "teleport"}, "effect/unknown-op", "teleport"),
        ({"hours": 2}, "effect/bad-effect", "op"),
        ("move_time", "effect/bad-effect", "op"),
        ({"op": "move_time"}, "effect/bad-args", "move_time"),
        ({"op": "move_time", "hours": 2, "minutes": 3}, "effect/bad-args", "move_time"),
        ({"op": "move_time", "hours": "2"}, "effect/bad-args", "move_time"),
        ({"op": "move_time", "hours": True}, "effect/bad-args", "move_time"),
        ({"op": "repeat", "times": -1, "effect": {"op": "nothing"}}, "effect/bad-args", "repeat"),
        ({"op": "choose", "options": []}, "effect/bad-args", "choose"),
        ({"op": "all", "effects": [{"op": "nope"}]}, "effect/unknown-op", "nope"),
        (
            {"op": "if", "test": {"check": "full-moon"}, "then": {"op": "nothing"}},
            "effect/unknown-check",
            "full-moon",
        ),
        (
            {"op": "if", "test": {"check": "badge"}, "then": {"op": "nothing"}},
            "effect/bad-args",
            "badge",
        ),
    ],
)
def test_bad_effects_raise_a_stable_code_naming_the_op(
    effect: Effect, code: str, named: str
) -> None:
    with pytest.raises(EffectError) as caught:
        EFFECTS.run(effect, Officer())
    assert caught.value.code == code
    assert named in caught.value.message
    with pytest.raises(EffectError) as caught:
        EFFECTS.validate(effect)
    assert caught.value.code == code


def test_validate_checks_branches_that_a_run_would_not_reach() -> None:
    card: Effect = {
        "op": "if",
        "test": {"check": "night"},
        "then": {"op": "nothing"},
        "else": {"op": "choose", "options": [{"op": "gain_clue", "kind": 3}]},
    }
    assert EFFECTS.run(card, Officer(hours=13)) == (Officer(hours=13), [])
    with pytest.raises(EffectError) as caught:
        EFFECTS.validate(card)
    assert caught.value.code == "effect/bad-args" and "gain_clue" in caught.value.message
    EFFECTS.validate({"op": "all", "effects": [{"op": "move_time", "hours": 1}]})
    with pytest.raises(EffectError) as caught:
        EFFECTS.validate_test({"check": "any", "tests": [{"check": "moon"}]})
    assert caught.value.code == "effect/unknown-check"


def test_registering_returns_a_new_interpreter_and_refuses_duplicates() -> None:
    bare = Interpreter[Officer, str]()
    more = bare.register("move_time", move_time, hours=int)
    with pytest.raises(EffectError) as caught:
        bare.run({"op": "move_time", "hours": 1}, Officer())
    assert caught.value.code == "effect/unknown-op"
    assert more.run({"op": "move_time", "hours": 1}, Officer())[0].hours == 1
    attempts: list[Callable[[], object]] = [
        lambda: more.register("move_time", move_time, hours=int),
        lambda: bare.register("all", move_time),
        lambda: bare.register_check("not", is_night),
        lambda: EFFECTS.register_check("night", is_night),
    ]
    for attempt in attempts:
        with pytest.raises(EffectError) as caught:
            attempt()
        assert caught.value.code == "effect/duplicate-op"


def test_float_arguments_take_whole_numbers_and_lists_take_tuples() -> None:
    def scale(
        state: Officer, args: Mapping[str, Any], context: Context
    ) -> tuple[Officer, list[str]]:
        return replace(state, hours=int(state.hours * args["by"])), []

    scaled = Interpreter[Officer, str]().register("scale", scale, by=float)
    assert scaled.run({"op": "scale", "by": 2}, Officer(hours=3))[0].hours == 6
    assert scaled.run({"op": "scale", "by": 0.5}, Officer(hours=4))[0].hours == 2
    as_tuple = {"op": "all", "effects": ({"op": "scale", "by": 2},)}
    assert scaled.run(as_tuple, Officer(hours=1))[0].hours == 2
