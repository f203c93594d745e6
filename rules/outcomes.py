"""How a game ended: a stable ending code, the winners, a full ranking and the solution."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

#: A ranking key: larger is better, compared element by element (score, then tie-breaks).
RankKey = tuple[float, ...]


@dataclass(frozen=True)
class Standing:
    """One seat's place: ``rank`` 1 is best and tied seats share a rank; ``score`` if kept."""

    seat: int
    rank: int
    score: float | None = None

    def to_json(self) -> dict[str, Any]:
        return {"seat": self.seat, "rank": self.rank, "score": self.score}


@dataclass(frozen=True)
class Outcome:
    """A finished game. ``ending`` is a stable code the system's spec lists (templates word
    it); ``solution`` is the revealed truth, ``None`` for a system without a hidden one."""

    ending: str
    winners: tuple[int, ...]
    standings: tuple[Standing, ...]
    solution: Mapping[str, Any] | None = field(default=None)

    def to_json(self) -> dict[str, Any]:
        return {
            "ending": self.ending,
            "winners": list(self.winners),
            "standings": [standing.to_json() for standing in self.standings],
            "solution": None if self.solution is None else dict(self.solution),
        }


def rank(
    keys: Mapping[int, RankKey], *, scores: Mapping[int, float] | None = None
) -> tuple[Standing, ...]:
    """Standings from each seat's ranking key: best key first, equal keys share a rank
    (1, 1, 3: competition ranking), seats in number order within a rank."""
    ordered = sorted(keys, key=lambda seat: (_negated(keys[seat]), seat))
    standings: list[Standing] = []
    for position, seat in enumerate(ordered, 1):
        tied = standings and keys[standings[-1].seat] == keys[seat]
        place = standings[-1].rank if tied else position
        standings.append(Standing(seat, place, None if scores is None else scores.get(seat)))
    return tuple(standings)


def winners_first(
    seats: int, winners: Sequence[int], *, losers: Sequence[int] = ()
) -> tuple[Standing, ...]:
    """The ranking of a game that only has winners and losers: winners share rank 1, seats that
    are out (``losers``) share the last rank, everyone else the rank between."""
    won, lost = set(winners), set(losers)
    keys = {seat: (2.0 if seat in won else 0.0 if seat in lost else 1.0,) for seat in range(seats)}
    return rank(keys, scores={seat: 1.0 if seat in won else 0.0 for seat in range(seats)})


def _negated(key: RankKey) -> tuple[float, ...]:
    return tuple(-value for value in key)
