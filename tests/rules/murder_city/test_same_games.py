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

import generator.murder_city  # noqa: F401  (registers the generator)
from generator.registry import generate
from rules.core import Seat, check_seats, resolve_options
from rules.murder_city.case import SYSTEM_ID, City
from rules.murder_city.game import SYSTEM
from tests.rules.murder_city.city import sample_city
from tests.rules.same_games import Table, same_game_tests

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
#: when the views began to keep who drew each setback and the revealed volunteers, and again
#: when a seat's view began to keep what it saw (``seen``: a Datajack's peek, a pile's unseen
#: cards); each time every game's actions and events checked the same against the commit before.
EXPECTED: dict[int, str] = {
    0: "4cda6c2c69217a8f4506007372931994d485fb9c0bb3a1084c9e40bf01b9fc24",
    1: "b1ccc02eb13f5d939f09b5a02611c2bfd74dd959a178dd726164043c78eca78a",
    2: "33235b8cabb0c931561e71063f1b8338acb94d080687d42ab10d18bc09248bb5",
    3: "bf0f7ff0e83237c13a8dcd338f30d3bb0b9ce9377433a3b6140f9b41bceeb38c",
    4: "2bf7d2f38987897b9809bae2ff8638c6dce0bb35956322c6261a9bfe87d8e0c8",
    5: "3c66420db9b55a30baf80ff99434c76fd82e149e3416af07d69cc3c4dda3921b",
    6: "0df8e189d62325ae91955b9ceae1b00adf3a3286ebebf5bb94e6a3c106b91e68",
    7: "b86c23616d702ad5dcf3bf4e8260ccd96972eb3b07cb874c4dd6aeca2f3edd36",
}

#: sha256 of the steps ``run_bots`` plays (the server's loop, asking views and legal actions in
#: its own order) and the final state, recorded from commit f4c0a60 and again when the state
#: began to keep what each seat saw (the final state holds ``looks``: every game's actions and
#: events, and its final state without ``looks``, checked the same against commit b25b5a0).
EXPECTED_LOOP: dict[int, str] = {
    0: "9652184ab3eea6c3bb9d647d478fdfc95ef02042b71b814dfc6e1cf972e05d19",
    1: "5aa175c9da2a101178460398856dbb8b99af375875ce6f313dc69bb347cb57fd",
    2: "6ac6d41f4caec87924cc8c2dabeab547d88429619ccaa38ab63d0fedf0906d94",
    3: "b5b764e56b16eb6e9a889704a645d98f60ce2bd926eac38fbe3a50854c180d7d",
    4: "a1d765e53dadb034eb62376f30f00358ed84e5dfbbb9d345a01c58c93062a54b",
    5: "a9142d9b708b17c362ed6f11d68f535fc59c8b19a585a912ecb8fb8e42089882",
    6: "b672fb3d1775a6e00a05b807aaffd7e52dce6b26881572f53fd5e66634ed2f41",
    7: "965013ad922745b894e662a8cc2389a9fbaff2abad6b1eb095bdedc4139c9808",
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


test_every_step_answers_as_it_did, test_the_server_loop_plays_the_same_game = same_game_tests(
    GAMES, table, EXPECTED, EXPECTED_LOOP
)
