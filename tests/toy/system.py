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
    ModeSpec,
    Outcome,
    Seat,
    SetupError,
    SystemSpec,
    check_action,
    check_can_act,
    check_seats,
    rng_for,
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
    accusation_fields=("culprit",),
)


@dataclass(frozen=True)
class ToyState:
    seed: int
    step: int
    mode: str
    seats: tuple[Seat, ...]
    suspects: tuple[str, ...]
    culprit: str
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
    max_turns = int(options.get("max_turns", MAX_TURNS))
    return {
        "public": {"suspects": suspects, "max_turns": max_turns},
        "solution": {"culprit": rng.choice(suspects)},
    }


class ToyCulprit:
    SPEC = SPEC

    def new_game(
        self, case: Mapping[str, Any], seats: Sequence[Seat], mode: str, seed: int
    ) -> ToyState:
        check_seats(SPEC, mode, seats)
        suspects = tuple(case["public"]["suspects"])
        culprit = case["solution"]["culprit"]
        if culprit not in suspects:
            raise SetupError("the culprit is not among the suspects", code="setup/bad-case")
        innocents = [name for name in suspects if name != culprit]
        rng_for(seed, 0, "deal").shuffle(innocents)
        return ToyState(
            seed=seed,
            step=0,
            mode=mode,
            seats=tuple(seats),
            suspects=suspects,
            culprit=culprit,
            hands=tuple(innocents[: len(seats)]),
            cleared=tuple(frozenset() for _ in seats),
            turn=0,
            turns_taken=0,
            max_turns=int(case["public"].get("max_turns", MAX_TURNS)),
            eliminated=frozenset(),
            accusations=(),
            winner=None,
        )

    def to_act(self, state: ToyState) -> frozenset[int]:
        return frozenset() if self.result(state) else frozenset({state.turn})

    def legal_actions(self, state: ToyState, seat: int) -> list[ActionSpec]:
        if seat not in self.to_act(state):
            return []
        return [
            ActionSpec("investigate"),
            ActionSpec("accuse", {"suspect": state.suspects}),
        ]

    def apply(self, state: ToyState, seat: int, action: Action) -> tuple[ToyState, list[Event]]:
        check_can_act(self, state, seat)
        check_action(self.legal_actions(state, seat), action)
        step = state.step + 1
        events: list[Event] = []
        if action.type == "investigate":
            roll = rng_for(state.seed, step, "investigate").randrange(len(state.suspects))
            found = state.suspects[roll]
            cleared = None if found == state.culprit else found
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
            correct = suspect == state.culprit
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
        outcome = self.result(state)
        if outcome is not None:
            events.append(Event("game-ended", data=outcome.to_json()))
        return state, events

    def view(self, state: ToyState, seat: int | None) -> dict[str, Any]:
        shown: dict[str, Any] = {
            "suspects": list(state.suspects),
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
        outcome = self.result(state)
        if outcome is not None:
            shown["result"] = outcome.to_json()
        return shown

    def result(self, state: ToyState) -> Outcome | None:
        solution = {"culprit": state.culprit}
        if state.winner is not None:
            return Outcome((state.winner,), "the culprit was named", solution)
        if len(state.eliminated) == len(state.seats):
            return Outcome((), "every inspector accused wrongly", solution)
        if state.turns_taken >= state.max_turns:
            return Outcome((), "time ran out", solution)
        return None

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


def resample(state: ToyState, seat: int | None, rng: random.Random) -> ToyState:
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
    open_suspects = [s for s in state.suspects if s not in ruled_out]
    game_over = SYSTEM.result(state) is not None  # the end reveals the solution to everyone
    culprit = state.culprit if game_over else rng.choice(open_suspects)
    innocents = [s for s in state.suspects if s != culprit]
    hands = list(state.hands)
    cleared = list(state.cleared)
    for other in range(len(state.seats)):
        if other == seat:
            continue
        hands[other] = rng.choice(innocents)
        cleared[other] = frozenset(rng.sample(innocents, rng.randrange(len(innocents) + 1)))
    return dataclasses.replace(state, culprit=culprit, hands=tuple(hands), cleared=tuple(cleared))
