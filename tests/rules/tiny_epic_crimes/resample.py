"""A world a seat cannot tell from the real one, for the hidden-information property.

Written from the rulebook, not from the view. Hidden from a seat:
- the Murderer's Card, among the suspects it holds no alibi for whose evidences match every
  evidence it holds (the game's end reveals it, so it stays put then);
- the order of the Suspect deck and the Suspect Cards other officers hold ("Keep your own
  collected Suspect Cards face-down … secret from other players");
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
from rules.tiny_epic_crimes.state import TecState

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
    others = _others(state, seat)
    pool = list(state.suspect_deck.draw_pile)
    for other in others:
        pool += state.suspects.cards_of(other)
    murderer = case.solution.murderer
    if state.ended is None:
        known = {e: case.suspect(murderer).trait(e) for e, h in state.solved.items() if h == seat}
        fits = [
            letter
            for letter in sorted([murderer, *pool])
            if all(case.suspect(letter).trait(e) == v for e, v in known.items())
        ]
        new = rng.choice(fits)
        if new != murderer:
            pool[pool.index(new)] = murderer
            murderer = new
    rng.shuffle(pool)
    deck = dataclasses.replace(
        state.suspect_deck, draw_pile=tuple(pool[: state.suspect_deck.draw_count])
    )
    hands = _refill(state.suspects, others, pool[state.suspect_deck.draw_count :])
    case = dataclasses.replace(case, solution=Solution(murderer))
    return case, dataclasses.replace(state, suspect_deck=deck, suspects=hands)


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
