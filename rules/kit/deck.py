"""A deck of cards: a face-down draw pile and a face-up discard pile.

Cards are string ids: they sort, compare and serialise as they are, and a system keeps what a
card means in its own tables. Both piles are stored top first. The rng is used only when the
rules call for a shuffle (setup, or a draw that empties the draw pile), so replaying the same
actions with the same seeds draws the same cards.
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from dataclasses import dataclass

from .errors import KitError


class DeckError(KitError):
    """A request the deck cannot meet: too few cards, a card that is not there."""

    code = "deck/invalid"


@dataclass(frozen=True)
class Deck:
    """A draw pile and a discard pile, each top first."""

    draw_pile: tuple[str, ...] = ()
    discard_pile: tuple[str, ...] = ()

    @classmethod
    def shuffled(cls, cards: Iterable[str], rng: random.Random) -> Deck:
        """A fresh deck of ``cards`` in random order; the input is sorted first so a set's
        iteration order never changes which card comes up."""
        pile = sorted(cards)
        rng.shuffle(pile)
        return cls(draw_pile=tuple(pile))

    # ---------------------------------------------------------------------------------------
    # Counts

    @property
    def draw_count(self) -> int:
        return len(self.draw_pile)

    @property
    def discard_count(self) -> int:
        return len(self.discard_pile)

    @property
    def size(self) -> int:
        """Cards in both piles together."""
        return len(self.draw_pile) + len(self.discard_pile)

    def is_empty(self) -> bool:
        """No card in either pile: nothing can be drawn even after a reshuffle."""
        return self.size == 0

    def available(self, *, reshuffle: bool = True) -> int:
        """How many cards a draw can take, counting the discard only if it is reshuffled."""
        return self.size if reshuffle else self.draw_count

    def needs_reshuffle(self, count: int) -> bool:
        """Whether drawing ``count`` cards empties the draw pile and must shuffle the discard
        in; systems that announce the reshuffle ask this before drawing."""
        return count > self.draw_count

    # ---------------------------------------------------------------------------------------
    # Moves

    def draw(
        self, count: int = 1, *, rng: random.Random, reshuffle: bool = True
    ) -> tuple[Deck, tuple[str, ...]]:
        """The deck after drawing ``count`` cards from the top, and the cards drawn in order.

        When the draw pile runs out part way, the discard pile is shuffled to form a new draw
        pile and the draw goes on from it; ``rng`` is used then and only then. Decks whose
        rules forbid that (an exhausted deck stays empty) pass ``reshuffle=False``.
        """
        _check_count(count)
        available = self.available(reshuffle=reshuffle)
        if count > available:
            where = "the deck and its discard pile" if reshuffle else "the deck"
            raise DeckError(
                f"cannot draw {count} cards: {where} hold only {available}",
                code="deck/empty",
            )
        if count <= self.draw_count:
            return Deck(self.draw_pile[count:], self.discard_pile), self.draw_pile[:count]
        first = self.draw_pile
        refilled = Deck(draw_pile=(), discard_pile=self.discard_pile).reshuffle_discard(rng=rng)
        rest = count - len(first)
        return Deck(refilled.draw_pile[rest:], refilled.discard_pile), (
            first + refilled.draw_pile[:rest]
        )

    def reshuffle_discard(self, *, rng: random.Random) -> Deck:
        """The discard pile shuffled and put under the draw pile; the discard pile is empty."""
        pile = list(self.discard_pile)
        rng.shuffle(pile)
        return Deck(draw_pile=self.draw_pile + tuple(pile), discard_pile=())

    def shuffle(self, *, rng: random.Random) -> Deck:
        """The draw pile in a new random order; the discard pile is untouched."""
        pile = list(self.draw_pile)
        rng.shuffle(pile)
        return Deck(tuple(pile), self.discard_pile)

    def discard(self, cards: Iterable[str]) -> Deck:
        """``cards`` put face up on the discard pile one at a time: the last one ends on top."""
        return Deck(self.draw_pile, tuple(reversed(tuple(cards))) + self.discard_pile)

    def peek(self, count: int = 1) -> tuple[str, ...]:
        """The top ``count`` cards of the draw pile (fewer if it holds fewer), left in place."""
        _check_count(count)
        return self.draw_pile[:count]

    def put_on_top(self, cards: Iterable[str]) -> Deck:
        """``cards`` (given top first) placed on top of the draw pile."""
        return Deck(tuple(cards) + self.draw_pile, self.discard_pile)

    def put_on_bottom(self, cards: Iterable[str]) -> Deck:
        """``cards`` (given top first) placed under the draw pile."""
        return Deck(self.draw_pile + tuple(cards), self.discard_pile)

    def take_from_discard(self, card: str) -> Deck:
        """The deck without ``card`` (its topmost copy) in the discard pile: a card chosen
        from the face-up discards rather than drawn."""
        return Deck(self.draw_pile, _without(self.discard_pile, card, "discard pile"))

    def take_from_draw_pile(self, card: str) -> Deck:
        """The deck without ``card`` (its topmost copy) in the draw pile: a card searched for."""
        return Deck(_without(self.draw_pile, card, "draw pile"), self.discard_pile)


def _check_count(count: int) -> None:
    if isinstance(count, bool) or not isinstance(count, int) or count < 0:
        raise DeckError(
            f"a card count must be a whole number >= 0, not {count!r}", code="deck/bad-count"
        )


def _without(pile: tuple[str, ...], card: str, name: str) -> tuple[str, ...]:
    if card not in pile:
        raise DeckError(f"{card!r} is not in the {name}", code="deck/missing-card")
    at = pile.index(card)
    return pile[:at] + pile[at + 1 :]
