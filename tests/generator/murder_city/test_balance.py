"""Balance and sanity of bot-only games on generated cities: the books add up, games end,
bluffs are made and caught at plausible rates, every decision a Listener has is used.

Issue: "In every simulated game, credits add up: the bank's payments and charges explain every
seat's total." The rulebook: "All credits earned for the Listener's work are taken from the
game "bank"", and trades move credits between seats ("Evidence cards may be sold").
"""

from __future__ import annotations

from collections import Counter

import pytest

from rules.murder_city.case import City
from rules.murder_city.spec import Act, Reason
from tests.generator.murder_city.cities import city_of
from tests.generator.murder_city.shortcuts import Game, hearings_of, play

GAMES = 50
CITIES = 10
SEATS = (2, 3, 4, 5)


@pytest.fixture(scope="module")
def cities() -> list[City]:
    return [city_of(seed) for seed in range(CITIES)]


@pytest.fixture(scope="module")
def games(cities: list[City]) -> dict[int, list[Game]]:
    return {seats: play(cities, seats, range(GAMES)) for seats in SEATS}


@pytest.mark.parametrize("seats", SEATS)
def test_every_game_ends_and_its_books_add_up(games: dict[int, list[Game]], seats: int) -> None:
    """Every seat's total is its 3 starting credits plus its credits events, each event's
    balance the running sum; what trades moved nets to nothing."""
    for game in games[seats]:
        assert game.ended, f"seed {game.seed} did not end"
        assert game.books_add_up, (game.seed, game.problems)


def test_the_bank_pays_for_attaching_listening_and_convictions(
    games: dict[int, list[Game]],
) -> None:
    """ "1 credit for each Evidence card placed", "1 credit for serving as the Listener", "The
    number after the slash on a Murder card": each reason shows in the books of the games."""
    reasons: Counter[str] = Counter()
    for played in games.values():
        for game in played:
            reasons.update(game.reasons)
    for reason in (Reason.ATTACH, Reason.LISTENING, Reason.CONVICTION, Reason.CHALLENGE_WON):
        assert reasons[reason] > 0, reason
    assert reasons[Reason.CARD] < 0  # hardships and legwork cost credits


def test_bluffs_are_made_and_caught_at_a_plausible_rate(games: dict[int, list[Game]]) -> None:
    """Jovans "sometimes collect false evidence in the hope that they can bring a charge with
    it", and a Listener who reads the story catches some of it, not all: a share of the
    attached cards heard is off-colour; a good part of the bluffed cases are caught; a
    challenge the bot makes is mostly right."""
    played = [game for every in games.values() for game in every]
    attached = sum(g.attached for g in played)
    off = sum(g.off_colour for g in played)
    assert 0.02 < off / attached < 0.4
    hearings = hearings_of(played)
    bluffed = [h for h in hearings if h.off]
    caught = sum(1 for h in bluffed if h.named in h.off)
    assert 0.2 < caught / len(bluffed) < 0.95
    challenges = sum(g.challenges for g in played)
    assert sum(g.caught for g in played) / challenges > 0.6


def test_the_listener_uses_every_decision(games: dict[int, list[Game]]) -> None:
    """ "The Listener has the right to do one of the following": challenge, allow, endorse."""
    decisions = Counter(h.decision for every in games.values() for h in hearings_of(every))
    for decision in (Act.CHALLENGE, Act.RUBBER_STAMP, Act.ENDORSE):
        assert decisions[decision] > 0, decision


def test_cases_reach_verdicts(games: dict[int, list[Game]]) -> None:
    """Bots bring cases to court and win some: every table of four convicts in most games."""
    four = games[4]
    assert sum(1 for g in four if g.convictions) > 0.9 * len(four)
    trials = sum(g.trials for g in four)
    assert 0.3 < sum(g.convictions for g in four) / trials < 0.98
