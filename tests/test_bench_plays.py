"""The HTTP benchmark's moves (``benchmarks/plays.py``): each wrk thread is one client on one
connection and plays its own games one after another, each through to the end of its plan, so
a short run sends the mix of whole games and a move always follows the answer to the last."""

from __future__ import annotations

import random
from collections import defaultdict

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
