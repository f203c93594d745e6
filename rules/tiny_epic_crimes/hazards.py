"""The negative effects of the active events, read from their cards' ``hazard`` data by the
kit's interpreter into one :class:`Hazards` that legality and play consult.

Each handler adds its card's effect to the sum: extra hours for an action, a forbidden action
(or a forbidden drive onto the event's blocks), a toll for driving onto them, extra Mobster
Rolls at the end of every turn.
"""

from __future__ import annotations

import functools
from collections.abc import Mapping
from typing import Any

from rules.kit.effects import Context, Interpreter
from rules.kit.encoded import ByIdentity

from .cards import EVENTS, EventCard
from .evolved import Hazards
from .state import ActiveEvent, TecState, evolve

CARDS: Mapping[str, EventCard] = {card.id: card for card in EVENTS}


def _tokens(context: Context) -> tuple[str, ...]:
    tokens: tuple[str, ...] = context.data["tokens"]
    return tokens


def _costs(h: Hazards, args: Mapping[str, Any], c: Context) -> tuple[Hazards, list[str]]:
    action, more = str(args["action"]), int(args["hours"])
    return evolve(h, costs={**h.costs, action: h.cost(action) + more}), []


def _forbid(h: Hazards, args: Mapping[str, Any], c: Context) -> tuple[Hazards, list[str]]:
    if args.get("where") == "event-token":
        return evolve(h, no_drive=h.no_drive | set(_tokens(c))), []
    return evolve(h, forbidden=h.forbidden | {str(args["action"])}), []


def _toll(h: Hazards, args: Mapping[str, Any], c: Context) -> tuple[Hazards, list[str]]:
    tolls = dict(h.tolls)
    for block in _tokens(c):
        tolls[block] = tolls.get(block, 0) + int(args["hours"])
    return evolve(h, tolls=tolls), []


def _roll(h: Hazards, args: Mapping[str, Any], c: Context) -> tuple[Hazards, list[str]]:
    return evolve(h, extra_rolls=h.extra_rolls + 1), []


HAZARDS: Interpreter[Hazards, str] = (
    Interpreter[Hazards, str]()
    .register("action_costs", _costs, action=str, hours=int)
    .register("forbid", _forbid, action=str, optional={"where": str})
    .register("drive_toll", _toll, hours=int, where=str)
    .register("extra_mobster_roll", _roll)
)


def in_force(state: TecState) -> Hazards:
    """The negative effects of every active event, summed."""
    events = state.events
    found = _KEPT.entries.get(id(events))  # inline: asked two or three times a move
    summed: Hazards = (
        found[2] if found is not None and found[0] is events else _KEPT.encoded(_summed, events)
    )
    return summed


@functools.lru_cache(maxsize=512)  # legality asks for every action; the events rarely change
def _summed(events: tuple[ActiveEvent, ...]) -> Hazards:
    hazards = Hazards()
    for event in events:
        context = Context(data={"tokens": event.tokens})
        hazards, _ = HAZARDS.run(CARDS[event.card].hazard, hazards, context)
    return hazards


#: The hazards of the active events, kept by the identity of the events tuple: a move leaves
#: it alone three times in four, and a server serves the moves of many games in turn, so the
#: last tuple asked alone missed at every move, and ``_summed``'s cache hashed every event.
_KEPT = ByIdentity(256)
