"""Hidden hands: each seat's cards, which the other seats see only as opaque handles.

A seat that does not own a hand still has to point at its cards ("pick one of your suspects"),
so each card gets a handle. A handle must not let anyone follow a card, so it is never derived
from the card. It is ``sha256(salt:generation:seat:position)``, cut to 12 hex digits:

- ``salt`` is a per-game secret (an int derived from the game's secret seed), so handles do
  not repeat across games and cannot be computed without it;
- ``generation`` goes up on every secret move (a card dealt, drawn, passed, taken or a hand
  shuffled), so every handle changes whenever a card could have moved;
- handles are shown sorted, so their order says nothing about the order of the cards.

The salt lives in the state like the seed and must never appear in a view.
"""

from __future__ import annotations

import hashlib
import random
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from .deck import Deck
from .errors import KitError


class HandError(KitError):
    """A request about hands that cannot be met: an unknown seat, card or handle."""

    code = "hand/invalid"


@dataclass(frozen=True)
class HandView:
    """One hand as a viewer may see it: the owner gets its cards, everyone else handles."""

    seat: int
    count: int
    cards: tuple[str, ...] | None  # only in the owner's own view
    handles: tuple[str, ...]  # only in other seats' views, sorted


@dataclass(frozen=True)
class Reveal:
    """A card of ``owner`` shown to ``viewer`` alone; a system puts ``card`` in an event's
    secret part with ``viewer`` as its only secret audience."""

    owner: int
    viewer: int
    card: str


@dataclass(frozen=True)
class Hands:
    """Every seat's hidden cards, in the order each received them."""

    held: Mapping[int, tuple[str, ...]]
    salt: int
    generation: int = 0

    @classmethod
    def empty(cls, seats: Iterable[int], *, salt: int) -> Hands:
        """An empty hand for each of ``seats``."""
        return cls(held={seat: () for seat in sorted(set(seats))}, salt=salt)

    # ---------------------------------------------------------------------------------------
    # Reading

    @property
    def seats(self) -> tuple[int, ...]:
        return tuple(sorted(self.held))

    def cards_of(self, seat: int) -> tuple[str, ...]:
        """The cards ``seat`` holds, for the server and the owner's own view only."""
        return self._hand(seat)

    def count(self, seat: int) -> int:
        return len(self._hand(seat))

    def holds(self, seat: int, card: str) -> bool:
        return card in self._hand(seat)

    def handles(self, seat: int) -> tuple[str, ...]:
        """The handles of ``seat``'s cards as others see them, sorted."""
        return tuple(sorted(self._handles_by_position(seat)))

    def card_at(self, seat: int, handle: str) -> str:
        """The card behind ``handle`` in ``seat``'s hand (handles of this generation only)."""
        positions = self._handles_by_position(seat)
        if handle not in positions:
            raise HandError(
                f"{handle!r} is not one of seat {seat}'s cards now", code="hand/unknown-handle"
            )
        return self._hand(seat)[positions.index(handle)]

    def view_for(self, viewer: int | None) -> tuple[HandView, ...]:
        """Every hand as ``viewer`` may see it (``None``: a spectator), by seat."""
        return tuple(
            HandView(seat=seat, count=self.count(seat), cards=self._hand(seat), handles=())
            if seat == viewer
            else HandView(seat=seat, count=self.count(seat), cards=None, handles=self.handles(seat))
            for seat in self.seats
        )

    # ---------------------------------------------------------------------------------------
    # Secret moves: each one starts a new generation of handles.

    def add(self, seat: int, cards: Iterable[str]) -> Hands:
        """``cards`` added to the end of ``seat``'s hand."""
        return self._moved({seat: self._hand(seat) + tuple(cards)})

    def remove(self, seat: int, cards: Iterable[str]) -> Hands:
        """``seat``'s hand without ``cards`` (one copy each)."""
        hand = self._hand(seat)
        for card in cards:
            hand = _without(hand, card, seat)
        return self._moved({seat: hand})

    def pass_card(self, giver: int, receiver: int, card: str) -> Hands:
        """``card`` moved from ``giver``'s hand to the end of ``receiver``'s."""
        self._check_two(giver, receiver)
        return self._moved(
            {
                giver: _without(self._hand(giver), card, giver),
                receiver: self._hand(receiver) + (card,),
            }
        )

    def take(self, taker: int, owner: int, handle: str) -> tuple[Hands, str]:
        """``taker`` takes the card behind ``handle`` from ``owner``'s hand unseen; the new
        hands and the card taken."""
        card = self.card_at(owner, handle)
        return self.pass_card(owner, taker, card), card

    def reshuffled(self) -> Hands:
        """New handles for every card, as after a hand is shuffled behind its owner's back."""
        return self._moved({})

    # ---------------------------------------------------------------------------------------
    # Showing a card: not a move, so handles stay as they are.

    def reveal(self, owner: int, card: str, *, to: int) -> Reveal:
        """``owner`` shows ``card``, which it chose, to seat ``to``."""
        self._check_two(owner, to)
        if not self.holds(owner, card):
            raise HandError(f"seat {owner} does not hold {card!r}", code="hand/missing-card")
        return Reveal(owner=owner, viewer=to, card=card)

    def reveal_handle(self, owner: int, handle: str, *, to: int) -> Reveal:
        """Seat ``to`` looks at the card behind ``handle``, which it picked, in ``owner``'s hand."""
        self._check_two(owner, to)
        return Reveal(owner=owner, viewer=to, card=self.card_at(owner, handle))

    # ---------------------------------------------------------------------------------------

    def _hand(self, seat: int) -> tuple[str, ...]:
        if seat not in self.held:
            raise HandError(f"seat {seat} has no hand", code="hand/unknown-seat")
        return self.held[seat]

    def _check_two(self, one: int, other: int) -> None:
        self._hand(one)
        self._hand(other)
        if one == other:
            raise HandError("a seat cannot pass or show a card to itself", code="hand/same-seat")

    def _handles_by_position(self, seat: int) -> list[str]:
        return [_handle(self.salt, self.generation, seat, at) for at in range(self.count(seat))]

    def _moved(self, changed: Mapping[int, tuple[str, ...]]) -> Hands:
        held = {seat: changed.get(seat, cards) for seat, cards in self.held.items()}
        return Hands(held=held, salt=self.salt, generation=self.generation + 1)


def deal(
    hands: Hands,
    deck: Deck,
    count: int,
    *,
    rng: random.Random,
    seats: Sequence[int] | None = None,
) -> tuple[Hands, Deck]:
    """``count`` cards to each of ``seats`` (default: every seat), one at a time around the
    table, from the top of ``deck``; the deal is one secret move."""
    order = hands.seats if seats is None else tuple(seats)
    if len(set(order)) != len(order):
        raise HandError(f"a deal names each seat once, not {list(order)}", code="hand/bad-seats")
    for seat in order:
        hands.cards_of(seat)  # unknown seats fail before any card moves
    deck, cards = deck.draw(count * len(order), rng=rng)
    dealt = {seat: cards[at :: len(order)] for at, seat in enumerate(order)}
    return hands._moved({seat: hands.cards_of(seat) + dealt[seat] for seat in order}), deck


def _handle(salt: int, generation: int, seat: int, position: int) -> str:
    return hashlib.sha256(f"{salt}:{generation}:{seat}:{position}".encode()).hexdigest()[:12]


def _without(hand: tuple[str, ...], card: str, seat: int) -> tuple[str, ...]:
    if card not in hand:
        raise HandError(f"seat {seat} does not hold {card!r}", code="hand/missing-card")
    at = hand.index(card)
    return hand[:at] + hand[at + 1 :]
