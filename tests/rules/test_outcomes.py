"""How a game ended (rules/outcomes.py): competition ranking, winners first, and JSON."""

from __future__ import annotations

import json

from hypothesis import given
from hypothesis import strategies as st

from rules.outcomes import Outcome, Standing, rank, winners_first


def places(standings: tuple[Standing, ...]) -> list[tuple[int, int]]:
    return [(standing.seat, standing.rank) for standing in standings]


def test_equal_keys_share_a_rank_and_the_next_rank_is_skipped() -> None:
    """Competition ranking: 1, 1, 3."""
    standings = rank({0: (5.0,), 1: (9.0,), 2: (9.0,), 3: (1.0,)})
    assert places(standings) == [(1, 1), (2, 1), (0, 3), (3, 4)]
    assert places(rank({0: (1.0,), 1: (1.0,), 2: (1.0,)})) == [(0, 1), (1, 1), (2, 1)]
    assert places(rank({0: (3.0,), 1: (2.0,), 2: (2.0,), 3: (2.0,), 4: (0.0,)})) == [
        (0, 1),
        (1, 2),
        (2, 2),
        (3, 2),
        (4, 5),
    ]


def test_later_key_elements_break_ties_and_scores_are_carried() -> None:
    keys = {0: (3.0, 1.0), 1: (3.0, 2.0), 2: (3.0, 1.0)}
    standings = rank(keys, scores={0: 3.0, 1: 3.0, 2: 3.0})
    assert places(standings) == [(1, 1), (0, 2), (2, 2)]
    assert [standing.score for standing in standings] == [3.0, 3.0, 3.0]
    assert all(standing.score is None for standing in rank(keys))


@given(st.dictionaries(st.integers(0, 7), st.integers(0, 3), min_size=1))
def test_a_rank_is_one_more_than_the_seats_strictly_ahead(points: dict[int, int]) -> None:
    standings = rank({seat: (float(score),) for seat, score in points.items()})
    assert sorted(standing.seat for standing in standings) == sorted(points)
    for standing in standings:
        ahead = sum(1 for score in points.values() if score > points[standing.seat])
        assert standing.rank == ahead + 1
    assert [standing.rank for standing in standings] == sorted(s.rank for s in standings)


def test_winners_first_then_the_rest_then_those_put_out() -> None:
    assert winners_first(4, [2], losers=[0]) == (
        Standing(2, 1, 1.0),
        Standing(1, 2, 0.0),
        Standing(3, 2, 0.0),
        Standing(0, 4, 0.0),
    )
    assert places(winners_first(3, [0, 1, 2])) == [(0, 1), (1, 1), (2, 1)]
    assert places(winners_first(2, [])) == [(0, 1), (1, 1)]  # nobody won: nobody is ahead
    assert places(winners_first(2, [], losers=[0, 1])) == [(0, 1), (1, 1)]


def test_an_outcome_is_json() -> None:
    outcome = Outcome(
        "solved",
        (1,),
        winners_first(2, [1], losers=[0]),
        {"murderer": "C3", "time": "21:00"},
    )
    data = outcome.to_json()
    assert data == {
        "ending": "solved",
        "winners": [1],
        "standings": [
            {"seat": 1, "rank": 1, "score": 1.0},
            {"seat": 0, "rank": 2, "score": 0.0},
        ],
        "solution": {"murderer": "C3", "time": "21:00"},
    }
    assert json.loads(json.dumps(data)) == data
    assert "reason" not in data
    bare = Outcome("time-up", (), (Standing(0, 1),)).to_json()
    assert bare["solution"] is None and bare["standings"] == [{"seat": 0, "rank": 1, "score": None}]
