"""Shared helpers for the Murdered by Midnight tests: the sample case as a game.

The protocol hands every function the case beside the state; these tests play the one sample
case, so ``GAME`` (the system bound to it) offers the calls without it, and ``CASE`` is the
decoded case for the tests that need to read the Author's sheet.
"""

from __future__ import annotations

import dataclasses
from typing import Any

from rules.core import Action, Event, JSONScalar, Seat, System
from rules.murdered_by_midnight import SYSTEM as MIDNIGHT
from rules.murdered_by_midnight.case import SCHEMA_VERSION, SYSTEM_ID, MbmCase, to_envelope_parts
from rules.murdered_by_midnight.spec import Act
from rules.murdered_by_midnight.state import MbmState
from tests.bound import Bound, stored_envelope
from tests.rules.murdered_by_midnight.sample_case import sample_case

#: The rules themselves (test_setup checks that the registry serves this same object).
SYSTEM: System = MIDNIGHT

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
    return stored_envelope(SYSTEM_ID, SCHEMA_VERSION, to_envelope_parts(case or sample_case()))


#: The system bound to the sample case, and that case as the rules decode it.
GAME = Bound.from_envelope(SYSTEM, envelope())
CASE: MbmCase = GAME.case


def seats(count: int, *, bot: bool = False) -> list[Seat]:
    return [Seat(f"Inspector {index + 1}", bot) for index in range(count)]


def start(
    mode: str = "solo",
    count: int = 1,
    *,
    deck: tuple[str, ...] | None = None,
    seed: int = 0,
    options: dict[str, Any] | None = None,
) -> MbmState:
    """A new game; ``deck`` fixes the face-down order so a test knows what a reveal shows."""
    state: MbmState = GAME.new_game(seats(count), mode, seed, options)
    if deck is not None:
        assert sorted(deck) == sorted(state.deck)
        state = dataclasses.replace(state, deck=deck)
    return state


def act(
    state: MbmState, seat: int, kind: str, **params: JSONScalar
) -> tuple[MbmState, list[Event]]:
    new_state, events = GAME.apply(state, seat, Action(kind, params))
    assert isinstance(new_state, MbmState)
    return new_state, events


def until_turn(state: MbmState, seat: int) -> MbmState:
    """Let the other inspectors pass their turns with a search, until ``seat`` is to act."""
    while state.turn != seat:
        state, _ = act(state, state.turn, Act.SEARCH)
    return state


def types(events: list[Event]) -> list[str]:
    return [event.type for event in events]
