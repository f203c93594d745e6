"""A small, fixed city and states built for card tests: a game just started, with hands,
dataslates and the court set up by hand where a card needs them."""

from __future__ import annotations

import dataclasses
import functools
from typing import Any

from rules.core import Seat
from rules.kit.windows import Window
from rules.murder_city import setup
from rules.murder_city.cards import hardship_deck, legwork_deck
from rules.murder_city.case import (
    COLOURS,
    DECK_PREFIX,
    EVIDENCE_PER_DECK,
    EVIDENCE_TYPES,
    JOKER,
    Charge,
    City,
    EvidenceCard,
    Jovan,
    MurderCard,
)
from rules.murder_city.spec import Phase, Stage
from rules.murder_city.state import Case, Court, McState, with_desk, with_limits

JOKERS_PER_DECK = 3


@functools.cache
def city() -> City:
    murders = []
    for number in range(25):
        colour = COLOURS[number % 5]
        first = number % 5
        needs = tuple(EVIDENCE_TYPES[(first + k) % 5] for k in range(3))
        murders.append(
            MurderCard(
                id=f"M{number + 1:02d}",
                name=f"Case {number + 1}",
                colour=colour,
                suspects=("the neighbour", "the clone"),
                needs=(needs[0], needs[1], needs[2]),
                charges=(
                    Charge("murder-one", 20, 6),
                    Charge("manslaughter", 16, 4),
                    Charge("aggravated-assault", 12, 2),
                ),
            )
        )
    evidence = []
    for kind in EVIDENCE_TYPES:
        for number in range(EVIDENCE_PER_DECK):
            joker = number >= EVIDENCE_PER_DECK - JOKERS_PER_DECK
            evidence.append(
                EvidenceCard(
                    id=f"{DECK_PREFIX[kind]}{number + 1:02d}",
                    type=kind,
                    colour=JOKER if joker else COLOURS[number % 5],
                    value=1 if joker else 1 + number % 3,
                    item="" if joker else f"{kind} item {number + 1}",
                )
            )
    jovans = tuple(
        Jovan(
            id=f"J{k + 1}",
            name=f"Jovan {k + 1}",
            title=f"the {k + 1}th",
            strength_pick=EVIDENCE_TYPES[k],
            strength_die=EVIDENCE_TYPES[(k + 1) % 5],
            weakness=EVIDENCE_TYPES[(k + 2) % 5],
            starting=(EVIDENCE_TYPES[k], EVIDENCE_TYPES[(k + 1) % 5], EVIDENCE_TYPES[(k + 3) % 5]),
        )
        for k in range(5)
    )
    return City(
        name="Test Arcology",
        murders=tuple(murders),
        evidence=tuple(evidence),
        jovans=jovans,
        legwork=legwork_deck(),
        hardship=hardship_deck(),
    )


CITY = city()


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
