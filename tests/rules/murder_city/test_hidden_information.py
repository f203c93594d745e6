"""Nothing a seat may not know reaches its view: another seat's hand, legwork and face-down
evidence can be swapped for other cards (same counts, same types) and the view is the same;
so can the decks' order and the unseen discards."""

from __future__ import annotations

import random

import pytest

from rules.core import rng_for
from rules.murder_city.game import SYSTEM
from rules.murder_city.state import Case, McState, evolve, with_desk
from tests.rules.murder_city.helpers import CITY, GAME, seats

pytestmark = pytest.mark.usefixtures("no_cards")


def states(count: int, seed: int) -> list[McState]:
    """Every tenth state of a bot game."""
    state: McState = GAME.new_game(seats(count, bot=True), "standard", seed)
    out = []
    for number in range(2000):
        if GAME.result(state) is not None:
            break
        if number % 10 == 0:
            out.append(state)
        actor = min(GAME.to_act(state))
        action = SYSTEM.bot_choose(
            GAME.view(state, actor), GAME.legal_actions(state, actor), rng_for(seed, number, "b")
        )
        state, _ = GAME.apply(state, actor, action)
    return out


def resampled(state: McState, viewer: int, rng: random.Random) -> McState:
    """Everything ``viewer`` cannot see dealt anew: other seats' hands, legwork and attached
    cards (same counts and types), the decks' order."""
    used: set[str] = set()
    if viewer >= 0:
        used |= set(state.evidence.cards_of(viewer))
        used |= {card for case in state.desks[viewer].cases for card in case.ports.values()}
    for kind, deck in state.evidence_decks.items():
        used |= {c for c in deck.discard_pile if c not in state.unseen.get(kind, ())}
    for seat, desk in enumerate(state.desks):
        used |= {
            c for case in desk.cases if _told(state, seat, case.murder) for c in case.ports.values()
        }
    free = {
        kind: [e.id for e in CITY.evidence if e.type == kind and e.id not in used]
        for kind in state.evidence_decks
    }
    for pool in free.values():
        rng.shuffle(pool)
    evidence = state.evidence
    decks = dict(state.evidence_decks)
    for seat in range(len(state.seats)):
        if seat == viewer:
            continue
        held = evidence.cards_of(seat)
        new = [free[CITY.evidence_by_id[c].type].pop() for c in held]
        evidence = evidence.remove(seat, held).add(seat, new)
        cases = tuple(
            case
            if _told(state, seat, case.murder)
            else Case(case.murder, {k: free[k].pop() for k in case.ports})
            for case in state.desks[seat].cases
        )
        state = with_desk(state, seat, evolve(state.desks[seat], cases=cases))
    for kind, deck in decks.items():
        hidden = len(state.unseen.get(kind, ()))
        unseen = tuple(sorted(free[kind].pop() for _ in range(hidden)))
        face_up = [c for c in deck.discard_pile if c not in state.unseen.get(kind, ())]
        draw = tuple(free[kind][: deck.draw_count])
        del free[kind][: deck.draw_count]
        decks[kind] = evolve(deck, draw_pile=draw, discard_pile=(*face_up, *unseen))
        state = evolve(state, unseen={**state.unseen, kind: unseen})
    legwork = state.legwork
    pool = list(state.legwork_deck.draw_pile) + [
        c for s in range(len(state.seats)) if s != viewer for c in legwork.cards_of(s)
    ]
    rng.shuffle(pool)
    for seat in range(len(state.seats)):
        if seat != viewer:
            held = legwork.cards_of(seat)
            legwork = legwork.remove(seat, held).add(seat, [pool.pop() for _ in held])
    return evolve(
        state,
        evidence=evidence,
        legwork=legwork,
        evidence_decks=decks,
        legwork_deck=evolve(state.legwork_deck, draw_pile=tuple(pool)),
        murder_deck=evolve(
            state.murder_deck,
            draw_pile=tuple(rng.sample(state.murder_deck.draw_pile, state.murder_deck.draw_count)),
        ),
    )


def _told(state: McState, seat: int, murder: str) -> bool:
    """The case on trial once its story was told: its items are public."""
    court = state.court
    return (
        court is not None
        and court.prosecutor == seat
        and court.murder == murder
        and court.stage in ("listening", "window")
    )


@pytest.mark.parametrize("count", [2, 4])
def test_a_view_is_the_same_whatever_the_others_hold(count: int) -> None:
    rng = random.Random(count)
    for state in states(count, 11):
        for viewer in (None, *range(count)):
            other = resampled(state, viewer if viewer is not None else -1, rng)
            assert GAME.view(other, viewer) == GAME.view(state, viewer)
