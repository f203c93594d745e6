"""Initiative, from the rulebook's "Initiative"."""

from __future__ import annotations

import random

import pytest

from rules.murder_city.turns import roll_initiative
from tests.rules.murder_city.helpers import credits, start

pytestmark = pytest.mark.usefixtures("no_cards")


def test_most_credits_goes_first_without_a_roll() -> None:
    """ "The player with the most credits at the start of the turn goes first, and the actions
    of all other players are resolved clockwise from him." """
    state = credits(credits(start(4), 2, 9), 1, 8)
    winner, rounds, events = roll_initiative(state, random.Random(0))
    assert winner == 2 and rounds == () and events == []


def test_tied_seats_roll_and_reroll_ties() -> None:
    """ "If several players have the same number of credits, those players each roll a die.
    Whoever rolls higher wins Initiative. Re-roll if they roll the same number." """
    state = credits(credits(start(4), 0, 1), 3, 1)  # seats 1 and 2 tie on 3
    for seed in range(40):
        winner, rounds, events = roll_initiative(state, random.Random(seed))
        assert winner in (1, 2)
        assert all(set(r) == {1, 2} for r in rounds) and len(events) == len(rounds)
        assert all(r[1] == r[2] for r in rounds[:-1])
        last = rounds[-1]
        assert last[winner] > last[3 - winner]


def test_every_seat_rolls_at_the_start_and_play_goes_clockwise_from_the_winner() -> None:
    """ "At the start of the game all players roll dice, since they all have the same number of
    credits." """
    state = start(5, seed=3)
    assert state.initiative and set(state.initiative[0]) == set(range(5))
    winner = state.order[0]
    assert state.order == tuple((winner + k) % 5 for k in range(5))
