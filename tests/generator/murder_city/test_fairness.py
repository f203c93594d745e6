"""Fairness: Listeners that skip the reading do no better than chance at naming an off-colour
card; the honest reading does far better; a city numbered colour by colour is caught leaking.

The project's rule: "A player who skips a step, or reads a habit of the generator instead of
the evidence, must do no better than an honest guess. Test that with shortcut players over
hundreds of cases and publish their success rates beside the chance rate." The rulebook: "The
Listener evaluates your charge and the substance of the Evidence cards involved in the case.
He then chooses one of these cards in the hope that its colour does not match your Murder
card." ``make bench`` publishes the full table (``benchmarks/mc_fairness.py``).
"""

from __future__ import annotations

import pytest

from rules.murder_city.case import City
from tests.generator.murder_city.cities import city_of
from tests.generator.murder_city.shortcuts import (
    READERS,
    Hearing,
    Shortcut,
    hearings_of,
    id_blocks,
    play,
    score,
)
from tests.rules.murder_city.city import sample_city

GAMES = 150
CITIES = 30
SEATS = 4
#: A shortcut may beat chance by at most this many standard errors (and a hair).
ERRORS = 3.0
SLACK = 0.01


@pytest.fixture(scope="module")
def hearings() -> list[Hearing]:
    cities: list[City] = [city_of(seed) for seed in range(CITIES)]
    return hearings_of(play(cities, SEATS, range(GAMES)))


def test_hundreds_of_hearings_are_measured(hearings: list[Hearing]) -> None:
    assert len(hearings) > 500


@pytest.mark.parametrize("reader", [r for r in READERS if r.name != "honest"], ids=str)
def test_a_shortcut_does_no_better_than_chance(hearings: list[Hearing], reader: Shortcut) -> None:
    """The first or last card told, a random one, the evidence ids' order read plainly or as
    colour blocks, never challenging: none names an off-colour card more often than a blind
    pick among the attached cards."""
    result = score(reader, hearings)
    assert result.gap <= ERRORS * result.error + SLACK, result


def test_the_honest_reading_beats_chance(hearings: list[Hearing]) -> None:
    honest = next(r for r in READERS if r.name == "honest")
    result = score(honest, hearings)
    assert result.gap > ERRORS * result.error and result.success > 1.5 * result.chance, result


def test_a_city_numbered_colour_by_colour_leaks_through_its_ids() -> None:
    """The control: the sample city numbers each deck colour by colour, so reading the ids as
    colour blocks finds off-colour cards far above chance (the measure can fail)."""
    leaky = hearings_of(play([sample_city()], SEATS, range(60)))
    reader = Shortcut("ids as colour blocks", "ids", id_blocks)
    result = score(reader, leaky)
    assert result.gap > ERRORS * result.error, result
