"""Digests of whole bot games, step by step: the guard that speed work changes no answer.

Work on speed must not change a single answer of the protocol: "the bots' moves come from the
game's secret seed, the step and the seat, so replaying the log makes the same moves"
(``rules/loop.py``), and a view, a list of legal actions, an event or its narration that changed
by one byte would change what a person is shown or a stored game's replay. A system's
``test_same_games.py`` plays fixed bot games and compares, with digests recorded from the engine
before the speed work, everything the protocol answered at every step — every seat's view and
legal actions (and the onlooker's view), the seats waited for, the action chosen, the events
and, where the system is narrated here, each event as every seat reads it — and the final state;
and the same game as the server's bot loop plays it.

A system's file holds only its games (``GAMES``, and ``table(index)`` to set one out) and their
recorded digests; :func:`same_game_tests` makes its two tests. To record digests (for a new
game, or after a change of what is shown that was checked to be meant), print them with
``python -m tests.rules.same_games tests.rules.<system>.test_same_games``.
"""

from __future__ import annotations

import hashlib
import importlib
import json
import sys
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import pytest

from narration import narrate_event
from rules.core import System, rng_for
from rules.loop import run_bots


@dataclass(frozen=True)
class Table:
    """One game to replay: the system, its case and first state, the seats' names, the game's
    seed and, to digest the narration too, the case's public glossary."""

    system: System
    case: Any
    state: Any
    names: list[str]
    seed: int
    glossary: Mapping[str, str] | None = None


def _dump(value: Any) -> bytes:
    """JSON with the keys in the order the engine made them (an order change is a change)."""
    return json.dumps(value, ensure_ascii=False, separators=(",", ":")).encode()


def _digest(value: Any) -> str:
    return hashlib.sha256(_dump(value)).hexdigest()


def step_digests(table: Table) -> list[str]:
    """Each step's digest (everything every seat was shown and could do, the move, the events
    and, with a glossary, their words for every seat), then the final state's."""
    system, case, state, seed = table.system, table.case, table.state, table.seed
    seats = len(table.names)
    everyone = frozenset(range(seats))
    digests: list[str] = []
    number = 0
    while system.result(case, state) is None:
        number += 1
        assert number <= system.SPEC.step_limit, "the bots did not finish the game"
        shown = [system.view(case, state, seat) for seat in (*range(seats), None)]
        legal = [
            [spec.to_json() for spec in system.legal_actions(case, state, seat)]
            for seat in range(seats)
        ]
        waiting = sorted(everyone & system.to_act(case, state))
        bot = waiting[0]
        action = system.bot_choose(
            system.view(case, state, bot),
            system.legal_actions(case, state, bot),
            rng_for(seed, number - 1, f"bot:{bot}"),
        )
        state, events = system.apply(case, state, bot, action)
        record: dict[str, Any] = {
            "views": shown,
            "legal": legal,
            "waiting": waiting,
            "action": action.to_json(),
            "events": [event.to_json() for event in events],
        }
        if table.glossary is not None:
            record["told"] = [
                [
                    None
                    if (seen := event.for_seat(seat)) is None
                    else narrate_event(
                        system.SPEC.id, seen, names=table.names, glossary=table.glossary
                    )
                    for seat in (*range(seats), None)
                ]
                for event in events
            ]
        digests.append(_digest(record))
    digests.append(_digest(system.state_to_json(state)))
    return digests


def game_digest(table: Table) -> str:
    return hashlib.sha256("".join(step_digests(table)).encode()).hexdigest()


def loop_digest(table: Table) -> str:
    """The digest of the game as the server's bot loop plays it."""
    system, case = table.system, table.case
    state, steps = run_bots(
        system,
        case,
        table.state,
        bots=frozenset(range(len(table.names))),
        seed=table.seed,
        steps_so_far=0,
    )
    assert system.result(case, state) is not None
    record: list[Any] = [
        [step.number, step.seat, step.action.to_json(), [e.to_json() for e in step.events]]
        for step in steps
    ]
    record.append(system.state_to_json(state))
    return _digest(record)


def first_step(table: Table, expected: list[str]) -> int:
    """The first step whose digest is not ``expected``'s (for finding a difference), else -1."""
    for number, (got, want) in enumerate(zip(step_digests(table), expected, strict=False)):
        if got != want:
            return number + 1
    return -1


#: A recorded-game test, given the game's index in the system's ``GAMES``.
GameTest = Callable[[int], None]


def same_game_tests(
    games: Sequence[Any],
    table: Callable[[int], Table],
    expected: Mapping[int, str],
    expected_loop: Mapping[int, str],
) -> tuple[GameTest, GameTest]:
    """A system's two tests over its ``games``: every step's answers against ``expected`` and
    the server's loop against ``expected_loop``, one case per game. Its file binds them to
    ``test_`` names for pytest to find. A game without both digests fails the collection."""
    indexes = range(len(games))
    for name, digests in (("EXPECTED", expected), ("EXPECTED_LOOP", expected_loop)):
        assert set(digests) == set(indexes), f"{name} must hold a digest for each game"

    @pytest.mark.parametrize("index", indexes)
    def test_every_step_answers_as_it_did(index: int) -> None:
        """Every seat's view and legal actions, the bots' moves, the events and, with a
        glossary, their words for every seat, step by step."""
        _same(index, "steps", game_digest(table(index)), expected[index])

    @pytest.mark.parametrize("index", indexes)
    def test_the_server_loop_plays_the_same_game(index: int) -> None:
        """The same game through ``rules.loop.run_bots`` (its own order of asking)."""
        _same(index, "loop", loop_digest(table(index)), expected_loop[index])

    return test_every_step_answers_as_it_did, test_the_server_loop_plays_the_same_game


def _same(index: int, kind: str, got: str, recorded: str) -> None:
    # said in full: pytest rewrites the asserts of test modules only, not of this one
    assert got == recorded, (
        f"game {index} ({kind}) digests {got}, recorded {recorded}: the engine now plays or "
        "shows something else (first_step finds where)"
    )


def print_digests(module_name: str) -> None:
    """Print the digests of every game of a system's ``test_same_games`` module."""
    module = importlib.import_module(module_name)
    games, table = module.GAMES, module.table
    print("EXPECTED =", {i: game_digest(table(i)) for i in range(len(games))})
    print("EXPECTED_LOOP =", {i: loop_digest(table(i)) for i in range(len(games))})


if __name__ == "__main__":
    for name in sys.argv[1:]:
        print_digests(name)
