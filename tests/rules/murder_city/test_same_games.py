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

#: sha256 of every step's answers and the final state, recorded from commit f4c0a60.
EXPECTED: dict[int, str] = {
    0: "1dcca62b7c675474547a74d16a1755c573ff6bcb428c7f2c8dddc27cd8e16437",
    1: "1b73af1535ca561f4f52ae66b9ad58589d7eb419b165f8a7b056dd43b1b2b775",
    2: "b42810cb009985a3023b6c654ae0efbd380523a14365a4647e3340a3e6f7e88e",
    3: "cb8579b713ad7e3d74e26c5ab8743b24e8feee038b076845d716f8fc55425c74",
    4: "90f4412ee3756eb7372abbd382848fb49ac2a5549f0968d85b08cd3abac98bac",
    5: "8659e86bf7853fcd874c03e73b774e72cacdf12403378cce69ebc22cb512b4e9",
    6: "21ebafdc379374365a6fc6eb584305bff91cdb11518ff41ad19bbea319fe541d",
    7: "e39141d8a332ad9df38626426fd0b93409c51142fddcdc2bb20b81bf22bb0040",
}

#: sha256 of the steps ``run_bots`` plays (the server's loop, asking views and legal actions in
#: its own order) and the final state, recorded from commit f4c0a60.
EXPECTED_LOOP: dict[int, str] = {
    0: "bee97ee3f1ba6f13bbd47f68c40374c64222584a090d17738314020430709be2",
    1: "1a93f344f189f5093e18125f19b4bf40df8c5d0d532b774fa53377d7efbcd646",
    2: "4edd5695ae3abab027348614add9131c7da74465aea26a7265785ef401efe6c4",
    3: "ea659030d7019d031099b7bba2d4e16019792aa492e355b54146e11388d2c705",
    4: "b5bfe766088551bbb1ab5bc681fc58b5a98b3aa3e0034af81a3ed7988c420dcf",
    5: "f6a2b86b746e5fe6551184a8a25db1e0ac4d920f14bff21d8954b4f7c99713a7",
    6: "dbff68842ec6ee6f59a627ee8acaa198dec7fb224b79bfd2d17e80542a267f02",
    7: "1a4ae43c0adc3294b1c149c7ff84afdc68415312169f8d57eb17566ee69dc781",
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
