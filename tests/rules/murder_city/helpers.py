"""Shared helpers for the Murder City rules tests: the sample city as a game, and small ways
to arrange a state (a hand, a case's ports, credits)."""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from typing import Any

from rules.core import Action, Event, JSONScalar, Seat
from rules.murder_city.case import SCHEMA_VERSION, SYSTEM_ID, City, to_envelope_parts
from rules.murder_city.changes import with_desk
from rules.murder_city.game import SYSTEM
from rules.murder_city.state import Case, McState
from tests.bound import Bound, stored_envelope
from tests.rules.murder_city.city import sample_city


def envelope(city: City | None = None) -> dict[str, Any]:
    return stored_envelope(SYSTEM_ID, SCHEMA_VERSION, to_envelope_parts(city or sample_city()))


GAME = Bound.from_envelope(SYSTEM, envelope())
CITY: City = GAME.case


def seats(count: int, *, bot: bool = False) -> list[Seat]:
    return [Seat(f"Jovan {index + 1}", bot) for index in range(count)]


def start(count: int = 3, seed: int = 1, **options: Any) -> McState:
    state: McState = GAME.new_game(seats(count), "standard", seed, options)
    return state


def act(
    state: McState, seat: int, kind: str, **params: JSONScalar | list[JSONScalar]
) -> tuple[McState, list[Event]]:
    after, events = GAME.apply(state, seat, Action(kind, params))
    return after, events


def of(events: list[Event], kind: str) -> list[Event]:
    return [event for event in events if event.type == kind]


def cases(state: McState, seat: int, *cases: tuple[str, Mapping[str, str]]) -> McState:
    """``seat``'s murder cards replaced by ``cases`` (murder id, ports)."""
    desk = state.desks[seat]
    made = tuple(Case(murder, dict(ports)) for murder, ports in cases)
    return with_desk(state, seat, dataclasses.replace(desk, cases=made))


def credits(state: McState, seat: int, amount: int) -> McState:
    return with_desk(state, seat, dataclasses.replace(state.desks[seat], credits=amount))


def hand(state: McState, seat: int, cards: list[str]) -> McState:
    """``seat``'s evidence hand replaced by ``cards``."""
    hands = state.evidence.remove(seat, state.evidence.cards_of(seat)).add(seat, cards)
    return dataclasses.replace(state, evidence=hands)


def legwork(state: McState, seat: int, cards: list[str]) -> McState:
    hands = state.legwork.remove(seat, state.legwork.cards_of(seat)).add(seat, cards)
    return dataclasses.replace(state, legwork=hands)
