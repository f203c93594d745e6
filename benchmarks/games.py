"""Bot-only games per second on one core: the rules engine and its bots, cases made beforehand.

Cases are generated before the clock starts (generation has its own benchmark); each game is
set up, played by bots to the end, and its result read, as the server's bot loop does.
"""

from __future__ import annotations

import time

import generator.murdered_by_midnight  # noqa: F401  (registers the generator)
import rules.murdered_by_midnight  # noqa: F401  (registers the system)
from generator.registry import generate
from rules import registry
from rules.core import Seat, rng_for

GAMES = 200
TABLES = {"solo": 1, "co-op": 3, "competitive": 4}


def play(system_id: str, case: dict[str, object], mode: str, seats: int, seed: int) -> int:
    """One bot-only game to the end; returns the number of steps."""
    system = registry.get(system_id)
    state = system.new_game(case, [Seat(f"Bot {n}", True) for n in range(seats)], mode, seed)
    steps = 0
    while system.result(state) is None:
        seat = min(system.to_act(state))
        legal = system.legal_actions(state, seat)
        action = system.bot_choose(system.view(state, seat), legal, rng_for(seed, steps, "bot"))
        state, _ = system.apply(state, seat, action)
        steps += 1
    return steps


def run() -> list[str]:
    system_id = "murdered-by-midnight"
    cases = [generate(system_id, seed) for seed in range(GAMES)]
    rows = ["| table | games/s (one core) | median steps | target |", "| --- | --- | --- | --- |"]
    for mode, seats in TABLES.items():
        started = time.perf_counter()
        steps = sorted(play(system_id, case, mode, seats, n) for n, case in enumerate(cases))
        rate = GAMES / (time.perf_counter() - started)
        bots = f"{seats} bot" + ("s" if seats > 1 else "")
        rows.append(f"| {mode}, {bots} | {rate:,.1f} | {steps[GAMES // 2]} | ≥ 50 |")
    return rows
