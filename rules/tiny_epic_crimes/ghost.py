"""The 2-player Standard game's ghost officer: four alibis nobody holds.

"At the start of the game, deal 4 face-down Suspect Cards to a separate pile between both
players … This marks it as the alibis for a "ghost officer." When Interrogating, you may
shuffle these cards, and draw one to peek at instead of choosing from the other player's cards,
returning the card face-down to the pile when done."

The pile is :attr:`TecState.ghost`, dealt from the top of the shuffled Suspect deck after the
murderer's card is set aside; it never grows or shrinks. Interrogating it is the ``ghost``
choice of ``interrogate.py``, which draws at random as a shuffle would.
"""

from __future__ import annotations

from rules.kit.deck import Deck

from .spec import Mode

GHOST_CARDS = 4


def has_ghost(mode: str, officers: int) -> bool:
    """Whether the table plays with a ghost officer: Standard mode with two officers."""
    return mode == Mode.STANDARD and officers == 2


def deal(mode: str, officers: int, deck: Deck) -> tuple[tuple[str, ...], Deck]:
    """The ghost's pile off the top of ``deck`` (empty unless the table has a ghost), and the
    deck left."""
    if not has_ghost(mode, officers):
        return (), deck
    pile = deck.peek(GHOST_CARDS)
    for card in pile:
        deck = deck.take_from_draw_pile(card)
    return pile, deck
