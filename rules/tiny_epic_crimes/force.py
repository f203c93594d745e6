"""Playing a Force Card on its holder's own turn, before the action: the card's effect runs
through the kit's interpreter with the handlers here, then the card goes face up to the
discard pile. Only the cards listed in :data:`PLAYABLE` can be played so far.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from typing import Any

from rules.core import Event
from rules.kit.effects import Context, Interpreter

from . import board, mobsters
from .cards import FORCE_CARDS, ForceCard
from .case import TecCase
from .spec import Ev
from .state import TecState

CARDS: Mapping[str, ForceCard] = {card.id: card for card in FORCE_CARDS}
PLAYABLE = frozenset({"F03", "F11"})  # the apprehending cards; the others are later work


def targets(case: TecCase, state: TecState, seat: int, where: str) -> tuple[str, ...]:
    """The blocks holding a mobster that ``apprehend`` at ``where`` would take."""
    here = state.officers[seat].block
    if where == "adjacent":
        blocks = board.adjacent(case, here)
    else:  # the officer's row
        blocks = tuple(
            b for b in board.blocks(case) if board.row_of(case, b) == board.row_of(case, here)
        )
    return tuple(sorted(b for b in blocks if b in state.mobsters))


def _apprehend(
    state: TecState, args: Mapping[str, Any], c: Context
) -> tuple[TecState, list[Event]]:
    """Warrant takes one mobster next to the officer (the first in block order: the finite
    choice is which card, not which mobster), Dragnet every one in the row."""
    assert c.seat is not None
    found = targets(c.data["case"], state, c.seat, str(args["where"]))
    taken = found[:1] if args["where"] == "adjacent" else found
    colours = [state.mobsters[b] for b in taken]
    state = dataclasses.replace(
        state,
        mobsters={b: col for b, col in state.mobsters.items() if b not in taken},
        bag=mobsters.to_bag(state.bag, colours),
    )
    return state, [Event(Ev.APPREHENDED, actor=c.seat, data={"blocks": list(taken)})]


FORCES: Interpreter[TecState, Event] = Interpreter[TecState, Event]().register(
    "apprehend", _apprehend, where=str
)


def playable(case: TecCase, state: TecState, seat: int) -> tuple[str, ...]:
    """The held cards ``seat`` may play now: wired, and with something to do."""
    return tuple(
        card
        for card in sorted(set(state.forces.cards_of(seat)) & PLAYABLE)
        if targets(case, state, seat, str(CARDS[card].effect["where"]))
    )


def play(case: TecCase, state: TecState, seat: int, card: str) -> tuple[TecState, list[Event]]:
    state = dataclasses.replace(
        state,
        forces=state.forces.remove(seat, [card]),
        force_deck=state.force_deck.discard([card]),
    )
    played = Event(Ev.FORCE_PLAYED, actor=seat, data={"card": card})
    context = Context(seat=seat, data={"case": case})
    state, more = FORCES.run(CARDS[card].effect, state, context)
    return state, [played, *more]
