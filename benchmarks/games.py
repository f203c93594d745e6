"""Bot-only games per second on one core: the rules engine and its bots, cases made beforehand.

Cases are generated before the clock starts (generation has its own benchmark); each game is
set up, played by bots to the end, and its result read, as the server's bot loop does.
"""

from __future__ import annotations

import time
from typing import Any

import generator.murdered_by_midnight  # noqa: F401  (registers the generator)
import rules.murdered_by_midnight  # noqa: F401  (registers the system)
from generator.registry import generate
from rules import registry
from rules.core import Seat, start
from rules.loop import run_bots

GAMES = 200
TABLES = {"solo": 1, "co-op": 3, "competitive": 4}


def play(system_id: str, envelope: dict[str, Any], mode: str, seats: int, seed: int) -> int:
    """One bot-only game to the end, by the server's bot loop; returns the number of steps."""
    system = registry.get(system_id)
    table = [Seat(f"Bot {n}", True) for n in range(seats)]
    case, state = start(system, envelope, table, mode, seed=seed)
    state, steps = run_bots(
        system, case, state, bots=frozenset(range(seats)), seed=seed, steps_so_far=0
    )
    assert system.result(case, state) is not None, "the bots stopped before the end"
    return len(steps)


def run(games: int = GAMES) -> list[str]:
    system_id = "murdered-by-midnight"
    cases = [generate(system_id, seed) for seed in range(games)]
    rows = ["| table | games/s (one core) | median steps | target |", "| --- | --- | --- | --- |"]
    for mode, seats in TABLES.items():
        started = time.perf_counter()
        steps = sorted(play(system_id, case, mode, seats, n) for n, case in enumerate(cases))
        rate = games / (time.perf_counter() - started)
        bots = f"{seats} bot" + ("s" if seats > 1 else "")
        rows.append(f"| {mode}, {bots} | {rate:,.1f} | {steps[games // 2]} | ≥ 50 |")
    return rows


if __name__ == "__main__":
    print("\n".join(run()))
