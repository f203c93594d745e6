"""Shared helpers for the Murder, She Wrote rules tests: the sample island as a game, and small
ways to arrange a state (a pawn on a space, a roll, whose turn, who is the Murderer)."""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence
from typing import Any

from rules.core import Action, ActionSpec, Event, Seat
from rules.murder_she_wrote.case import Island
from rules.murder_she_wrote.game import SYSTEM
from rules.murder_she_wrote.spec import Phase
from rules.murder_she_wrote.state import MswState
from tests.bound import Bound
from tests.rules.murder_she_wrote.island import sample_case

GAME = Bound.from_envelope(SYSTEM, sample_case())
ISLAND: Island = GAME.case


def seats(count: int, *, bot: bool = False) -> list[Seat]:
    return [Seat(f"Player {index + 1}", bot) for index in range(count)]


def new(count: int = 4, seed: int = 1, **options: Any) -> MswState:
    state: MswState = GAME.new_game(seats(count), "standard", seed, options)
    return state


def act(state: MswState, seat: int, kind: str, **params: Any) -> tuple[MswState, list[Event]]:
    after, events = GAME.apply(state, seat, Action(kind, params))
    return after, events


def scene_set(state: MswState, victim: str = "L5") -> MswState:
    """The basic scene played: the Murderer silences ``victim``, the Jessicas wait."""
    for seat in range(len(state.seats)):
        state, _ = act(
            state, seat, "set-scene", victim=victim if seat == state.murderer else "none"
        )
    return state


def playing(count: int = 4, *, murderer: int = 0, seed: int = 1, **options: Any) -> MswState:
    """A game past its setup (basic: the Murderer silenced L5), with ``murderer`` the Murderer."""
    state = new(count, seed, **options)
    state = dataclasses.replace(state, murderer=murderer)
    if state.phase == Phase.SCENE:
        state = scene_set(state)
    return state


def on_turn(
    state: MswState,
    seat: int,
    roll: int,
    pawns: Mapping[int, int | None] | None = None,
    **changes: Any,
) -> MswState:
    """``seat`` to move with ``roll``; ``pawns`` moves some pawns first (seat -> space)."""
    placed = list(state.pawns)
    for who, space in (pawns or {}).items():
        placed[who] = space
    return dataclasses.replace(
        state,
        phase=Phase.MOVE.value,
        turn=seat,
        roll=roll,
        pawns=tuple(placed),
        **changes,
    )


def of(events: Sequence[Event], kind: str) -> list[Event]:
    return [event for event in events if event.type == kind]


def destinations(state: MswState, seat: int) -> set[int]:
    """Every ``to`` the seat's move specs offer."""
    return {
        to
        for spec in GAME.legal_actions(state, seat)
        for to in spec.choices("to")
        if isinstance(to, int)
    }


def spec_of(specs: Sequence[ActionSpec], *params: str) -> ActionSpec | None:
    for spec in specs:
        if set(spec.params) == set(params):
            return spec
    return None
