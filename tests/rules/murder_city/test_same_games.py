"""The same games, step for step, whatever is done to make the engine faster.

Work on speed (issue #10) must not change a single answer of the protocol: "the bots' moves
come from the game's secret seed, the step and the seat, so replaying the log makes the same
moves" (``rules/loop.py``), and a view, a list of legal actions or an event that changed by one
byte would change what a person is shown or a stored game's replay. So fixed bot games (2-5
seats, both ways of getting Jovans, short and long contracts, the hand-made city and generated
ones) are played here and a digest of everything the protocol answered at every step — every
seat's view and legal actions (and the onlooker's view), the action chosen, the events — and of
the final state is compared with the digest recorded from the engine before the speed work.

A digest that differs means the engine now plays or shows something else: find the step with
:func:`first_steps` and compare with the engine at the recorded commit (f4c0a60).
"""

from __future__ import annotations

import hashlib
import json
from typing import Any

import pytest

import generator.murder_city  # noqa: F401  (registers the generator)
from generator.registry import generate
from rules.core import Seat, check_seats, resolve_options, rng_for
from rules.loop import run_bots
from rules.murder_city.case import SYSTEM_ID, City
from rules.murder_city.game import SYSTEM
from tests.rules.murder_city.city import sample_city

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


def _start(city: City, seats: int, chosen: dict[str, Any], seed: int) -> Any:
    table = [Seat(f"Bot {n}", True) for n in range(seats)]
    mode = check_seats(SYSTEM.SPEC, "standard", table)
    options = resolve_options(mode.options, chosen)
    return SYSTEM.new_game(city, table, "standard", seed=seed, options=options)


def _dump(value: Any) -> bytes:
    """JSON with the keys in the order the engine made them (an order change is a change)."""
    return json.dumps(value, ensure_ascii=False, separators=(",", ":")).encode()


def step_digests(index: int) -> list[str]:
    """Each step's digest (everything every seat was shown and could do, the move, the
    events), then the final state's, for game ``index`` of :data:`GAMES`."""
    city_seed, seats, chosen, seed = GAMES[index]
    city = _city(city_seed)
    state = _start(city, seats, chosen, seed)
    everyone = frozenset(range(seats))
    digests: list[str] = []
    number = 0
    while SYSTEM.result(city, state) is None:
        number += 1
        assert number <= SYSTEM.SPEC.step_limit, "the bots did not finish the game"
        shown = [SYSTEM.view(city, state, seat) for seat in (*range(seats), None)]
        legal = [
            [spec.to_json() for spec in SYSTEM.legal_actions(city, state, seat)]
            for seat in range(seats)
        ]
        waiting = sorted(everyone & SYSTEM.to_act(city, state))
        bot = waiting[0]
        action = SYSTEM.bot_choose(
            SYSTEM.view(city, state, bot),
            SYSTEM.legal_actions(city, state, bot),
            rng_for(seed, number - 1, f"bot:{bot}"),
        )
        state, events = SYSTEM.apply(city, state, bot, action)
        record = {
            "views": shown,
            "legal": legal,
            "waiting": waiting,
            "action": action.to_json(),
            "events": [event.to_json() for event in events],
        }
        digests.append(hashlib.sha256(_dump(record)).hexdigest())
    digests.append(hashlib.sha256(_dump(SYSTEM.state_to_json(state))).hexdigest())
    return digests


def game_digest(index: int) -> str:
    return hashlib.sha256("".join(step_digests(index)).encode()).hexdigest()


def loop_digest(index: int) -> str:
    """The digest of the game as the server's bot loop plays it."""
    city_seed, seats, chosen, seed = GAMES[index]
    city = _city(city_seed)
    state = _start(city, seats, chosen, seed)
    state, steps = run_bots(
        SYSTEM, city, state, bots=frozenset(range(seats)), seed=seed, steps_so_far=0
    )
    assert SYSTEM.result(city, state) is not None
    record: list[Any] = [
        [step.number, step.seat, step.action.to_json(), [e.to_json() for e in step.events]]
        for step in steps
    ]
    record.append(SYSTEM.state_to_json(state))
    return hashlib.sha256(_dump(record)).hexdigest()


def first_steps(index: int, expected: list[str]) -> int:
    """The first step whose digest is not ``expected``'s (for finding a difference)."""
    for number, (got, want) in enumerate(zip(step_digests(index), expected, strict=False)):
        if got != want:
            return number + 1
    return -1


@pytest.mark.parametrize("index", range(len(GAMES)))
def test_every_step_answers_as_it_did(index: int) -> None:
    """Every seat's view and legal actions, the bots' moves and the events, step by step."""
    assert game_digest(index) == EXPECTED[index]


@pytest.mark.parametrize("index", range(len(GAMES)))
def test_the_server_loop_plays_the_same_game(index: int) -> None:
    """The same game through ``rules.loop.run_bots`` (its own order of asking)."""
    assert loop_digest(index) == EXPECTED_LOOP[index]


if __name__ == "__main__":
    print("EXPECTED =", {i: game_digest(i) for i in range(len(GAMES))})
    print("EXPECTED_LOOP =", {i: loop_digest(i) for i in range(len(GAMES))})
