"""Toy Culprit: a test-only system that proves the platform before a real system lands.

Two inspectors take turns. One of four suspects is the culprit (hidden truth). Each inspector
holds one private card naming an innocent suspect (hidden from the other). On a turn an
inspector either investigates — a die picks a suspect and, if innocent, the inspector privately
learns so — or accuses: right wins the game, wrong eliminates the accuser. After ``max_turns``
turns (``MAX_TURNS`` unless the case says otherwise) nobody wins. Hidden information, chance
and two seats: everything the platform must carry.
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from generator.registry import CaseOptionsError
from rules import serial
from rules.core import (
    Action,
    ActionSpec,
    Event,
    JSONScalar,
    ModeSpec,
    Outcome,
    Seat,
    SetupError,
    SystemSpec,
    check_action,
    check_can_act,
    check_seats,
    rng_for,
    winners_first,
)

MAX_TURNS = 12

SPEC = SystemSpec(
    id="toy-culprit",
    name="Toy Culprit",
    modes=(
        ModeSpec("duel", 2, 2, "two inspectors race to name the culprit"),
        ModeSpec("solo", 1, 1, "one inspector against the clock"),
    ),
    action_types=("investigate", "accuse"),
    has_chance=True,
    has_hidden_information=True,
    summary="A test-only system: four suspects, one culprit, private clues and a die.",
    event_types=("investigated", "accused", "game-ended"),
    endings=("named", "all-wrong", "time-up"),
    accusation_fields=("culprit",),
    step_limit=2 * MAX_TURNS,
)


@dataclass(frozen=True)
class ToyCase:
    suspects: tuple[str, ...]
    culprit: str
    max_turns: int


@dataclass(frozen=True)
class ToyState:
    seed: int
    step: int
    mode: str
    seats: tuple[Seat, ...]
    hands: tuple[str, ...]
    cleared: tuple[frozenset[str], ...]
    turn: int
    turns_taken: int
    max_turns: int
    eliminated: frozenset[int]
    accusations: tuple[tuple[int, str], ...]
    winner: int | None


def generate_case(seed: int, options: Mapping[str, Any]) -> dict[str, Any]:
    """A case: four suspects with a culprit among them, fixed by the seed."""
    unknown = sorted(set(options) - {"suspects", "max_turns"})
    if unknown:
        raise CaseOptionsError(f"Toy Culprit has no option {', '.join(unknown)}")
    rng = random.Random(seed)
    names = options.get("suspects") or ["Ada", "Bram", "Cleo", "Dov"]
    suspects = sorted(names)
    max_turns = options.get("max_turns", MAX_TURNS)
    if isinstance(max_turns, bool) or not isinstance(max_turns, int) or max_turns < 1:
        raise CaseOptionsError("Toy Culprit's max_turns is a whole number of turns, 1 or more")
    if not isinstance(names, list) or not all(isinstance(name, str) and name for name in names):
        raise CaseOptionsError("Toy Culprit's suspects are a list of names")
    return {
        "public": {"suspects": suspects, "max_turns": max_turns},
        "solution": {"culprit": rng.choice(suspects)},
    }


class ToyCulprit:
    SPEC = SPEC

    def accusation_choices(self, case: ToyCase) -> dict[str, tuple[str, ...]]:
        """An accusation names one of the suspects."""
        return {"culprit": case.suspects}

    def read_case(self, envelope: Mapping[str, Any]) -> ToyCase:
        try:
            suspects = tuple(envelope["public"]["suspects"])
            culprit = envelope["solution"]["culprit"]
            max_turns = int(envelope["public"].get("max_turns", MAX_TURNS))
        except (KeyError, TypeError, ValueError):
            raise SetupError("this is not a Toy Culprit case", code="setup/bad-case") from None
        if culprit not in suspects:
            raise SetupError("the culprit is not among the suspects", code="setup/bad-case")
        return ToyCase(suspects, culprit, max_turns)

    def new_game(
        self,
        case: ToyCase,
        seats: Sequence[Seat],
        mode: str,
        *,
        seed: int,
        options: Mapping[str, JSONScalar],
    ) -> ToyState:
        check_seats(SPEC, mode, seats)
        innocents = [name for name in case.suspects if name != case.culprit]
        rng_for(seed, 0, "deal").shuffle(innocents)
        return ToyState(
            seed=seed,
            step=0,
            mode=mode,
            seats=tuple(seats),
            hands=tuple(innocents[: len(seats)]),
            cleared=tuple(frozenset() for _ in seats),
            turn=0,
            turns_taken=0,
            max_turns=case.max_turns,
            eliminated=frozenset(),
            accusations=(),
            winner=None,
        )

    def to_act(self, case: ToyCase, state: ToyState) -> frozenset[int]:
        return frozenset() if self.result(case, state) else frozenset({state.turn})

    def legal_actions(self, case: ToyCase, state: ToyState, seat: int) -> list[ActionSpec]:
        if seat not in self.to_act(case, state):
            return []
        return [
            ActionSpec("investigate"),
            ActionSpec("accuse", {"suspect": case.suspects}),
        ]

    def apply(
        self, case: ToyCase, state: ToyState, seat: int, action: Action
    ) -> tuple[ToyState, list[Event]]:
        check_can_act(self, case, state, seat)
        check_action(self.legal_actions(case, state, seat), action)
        step = state.step + 1
        events: list[Event] = []
        if action.type == "investigate":
            roll = rng_for(state.seed, step, "investigate").randrange(len(case.suspects))
            found = case.suspects[roll]
            cleared = None if found == case.culprit else found
            new_cleared = list(state.cleared)
            if cleared:
                new_cleared[seat] = state.cleared[seat] | {cleared}
            events.append(
                Event(
                    "investigated",
                    actor=seat,
                    secret={"cleared": cleared},
                    secret_audience=frozenset({seat}),
                )
            )
            state = dataclasses.replace(state, cleared=tuple(new_cleared))
            winner = None
            eliminated = state.eliminated
        else:
            suspect = str(action.params["suspect"])
            correct = suspect == case.culprit
            events.append(
                Event("accused", actor=seat, data={"suspect": suspect, "correct": correct})
            )
            winner = seat if correct else None
            eliminated = state.eliminated if correct else state.eliminated | {seat}
            state = dataclasses.replace(state, accusations=(*state.accusations, (seat, suspect)))
        state = dataclasses.replace(
            state,
            step=step,
            turns_taken=state.turns_taken + 1,
            eliminated=eliminated,
            winner=winner,
            turn=_next_turn(state, eliminated),
        )
        outcome = self.result(case, state)
        if outcome is not None:
            events.append(Event("game-ended", data=outcome.to_json()))
        return state, events

    def view(self, case: ToyCase, state: ToyState, seat: int | None) -> dict[str, Any]:
        shown: dict[str, Any] = {
            "suspects": list(case.suspects),
            "seats": [{"name": s.name, "bot": s.bot} for s in state.seats],
            "turn": state.turn,
            "turns_taken": state.turns_taken,
            "max_turns": state.max_turns,
            "eliminated": sorted(state.eliminated),
            "accusations": [{"seat": who, "suspect": name} for who, name in state.accusations],
        }
        if seat is not None:
            shown["hand"] = state.hands[seat]
            shown["cleared"] = sorted(state.cleared[seat])
        outcome = self.result(case, state)
        if outcome is not None:
            shown["result"] = outcome.to_json()
        return shown

    def result(self, case: ToyCase, state: ToyState) -> Outcome | None:
        winners: tuple[int, ...]
        if state.winner is not None:
            ending, winners = "named", (state.winner,)
        elif len(state.eliminated) == len(state.seats):
            ending, winners = "all-wrong", ()
        elif state.turns_taken >= state.max_turns:
            ending, winners = "time-up", ()
        else:
            return None
        standings = winners_first(len(state.seats), winners, losers=sorted(state.eliminated))
        return Outcome(ending, winners, standings, {"culprit": case.culprit})

    def bot_choose(
        self, view: Mapping[str, Any], legal: Sequence[ActionSpec], rng: random.Random
    ) -> Action:
        known = {view["hand"], *view["cleared"]}
        candidates = [name for name in view["suspects"] if name not in known]
        if len(candidates) == 1 or view["turns_taken"] >= view["max_turns"] - 2:
            return Action("accuse", {"suspect": rng.choice(candidates)})
        return Action("investigate")

    def state_to_json(self, state: ToyState) -> dict[str, Any]:
        data: dict[str, Any] = serial.to_json(state)
        return data

    def state_from_json(self, data: Mapping[str, Any]) -> ToyState:
        state: ToyState = serial.from_json(ToyState, dict(data))
        return state


def _next_turn(state: ToyState, eliminated: frozenset[int]) -> int:
    count = len(state.seats)
    for offset in range(1, count + 1):
        candidate = (state.turn + offset) % count
        if candidate not in eliminated:
            return candidate
    return state.turn


SYSTEM = ToyCulprit()


def resample(
    case: ToyCase, state: ToyState, seat: int | None, rng: random.Random
) -> tuple[ToyCase, ToyState]:
    """A state ``seat`` cannot tell from ``state``: the other hands and the culprit redrawn.

    The culprit stays among the suspects the seat has not ruled out (by its own clues or by a
    public wrong accusation); every other seat's hand and clues are redrawn among the remaining
    innocents. ``None`` is a spectator, who holds nothing. The seed stays: a different seed would
    change the seat's own future die rolls, which it does see. Used by the hidden-information
    test.
    """
    ruled_out = {name for _, name in state.accusations}  # public: every world agrees
    if seat is not None:
        ruled_out |= {state.hands[seat], *state.cleared[seat]}
    open_suspects = [s for s in case.suspects if s not in ruled_out]
    game_over = SYSTEM.result(case, state) is not None  # the end reveals the solution to everyone
    culprit = case.culprit if game_over else rng.choice(open_suspects)
    innocents = [s for s in case.suspects if s != culprit]
    hands = list(state.hands)
    cleared = list(state.cleared)
    for other in range(len(state.seats)):
        if other == seat:
            continue
        hands[other] = rng.choice(innocents)
        cleared[other] = frozenset(rng.sample(innocents, rng.randrange(len(innocents) + 1)))
    twin = dataclasses.replace(state, hands=tuple(hands), cleared=tuple(cleared))
    return dataclasses.replace(case, culprit=culprit), twin
