"""A world a seat cannot tell from the real one, for the hidden-information property.

Written from the rulebook, not from the view. Hidden from a seat:
- the Murderer's Card, among the suspects it holds no alibi for and has not seen in another
  hand, whose evidences match every evidence it holds or peeked at (the game's end reveals it,
  so it stays put then);
- the order of the Suspect deck, the Suspect Cards other officers hold ("Keep your own
  collected Suspect Cards face-down … secret from other players") and the ghost officer's pile,
  except the cards the seat has looked at there (Interrogate, an empty deck, a Peek's price);
- which of its cards another officer looked at, and which cards they saw elsewhere;
- the Force deck's order and the Force Cards other officers hold ("keeping it secret");
- the two Ability Cards dealt to another officer still choosing (the kept one is face up);
- the faces of Search Tokens still face down that this seat has not looked at, and the
  numbers of Stakeout Tokens still face down that this seat has not peeked at (a failed
  stakeout's number stays with its officer).
The seed stays, so later dice fall the same in both worlds.
"""

from __future__ import annotations

import dataclasses
import random

from rules.kit.hands import Hands
from rules.tiny_epic_crimes.cards import ABILITIES
from rules.tiny_epic_crimes.case import SearchToken, Solution, StakeoutToken, TecCase
from rules.tiny_epic_crimes.state import Glimpse, TecState

ABILITY_IDS = tuple(card.id for card in ABILITIES)


def resample(
    case: TecCase, state: TecState, seat: int | None, rng: random.Random
) -> tuple[TecCase, TecState]:
    case, state = _suspects(case, state, seat, rng)
    state = _forces(state, seat, rng)
    state = _ability_pairs(state, seat, rng)
    return _tokens(case, state, seat, rng), state


def _others(state: TecState, seat: int | None) -> list[int]:
    return [other for other in range(len(state.officers)) if other != seat]


def _suspects(
    case: TecCase, state: TecState, seat: int | None, rng: random.Random
) -> tuple[TecCase, TecState]:
    """The murderer, the Suspect deck, the other hands and the ghost pile redrawn together.

    Fixed: the seat's own hand, and every card it has looked at in another hand or the ghost
    pile (Interrogate, an empty deck, a Peek's price), where it lies. The murderer fits every
    evidence the seat holds or peeked at. What other officers saw is relabelled with the cards
    now in the places they looked, so their glimpses still name cards in those hands."""
    others = _others(state, seat)
    known = {g.card for g in state.glimpses if g.viewer == seat}
    places: list[tuple[str, int]] = []  # ("deck", -1) or ("hand", other) or ("ghost", -1)
    cards: list[str] = []
    for card in state.suspect_deck.draw_pile:
        places.append(("deck", -1))
        cards.append(card)
    for other in others:
        for card in state.suspects.cards_of(other):
            places.append(("hand", other))
            cards.append(card)
    for card in state.ghost:
        places.append(("ghost", -1))
        cards.append(card)
    free = [at for at, card in enumerate(cards) if card not in known]
    murderer = case.solution.murderer
    pool = [cards[at] for at in free]
    new_murderer = murderer
    if state.ended is None:
        evidence = {e for e, h in state.solved.items() if h == seat}
        evidence |= {e for who, e in state.peeked if who == seat}
        truth = case.suspect(murderer)
        fits = [
            letter
            for letter in sorted([murderer, *pool])
            if all(case.suspect(letter).trait(e) == truth.trait(e) for e in evidence)
        ]
        new_murderer = rng.choice(fits)
        if new_murderer != murderer:
            pool[pool.index(new_murderer)] = murderer
    rng.shuffle(pool)
    relabel = {murderer: new_murderer}
    for at, card in zip(free, pool, strict=True):
        relabel[cards[at]] = card
        cards[at] = card
    deck_cards = [card for (kind, _), card in zip(places, cards, strict=True) if kind == "deck"]
    deck = dataclasses.replace(state.suspect_deck, draw_pile=tuple(deck_cards))
    held = dict(state.suspects.held)
    for other in others:
        held[other] = tuple(
            card for (kind, owner), card in zip(places, cards, strict=True) if owner == other
        )
    ghost = tuple(card for (kind, _), card in zip(places, cards, strict=True) if kind == "ghost")
    glimpses = tuple(
        g if g.viewer == seat else dataclasses.replace(g, card=relabel.get(g.card, g.card))
        for g in state.glimpses
    )
    glimpses = _of_my_hand_redrawn(state, seat, glimpses, rng)
    case = dataclasses.replace(case, solution=Solution(new_murderer))
    state = dataclasses.replace(
        state,
        suspect_deck=deck,
        suspects=dataclasses.replace(state.suspects, held=held),
        ghost=ghost,
        glimpses=glimpses,
    )
    return case, state


def _of_my_hand_redrawn(
    state: TecState, seat: int | None, glimpses: tuple[Glimpse, ...], rng: random.Random
) -> tuple[Glimpse, ...]:
    """Which of the seat's own cards each other officer looked at: any of them, different
    cards for one looker (the seat is not told which card was picked)."""
    if seat is None:
        return glimpses
    mine = state.suspects.cards_of(seat)
    out = list(glimpses)
    for viewer in sorted({g.viewer for g in glimpses if g.owner == seat and g.viewer != seat}):
        at = [i for i, g in enumerate(out) if g.viewer == viewer and g.owner == seat]
        for i, card in zip(at, rng.sample(mine, len(at)), strict=True):
            out[i] = dataclasses.replace(out[i], card=card)
    return tuple(out)


def _forces(state: TecState, seat: int | None, rng: random.Random) -> TecState:
    others = _others(state, seat)
    pool = list(state.force_deck.draw_pile)
    for other in others:
        pool += state.forces.cards_of(other)
    rng.shuffle(pool)
    count = state.force_deck.draw_count
    deck = dataclasses.replace(state.force_deck, draw_pile=tuple(pool[:count]))
    forces = _refill(state.forces, others, pool[count:])
    # a discard owed by another officer chooses among that officer's (resampled) hand
    owed = tuple(
        dataclasses.replace(d, choices=tuple(sorted(forces.cards_of(d.seat))))
        if d.kind == "discard-force" and d.seat != seat
        else d
        for d in state.decisions
    )
    return dataclasses.replace(state, force_deck=deck, forces=forces, decisions=owed)


def _refill(hands: Hands, seats: list[int], cards: list[str]) -> Hands:
    held = dict(hands.held)
    for seat in seats:
        size = len(held[seat])
        held[seat], cards = tuple(cards[:size]), cards[size:]
    return dataclasses.replace(hands, held=held)


def _ability_pairs(state: TecState, seat: int | None, rng: random.Random) -> TecState:
    """The two Ability Cards dealt to each other officer still choosing ("Each player chooses
    one (place it face-up …)": the kept cards are public, the pairs are not), redrawn from the
    cards the seat has not seen kept or dealt to itself."""
    kind = "choose-ability"
    pending = [d for d in state.decisions if d.kind == kind and d.seat != seat]
    mine = {c for d in state.decisions if d.kind == kind and d.seat == seat for c in d.choices}
    pool = sorted(set(ABILITY_IDS) - set(state.abilities.values()) - mine)
    rng.shuffle(pool)
    pairs = {d.seat: tuple(sorted(pool[2 * i : 2 * i + 2])) for i, d in enumerate(pending)}
    owed = tuple(
        dataclasses.replace(d, choices=pairs[d.seat]) if d.kind == kind and d.seat in pairs else d
        for d in state.decisions
    )
    return dataclasses.replace(state, decisions=owed)


def _tokens(case: TecCase, state: TecState, seat: int | None, rng: random.Random) -> TecCase:
    # a Search Token the seat looked at (Lab Rush, Keen Eye) keeps its face
    down = set(state.search_blocks) - {block for who, block in state.search_peeks if who == seat}
    faces = [t.success for t in case.search_tokens if t.block in down]
    rng.shuffle(faces)
    searches = tuple(
        SearchToken(t.block, faces.pop()) if t.block in down else t for t in case.search_tokens
    )
    seen = {block for who, block in state.peeks if who == seat}
    hidden = set(state.stakeout_blocks) - seen
    numbers = [t.value for t in case.stakeout_tokens if t.block in hidden]
    rng.shuffle(numbers)
    stakeouts = tuple(
        StakeoutToken(t.block, numbers.pop()) if t.block in hidden else t
        for t in case.stakeout_tokens
    )
    return dataclasses.replace(case, search_tokens=searches, stakeout_tokens=stakeouts)
