"""The end of the game: most credits wins; ties by cases won (a verdict of any charge)."""

from __future__ import annotations

from rules.core import Outcome, rank

from .names import Ending
from .state import McState


def outcome(state: McState) -> Outcome:
    keys = {seat: (float(desk.credits), float(desk.won)) for seat, desk in enumerate(state.desks)}
    standings = rank(keys, scores={seat: float(d.credits) for seat, d in enumerate(state.desks)})
    winners = tuple(s.seat for s in standings if s.rank == 1)
    return Outcome(
        ending=state.ended or Ending.CONTRACTS_EXPIRED,
        winners=winners,
        standings=standings,
        solution=None,
    )
