"""Reaction windows: after a trigger, every seat that may react answers before play goes on.

A card played "at any moment", a volunteer to hear a case, an objection: the window names
the seats asked, records each answer (a pass or a reaction) in the order given, and closes
when the last asked seat has answered. Answers are public as they come; when they must stay
sealed until everyone has answered, use :mod:`.simultaneous` instead. Where a reaction would
give away a hidden role, ask every seat, not only those able to react.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from functools import cached_property

from .errors import KitError
from .simultaneous import Choice


class WindowError(KitError):
    """An answer out of place: from a seat not asked, twice, too early or too late."""

    code = "window/invalid"


@dataclass(frozen=True)
class Response:
    """One seat's answer: ``reaction`` is ``None`` for a pass."""

    seat: int
    reaction: Choice = None

    @property
    def passed(self) -> bool:
        return self.reaction is None


@dataclass(frozen=True)
class Window:
    """The seats asked after ``trigger`` and their answers so far, in answer order.

    With ``in_turn`` the seats answer one at a time in ``asked`` order (each sees the answers
    before it); otherwise all are asked at once and answer in any order.
    """

    trigger: str
    asked: tuple[int, ...]
    responses: tuple[Response, ...] = ()
    in_turn: bool = False

    @classmethod
    def open(cls, trigger: str, seats: Iterable[int], *, in_turn: bool = False) -> Window:
        """A window asking ``seats`` (in the order given, used for ``in_turn`` and ties)."""
        asked = tuple(seats)
        if len(set(asked)) != len(asked):
            raise WindowError(
                f"a window asks each seat once, not {list(asked)}", code="window/bad-seats"
            )
        return cls(trigger=trigger, asked=asked, in_turn=in_turn)

    @cached_property  # a frozen value: its answer never changes
    def answered(self) -> tuple[int, ...]:
        """The seats that have answered, in the order they did."""
        return tuple(response.seat for response in self.responses)

    @cached_property  # a frozen value: its answer never changes
    def asking(self) -> tuple[int, ...]:
        """The seats that may answer now: all unanswered ones, or with ``in_turn`` only the
        next; empty once the window is closed."""
        done = set(self.answered)
        waiting = tuple(seat for seat in self.asked if seat not in done)
        return waiting[:1] if self.in_turn else waiting

    def is_closed(self) -> bool:
        """Every asked seat has answered (a window asking nobody is closed at once)."""
        return len(self.responses) == len(self.asked)

    def answer(self, seat: int, reaction: Choice = None) -> Window:
        """The window with ``seat``'s answer recorded: ``None`` passes."""
        if seat not in self.asked:
            raise WindowError(f"seat {seat} was not asked to react", code="window/not-asked")
        if seat in self.answered:
            raise WindowError(f"seat {seat} has already answered", code="window/already-answered")
        if seat not in self.asking:
            raise WindowError(
                f"seat {seat} answers after seat {self.asking[0]}", code="window/not-your-turn"
            )
        sealed = dict(reaction) if isinstance(reaction, Mapping) else reaction
        return Window(
            trigger=self.trigger,
            asked=self.asked,
            responses=(*self.responses, Response(seat, sealed)),
            in_turn=self.in_turn,
        )

    def response_of(self, seat: int) -> Response | None:
        """``seat``'s answer, or ``None`` while it has not answered."""
        return next((r for r in self.responses if r.seat == seat), None)

    @cached_property  # a frozen value: its answer never changes
    def reactions(self) -> tuple[Response, ...]:
        """The answers that are not passes, in the order given: the first to speak first."""
        return tuple(response for response in self.responses if not response.passed)

    def in_asked_order(self) -> tuple[Response, ...]:
        """The answers in ``asked`` order: the tie-break when answer order does not count."""
        rank = {seat: at for at, seat in enumerate(self.asked)}
        return tuple(sorted(self.responses, key=lambda response: rank[response.seat]))
