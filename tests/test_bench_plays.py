"""The HTTP benchmark's moves (``benchmarks/plays.py``): each wrk thread is one client on one
connection and plays its own games one after another, each through to the end of its plan, so
a short run sends the mix of whole games and a move always follows the answer to the last; and
there are games enough that no thread runs out of plans before the run ends (a thread that does
stops rather than send moves the server refuses)."""

from __future__ import annotations

import random
from collections import defaultdict
from pathlib import Path

import pytest

from benchmarks import plays
from benchmarks.plays import CONNECTIONS, THREADS, Game
from rules.core import Action


def games(count: int, seed: int = 0) -> list[Game]:
    rng = random.Random(seed)
    return [
        Game(f"g{n}", f"t{n}", tuple(Action(f"m{k}") for k in range(rng.randint(3, 9))))
        for n in range(count)
    ]


def test_each_connection_is_its_own_thread() -> None:
    """wrk sends a connection's next request only once its last is answered: with one
    connection a thread, no move of a game can overtake the one before."""
    assert CONNECTIONS == THREADS


def test_each_thread_plays_its_games_through_one_after_another() -> None:
    played = games(10 * THREADS)
    sent = plays.sent(played, {part: 20 for part in range(THREADS)})
    assert len(sent) == 20 * THREADS
    per_game: dict[str, list[Action]] = defaultdict(list)
    for game, move in sent:
        per_game[game.id].append(move)
    for part in range(THREADS):
        mine = played[part::THREADS]
        reached = [game for game in mine if game.id in per_game]
        assert reached == mine[: len(reached)]  # the thread's own games, in order
        for game in reached[:-1]:  # every game but the last reached was played through
            assert per_game[game.id] == list(game.moves)
        last = reached[-1]
        assert per_game[last.id] == list(last.moves[: len(per_game[last.id])])


def test_the_mix_is_of_whole_games_not_of_openings() -> None:
    played = [Game(f"g{n}", "t", (Action("open"), *[Action("work")] * 8)) for n in range(200)]
    sent = plays.sent(played, {part: 18 for part in range(THREADS)})
    assert plays.mix([move for _, move in sent]) == "work 89 %, open 11 %"


def test_a_thread_sends_no_more_than_its_plans() -> None:
    played = games(2 * THREADS, seed=2)
    planned = sum(len(game.moves) for game in played[0::THREADS])
    assert len(plays.sent(played, {0: 10**6})) == planned


def plan(needed: int, lengths: random.Random, low: int, high: int) -> tuple[list[Game], int]:
    """Games planned round by round as the benchmark plans them, each ``low``-``high`` moves
    long; and how many rounds of planning that took."""
    played: list[Game] = []
    rounds = 0
    while more := plays.more_games(played, needed):
        assert more % THREADS == 0  # whole rounds: every thread one more game
        n = len(played)
        played += [
            Game(f"g{n + k}", "t", (Action("m"),) * lengths.randint(low, high)) for k in range(more)
        ]
        rounds += 1
    return played, rounds


def test_the_moves_each_thread_needs_follow_from_hello_s_rate() -> None:
    """A thread's share of ``MOVE_SHARE`` of hello's rate for the run, ``THREAD_SLACK`` times."""
    share = 1600 * plays.MOVE_SHARE * 10 / THREADS
    assert plays.moves_needed(1600, 10) == pytest.approx(share * plays.THREAD_SLACK, abs=1)
    assert plays.moves_needed(3200, 10) == 2 * plays.moves_needed(1600, 10)


@pytest.mark.parametrize(("low", "high"), [(4, 35), (38, 74), (37, 87)])
def test_every_thread_is_planned_the_moves_it_needs_whatever_the_games_length(
    low: int, high: int
) -> None:
    """Short games (Murder, She Wrote's 4-35 moves) are planned in greater number than long
    ones (Tiny Epic Crimes', Murder City's), until every thread holds what it needs, without
    planning much more than that."""
    needed = plays.moves_needed(6000, 10)
    played, rounds = plan(needed, random.Random(low), low, high)
    held = plays.thread_plans(played)
    assert min(held) >= needed
    assert rounds <= 6 and sum(held) < 1.25 * needed * THREADS
    assert plays.more_games(played, needed) == 0


def test_the_plans_outlast_the_run_that_ran_out() -> None:
    """The run that ran out (Murder, She Wrote on SQLite with 2 gevent workers, 3b892a8): 5,960
    planned moves and 5,958 refused ones answered in 10 s beside a hello of 5,935 requests a
    second, from 500 games of 4-35 moves. Planned by the rule, every thread holds more than
    twice its share of all those requests, refused ones (cheaper than a move) included."""
    answered = 5_960 + 5_958
    played, _ = plan(plays.moves_needed(5_935, 10), random.Random(3), 4, 35)
    assert len(played) > 2 * 500
    assert min(plays.thread_plans(played)) > 2 * answered / THREADS


def test_planning_stops_on_games_that_plan_nothing() -> None:
    with pytest.raises(RuntimeError, match="not one move"):
        plays.more_games([Game(f"g{n}", "t") for n in range(THREADS)], 10)


def test_a_thread_out_of_plans_stops_instead_of_sending_refused_moves(tmp_path: Path) -> None:
    """The move script's thread, its games spent, stops its connection and says so; nothing it
    sends then is a move (which the server would refuse)."""
    script = plays.moves_script(tmp_path, "act", games(THREADS)).read_text()
    spent = script.split("local g = mine[current]")[1]
    after = spent.split("stopped = 1")[1]
    assert "wrk.thread:stop()" in after and "post(" not in after
    assert "stopped %d" in script  # reported by each thread, read by benchmarks/http.py
