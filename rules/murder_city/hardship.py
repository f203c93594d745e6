"""Hardship cards once drawn: placed, applied, and whether a voluntary benefit survives them.

The engine draws the card (``draws.take_hardship``: forced after a lost challenge or a failed
endorsement, or voluntary for one of the five benefits, once a turn) and calls
:func:`apply_hardship`. "In the case of a lasting effect, the card takes precedence over any of
your other actions ... it may happen that a Hardship card cancels the reward you received for
drawing it": the card applies first, and :func:`stands` says whether the benefit bought with it
is still there. Lasting cards stay face up on the dataslate until the turn ends
(``effects.end_turn``).
"""

from __future__ import annotations

from collections.abc import Mapping

from rules.core import Event

from . import effects
from .cards import HARDSHIP_BY_ID, HardshipCard
from .case import City
from .changes import evolve, with_desk
from .names import Benefit
from .state import McState

#: What each benefit needs to remain allowed after its card applied (``effects.forbids``):
#: the Listener's benefit is the one a hardship can take away (the rulebook's own example).
BENEFIT_NEEDS: Mapping[str, str] = {Benefit.LISTENER: "listen"}


def place(state: McState, seat: int, card: HardshipCard) -> McState:
    """A lasting card face up on ``seat``'s dataslate; any other onto the hardship discard."""
    if card.lasts == "instant":
        return evolve(state, hardship_deck=state.hardship_deck.discard([card.id]))
    desk = state.desks[seat]
    return with_desk(state, seat, evolve(desk, hardships=(*desk.hardships, card.id)))


def stands(city: City, state: McState, seat: int, reason: str) -> bool:
    """Whether the benefit ``reason`` names survives the cards now in force on ``seat``; a
    forced hardship (no benefit) always "stands"."""
    needs = BENEFIT_NEEDS.get(reason)
    return needs is None or not effects.forbids(city, state, seat, needs)


def apply_hardship(
    city: City, state: McState, seat: int, card_id: str, reason: str
) -> tuple[McState, list[Event], bool]:
    """``card_id`` (just drawn by ``seat`` for ``reason``) placed and applied; whether a
    voluntary benefit stands."""
    card = HARDSHIP_BY_ID[card_id]
    state = place(state, seat, card)
    context = effects.context(city, state, seat, card_id)
    state, events = effects.EFFECTS.run(card.effect, state, context)
    return state, list(events), stands(city, state, seat, reason)
