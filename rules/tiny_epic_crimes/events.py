"""Event Cards entering play (Step 3 and a Mobster Roll onto a mobster): the slots, the setup
roll, the timed-event redraw and the Too-Many-Events Penalty for a fourth event.

An event's setup is card data run by the kit's interpreter with the handlers here, over a
:class:`Setting` (the state and the event being set up), so every card's setup is the same code.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from rules.core import Event
from rules.kit.dice import faces
from rules.kit.effects import Context, Interpreter

from . import mobsters
from .cards import EVENTS
from .case import TecCase
from .evolved import Setting
from .spec import Ev
from .state import ActiveEvent, TecState, evolve

SLOTS = 3  # "there are 3 slots"
CARDS: Mapping[str, Any] = {card.id: card for card in EVENTS}


def _free_roll(case: TecCase, rng: random.Random, taken: set[str]) -> str:
    """A setup roll: 6s, the HQ and a taken block are rerolled (no reprieve, no spree)."""
    while True:
        black, white = faces(rng, count=2)
        block = mobsters.rolled_block(case, black, white)
        if block is not None and block not in taken:
            return block


def _add_tokens(
    s: Setting, args: Mapping[str, Any], context: Context
) -> tuple[Setting, list[Event]]:
    assert context.rng is not None
    taken = {b for e in s.state.events for b in e.tokens} | set(s.event.tokens)
    blocks = list(s.event.tokens)
    for _ in range(int(args["count"])):
        block = _free_roll(s.case, context.rng, taken)
        taken.add(block)
        blocks.append(block)
    event = evolve(s.event, tokens=tuple(blocks))
    return evolve(s, event=event), []


def _add_mobsters(
    s: Setting, args: Mapping[str, Any], context: Context
) -> tuple[Setting, list[Event]]:
    """Mobsters pulled onto the event's token blocks, onto the card, or where rolls say."""
    assert context.rng is not None
    state, event, out = s.state, s.event, []
    where = str(args["where"])
    for index in range(int(args["count"])):
        if where == "event-token":
            if index >= len(event.tokens) or event.tokens[index] in state.mobsters:
                continue  # a mobster already there is the one the event needs
            block: str | None = event.tokens[index]
        elif where == "roll":
            block = _free_roll(s.case, context.rng, set(state.mobsters))
        else:
            block = None  # on the card
        bag, colour = mobsters.pull(state.bag, context.rng)
        if colour is None:
            state, more = mobsters.too_many_events(state)
            out.extend(more)
            continue
        state = evolve(state, bag=bag)
        if block is None:
            event = evolve(event, on_card=(*event.on_card, colour))
        else:
            state = evolve(state, mobsters={**state.mobsters, block: colour})
            if where == "event-token" or block not in event.mobster_blocks:
                event = evolve(event, mobster_blocks=(*event.mobster_blocks, block))
    return evolve(s, state=state, event=event), out


SETUP: Interpreter[Setting, Event] = (
    Interpreter[Setting, Event]()
    .register("add_event_tokens", _add_tokens, count=int)
    .register("add_mobsters", _add_mobsters, count=int, where=str)
)


def draw(
    case: TecCase, state: TecState, seat: int | None, reason: str, rng: random.Random
) -> tuple[TecState, list[Event]]:
    """One Event Card drawn into the lowest open slot and set up; with the slots full, the
    Too-Many-Events Penalty instead. A timed event drawn once a tracker is on an icon space is
    discarded and replaced."""
    if len(state.events) >= SLOTS:
        return mobsters.too_many_events(state)
    late = any(
        hour >= 1 and case.space(hour).timed_event_icon for hour in state.track.positions.values()
    )
    out: list[Event] = []
    deck = state.event_deck
    for _ in range(len(EVENTS)):
        if not deck.available():
            return evolve(state, event_deck=deck), out
        deck, (card_id,) = deck.draw(rng=rng)
        card = CARDS[card_id]
        if not (late and card.timed):
            break
        deck = deck.discard([card_id])
        out.append(Event(Ev.EVENT_REPLACED, actor=seat, data={"card": card_id}))
    else:
        return evolve(state, event_deck=deck), out
    used = {e.slot for e in state.events}
    slot = min(s for s in range(1, SLOTS + 1) if s not in used)
    hour = max(state.track.positions.values())
    active = ActiveEvent(
        card=card_id, slot=slot, drawn_at=hour, tokens=(), on_card=(), mobster_blocks=(), helpers=()
    )
    state = evolve(state, event_deck=deck)
    setting, more = SETUP.run(card.setup, Setting(case, state, active), Context(seat=seat, rng=rng))
    state = evolve(
        setting.state, events=tuple(sorted((*setting.state.events, setting.event), key=_slot))
    )
    data = {
        "card": card_id,
        "slot": slot,
        "reason": reason,
        "tokens": list(setting.event.tokens),
        "on_card": list(setting.event.on_card),
        "mobsters": list(setting.event.mobster_blocks),
    }
    return state, [*out, Event(Ev.EVENT_DRAWN, actor=seat, data=data), *more]


def _slot(event: ActiveEvent) -> int:
    return event.slot


def view(state: TecState) -> list[dict[str, Any]]:
    """Active events are public: the card, its slot, its tokens and mobsters."""
    return [
        {
            "card": e.card,
            "slot": e.slot,
            "drawn_at": e.drawn_at,
            "tokens": list(e.tokens),
            "on_card": list(e.on_card),
            "mobsters": list(e.mobster_blocks),
        }
        for e in state.events
    ]
