"""The Force Card hand limit: "If you gain a third, you must discard that new card or one from
your hand."

The third card joins the hand at once (its owner sees it), and the owner owes a
``discard-force`` decision among the three; the card chosen goes face up onto the discard pile.
Until then the owner can do nothing else, so a hand never plays with three cards.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from rules.core import Event

from . import decisions
from .case import TecCase
from .spec import FORCE_HAND_LIMIT, Act, Ev
from .state import Decision, TecState, evolve


def over_limit(state: TecState, seat: int) -> TecState:
    """Owe a discard if ``seat`` now holds more Force Cards than the limit. One is owed at a
    time: two cards gained at once owe the second discard after the first is made, so its
    choices are the hand as it is then."""
    hand = state.forces.cards_of(seat)
    owed = any(d.kind == Act.DISCARD_FORCE and d.seat == seat for d in state.decisions)
    if len(hand) <= FORCE_HAND_LIMIT or owed:
        return state
    return decisions.owe(state, Decision(Act.DISCARD_FORCE, seat, tuple(sorted(hand))))


def _discard(
    case: TecCase, state: TecState, seat: int, decision: Decision, card: str, rng: random.Random
) -> tuple[TecState, list[Event]]:
    state = evolve(
        state,
        forces=state.forces.remove(seat, [card]),
        force_deck=state.force_deck.discard([card]),
    )
    state = over_limit(state, seat)
    return state, [Event(Ev.FORCE_DISCARDED, actor=seat, data={"seat": seat, "card": card})]


def _bot_discard(view: Mapping[str, Any], choices: tuple[str, ...], rng: random.Random) -> str:
    """Keep the cards a bot is likelier to play: drop the last in the table's order."""
    return max(choices)


decisions.register(
    decisions.Kind(Act.DISCARD_FORCE, "card", _discard, private=True, bot=_bot_discard)
)
