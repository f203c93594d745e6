"""Nightfall: a test-only system with a hidden role, simultaneous choices and a reaction window.

Three to six guests spend a few nights at a manor; one of them, drawn from the game's secret
seed, is the killer, and only that seat knows it. Each round has a night and a day:

- **Night.** Every living seat visits another living seat, all at once and in secret
  (:class:`~rules.kit.simultaneous.Commitments`): the killer's visit kills, a guest's visit
  watches. When the last seat has chosen, the killer's target is out unless a guest watched
  it, and each guest who watched the target privately learns who else visited it (the killer
  among them).
- **Day.** A reaction window (:class:`~rules.kit.windows.Window`) asks every living seat to
  raise the alarm, pass, or instead use one of its charms: a lantern is hung in a room, a
  locket hushes another seat, whose vote does not count that day. If anybody raised the
  alarm, every living seat then names one or two suspects at once, in secret; the most-named
  seat is out (a tie: nobody). If nobody raised the alarm, the day passes quietly.

The guests win when the killer is voted out. The killer wins when at most two seats are left
(itself included) or when the last night's day ends. Every seat faces the same decisions
whatever its role, and every step shows every seat an event, so neither whom the game waits
for nor how many steps it takes tells anyone who the killer is.
"""

from __future__ import annotations

import dataclasses
import random
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Literal

from rules import serial
from rules.core import (
    Action,
    ActionSpec,
    Event,
    JSONScalar,
    ModeSpec,
    OptionSpec,
    Outcome,
    Seat,
    Subset,
    SystemSpec,
    check_action,
    check_can_act,
    check_seats,
    rank,
    rng_for,
)
from rules.kit.simultaneous import Choice, Commitments
from rules.kit.windows import Window
from tests.nightfall.case import CHARM_TARGETS, NightfallCase, read_case

MIN_SEATS, MAX_SEATS = 3, 6
NIGHTS = (3, 4, 5)
#: A round takes at most one step per living seat in each of its three decisions.
STEPS_PER_ROUND = 3 * MAX_SEATS
KILLER, GUEST = "killer", "guest"
#: The seats left when the killer has won: itself and one guest it can no longer be caught by.
OUTNUMBERED = 2
#: The keys a vote is sealed under: a commitment holds a flat object, not a list.
BALLOT_KEYS = ("first", "second")

OPTIONS = (
    OptionSpec("nights", NIGHTS, 4, "how many nights the killer must last to win"),
    OptionSpec("charms", (True, False), True, "whether each seat holds the manor's charms"),
)

SPEC = SystemSpec(
    id="nightfall",
    name="Nightfall",
    modes=(
        ModeSpec(
            "manor",
            MIN_SEATS,
            MAX_SEATS,
            "one hidden killer among the guests, night after night",
            options=OPTIONS,
        ),
    ),
    action_types=("visit", "raise-alarm", "pass", "use-charm", "vote"),
    has_chance=True,
    has_hidden_information=True,
    summary="A test-only system: a hidden killer, secret night visits, alarms, charms and votes.",
    event_types=(
        "visit-chosen",
        "night-ended",
        "dawn",
        "alarm-raised",
        "alarm-passed",
        "charm-used",
        "day-quiet",
        "vote-cast",
        "votes-revealed",
        "game-ended",
    ),
    endings=("killer-caught", "guests-outnumbered", "nights-over"),
    step_limit=max(NIGHTS) * STEPS_PER_ROUND,
    param_prompts={
        "seat": "Whom do you visit tonight?",
        "suspects": "Whom do you name (one or two)?",
        "charm": "Which charm?",
        "target": "On what?",
    },
)

Phase = Literal["night", "day", "vote", "over"]


@dataclass(frozen=True)
class Exit:
    """A seat that is out: the round it went out in, and ``how`` ("night" or "vote")."""

    seat: int
    round: int
    how: str


@dataclass(frozen=True)
class Sighting:
    """What one seat learned at dawn: whom it visited and who else visited that seat (empty
    unless it was a guest watching the killer's target)."""

    round: int
    visited: int
    saw: tuple[int, ...]


@dataclass(frozen=True)
class Ballot:
    voter: int
    suspects: tuple[int, ...]
    counted: bool  # False: the voter was hushed by a locket


@dataclass(frozen=True)
class VoteRecord:
    round: int
    ballots: tuple[Ballot, ...]
    out: int | None


@dataclass(frozen=True)
class NightfallState:
    seed: int
    step: int
    mode: str
    seats: tuple[Seat, ...]
    killer: int
    nights: int  # the round limit (the ``nights`` option)
    round: int
    phase: Phase
    out: tuple[Exit, ...]
    choices: Commitments | None  # the night's visits or the day's votes, sealed
    window: Window | None  # the day's alarm window
    charms: tuple[tuple[str, ...], ...]  # the charms each seat still holds
    hushed: frozenset[int]  # seats whose vote does not count today
    sightings: tuple[tuple[Sighting, ...], ...]  # per seat: private
    votes: tuple[VoteRecord, ...]
    ending: str | None

    @property
    def alive(self) -> tuple[int, ...]:
        gone = {exit.seat for exit in self.out}
        return tuple(seat for seat in range(len(self.seats)) if seat not in gone)

    def others(self, seat: int) -> tuple[int, ...]:
        """The living seats besides ``seat``."""
        return tuple(other for other in self.alive if other != seat)


def draw_killer(seed: int, seats: int) -> int:
    """The killer's seat, drawn from the game's secret seed."""
    return rng_for(seed, 0, "killer").randrange(seats)


def ballot(suspects: Sequence[int]) -> dict[str, JSONScalar]:
    """A vote as a commitment seals it (a flat object: a commitment holds no list)."""
    return {key: value for key, value in zip(BALLOT_KEYS, suspects, strict=False)}


def suspects_of(choice: Choice) -> tuple[int, ...]:
    """The suspects of a sealed :func:`ballot`."""
    assert isinstance(choice, Mapping)
    return tuple(int(str(choice[key])) for key in BALLOT_KEYS if key in choice)


class Nightfall:
    SPEC = SPEC

    def read_case(self, envelope: Mapping[str, Any]) -> NightfallCase:
        return read_case(envelope)

    def new_game(
        self,
        case: NightfallCase,
        seats: Sequence[Seat],
        mode: str,
        *,
        seed: int,
        options: Mapping[str, JSONScalar],
    ) -> NightfallState:
        check_seats(SPEC, mode, seats)
        held = tuple(charm.id for charm in case.charms) if options.get("charms", True) else ()
        nights = options.get("nights", 4)
        assert isinstance(nights, int)
        return NightfallState(
            seed=seed,
            step=0,
            mode=mode,
            seats=tuple(seats),
            killer=draw_killer(seed, len(seats)),
            nights=nights,
            round=1,
            phase="night",
            out=(),
            choices=Commitments.open(range(len(seats))),
            window=None,
            charms=tuple(held for _ in seats),
            hushed=frozenset(),
            sightings=tuple(() for _ in seats),
            votes=(),
            ending=None,
        )

    def to_act(self, case: NightfallCase, state: NightfallState) -> frozenset[int]:
        if state.phase == "day" and state.window is not None:
            return frozenset(state.window.asking)
        if state.phase in ("night", "vote") and state.choices is not None:
            return frozenset(state.choices.waiting)
        return frozenset()

    def legal_actions(
        self, case: NightfallCase, state: NightfallState, seat: int
    ) -> list[ActionSpec]:
        if seat not in self.to_act(case, state):
            return []
        others = state.others(seat)
        if state.phase == "night":
            return [ActionSpec("visit", {"seat": others})]
        if state.phase == "vote":
            return [ActionSpec("vote", {"suspects": Subset(others, 1, min(2, len(others)))})]
        return [
            ActionSpec("raise-alarm"),
            ActionSpec("pass"),
            *(
                ActionSpec(
                    "use-charm", {"charm": (charm,), "target": _targets(case, state, seat, charm)}
                )
                for charm in state.charms[seat]
            ),
        ]

    def apply(
        self, case: NightfallCase, state: NightfallState, seat: int, action: Action
    ) -> tuple[NightfallState, list[Event]]:
        check_can_act(self, case, state, seat)
        check_action(self.legal_actions(case, state, seat), action)
        state = dataclasses.replace(state, step=state.step + 1)
        if state.phase == "night":
            state, events = _visit(state, seat, int(str(action.params["seat"])))
        elif state.phase == "day":
            state, events = _answer(case, state, seat, action)
        else:
            state, events = _vote(state, seat, action)
        outcome = self.result(case, state)
        if outcome is not None:
            events.append(Event("game-ended", data=outcome.to_json()))
        return state, events

    def view(self, case: NightfallCase, state: NightfallState, seat: int | None) -> dict[str, Any]:
        alive = set(state.alive)
        shown: dict[str, Any] = {
            "manor": case.manor,
            "rooms": list(case.rooms),
            "charms": [{"id": charm.id, "kind": charm.kind} for charm in case.charms],
            "seats": [
                {"seat": n, "name": s.name, "bot": s.bot, "alive": n in alive}
                for n, s in enumerate(state.seats)
            ],
            "round": state.round,
            "nights": state.nights,
            "phase": state.phase,
            "out": serial.to_json(state.out),
            "charms_held": [list(held) for held in state.charms],
            "hushed": sorted(state.hushed),
            "votes": serial.to_json(state.votes),
            "pending": None if state.choices is None else _pending(state.choices, seat),
            "window": None if state.window is None else _window(state.window),
        }
        if seat is not None:
            shown["you"] = seat
            shown["role"] = KILLER if seat == state.killer else GUEST
            shown["sightings"] = serial.to_json(state.sightings[seat])
        outcome = self.result(case, state)
        if outcome is not None:
            shown["result"] = outcome.to_json()
        return shown

    def result(self, case: NightfallCase, state: NightfallState) -> Outcome | None:
        if state.ending is None:
            return None
        if state.ending == "killer-caught":
            winners = tuple(seat for seat in range(len(state.seats)) if seat != state.killer)
        else:
            winners = (state.killer,)
        exits = {exit.seat: exit.round for exit in state.out}
        keys = {
            seat: (1.0, 0.0) if seat in winners else (0.0, float(exits.get(seat, state.round + 1)))
            for seat in range(len(state.seats))
        }
        return Outcome(state.ending, winners, rank(keys), {"killer": state.killer})

    def bot_choose(
        self, view: Mapping[str, Any], legal: Sequence[ActionSpec], rng: random.Random
    ) -> Action:
        return choose(view, legal, rng)

    def state_to_json(self, state: NightfallState) -> dict[str, Any]:
        data: dict[str, Any] = serial.to_json(state)
        return data

    def state_from_json(self, data: Mapping[str, Any]) -> NightfallState:
        state: NightfallState = serial.from_json(NightfallState, dict(data))
        return state


SYSTEM = Nightfall()


# ------------------------------------------------------------------------------ the steps


def _visit(state: NightfallState, seat: int, target: int) -> tuple[NightfallState, list[Event]]:
    assert state.choices is not None
    choices = state.choices.commit(seat, target)
    events = [Event("visit-chosen", actor=seat)]
    if not choices.is_complete():
        return dataclasses.replace(state, choices=choices), events
    visits = {visitor: int(str(choice)) for visitor, choice in choices.reveal().items()}
    target = visits[state.killer]
    watchers = [
        seat for seat, visited in visits.items() if seat != state.killer and visited == target
    ]
    victim = None if watchers else target
    events.append(Event("night-ended", data={"victim": victim, "round": state.round}))
    sightings = list(state.sightings)
    for visitor, visited in visits.items():
        saw = tuple(
            o for o, v in visits.items() if visitor in watchers and v == target and o != visitor
        )
        sightings[visitor] = (*sightings[visitor], Sighting(state.round, visited, saw))
        events.append(
            Event(
                "dawn",
                actor=visitor,
                secret={"visited": visited, "saw": list(saw)},
                secret_audience=frozenset({visitor}),
            )
        )
    exits = () if victim is None else (Exit(victim, state.round, "night"),)
    state = dataclasses.replace(
        state, choices=None, sightings=tuple(sightings), out=(*state.out, *exits)
    )
    if len(state.alive) <= OUTNUMBERED:
        return _over(state, "guests-outnumbered"), events
    window = Window.open("dawn", state.alive)
    return dataclasses.replace(state, phase="day", window=window), events


def _answer(
    case: NightfallCase, state: NightfallState, seat: int, action: Action
) -> tuple[NightfallState, list[Event]]:
    window = state.window
    assert window is not None
    reaction: Choice
    if action.type == "raise-alarm":
        reaction, event = "alarm", Event("alarm-raised", actor=seat)
    elif action.type == "pass":
        reaction, event = None, Event("alarm-passed", actor=seat)
    else:
        charm, target = str(action.params["charm"]), action.params["target"]
        assert not isinstance(target, list | tuple)
        reaction = {"charm": charm, "target": target}
        event = Event("charm-used", actor=seat, data=reaction)
        held = list(state.charms)
        held[seat] = tuple(c for c in held[seat] if c != charm)
        hushed = state.hushed
        if CHARM_TARGETS[case.charm(charm).kind] == "seats":
            hushed = hushed | {int(str(target))}
        state = dataclasses.replace(state, charms=tuple(held), hushed=hushed)
    window = window.answer(seat, reaction)
    state = dataclasses.replace(state, window=window)
    if not window.is_closed():
        return state, [event]
    if any(response.reaction == "alarm" for response in window.responses):
        return dataclasses.replace(
            state, phase="vote", window=None, choices=Commitments.open(state.alive)
        ), [event]
    return _end_day(state), [event, Event("day-quiet", data={"round": state.round})]


def _vote(state: NightfallState, seat: int, action: Action) -> tuple[NightfallState, list[Event]]:
    assert state.choices is not None
    suspects = action.params["suspects"]
    assert isinstance(suspects, list | tuple)
    choices = state.choices.commit(seat, ballot([int(str(s)) for s in suspects]))
    events = [Event("vote-cast", actor=seat)]
    if not choices.is_complete():
        return dataclasses.replace(state, choices=choices), events
    ballots = tuple(
        Ballot(voter, suspects_of(choice), voter not in state.hushed)
        for voter, choice in choices.reveal().items()
    )
    out = most_named(ballots)
    record = VoteRecord(state.round, ballots, out)
    events.append(Event("votes-revealed", data=serial.to_json(record)))
    state = dataclasses.replace(state, choices=None, votes=(*state.votes, record))
    if out is None:
        return _end_day(state), events
    state = dataclasses.replace(state, out=(*state.out, Exit(out, state.round, "vote")))
    if out == state.killer:
        return _over(state, "killer-caught"), events
    if len(state.alive) <= OUTNUMBERED:
        return _over(state, "guests-outnumbered"), events
    return _end_day(state), events


def most_named(ballots: Sequence[Ballot]) -> int | None:
    """The seat named on the most counted ballots; ``None`` on a tie or when none counts."""
    counts = Counter(s for b in ballots if b.counted for s in b.suspects).most_common()
    if not counts or (len(counts) > 1 and counts[0][1] == counts[1][1]):
        return None
    return counts[0][0]


def _end_day(state: NightfallState) -> NightfallState:
    state = dataclasses.replace(state, window=None, choices=None, hushed=frozenset())
    if state.round >= state.nights:
        return _over(state, "nights-over")
    return dataclasses.replace(
        state, round=state.round + 1, phase="night", choices=Commitments.open(state.alive)
    )


def _over(state: NightfallState, ending: str) -> NightfallState:
    return dataclasses.replace(state, phase="over", window=None, choices=None, ending=ending)


def _targets(
    case: NightfallCase, state: NightfallState, seat: int, charm: str
) -> tuple[JSONScalar, ...]:
    """What ``charm`` may be used on: the case's rooms, or another living seat."""
    if CHARM_TARGETS[case.charm(charm).kind] == "rooms":
        return case.rooms
    return state.others(seat)


def _pending(choices: Commitments, seat: int | None) -> dict[str, Any]:
    shown: dict[str, Any] = serial.to_json(choices.view_for(seat))
    return shown


def _window(window: Window) -> dict[str, Any]:
    return {
        "asked": list(window.asked),
        "responses": [
            {"seat": r.seat, "reaction": serial.to_json(r.reaction)} for r in window.responses
        ],
    }


# ------------------------------------------------------------------------------ the bot


def candidates(view: Mapping[str, Any]) -> list[int]:
    """The living seats a guest cannot rule out as the killer, from its own view only."""
    me = view["you"]
    left = {s["seat"] for s in view["seats"] if s["alive"] and s["seat"] != me}
    for sighting in view["sightings"]:
        if sighting["saw"]:
            left &= set(sighting["saw"])
    return sorted(left)


def choose(view: Mapping[str, Any], legal: Sequence[ActionSpec], rng: random.Random) -> Action:
    """A bot's move: the killer visits and names guests; a guest names whom it suspects."""
    by_type = {spec.type: spec for spec in legal}
    is_killer = view["role"] == KILLER
    suspects = [] if is_killer else candidates(view)
    if "visit" in by_type:
        return Action("visit", {"seat": rng.choice(by_type["visit"].choices("seat"))})
    if "vote" in by_type:
        spec = by_type["vote"]
        param = spec.params["suspects"]
        assert isinstance(param, Subset)
        pool = suspects or [int(str(choice)) for choice in param.choices]
        size = min(len(pool), rng.randint(param.min, param.most))
        return Action("vote", {"suspects": tuple(sorted(rng.sample(pool, size)))})
    charms = [spec for spec in legal if spec.type == "use-charm"]
    if charms and rng.random() < 0.25:
        spec = rng.choice(charms)
        return Action(
            "use-charm",
            {"charm": spec.choices("charm")[0], "target": rng.choice(spec.choices("target"))},
        )
    if is_killer and rng.random() < 0.5:
        return Action("pass")
    return Action("raise-alarm")
