"""Murder City bot-only games: games per second per core with 2, 4 and 5 bot Jovans (issue
#10: "at least 50 per core with 4 bot Jovans"), and how the games go.

Every seat the rules' bot (``rules.murder_city.bot``), six turns, Jovans dealt. Cities are
generated (and verified by the generator) before the clock starts, city ``n % cities`` for game
``n`` with game seed ``n``, each decoded once; each game is set up and played by the platform's
bot loop (:func:`rules.loop.run_bots`, as the server plays bots) to the end.

``python -m benchmarks.mc_games --games 200`` prints the section alone.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

import generator.murder_city  # noqa: F401  (registers the generator)
from api import collector
from generator.registry import generate
from rules.core import Action, ActionSpec, Seat, check_seats, resolve_options
from rules.loop import run_bots
from rules.murder_city.case import SYSTEM_ID, City
from rules.murder_city.game import MurderCity

GAMES = 300
CITIES = 50
SEATS = (2, 4, 5)
MODE = "standard"
#: Games a core should play each second at a table of four bots (issue #10).
TARGET = 50
TARGET_SEATS = 4


#: The clock a bot decision is timed by: ``time.perf_counter`` reads the clock without a system
#: call, where ``time.process_time`` makes one (about 0.6 µs, twice a decision: 2 % of a step).
clock = time.perf_counter


class Timed(MurderCity):
    """The same rules and bots, timing each bot decision (by the wall clock)."""

    def __init__(self) -> None:
        self.decisions = 0
        self.bot_seconds = 0.0

    def bot_choose(
        self, view: Mapping[str, Any], legal: Sequence[ActionSpec], rng: random.Random
    ) -> Action:
        started = clock()
        action = super().bot_choose(view, legal, rng)
        self.bot_seconds += clock() - started
        self.decisions += 1
        return action


@dataclass
class Played:
    seats: int
    steps: list[int] = field(default_factory=list)
    winners: list[int] = field(default_factory=list)  # the winner's credits
    decisions: int = 0
    bot_seconds: float = 0.0
    seconds: float = 0.0
    cpu_seconds: float = 0.0

    @property
    def games(self) -> int:
        return len(self.steps)

    @property
    def rate(self) -> float:
        return self.games / self.cpu_seconds

    @property
    def step_microseconds(self) -> float:
        return self.cpu_seconds / sum(self.steps) * 1e6

    @property
    def bot_microseconds(self) -> float:
        return self.bot_seconds / self.decisions * 1e6


def cities(count: int = CITIES) -> list[dict[str, Any]]:
    """Generated, verified cities for seeds ``0 … count - 1``."""
    return [generate(SYSTEM_ID, seed) for seed in range(count)]


def play(seats: int, cases: Sequence[Mapping[str, Any]], games: int) -> Played:
    system = Timed()
    played = Played(seats)
    table = [Seat(f"Bot {n}", True) for n in range(seats)]
    mode = check_seats(system.SPEC, MODE, table)
    options = resolve_options(mode.options, {})
    decoded: dict[int, City] = {}
    bots = frozenset(range(seats))
    started, cpu = time.perf_counter(), time.process_time()
    for seed in range(games):
        index = seed % len(cases)
        case = decoded.get(index)
        if case is None:
            case = decoded[index] = system.read_case(cases[index])
        state = system.new_game(case, table, MODE, seed=seed, options=options)
        state, steps = run_bots(system, case, state, bots=bots, seed=seed, steps_so_far=0)
        assert system.result(case, state) is not None, "the bots stopped before the end"
        played.steps.append(len(steps))
        played.winners.append(max(desk.credits for desk in state.desks))
    played.seconds = time.perf_counter() - started
    played.cpu_seconds = time.process_time() - cpu
    played.decisions, played.bot_seconds = system.decisions, system.bot_seconds
    return played


def run(games: int = GAMES, count: int = CITIES) -> list[str]:
    started = time.process_time()
    cases = cities(count)
    making = time.process_time() - started
    default = play(TARGET_SEATS, cases, games)  # Python's own collector, for comparison
    collector.settle()  # as the server's workers and `casebook play` set it
    played = [play(seats, cases, games) for seats in SEATS]
    played_rows = [(p, str(p.seats)) for p in played]
    rows = [
        f"{games} games per table on {count} generated cities (city n mod {count}, game seed"
        " n); every seat the rules' bot, six turns, played by the server's bot loop in one"
        " process.",
        "",
        "| bot Jovans | mean steps | µs per step | µs per bot decision | winner's credits (mean)"
        " | games/s per core (CPU) | games/s (wall) | target |",
        "| --- | --- | --- | --- | --- | --- | --- | --- |",
    ]
    for p, label in [(default, f"{TARGET_SEATS}, Python's default collector"), *played_rows]:
        target = f"≥ {TARGET}" if label == str(TARGET_SEATS) else ""
        rows.append(
            f"| {label} | {statistics.fmean(p.steps):.0f} | {p.step_microseconds:.0f} |"
            f" {p.bot_microseconds:.0f} | {statistics.fmean(p.winners):.1f} | {p.rate:,.1f} |"
            f" {p.games / p.seconds:,.1f} | {target} |"
        )
    rows += [
        "",
        "Games/s per core: games over the process's CPU time (the view, the legal moves, the"
        " bot and the rules for every step); the target is issue #10's, for four bots. µs per"
        " bot decision: the bot's own time by the wall clock, with the parts of its view it"
        " reads (made as it reads them). A step is one seat's action, the court's sealed"
        " answers and passes before each roll included. The figures are CPU time on a shared"
        f" machine. {count} cities made beforehand, off the clock, in {making:.1f} s of CPU."
        " The collector is set as the server's workers and `casebook play` set it"
        f" (`api.collector`: what start-up made frozen, the young collected every"
        f" {collector.YOUNG_THRESHOLD:,} allocations), but in the first row, played before"
        " with Python's defaults.",
    ]
    return rows


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--games", type=int, default=GAMES, help="games per table")
    parser.add_argument("--cities", type=int, default=CITIES, help="cities they share")
    args = parser.parse_args(argv)
    print("\n".join(run(args.games, args.cities)))


if __name__ == "__main__":
    main()
