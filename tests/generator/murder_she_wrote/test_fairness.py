"""Fairness: shortcut accusers do no better than chance; the deduction does far better.

The project's rule: "A player who skips a step, or reads a habit of the generator instead of
the evidence, must do no better than an honest guess." Issue #11: "Test that with shortcut
players over hundreds of cases and publish their success rates beside the chance rate." The
rulebook: "NOTE: Everyone should be going through the same actions, thus providing essential
cover for the Murderer's crimes. You will only discover the murderer's identity by deduction!"

A quick version of ``make bench``'s section (``benchmarks/msw_fairness.py``): :data:`GAMES`
bot-only games per rule set, 4 seats; every habit reader within three standard errors and a
quarter of its chance; a leaky control (a Murderer that avoids visits) that must be caught.
"""

from __future__ import annotations

import pytest

from benchmarks import msw_fairness
from benchmarks.msw_games import islands
from tests.generator.murder_she_wrote.shortcuts import (
    BLIND,
    EVIDENCE,
    FEATURES,
    Habits,
    Moment,
    Shortcut,
    SneakyMurderer,
    compare,
    honest,
    learned,
    play,
    score,
    weighed,
)

GAMES = 150
TRAINING = 80
ISLANDS = 30
SEATS = 4
TRAINING_SEEDS = 10**6
RULES = ("basic", "advanced")


@pytest.fixture(scope="module")
def cases() -> list[dict[str, object]]:
    return islands(ISLANDS)


@pytest.fixture(scope="module")
def measured(cases: list[dict[str, object]]) -> dict[str, list[list[Moment]]]:
    return {rules: play(cases, rules, SEATS, range(GAMES)) for rules in RULES}


@pytest.fixture(scope="module")
def readers(cases: list[dict[str, object]]) -> dict[str, list[Shortcut]]:
    found = {}
    for rules in RULES:
        others = play(cases, rules, SEATS, range(TRAINING_SEEDS, TRAINING_SEEDS + TRAINING))
        found[rules] = [*BLIND, *learned(Habits.learn(others))]
    return found


@pytest.mark.parametrize("rules", RULES)
def test_habit_readers_do_no_better_than_chance(
    measured: dict[str, list[list[Moment]]], readers: dict[str, list[Shortcut]], rules: str
) -> None:
    """Who went first, where a seat sits, how often it visits, where its pawn stands, what
    other games' Murderers had in common: none names the Murderer more often than a guess,
    whether among every other seat or among the suspects left."""
    games = measured[rules]
    assert sum(map(len, games)) > 300
    for reader in readers[rules]:
        for deduced in (False, True):
            result = score(reader, games, deduced=deduced)
            assert result.within(3.0, 0.25), (reader.name, deduced, result)


@pytest.mark.parametrize("rules", RULES)
def test_the_deduction_stands_far_above_chance(
    measured: dict[str, list[list[Moment]]], rules: str
) -> None:
    """A uniform pick among the suspect list's candidates, from the same moments."""
    result = score(honest(), measured[rules], deduced=False)
    assert result.gap > 5 * result.error and result.success > 1.1 * result.chance


@pytest.mark.parametrize("rules", RULES)
def test_the_deaths_are_evidence_even_read_halfway(
    measured: dict[str, list[list[Moment]]], rules: str
) -> None:
    """ "Look at the coloured counters to see who has been visiting the location since you
    last left": a player who skips the ALIVE look still reads who came before a death, and
    does better than chance. (Published beside the others; not a habit.)"""
    for reader in EVIDENCE:
        result = score(reader, measured[rules], deduced=False)
        assert result.gap > 2 * result.error, reader.name


@pytest.mark.parametrize("rules", RULES)
def test_a_step_skipped_does_no_better_than_the_weighed_deduction(
    measured: dict[str, list[list[Moment]]], rules: str
) -> None:
    """ "A player who skips a step ... must do no better than an honest guess": the honest
    guess here is the whole deduction with its candidates weighed by the deaths she found, not
    a uniform pick. Each reader of "deaths, no ALIVE look" does no better (two standard errors
    of the paired difference), blind or among the candidates."""
    for reader in EVIDENCE:
        for deduced in (False, True):
            gain, error = compare(reader, weighed(), measured[rules], deduced=deduced)
            assert gain <= 2 * error, (reader.name, deduced, gain, error)


@pytest.mark.parametrize("rules", RULES)
def test_weighing_the_candidates_beats_a_uniform_pick(
    measured: dict[str, list[list[Moment]]], rules: str
) -> None:
    """The deaths say more than who can be the Murderer: the likeliest candidate is right more
    often than a candidate picked at random."""
    gain, error = compare(weighed(), honest(), measured[rules], deduced=False)
    assert gain > 2 * error, (gain, error)


def test_a_leaky_murderer_is_caught(cases: list[dict[str, object]]) -> None:
    """The measure can fail: a Murderer that ends its moves outside locations whenever it can
    is found by "fewest visits" far more often than chance."""
    games = play(cases, "basic", SEATS, range(60), SneakyMurderer())
    fewest = next(reader for reader in BLIND if reader.name == "fewest visits")
    result = score(fewest, games, deduced=False)
    assert not result.within(3.0, 0.25) and result.gap > 0


def test_a_shortcut_guesses_uniformly_among_whom_it_prefers(
    measured: dict[str, list[list[Moment]]],
) -> None:
    """Its success at a moment is exactly 1/len(preferred) when the Murderer is preferred:
    preferring every seat is chance itself."""
    everyone = Shortcut("everyone", "nothing", lambda moment, pool: pool)
    result = score(everyone, measured["basic"], deduced=False)
    assert result.success == pytest.approx(result.chance)


def test_the_benchmark_table() -> None:
    """``make bench``'s section: one row per shortcut, four cells each, and the control."""
    rows = msw_fairness.run(games=3, training=3, count=2)
    table = [row for row in rows if row.startswith("| ") and not row.startswith("| ---")][1:]
    assert len(table) == len(BLIND) + len(EVIDENCE) + len(FEATURES) + 2
    assert all(row.count(" vs ") == 4 for row in table)
    assert "Control:" in rows[-1]
