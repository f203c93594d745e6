"""Drawing legwork (setbacks revealed and replaced) and hardship cards."""

from __future__ import annotations

import random

from rules.core import Event

from . import hooks
from .case import City
from .changes import evolve
from .made import new_event
from .names import Ev
from .state import McState


def draw_legwork(
    city: City, state: McState, seat: int, count: int, reason: str, rng: random.Random
) -> tuple[McState, list[Event]]:
    """``count`` legwork cards to ``seat``. A setback is revealed, put in force for the turn,
    applied through the hook and replaced by another draw; an empty deck reshuffles its
    discards, and a deck with nothing left gives what it has."""
    kept: list[str] = []
    events: list[Event] = []
    deck = state.legwork_deck  # put in the state with the cards kept, or before a setback
    for _ in range(len(city.legwork) + count):  # a bound: every card at most once, then more
        if len(kept) == count or not deck.available():
            break
        deck, (card,) = deck.draw(1, rng=rng)
        if hooks.is_setback(card):
            state = evolve(
                state,
                legwork_deck=deck,
                setbacks=(*state.setbacks, card),
                setbacks_drawn_by=(*state.setbacks_drawn_by, seat),
            )
            events.append(
                new_event(Ev.SETBACK_REVEALED, actor=seat, data={"seat": seat, "card": card})
            )
            state, applied = hooks.setback(city, state, seat, card)
            events.extend(applied)
            deck = state.legwork_deck  # a setback may have changed it
            continue
        kept.append(card)
    state = evolve(state, legwork_deck=deck, legwork=state.legwork.add(seat, kept))
    events.append(
        new_event(
            Ev.LEGWORK_DRAWN,
            actor=seat,
            data={"seat": seat, "count": len(kept), "reason": reason},
            secret={"cards": kept},
            secret_audience=frozenset({seat}),
        )
    )
    return state, events


def take_hardship(
    city: City, state: McState, seat: int, reason: str, rng: random.Random, *, voluntary: bool
) -> tuple[McState, list[Event], bool]:
    """One hardship card for ``seat``, applied through the hook; whether a voluntary benefit
    stands. An empty deck reshuffles; with none left at all, nothing is drawn and it stands."""
    if not state.hardship_deck.available():
        return state, [], True
    deck, (card,) = state.hardship_deck.draw(1, rng=rng)
    state = evolve(state, hardship_deck=deck)
    taken = new_event(
        Ev.HARDSHIP_TAKEN,
        actor=seat,
        data={"seat": seat, "card": card, "reason": reason, "voluntary": voluntary},
    )
    applied = hooks.apply_hardship(city, state, seat, card, reason)
    if applied is None:  # no hardship module: a card without effect, discarded
        state = evolve(state, hardship_deck=state.hardship_deck.discard([card]))
        return state, [_stands(taken, True)], True
    state, events, stands = applied
    return state, [_stands(taken, stands), *events], stands


def _stands(event: Event, stands: bool) -> Event:
    return evolve(event, data={**event.data, "stands": stands})
