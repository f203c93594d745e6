"""A world a seat cannot tell from the real one, for the hidden-information property.

Written from the rulebook, not from the view. Hidden from a seat:
- the other Jovans' evidence hands ("These cards are kept in your hand, secret from the other
  players") and legwork cards ("a Legwork card, kept face down"): redealt, each evidence card
  for one of its type, as many as each seat holds;
- the evidence attached to other seats' cases ("Always place Evidence cards face down on your
  Jovan Dataslate Card"; "only you need to know that"): only the port's type shows, so each
  is redealt within its type, except on the case in court once its story is told (a challenge
  tells a card's colour), or about to be told with its dice in one step (a case bribed
  straight to trial: the story and the trial come at once, and once the case is closed no view
  keeps them);
- the order of every deck (murder, the five evidence decks, legwork, hardship) and the cards
  that went into the discard piles unseen (a closed case's evidence), except that a Jovan whose
  Strength may "look through the discard pile and choose one card" sees its pile whole;
- another seat's sealed answer to the call for volunteers, until all are revealed.
Kept: the seat's own cards, everything face up and an offered evidence card (its type and
colour are named to the table), and what the seat itself saw and still holds true: an attached
card it looked at with a Backroom Datajack ("Look at one evidence card attached to his case"),
and the unseen cards of a pile it looked through. What other seats saw is theirs: their peeks
follow the card now redealt on the port they looked at, their looks the redealt unseen cards.
The spectator (``None``) holds nothing, so everything hidden moves.
Once the game is over the world stays put.
"""

from __future__ import annotations

import random
from collections.abc import Mapping

from rules.kit.simultaneous import Commitments
from rules.murder_city.cards import LEGWORK_BY_ID, walk
from rules.murder_city.case import City
from rules.murder_city.changes import evolve, with_desk
from rules.murder_city.spec import Phase, Stage
from rules.murder_city.state import Case, McState


def resample(
    city: City,
    state: McState,
    seat: int | None,
    rng: random.Random,
    *,
    legwork_order: bool = True,
) -> tuple[City, McState]:
    """A world ``seat`` cannot tell from this one; ``legwork_order=False`` keeps the legwork
    deck's order."""
    if state.ended is not None:
        return city, state
    keep = _known(city, state, seat)
    free = _free_by_type(city, state, keep)
    for pool in free.values():
        rng.shuffle(pool)
    moved: dict[str, str] = {}
    state = _redeal_evidence(city, state, seat, keep, free, moved)
    state = _redeal_decks(state, keep, free, rng, moved)
    state = _recall(state, moved)
    state = _redeal_legwork(state, seat, rng, legwork_order)
    state = _reseal_volunteers(state, seat, rng)
    return city, state


def _known(city: City, state: McState, seat: int | None) -> set[str]:
    """Evidence ids the seat knows where they are: its own, the face-up discards, the case in
    court once told, an offered card, and cards it peeked at (still where it saw them)."""
    known: set[str] = set()
    if seat is not None:
        known |= set(state.evidence.cards_of(seat))
        known |= {card for case in state.desks[seat].cases for card in case.ports.values()}
        known |= _may_look_through(city, state, seat)
        known |= {peek.evidence for peek in state.peeks if peek.seat == seat}
        known |= {card for look in state.looks if look.seat == seat for card in look.cards}
        if _may_peek(state, seat):
            known |= {
                card for desk in state.desks for case in desk.cases for card in case.ports.values()
            }
    for kind, deck in state.evidence_decks.items():
        unseen = set(state.unseen.get(kind, ()))
        known |= {card for card in deck.discard_pile if card not in unseen}
    court = state.court
    if court is not None and (court.stage in (Stage.LISTENING, Stage.WINDOW) or court.to_trial):
        told = next(
            case for case in state.desks[court.prosecutor].cases if case.murder == court.murder
        )
        known |= set(told.ports.values())
    if state.offer is not None:
        known |= set(state.offer.give.evidence)
    return known


def _may_look_through(city: City, state: McState, seat: int) -> set[str]:
    """ "Instead of randomly drawing an Evidence card from the deck, you may look through the
    discard pile and choose one card": on its own
    investigation turn, with a draw and the pick left, the seat looks through the whole pile of
    its Strength's type, the cards that went in unseen too."""
    limits, jovan = state.limits[seat], state.desks[seat].jovan
    if (
        state.phase != Phase.INVESTIGATION
        or state.current != seat
        or jovan is None
        or limits.picked
        or limits.draws_left <= 0
    ):
        return set()
    kind = city.jovan_by_id[jovan].strength_pick
    return set(state.unseen.get(kind, ()))


def _may_peek(state: McState, seat: int) -> bool:
    """A Backroom Datajack in hand ("one attached card of another seat, to the player alone")
    may show the seat any face-down card at its choosing: while it holds one, the world it
    might look into stays as it is."""
    return any(
        any(part.get("op") == "peek_evidence" for part in walk(LEGWORK_BY_ID[card].effect))
        for card in state.legwork.cards_of(seat)
        if card in LEGWORK_BY_ID
    )


def _free_by_type(city: City, state: McState, keep: set[str]) -> dict[str, list[str]]:
    return {
        kind: [e.id for e in city.evidence if e.type == kind and e.id not in keep]
        for kind in state.evidence_decks
    }


def _recall(state: McState, moved: Mapping[str, str]) -> McState:
    """Every seat's memories name the cards now in the places it saw (the seat's own are
    kept, so they name the same cards: a world that moved them would show in its view)."""
    peeks = tuple(evolve(p, evidence=moved.get(p.evidence, p.evidence)) for p in state.peeks)
    looks = tuple(
        evolve(look, cards=tuple(sorted(moved.get(c, c) for c in look.cards)))
        for look in state.looks
    )
    return evolve(state, peeks=peeks, looks=looks)


def _redeal_evidence(
    city: City,
    state: McState,
    seat: int | None,
    keep: set[str],
    free: dict[str, list[str]],
    moved: dict[str, str],
) -> McState:
    evidence = state.evidence
    for other in range(len(state.seats)):
        if other == seat:
            continue
        held = [card for card in evidence.cards_of(other) if card not in keep]
        new = [free[city.evidence_by_id[card].type].pop() for card in held]
        evidence = evidence.remove(other, held).add(other, new)
        cases = tuple(
            Case(case.murder, _redealt_ports(case.ports, keep, free, moved))
            for case in state.desks[other].cases
        )
        state = with_desk(state, other, evolve(state.desks[other], cases=cases))
    return evolve(state, evidence=evidence)


def _redealt_ports(
    ports: Mapping[str, str], keep: set[str], free: dict[str, list[str]], moved: dict[str, str]
) -> dict[str, str]:
    redealt = {kind: card if card in keep else free[kind].pop() for kind, card in ports.items()}
    moved.update((ports[kind], card) for kind, card in redealt.items())
    return redealt


def _redeal_decks(
    state: McState,
    keep: set[str],
    free: dict[str, list[str]],
    rng: random.Random,
    moved: dict[str, str],
) -> McState:
    """What is left of each type fills the unseen discards and the draw pile, shuffled."""
    decks = dict(state.evidence_decks)
    unseen_by_type = dict(state.unseen)
    for kind, deck in decks.items():
        pool = free[kind]
        unseen = set(state.unseen.get(kind, ()))
        redealt = {card: pool.pop() for card in sorted(unseen - keep)}
        moved.update(redealt)
        draw = tuple(pool.pop() for _ in range(deck.draw_count))
        assert not pool, f"{kind}: {len(pool)} cards left over"
        discards = tuple(redealt.get(card, card) for card in deck.discard_pile)
        decks[kind] = evolve(deck, draw_pile=draw, discard_pile=discards)
        unseen_by_type[kind] = tuple(sorted(redealt.get(card, card) for card in unseen))
    murders = state.murder_deck
    hardships = state.hardship_deck
    return evolve(
        state,
        evidence_decks=decks,
        unseen=unseen_by_type,
        murder_deck=evolve(murders, draw_pile=_shuffled(murders.draw_pile, rng)),
        hardship_deck=evolve(hardships, draw_pile=_shuffled(hardships.draw_pile, rng)),
    )


def _redeal_legwork(
    state: McState, seat: int | None, rng: random.Random, with_deck: bool
) -> McState:
    others = [other for other in range(len(state.seats)) if other != seat]
    pool = [card for other in others for card in state.legwork.cards_of(other)]
    deck = list(state.legwork_deck.draw_pile)
    if with_deck:
        pool += deck
        deck = []
    rng.shuffle(pool)
    legwork = state.legwork
    for other in others:
        held = legwork.cards_of(other)
        legwork = legwork.remove(other, held).add(other, [pool.pop() for _ in held])
    return evolve(
        state,
        legwork=legwork,
        legwork_deck=evolve(state.legwork_deck, draw_pile=tuple(pool + deck)),
    )


def _reseal_volunteers(state: McState, seat: int | None, rng: random.Random) -> McState:
    """Another seat's sealed answer may be either: every seat asked may volunteer. Only while a
    seat has still to answer: the answers are revealed with the last one."""
    court = state.court
    if court is None or court.volunteers is None or not court.volunteers.waiting:
        return state
    sealed = court.volunteers
    choices = {
        other: choice if other == seat else rng.random() < 0.5
        for other, choice in sealed.choices.items()
    }
    volunteers = Commitments(expected=sealed.expected, choices=choices)
    return evolve(state, court=evolve(court, volunteers=volunteers))


def _shuffled(cards: tuple[str, ...], rng: random.Random) -> tuple[str, ...]:
    return tuple(rng.sample(cards, len(cards)))
