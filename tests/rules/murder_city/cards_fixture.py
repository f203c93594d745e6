"""States built for card tests on the sample city (``city.py``): a game just started, with
hands, dataslates and the court set up by hand where a card needs them."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Mapping
from typing import Any

from rules.core import Seat
from rules.kit.windows import Window
from rules.murder_city import setup
from rules.murder_city.changes import with_desk, with_limits
from rules.murder_city.spec import Phase, Stage
from rules.murder_city.state import Case, Court, McState
from tests.rules.murder_city.city import sample_city

CITY = sample_city()


def start(seats: int = 3, seed: int = 7) -> McState:
    """A new game: the first turn's investigation, the first seat in initiative order on turn."""
    people = tuple(Seat(f"p{k}") for k in range(seats))
    return setup.new_game(CITY, people, "standard", seed=seed, options={})


def card_of(kind: str, colour: str, value: int | None = None) -> str:
    """The id of an evidence card of ``kind`` and ``colour`` (and ``value``), for tests."""
    return next(
        card.id
        for card in CITY.evidence
        if card.type == kind and card.colour == colour and (value is None or card.value == value)
    )


def holding(
    state: McState,
    seat: int,
    *,
    legwork: tuple[str, ...] = (),
    evidence: tuple[str, ...] | None = None,
) -> McState:
    """``seat`` holds exactly these legwork cards (and, if given, these evidence cards)."""
    hands = state.legwork.remove(seat, state.legwork.cards_of(seat)).add(seat, legwork)
    state = dataclasses.replace(state, legwork=hands)
    if evidence is not None:
        held = state.evidence.remove(seat, state.evidence.cards_of(seat)).add(seat, evidence)
        state = dataclasses.replace(state, evidence=held)
    return state


def with_cases(state: McState, seat: int, *cases: Case) -> McState:
    """``seat``'s dataslate holds exactly these cases."""
    return with_desk(state, seat, dataclasses.replace(state.desks[seat], cases=tuple(cases)))


def credits(state: McState, seat: int, amount: int) -> McState:
    return with_desk(state, seat, dataclasses.replace(state.desks[seat], credits=amount))


def on_turn(state: McState, seat: int) -> McState:
    """``seat``'s investigation turn now."""
    order = (seat, *(s for s in range(len(state.seats)) if s != seat))
    return dataclasses.replace(state, phase=Phase.INVESTIGATION, order=order, at=0, court=None)


def in_court(
    state: McState,
    seat: int,
    murder: str,
    stage: str,
    *,
    asking: int | None = None,
    decision: str | None = None,
    listener: int | None = None,
) -> McState:
    """``seat``'s case ``murder`` in court at ``stage``; a window asks ``asking`` first."""
    order = (seat, *(s for s in range(len(state.seats)) if s != seat))
    window = None
    if stage == Stage.WINDOW:
        first = seat if asking is None else asking
        window = Window.open(
            "before-roll", (first, *(s for s in order if s != first)), in_turn=True
        )
    court = Court(
        prosecutor=seat,
        murder=murder,
        suspect="the clone",
        stage=stage,
        listener=listener,
        decision=decision,
        window=window,
    )
    return dataclasses.replace(state, phase=Phase.COURT, order=order, at=0, court=court)


def limits(state: McState, seat: int, **changes: Any) -> McState:
    return with_limits(state, seat, dataclasses.replace(state.limits[seat], **changes))


def card_checks(namespace: Mapping[str, object], prefix: str) -> dict[str, Callable[[], None]]:
    """A test module's checks of one card each, by card id: the functions of ``namespace`` (its
    ``globals()``) named ``prefix`` and the rest of the id in lower case (``_l16`` for L16)."""
    return {
        name[1:].upper(): check
        for name, check in namespace.items()
        if name.startswith(prefix) and callable(check)
    }
