"""How a game ended: the winner (the right accuser, or the Murderer) ranks first, everyone else
second; when time runs out nobody wins and everyone shares the rank. The Murderer is revealed."""

from __future__ import annotations

from rules.core import Outcome, winners_first

from .state import MswState
from .turns import winners


def outcome(state: MswState) -> Outcome:
    assert state.ending is not None
    won = winners(state)
    return Outcome(
        ending=state.ending,
        winners=won,
        standings=winners_first(len(state.seats), won),
        solution={"murderer": state.murderer, "first_victim": state.first_victim},
    )
