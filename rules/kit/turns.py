"""Whose turn it is: clockwise play, play ordered by a time track, and counted rounds.

Seats are the ints ``0..n-1`` in clockwise order around the table. Seats out of the game
(eliminated, or resting until the end) are passed as ``skip`` rather than removed, so seat
numbers never shift under a running game.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from .errors import KitError


class TurnError(KitError):
    """A turn order that cannot be formed: no seat left to play, an unknown seat."""

    code = "turns/invalid"


def next_seat(seat: int, seat_count: int, *, skip: Iterable[int] = ()) -> int:
    """The first seat clockwise after ``seat`` that is not in ``skip``; ``seat`` itself if
    every other seat is skipped and it is not."""
    _check_seat(seat, _positive(seat_count))
    return clockwise_from((seat + 1) % seat_count, seat_count, skip=skip)[0]


def clockwise_from(start: int, seat_count: int, *, skip: Iterable[int] = ()) -> tuple[int, ...]:
    """Every seat not in ``skip``, clockwise, beginning at ``start`` (or the first playing seat
    after it): the order of a phase that starts with the initiative winner."""
    _check_seat(start, _positive(seat_count))
    skipped = frozenset(skip)
    order = tuple(
        seat
        for seat in ((start + offset) % seat_count for offset in range(seat_count))
        if seat not in skipped
    )
    if not order:
        raise TurnError("every seat is out of the game", code="turns/no-seats")
    return order


def order_by(seats: Iterable[int], key: Callable[[int], Any]) -> tuple[int, ...]:
    """``seats`` sorted by ``key``, ties kept in seat order: turn order from any score (most
    credits first is ``key=lambda s: -credits[s]``)."""
    return tuple(sorted(sorted(set(seats)), key=key))


def first_player(rng: random.Random, seats: Iterable[int]) -> int:
    """A seat chosen at random to start; ``seats`` is sorted first so only the rng decides."""
    pool = sorted(set(seats))
    if not pool:
        raise TurnError("no seat to start the game", code="turns/no-seats")
    return pool[rng.randrange(len(pool))]


@dataclass(frozen=True)
class Rotation:
    """Seats taking turns in a fixed ``order``, round after round.

    ``at`` indexes ``order``; ``round`` counts from 1 and goes up each time play passes the
    end of the order. ``skip`` holds seats that no longer take turns.
    """

    order: tuple[int, ...]
    at: int = 0
    round: int = 1
    skip: frozenset[int] = frozenset()

    def __post_init__(self) -> None:
        if not self.order or len(set(self.order)) != len(self.order):
            raise TurnError(
                f"a turn order names each seat once, not {list(self.order)}",
                code="turns/bad-seats",
            )
        if not 0 <= self.at < len(self.order):
            raise TurnError(f"no place {self.at} in the turn order", code="turns/bad-seats")

    @classmethod
    def clockwise(cls, seat_count: int, *, start: int = 0) -> Rotation:
        """Every seat, clockwise from ``start``."""
        return cls(order=clockwise_from(start, seat_count))

    @property
    def current(self) -> int:
        """The seat whose turn it is."""
        return self.order[self.at]

    @property
    def playing(self) -> tuple[int, ...]:
        """The seats still taking turns, in order."""
        return tuple(seat for seat in self.order if seat not in self.skip)

    def advance(self) -> Rotation:
        """The turn passed to the next playing seat, counting a new round on wrapping."""
        if not self.playing:
            raise TurnError("every seat is out of the game", code="turns/no-seats")
        at, round_ = self.at, self.round
        while True:
            at += 1
            if at == len(self.order):
                at, round_ = 0, round_ + 1
            if self.order[at] not in self.skip:
                return Rotation(self.order, at, round_, self.skip)

    def eliminate(self, seat: int) -> Rotation:
        """``seat`` takes no more turns; if it is its turn now, :meth:`advance` moves on."""
        if seat not in self.order:
            raise TurnError(f"seat {seat} is not in the turn order", code="turns/unknown-seat")
        return Rotation(self.order, self.at, self.round, self.skip | {seat})

    def next_round(self, order: Sequence[int]) -> Rotation:
        """A new round played in a new ``order`` (initiative rolled again), from its first
        playing seat."""
        if sorted(order) != sorted(self.order):
            raise TurnError(
                f"a new order must hold the same seats {sorted(self.order)}",
                code="turns/unknown-seat",
            )
        start = next((at for at, seat in enumerate(order) if seat not in self.skip), None)
        if start is None:
            raise TurnError("every seat is out of the game", code="turns/no-seats")
        return Rotation(tuple(order), start, self.round + 1, self.skip)


@dataclass(frozen=True)
class Track:
    """Markers on a numbered track; the marker furthest behind moves next.

    Markers on the same space stack, the latest arrival on top, and the top one moves first.
    ``arrivals`` lists the seats from the earliest arrival to the latest, so it is the stacking
    order on every space at once.
    """

    positions: Mapping[int, int]
    arrivals: tuple[int, ...]

    def __post_init__(self) -> None:
        if len(set(self.arrivals)) != len(self.arrivals) or set(self.arrivals) != set(
            self.positions
        ):
            raise TurnError(
                "every marker on the track must be stacked exactly once", code="turns/bad-seats"
            )

    @classmethod
    def start(cls, stack: Sequence[int], *, space: int = 0) -> Track:
        """Every seat of ``stack`` (given top first) on ``space``."""
        if not stack:
            raise TurnError("a track needs at least one marker", code="turns/no-seats")
        if len(set(stack)) != len(stack):
            raise TurnError(
                f"a start stack names each seat once, not {list(stack)}", code="turns/bad-seats"
            )
        return cls(positions={seat: space for seat in stack}, arrivals=tuple(reversed(stack)))

    def position(self, seat: int) -> int:
        self._check(seat)
        return self.positions[seat]

    def move_to(self, seat: int, space: int) -> Track:
        """``seat``'s marker put on ``space``, on top of any marker already there."""
        self._check(seat)
        return Track(
            positions={**self.positions, seat: space},
            arrivals=tuple(s for s in self.arrivals if s != seat) + (seat,),
        )

    def advance(self, seat: int, steps: int) -> Track:
        """``seat``'s marker moved ``steps`` spaces on, onto the top of the stack there."""
        return self.move_to(seat, self.position(seat) + steps)

    def order(self, *, skip: Iterable[int] = ()) -> tuple[int, ...]:
        """The seats not in ``skip``, furthest behind first and the top of a stack first."""
        skipped = frozenset(skip)
        stacking = {seat: rank for rank, seat in enumerate(self.arrivals)}
        return tuple(
            sorted(
                (seat for seat in self.arrivals if seat not in skipped),
                key=lambda seat: (self.positions[seat], -stacking[seat]),
            )
        )

    def next_to_act(self, *, skip: Iterable[int] = ()) -> int:
        """The seat that plays next."""
        order = self.order(skip=skip)
        if not order:
            raise TurnError("every seat is out of the game", code="turns/no-seats")
        return order[0]

    def furthest(self) -> int:
        """The space of the marker furthest ahead (for "the first to pass a line")."""
        return max(self.positions.values())

    def _check(self, seat: int) -> None:
        if seat not in self.positions:
            raise TurnError(f"seat {seat} has no marker on the track", code="turns/unknown-seat")


def _positive(seat_count: int) -> int:
    if seat_count < 1:
        raise TurnError(f"a table needs seats, not {seat_count}", code="turns/no-seats")
    return seat_count


def _check_seat(seat: int, seat_count: int) -> int:
    if not 0 <= seat < seat_count:
        raise TurnError(
            f"there is no seat {seat} at a table of {seat_count}", code="turns/unknown-seat"
        )
    return seat
