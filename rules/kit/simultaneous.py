"""Secret choices made at the same time: every seat commits, then all are revealed together.

A secret vote, a shielded accusation, a volunteer for a hidden task: the choices stay sealed
until the last expected seat has committed. Open the commitments to every seat that faces the
decision, including seats whose choice is forced or meaningless (they commit a placeholder),
so that who is asked and how long they take never tells who holds a hidden role. The public
view says who has committed, never what.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import TypeAlias

from rules.core import JSONScalar

from .errors import KitError

#: What a seat may choose: a scalar (a seat, a suspect id), a list of scalars (a subset: the
#: suspects of a vote) or a flat object of scalars (an accusation naming several fields). Each
#: round-trips through :mod:`rules.serial`.
Choice: TypeAlias = JSONScalar | tuple[JSONScalar, ...] | Mapping[str, JSONScalar]


class CommitError(KitError):
    """A commitment out of place: an unexpected seat, a second commit, an early reveal."""

    code = "commit/invalid"


@dataclass(frozen=True)
class CommitmentsView:
    """What a seat may know of the commitments before the reveal."""

    expected: tuple[int, ...]
    committed: tuple[int, ...]
    waiting: tuple[int, ...]
    mine: Choice = None  # the viewer's own choice, once it has committed


@dataclass(frozen=True)
class Commitments:
    """The seats that must choose and the sealed choices made so far."""

    expected: frozenset[int]
    choices: Mapping[int, Choice] = field(default_factory=dict)

    @classmethod
    def open(cls, seats: Iterable[int]) -> Commitments:
        """A fresh decision that each of ``seats`` must make."""
        expected = frozenset(seats)
        if not expected:
            raise CommitError("a decision needs at least one seat", code="commit/no-seats")
        return cls(expected=expected)

    def commit(self, seat: int, choice: Choice | list[JSONScalar]) -> Commitments:
        """``seat``'s sealed ``choice`` recorded; it cannot be changed afterwards."""
        if seat not in self.expected:
            raise CommitError(f"seat {seat} has no choice to make now", code="commit/not-expected")
        if seat in self.choices:
            raise CommitError(f"seat {seat} has already chosen", code="commit/already-committed")
        sealed: Choice
        if isinstance(choice, Mapping):
            sealed = dict(choice)
        elif isinstance(choice, list | tuple):
            sealed = tuple(choice)
        else:
            sealed = choice
        return Commitments(expected=self.expected, choices={**self.choices, seat: sealed})

    def has_committed(self, seat: int) -> bool:
        return seat in self.choices

    def is_complete(self) -> bool:
        """Every expected seat has committed: the choices may be revealed."""
        return self.expected <= self.choices.keys()

    @property
    def waiting(self) -> tuple[int, ...]:
        """The seats still to commit, sorted."""
        return tuple(sorted(self.expected - self.choices.keys()))

    @property
    def committed(self) -> tuple[int, ...]:
        """The seats that have committed, sorted (never in the order they did)."""
        return tuple(sorted(self.choices))

    def public_view(self) -> CommitmentsView:
        """Who has committed and who is awaited; no choice at all."""
        return CommitmentsView(
            expected=tuple(sorted(self.expected)), committed=self.committed, waiting=self.waiting
        )

    def view_for(self, seat: int | None) -> CommitmentsView:
        """The public view, with ``seat``'s own choice if it has made one."""
        view = self.public_view()
        if seat is None or seat not in self.choices:
            return view
        return CommitmentsView(view.expected, view.committed, view.waiting, self.choices[seat])

    def reveal(self) -> dict[int, Choice]:
        """Every choice by seat; only once all expected seats have committed."""
        if not self.is_complete():
            raise CommitError(
                f"seats {list(self.waiting)} have not chosen yet", code="commit/incomplete"
            )
        return {seat: self.choices[seat] for seat in sorted(self.choices)}
