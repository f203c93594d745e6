"""The end of the game: who named the murderer, and the rulebook's tie-breakers among them.

Among officers who accused correctly: the highest Badge Level, then the most time remaining
(fewest hours spent), then the most Evidence Tokens; any still tied share the victory. Officers
who accused wrongly share the last place; if nobody was right, everybody loses.
"""

from __future__ import annotations

from rules.core import Outcome, rank

from . import vote
from .case import HOURS, TecCase
from .spec import TEAM_MODES
from .state import TecState


def outcome(case: TecCase, state: TecState) -> Outcome:
    assert state.ended is not None
    if state.mode in TEAM_MODES:  # everyone wins or loses together
        return vote.outcome(case, state)
    truth = case.solution.murderer
    right = [seat for seat, letter in state.accusations.items() if letter == truth]
    keys: dict[int, tuple[float, ...]] = {}
    for seat in range(len(state.officers)):
        if seat in right:
            keys[seat] = (
                1.0,
                float(state.officers[seat].badge),
                float(HOURS - state.track.position(seat)),
                float(sum(1 for holder in state.solved.values() if holder == seat)),
            )
        else:
            keys[seat] = (0.0, 0.0, 0.0, 0.0)
    standings = rank(keys)
    winners = tuple(s.seat for s in standings if s.rank == 1 and s.seat in right)
    return Outcome(
        ending=state.ended,
        winners=winners,
        standings=standings,
        solution={"murderer": truth},
    )
