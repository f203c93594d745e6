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
PLAYABLE = frozenset({"F01", "F03", "F04", "F10", "F11"})  # the others are later work


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


def _boost(name: str, key: str) -> Any:
    """A boost for the rest of the turn: free drive blocks, an hour off, any time of day."""

    def handler(
        state: TecState, args: Mapping[str, Any], c: Context
    ) -> tuple[TecState, list[Event]]:
        amount = abs(int(args[key])) if key else 1
        boosts = {**state.boosts, name: state.boosts.get(name, 0) + amount}
        return dataclasses.replace(state, boosts=boosts), []

    return handler


FORCES: Interpreter[TecState, Event] = (
    Interpreter[TecState, Event]()
    .register("apprehend", _apprehend, where=str)
    .register("drive_free", _boost("drive_free", "blocks"), blocks=int)
    .register("hours", _boost("hours", "delta"), delta=int)
    .register("any_time_of_day", _boost("any_time_of_day", ""), action=str)
)


def free_blocks(state: TecState) -> int:
    return state.boosts.get("drive_free", 0)


def hours_off(state: TecState) -> int:
    return state.boosts.get("hours", 0)


def any_time(state: TecState) -> bool:
    return bool(state.boosts.get("any_time_of_day", 0))


def playable(case: TecCase, state: TecState, seat: int) -> tuple[str, ...]:
    """The held cards ``seat`` may play now: wired, and with something to do."""
    return tuple(
        card
        for card in sorted(set(state.forces.cards_of(seat)) & PLAYABLE)
        if _useful(case, state, seat, card)
    )


def _useful(case: TecCase, state: TecState, seat: int, card: str) -> bool:
    effect = CARDS[card].effect
    if effect["op"] == "apprehend":
        return bool(targets(case, state, seat, str(effect["where"])))
    if effect["op"] == "drive_free":
        return not state.drove  # Step 1 is still ahead
    return effect["op"] not in state.boosts  # one of each a turn


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
