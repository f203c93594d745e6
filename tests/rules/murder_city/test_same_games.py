"""The same games, step for step, whatever is done to make the engine faster (issue #10).

Fixed bot games (2-5 seats, both ways of getting Jovans, short and long contracts, the hand-made
city and generated ones) replayed with ``tests/rules/same_games.py``: every step's views, legal
actions, waiting seats, action and events, and the game as the server's bot loop plays it,
against digests recorded from the engine before the speed work. A digest that differs means the
engine now plays or shows something else: find the step with ``same_games.first_step`` and
compare with the engine at the recorded commit (f4c0a60).
"""

from __future__ import annotations

from typing import Any

import pytest

import generator.murder_city  # noqa: F401  (registers the generator)
from generator.registry import generate
from rules.core import Seat, check_seats, resolve_options
from rules.murder_city.case import SYSTEM_ID, City
from rules.murder_city.game import SYSTEM
from tests.rules.murder_city.city import sample_city
from tests.rules.same_games import Table, game_digest, loop_digest

#: The games: (city seed or None for the hand-made city, seats, options, game seed).
GAMES: tuple[tuple[int | None, int, dict[str, Any], int], ...] = (
    (None, 2, {}, 1),
    (None, 3, {"turns": 3}, 2),
    (None, 4, {}, 3),
    (None, 5, {"jovans": "chosen", "turns": 4}, 4),
    (7, 4, {}, 5),
    (8, 5, {}, 6),
    (9, 2, {"jovans": "chosen"}, 7),
    (10, 3, {"turns": 10}, 8),
)

#: sha256 of every step's answers and the final state, recorded from commit f4c0a60 and again
#: when the views began to keep who drew each setback and the revealed volunteers (every
#: game's actions and events checked the same, step for step, against the commit before).
EXPECTED: dict[int, str] = {
    0: "a2a68bc5c276bb7e6b05775c2ac3cda23e7da9f72a778fb485747ff342932a80",
    1: "be98173b004e9fe4e6152ef3043d6bd015e7f800ef24656ff9b850e5b3b2d675",
    2: "558bd398cc8ae31cd395a6c864169bc51c10caef5f5a74c6cef08d4cdedd1b65",
    3: "93a1526d9432ad899af76a94305a9845354065a3145be2089c7a203763c2ae45",
    4: "5ec1125e2b3022cf1ba26c9eec8396e0749ca6b62377e88973891879c661c540",
    5: "9d5abc928560f6228c425105824ab8fd83e3ff80179e9d3dea8e7b2b392b526f",
    6: "a81514fc64ff994ec074c1a98131ad80f9e3cc1b656174b015939ed97c0d07d2",
    7: "73fc4470a80a32a2d62f2a8231ac75162a45ec9f963f6d331e0cee15ea44791e",
}

#: sha256 of the steps ``run_bots`` plays (the server's loop, asking views and legal actions in
#: its own order) and the final state, recorded from commit f4c0a60.
EXPECTED_LOOP: dict[int, str] = {
    0: "ce4c5d240f305d8383c333aa8e7dca4cacbb85818e967daa886f11a9dccc375b",
    1: "1d7905b58e56959689257b23fdc66b4090870cd8af6c5496e4cd3e5c13565997",
    2: "4a03099233e1ff27f587e822da4a70c0a6b108916df78aae9786eedc25f044d6",
    3: "635677450f0d04484e33cd773f7778e79f65e4bb6cb86475ce61b98e32e9f21b",
    4: "95c0652886bb8a017441cce6deace1c61954378d7d083342133d9b0f1045e976",
    5: "3191cb87a4ced9f8ec96e579feec6b23ada2348606a9590a2db79cfaa9065013",
    6: "63ee51c3f7c825c45fed91f2bdbb862ac0bf15be2904ec09825b8fec9d7d064b",
    7: "1cb9268b84e6891c17df30ae6c54f74bd5b9ba5ba167e63090b7b8647a476dd4",
}


def _city(seed: int | None) -> City:
    if seed is None:
        return sample_city()
    return SYSTEM.read_case(generate(SYSTEM_ID, seed))


def table(index: int) -> Table:
    city_seed, seats, chosen, seed = GAMES[index]
    city = _city(city_seed)
    people = [Seat(f"Bot {n}", True) for n in range(seats)]
    mode = check_seats(SYSTEM.SPEC, "standard", people)
    options = resolve_options(mode.options, chosen)
    state = SYSTEM.new_game(city, people, "standard", seed=seed, options=options)
    return Table(SYSTEM, city, state, [seat.name for seat in people], seed)


@pytest.mark.parametrize("index", range(len(GAMES)))
def test_every_step_answers_as_it_did(index: int) -> None:
    """Every seat's view and legal actions, the bots' moves and the events, step by step."""
    assert game_digest(table(index)) == EXPECTED[index]


@pytest.mark.parametrize("index", range(len(GAMES)))
def test_the_server_loop_plays_the_same_game(index: int) -> None:
    """The same game through ``rules.loop.run_bots`` (its own order of asking)."""
    assert loop_digest(table(index)) == EXPECTED_LOOP[index]


if __name__ == "__main__":
    print("EXPECTED =", {i: game_digest(table(i)) for i in range(len(GAMES))})
    print("EXPECTED_LOOP =", {i: loop_digest(table(i)) for i in range(len(GAMES))})
