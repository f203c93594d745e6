"""The end of the game, from the rulebook's "End of Game"."""

from __future__ import annotations

import dataclasses

import pytest

from rules.murder_city.changes import with_desk
from rules.murder_city.spec import Ending
from rules.murder_city.standings import outcome
from rules.murder_city.state import McState
from tests.rules.murder_city.helpers import start

pytestmark = pytest.mark.usefixtures("no_cards")


def finished(credits: list[int], won: list[int]) -> McState:
    state = start(len(credits))
    for seat, (c, w) in enumerate(zip(credits, won, strict=True)):
        state = with_desk(state, seat, dataclasses.replace(state.desks[seat], credits=c, won=w))
    return dataclasses.replace(state, ended=Ending.CONTRACTS_EXPIRED)


def test_the_richest_jovan_wins() -> None:
    """ "The player with the most credits – the richest and most successful Jovan in the
    metropolis – is declared the winner." """
    result = outcome(finished([12, 30, 18], [3, 1, 2]))
    assert result.winners == (1,) and [s.seat for s in result.standings] == [1, 2, 0]
    assert result.standings[0].score == 30.0 and result.ending == Ending.CONTRACTS_EXPIRED


def test_equal_credits_are_split_by_cases_won_and_a_full_tie_shares_the_win() -> None:
    """ "If several Jovans have equally large numbers of credits, the one who won more cases is
    declared the winner." """
    result = outcome(finished([20, 20, 20, 5], [2, 3, 3, 9]))
    assert result.winners == (1, 2)
    assert [(s.seat, s.rank) for s in result.standings] == [(1, 1), (2, 1), (0, 3), (3, 4)]
