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
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

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
