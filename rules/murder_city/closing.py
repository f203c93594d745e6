"""Closing a case, and evidence leaving a dataslate.

A closed case's murder card goes face up on the murder discard pile; its evidence is shuffled
into the discard piles unseen: the cards join their type's pile at random places and the state
remembers them in ``unseen``, so views show only the cards that went down face up.
"""

from __future__ import annotations

import random
from collections.abc import Iterable

from rules.core import Event

from . import memory
from .case import City
from .changes import evolve, with_desk
from .made import new_event
from .names import Ev
from .state import Case, McState


def face(city: City, card: str) -> dict[str, object]:
    """An evidence card as its holder reads it, for the secret part of an event."""
    evidence = city.evidence_by_id[card]
    return {
        "card": card,
        "evidence_type": evidence.type,
        "colour": evidence.colour,
        "value": evidence.value,
        "item": evidence.item,
    }


def case_of(state: McState, seat: int, murder: str) -> Case:
    return next(case for case in state.desks[seat].cases if case.murder == murder)


def without_case(state: McState, seat: int, murder: str) -> McState:
    desk = state.desks[seat]
    cases = tuple(case for case in desk.cases if case.murder != murder)
    return with_desk(state, seat, evolve(desk, cases=cases))


def close_case(
    city: City, state: McState, seat: int, murder: str, reason: str, rng: random.Random
) -> tuple[McState, list[Event]]:
    """The case closed: murder card face up, evidence into the discard piles unseen, and the
    markers that last until ``seat``'s case gone."""
    case = case_of(state, seat, murder)
    state = without_case(state, seat, murder)
    state = evolve(
        state,
        murder_deck=state.murder_deck.discard([murder]),
        markers=tuple(m for m in state.markers if not (m.until == "case" and m.on == seat)),
    )
    state = discard_unseen(city, state, case.ports.values(), rng)
    data = {"prosecutor": seat, "murder": murder, "reason": reason, "evidence": len(case.ports)}
    return state, [new_event(Ev.CASE_CLOSED, actor=seat, data=data)]


def discard_unseen(city: City, state: McState, cards: Iterable[str], rng: random.Random) -> McState:
    """``cards`` shuffled into their types' discard piles, face down to everyone."""
    decks = dict(state.evidence_decks)
    unseen = dict(state.unseen)
    for card in sorted(cards):
        kind = city.evidence_by_id[card].type
        pile = list(decks[kind].discard_pile)
        pile.insert(rng.randint(0, len(pile)), card)
        decks[kind] = evolve(decks[kind], discard_pile=tuple(pile))
        unseen[kind] = tuple(sorted((*unseen.get(kind, ()), card)))
    return evolve(state, evidence_decks=decks, unseen=unseen)


def discard_open(city: City, state: McState, cards: Iterable[str]) -> McState:
    """``cards`` face up on top of their types' discard piles."""
    decks = dict(state.evidence_decks)
    for card in cards:
        kind = city.evidence_by_id[card].type
        decks[kind] = decks[kind].discard([card])
    return evolve(state, evidence_decks=decks)


def discard_attached(city: City, state: McState, seat: int, murder: str) -> McState:
    """A murder card given away or lost keeps none of its evidence: it is discarded face up
    (the ports are emptied; the murder card itself is the caller's to move)."""
    case = case_of(state, seat, murder)
    desk = state.desks[seat]
    cases = tuple(evolve(c, ports={}) if c.murder == murder else c for c in desk.cases)
    state = with_desk(state, seat, evolve(desk, cases=cases))
    return discard_open(city, state, case.ports.values())


def take_from_pile(state: McState, kind: str, card: str) -> tuple[McState, bool]:
    """``card`` taken out of its discard pile; whether it lay face up there."""
    decks = dict(state.evidence_decks)
    decks[kind] = decks[kind].take_from_discard(card)
    hidden = state.unseen.get(kind, ())
    seen = card not in hidden
    unseen = {**state.unseen, kind: tuple(c for c in hidden if c != card)}
    state = memory.forget_taken(evolve(state, evidence_decks=decks, unseen=unseen), kind, [card])
    return state, seen
