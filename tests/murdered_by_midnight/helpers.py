"""Shared helpers for the Murdered by Midnight tests: the sample case as a game."""

from __future__ import annotations

import dataclasses
from typing import Any

from rules import registry
from rules.core import Action, Event, JSONScalar, Seat, System
from rules.murdered_by_midnight.case import SYSTEM_ID, MbmCase, to_envelope_parts
from rules.murdered_by_midnight.state import MbmState
from tests.murdered_by_midnight.sample_case import sample_case

registry.load()
SYSTEM: System = registry.get(SYSTEM_ID)

#: Every mode with each seat count the rulebook's 1 to 6 players allow in it, from the brief.
TABLES = [
    ("solo", 1),
    ("co-op", 1),
    ("co-op", 3),
    ("co-op", 6),
    ("competitive", 3),
    ("competitive", 6),
]


def envelope(case: MbmCase | None = None) -> dict[str, Any]:
    """The case as ``generator.registry.generate`` would hand it over."""
    return {
        "system": SYSTEM_ID,
        "schema_version": 1,
        "seed": 0,
        "options": {},
        **to_envelope_parts(case or sample_case()),
        "rating": {},
    }


def seats(count: int, *, bot: bool = False) -> list[Seat]:
    return [Seat(f"Inspector {index + 1}", bot) for index in range(count)]


def start(
    mode: str = "solo", count: int = 1, *, deck: tuple[str, ...] | None = None, seed: int = 0
) -> MbmState:
    """A new game; ``deck`` fixes the face-down order so a test knows what a reveal shows."""
    state: MbmState = SYSTEM.new_game(envelope(), seats(count), mode, seed)
    if deck is not None:
        assert sorted(deck) == sorted(state.deck)
        state = dataclasses.replace(state, deck=deck)
    return state


def act(
    state: MbmState, seat: int, kind: str, **params: JSONScalar
) -> tuple[MbmState, list[Event]]:
    new_state, events = SYSTEM.apply(state, seat, Action(kind, params))
    assert isinstance(new_state, MbmState)
    return new_state, events


def until_turn(state: MbmState, seat: int) -> MbmState:
    """Let the other inspectors pass their turns with a search, until ``seat`` is to act."""
    while state.turn != seat:
        state, _ = act(state, state.turn, "search")
    return state


def types(events: list[Event]) -> list[str]:
    return [event.type for event in events]
