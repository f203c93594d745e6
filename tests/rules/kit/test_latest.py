"""The latest of each game (``rules.kit.latest``): one entry a game, bounded, the games kept
first let go, half at once."""

from __future__ import annotations

from rules.kit.latest import LatestOfGames


def test_a_game_keeps_its_latest_and_the_first_kept_go_when_full() -> None:
    latest: LatestOfGames[str] = LatestOfGames(4)
    latest.put(1, "a")
    latest.put(1, "b")  # the same game: replaced, nothing let go
    assert dict(latest) == {1: "b"}
    for seed in range(2, 5):
        latest.put(seed, f"game {seed}")
    assert list(latest) == [1, 2, 3, 4]
    latest.put(4, "again")  # full, but a game already kept: nothing goes
    assert len(latest) == 4
    latest.put(5, "new")  # full: the two kept first go
    assert list(latest) == [3, 4, 5]
    assert latest[4] == "again" and latest[5] == "new"
