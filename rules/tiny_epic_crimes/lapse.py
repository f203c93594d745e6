"""Timed events that lapse (docs/rulings.md): once the furthest-behind tracker passes the hour
an event was drawn at plus its hours, its card's ``lapse`` effect runs through the kit's
interpreter and the card is discarded with its tokens; mobsters on the card go back to the bag.
A lost hour moves a tracker up to the final hour at most: hour 48, or in co-op the Out-of-Time
Marker's space ("Treat the mobster's space as the final hour"), never past it.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from rules.core import Event
from rules.kit.effects import Context, Interpreter

from . import coop, mobsters
from .cards import EVENTS, EventCard
from .case import HOURS, TecCase
from .spec import Ev
from .state import TecState, evolve

CARDS: Mapping[str, EventCard] = {card.id: card for card in EVENTS}


def _trackers(state: TecState, args: Mapping[str, Any], c: Context) -> tuple[TecState, list[Event]]:
    track, moved = state.track, []
    for seat in sorted(track.positions):
        before = track.position(seat)
        step = min(int(args["hours"]), min(HOURS, coop.last_hour(state, before)) - before)
        if step > 0:
            track = track.advance(seat, step)
            moved.append(seat)
    event = Event(Ev.TRACKERS_PUSHED, data={"hours": int(args["hours"]), "seats": moved})
    return evolve(state, track=track), [event]


def _penalty(state: TecState, args: Mapping[str, Any], c: Context) -> tuple[TecState, list[Event]]:
    return mobsters.too_many_events(state)


def _discard(state: TecState, args: Mapping[str, Any], c: Context) -> tuple[TecState, list[Event]]:
    deck = state.suspect_deck
    count = min(int(args["count"]), deck.draw_count)
    deck = evolve(deck, draw_pile=deck.draw_pile[count:])
    event = Event(Ev.SUSPECTS_LOST, data={"count": count})
    return evolve(state, suspect_deck=deck), [event]


def _roll(state: TecState, args: Mapping[str, Any], c: Context) -> tuple[TecState, list[Event]]:
    assert c.rng is not None
    case: TecCase = c.data["case"]
    return mobsters.mobster_roll(case, state, c.rng)


LAPSES: Interpreter[TecState, Event] = (
    Interpreter[TecState, Event]()
    .register("advance_trackers", _trackers, hours=int, who=str)
    .register("too_many_events", _penalty)
    .register("discard_suspect_deck", _discard, count=int)
    .register("mobster_roll", _roll)
)


def lapse_due(case: TecCase, state: TecState, rng: random.Random) -> tuple[TecState, list[Event]]:
    """Every timed event whose hours are up, lapsed in slot order."""
    behind = min(state.track.positions.values())
    out: list[Event] = []
    for event in state.events:
        card = CARDS[event.card]
        if not card.timed or card.hours is None or behind <= event.drawn_at + card.hours:
            continue
        out.append(Event(Ev.EVENT_LAPSED, data={"card": card.id, "slot": event.slot}))
        state = evolve(
            state,
            events=tuple(e for e in state.events if e.card != card.id),
            event_deck=state.event_deck.discard([card.id]),
            bag=mobsters.to_bag(state.bag, list(event.on_card)),
        )
        if card.lapse is not None:
            context = Context(rng=rng, data={"case": case})
            state, more = LAPSES.run(card.lapse, state, context)
            out.extend(more)
    return state, out
