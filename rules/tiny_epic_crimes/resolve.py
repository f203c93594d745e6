"""Resolving an active event: its requirement met by an action, by clearing its mobsters, or by
the Resolve Event action on its block; then the rewards, to the resolver and the contributors.

Rewards are the card's reward icons run as effects (``cards.REWARD_EFFECTS``) by the kit's
interpreter with the handlers here; recipients take them in time-track order, furthest back
first, so a reward that runs short goes to those behind ("Limited Rewards").
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from rules.core import Event
from rules.kit.effects import Context, Interpreter

from . import board, clues, coop, mobsters, peek
from .cards import EVENTS, EventCard
from .case import HQ, TecCase
from .spec import Ev
from .state import ActiveEvent, TecState, evolve

CARDS: Mapping[str, EventCard] = {card.id: card for card in EVENTS}


def _seat(context: Context) -> int:
    assert context.seat is not None and context.rng is not None
    return context.seat


def _suspect(state: TecState, args: Mapping[str, Any], c: Context) -> tuple[TecState, list[Event]]:
    assert c.rng is not None
    return clues.gain_suspect(state, _seat(c), c.rng)


def _force(state: TecState, args: Mapping[str, Any], c: Context) -> tuple[TecState, list[Event]]:
    assert c.rng is not None
    return clues.gain_force(state, _seat(c), c.rng)


def _badge(state: TecState, args: Mapping[str, Any], c: Context) -> tuple[TecState, list[Event]]:
    return clues.advance_badge(state, _seat(c))


def _peek(state: TecState, args: Mapping[str, Any], c: Context) -> tuple[TecState, list[Event]]:
    if coop.forbids_peek(state):  # "Cooperative Mode: … Ignore the reward"
        return state, []
    return peek.offer(state, _seat(c))  # the exchange, owed as a choice


REWARDS: Interpreter[TecState, Event] = (
    Interpreter[TecState, Event]()
    .register("gain_suspect", _suspect, count=int)
    .register("gain_force", _force, count=int)
    .register("advance_badge", _badge, levels=int)
    .register("peek_evidence", _peek)
)


def place_matches(case: TecCase, event: ActiveEvent, where: str, here: str) -> bool:
    """Whether block ``here`` is the requirement's ``where`` for ``event``."""
    if where == "any":
        return True
    if where == "hq":
        return here == HQ
    if where == "event-token":
        return here in event.tokens
    if where == "event-row":
        return board.row_of(case, here) in {board.row_of(case, b) for b in event.tokens}
    if where == "event-column":
        return board.column_of(case, here) in {board.column_of(case, b) for b in event.tokens}
    if where in ("search", "stakeout"):
        return any(block.id == here and block.icon == where for block in case.blocks)
    return False


def resolve(
    state: TecState, event: ActiveEvent, seat: int, helpers: tuple[int, ...], rng: random.Random
) -> tuple[TecState, list[Event]]:
    """The card and its tokens discarded and the mobsters on the card back to the bag, then the
    rewards in time-track order."""
    card = CARDS[event.card]
    contributors = {s for s in helpers if s != seat} if card.contributors else set()
    out = [
        Event(
            Ev.EVENT_RESOLVED,
            actor=seat,
            data={"card": card.id, "resolver": seat, "contributors": sorted(contributors)},
        )
    ]
    # the card leaves play before its rewards are taken: its negative effect ends when it is
    # resolved, so the Crooked Alderman's own Peek is not forbidden by it (docs/rulings.md)
    state = evolve(
        state,
        events=tuple(e for e in state.events if e.card != card.id),
        event_deck=state.event_deck.discard([card.id]),
        bag=mobsters.to_bag(state.bag, list(event.on_card)),
    )
    for who in state.track.order():
        if who == seat or who in contributors:
            effect = card.reward_effect(resolver=who == seat)
            state, more = REWARDS.run(effect, state, Context(seat=who, rng=rng))
            out.extend(more)
    return state, out


def after_action(
    case: TecCase,
    state: TecState,
    seat: int,
    act: str,
    here: str,
    phase: str,
    happened: list[Event],
    rng: random.Random,
) -> tuple[TecState, list[Event]]:
    """Every active event whose requirement this action meets (or helps meet), resolved."""
    out: list[Event] = []
    succeeded = any(e.type == Ev.BACKUP_CALLED and e.data.get("success") for e in happened)
    for event in state.events:
        need = CARDS[event.card].requirement
        if need["check"] == "cleared":
            left = tuple(b for b in event.mobster_blocks if b in state.mobsters)
            if left == event.mobster_blocks:
                continue
            event = evolve(event, mobster_blocks=left, helpers=(*event.helpers, seat))
            state = _replace(state, event)
            if not left:
                state, more = resolve(state, event, seat, event.helpers, rng)
                out.extend(more)
            continue
        if need["check"] != "act" or need["action"] != act:
            continue
        if not place_matches(case, event, str(need["where"]), here):
            continue
        if need.get("succeed") and not succeeded:
            continue
        if "phase" in need and need["phase"] != phase:
            continue
        event = evolve(event, helpers=(*event.helpers, seat))
        state = _replace(state, event)
        if len(event.helpers) >= int(need.get("times", 1)):
            state, more = resolve(state, event, seat, event.helpers, rng)
            out.extend(more)
    return state, out


def standable(case: TecCase, state: TecState, seat: int) -> dict[str, int | None]:
    """Events ``seat`` may resolve with Resolve Event now: card -> the other officer needed
    (``None`` when one is enough)."""
    here = state.officers[seat].block
    found: dict[str, int | None] = {}
    for event in state.events:
        need = CARDS[event.card].requirement
        if need["check"] != "stand" or not place_matches(case, event, need["where"], here):
            continue
        if int(need.get("officers", 1)) == 1:
            found[event.card] = None
            continue
        others = [
            other
            for other, officer in enumerate(state.officers)
            if other != seat and place_matches(case, event, need["where"], officer.block)
        ]
        if others:
            found[event.card] = others[0]
    return found


def stand_hours(card: str) -> int:
    return int(CARDS[card].requirement["hours"])


def _replace(state: TecState, event: ActiveEvent) -> TecState:
    return evolve(state, events=tuple(event if e.card == event.card else e for e in state.events))
