"""Balance: bot-only games on generated islands, every table of issue #11 (3, 4 and 6 seats,
basic and advanced rules). "Neither side should win much more than 60 % with equally good
bots" (issue #11): here no side wins more than 65 % of a rule set's games, nor more than 70 %
at any one table (a few hundred games leave a few points of noise). What a bot decision costs
is measured by ``make bench`` ("µs per bot decision", ``benchmarks/msw_games.py``), never here:
a timed assertion failed on a loaded machine (51 µs against 50)."""

from __future__ import annotations

import re

import pytest

from benchmarks import msw_games
from benchmarks.msw_games import Played, islands, play

GAMES = 150
ISLANDS = 40
CAP_RULES = 0.65
CAP_TABLE = 0.70


@pytest.fixture(scope="module")
def played() -> list[Played]:
    cases = islands(ISLANDS)
    return [
        play(rules, seats, cases, GAMES) for rules in msw_games.RULES for seats in msw_games.SEATS
    ]


def test_every_game_ends_with_a_winner_or_the_turn_limit(played: list[Played]) -> None:
    for table in played:
        assert table.games == GAMES
        assert table.jessicas + table.murderer + table.share(frozenset({"time-up"})) == 1


@pytest.mark.parametrize("rules", msw_games.RULES)
def test_neither_side_wins_much_more_than_sixty_percent(played: list[Played], rules: str) -> None:
    tables = [table for table in played if table.rules == rules]
    games = sum(table.games for table in tables)
    jessicas = sum(table.jessicas * table.games for table in tables) / games
    murderer = sum(table.murderer * table.games for table in tables) / games
    assert jessicas <= CAP_RULES and murderer <= CAP_RULES, (rules, jessicas, murderer)
    for table in tables:
        assert max(table.jessicas, table.murderer) <= CAP_TABLE, (rules, table.seats)


def test_both_sides_win_at_every_table(played: list[Played]) -> None:
    """Each way of winning happens: the Murderer escapes and a Jessica catches it."""
    for table in played:
        assert table.endings["murderer-caught"] > 0 and table.endings["murderer-escaped"] > 0


def test_a_sure_accusation_is_never_wrong(played: list[Played]) -> None:
    """A Jessica's suspect list always holds the Murderer, so one suspect left is the
    Murderer; guesses are sometimes wrong (the accuser is out)."""
    for table in played:
        sure, right = table.accused(True)
        assert sure > 0 and right == sure


def test_the_benchmark_table() -> None:
    rows = msw_games.run(games=2, count=2)
    table = [row for row in rows if row.startswith("| basic") or row.startswith("| advanced")]
    assert len(table) == len(msw_games.RULES) * len(msw_games.SEATS)
    assert all(re.match(r"\| \w+, \d \| [\d.]+% \| [\d.]+% \| [\d.]+% \|", row) for row in table)
