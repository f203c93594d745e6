"""Shared helpers for the Tiny Epic Crimes rules tests: the sample case as a game, and small
ways to arrange a state (a car on a block, a tracker on an hour, a mobster somewhere)."""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from typing import Any

from rules.core import Action, Event, JSONScalar, Seat
from rules.kit.turns import Track
from rules.tiny_epic_crimes.case import (
    CLUES_NEEDED_TWO_PLAYERS,
    SCHEMA_VERSION,
    SYSTEM_ID,
    TecCase,
    to_envelope_parts,
)
from rules.tiny_epic_crimes.game import SYSTEM
from rules.tiny_epic_crimes.state import Officer, TecState
from tests.bound import Bound, stored_envelope
from tests.rules.tiny_epic_crimes.sample_case import sample_case


def two_player_case() -> TecCase:
    """The sample case laid out for two officers (2-Player Game Variant tokens)."""
    return dataclasses.replace(
        sample_case(),
        players=2,
        informant_rows=(1, 3, 5),
        witness_columns=(2, 3, 4),
        clues_needed=dict(CLUES_NEEDED_TWO_PLAYERS),
    )


def envelope(case: TecCase | None = None) -> dict[str, Any]:
    return stored_envelope(SYSTEM_ID, SCHEMA_VERSION, to_envelope_parts(case or sample_case()))


GAME = Bound.from_envelope(SYSTEM, envelope())
CASE: TecCase = GAME.case
GAME_2 = Bound.from_envelope(SYSTEM, envelope(two_player_case()))

# The sample grid: B01-B05 row 1, B06-B10 row 2, B11 B12 HQ B13 B14 row 3, …; B01-B07 hold
# Search Tokens (odd numbers succeed), B08-B12 Stakeout Tokens numbered 1-5.


def seats(count: int, *, bot: bool = False) -> list[Seat]:
    return [Seat(f"Officer {index + 1}", bot) for index in range(count)]


def start(count: int = 4, seed: int = 1) -> TecState:
    state: TecState = (GAME_2 if count == 2 else GAME).new_game(seats(count), "standard", seed)
    return unchosen(state)


def unchosen(state: TecState) -> TecState:
    """The state with the Ability Cards dealt at setup left unchosen (no officer has one), so a
    test of another rule is not changed by an ability (test_abilities.py plays the choice)."""
    owed = tuple(d for d in state.decisions if d.kind != "choose-ability")
    return dataclasses.replace(state, decisions=owed)


def act(
    state: TecState, seat: int, kind: str, **params: JSONScalar
) -> tuple[TecState, list[Event]]:
    game = GAME_2 if len(state.seats) == 2 else GAME
    after, events = game.apply(state, seat, Action(kind, params))
    return after, events


def officer(state: TecState, seat: int, **changes: Any) -> TecState:
    officers = list(state.officers)
    officers[seat] = dataclasses.replace(officers[seat], **changes)
    return dataclasses.replace(state, officers=tuple(officers))


def hours(state: TecState, positions: Mapping[int, int], *, top: int | None = None) -> TecState:
    """Trackers put on hours; ``top`` arrives last (on top of its stack)."""
    track: Track = state.track
    for seat, hour in sorted(positions.items(), key=lambda item: item[0] == top):
        track = track.move_to(seat, hour)
    return dataclasses.replace(state, track=track)


def mobsters(state: TecState, placed: Mapping[str, str]) -> TecState:
    """Exactly these mobsters in the city (the bag keeps its counts)."""
    return dataclasses.replace(state, mobsters=dict(placed))


def of(events: list[Event], kind: str) -> list[Event]:
    return [event for event in events if event.type == kind]


def me(state: TecState, seat: int) -> Officer:
    return state.officers[seat]


NIGHT = 7  # the sample track: hours 1-6 day, 7-12 night, …
DAY = 13
