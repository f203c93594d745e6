"""Murder, She Wrote bot-only games: how often each side wins, and games per second (issue #11).

Every seat a bot (``rules.murder_she_wrote.bot``), 3, 4 and 6 seats, basic and advanced rules,
the turn limit at its default. Islands are generated (and verified by the generator) before the
clock starts, island ``n % islands`` for game ``n`` with game seed ``n``; each island is decoded
once (as the server keeps decoded cases, ``api/cases.py``); each game is then set up, played by
the platform's bot loop (:func:`rules.loop.run_bots`, as the server plays bots) to the end, and
its result read.

The Jessicas win when one of them catches the Murderer; the Murderer wins when it escapes or
every Jessica has accused wrongly; nobody wins at the turn limit. Equally good bots should not
let either side win much more than 60 % (issue #11). Beside the rates: how the Jessicas'
accusations went (sure ones, with one suspect left, are never wrong; guesses are among two),
how many islanders died, how long a game lasted, and what a bot's decision costs on its own.

``python -m benchmarks.msw_games --games 1000`` prints the section alone.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

import generator.murder_she_wrote  # noqa: F401  (registers the generator)
from generator.registry import generate
from rules.core import Action, ActionSpec, Seat, check_seats, resolve_options
from rules.loop import run_bots
from rules.murder_she_wrote import bot_deduce
from rules.murder_she_wrote.case import SYSTEM_ID, Island
from rules.murder_she_wrote.game import MurderSheWrote
from rules.murder_she_wrote.spec import Ending

GAMES = 1000
ISLANDS = 200
SEATS = (3, 4, 6)
RULES = ("basic", "advanced")
MODE = "standard"
#: Games a core should play each second at a table of four bots (issue #11).
TARGET = 100
TARGET_SEATS = 4
#: Neither side should win more often than this with equally good bots (issue #11).
FAIR_SHARE = 0.60

JESSICAS_WIN = frozenset({Ending.CAUGHT.value})
MURDERER_WINS = frozenset({Ending.ESCAPED.value, Ending.NO_JESSICAS.value})


class Timed(MurderSheWrote):
    """The same rules and bots, timing each bot decision and noting each accusation: sure
    (one suspect left in the accuser's view) or a guess, and whether it was right."""

    def __init__(self) -> None:
        self.murderer = -1
        self.decisions = 0
        self.bot_seconds = 0.0
        self.accusations: Counter[tuple[bool, bool]] = Counter()  # (sure, right)

    def bot_choose(
        self, view: Mapping[str, Any], legal: Sequence[ActionSpec], rng: random.Random
    ) -> Action:
        started = time.process_time()
        action = super().bot_choose(view, legal, rng)
        self.bot_seconds += time.process_time() - started
        self.decisions += 1
        if "accuse" in action.params:
            sure = len(bot_deduce.read(view).candidates) == 1
            self.accusations[(sure, action.params["accuse"] == self.murderer)] += 1
        return action


@dataclass
class Played:
    """One table's games: endings, lengths, deaths, accusations and the time they took."""

    rules: str
    seats: int
    endings: Counter[str] = field(default_factory=Counter)
    steps: list[int] = field(default_factory=list)
    rounds: list[int] = field(default_factory=list)
    dead: list[int] = field(default_factory=list)
    accusations: Counter[tuple[bool, bool]] = field(default_factory=Counter)
    decisions: int = 0
    bot_seconds: float = 0.0
    seconds: float = 0.0  # wall clock
    cpu_seconds: float = 0.0  # this process's CPU time: a core's work, whatever else runs

    @property
    def games(self) -> int:
        return len(self.steps)

    def share(self, endings: frozenset[str]) -> float:
        return sum(self.endings[e] for e in endings) / self.games

    @property
    def jessicas(self) -> float:
        return self.share(JESSICAS_WIN)

    @property
    def murderer(self) -> float:
        return self.share(MURDERER_WINS)

    @property
    def rate(self) -> float:
        """Games a second of one core's CPU time."""
        return self.games / self.cpu_seconds

    @property
    def bot_microseconds(self) -> float:
        """A bot decision's own CPU time, on average (the view and legal moves not included)."""
        return self.bot_seconds / self.decisions * 1e6

    def accused(self, sure: bool) -> tuple[int, int]:
        """Accusations of that kind: how many, how many right."""
        made = self.accusations[(sure, True)] + self.accusations[(sure, False)]
        return made, self.accusations[(sure, True)]


def islands(count: int = ISLANDS) -> list[dict[str, Any]]:
    """Generated, verified islands for seeds ``0 … count - 1`` (every size)."""
    return [generate(SYSTEM_ID, seed) for seed in range(count)]


def play(
    rules: str, seats: int, cases: Sequence[Mapping[str, Any]], games: int, first_seed: int = 0
) -> Played:
    """``games`` bot-only games at a table of ``seats``: game seed ``n`` on case ``n % len``."""
    system = Timed()
    played = Played(rules, seats)
    bots = frozenset(range(seats))
    table = [Seat(f"Bot {n}", True) for n in range(seats)]
    mode = check_seats(system.SPEC, MODE, table)
    options = resolve_options(mode.options, {"rules": rules})
    decoded: dict[int, Island] = {}
    started, cpu = time.perf_counter(), time.process_time()
    for seed in range(first_seed, first_seed + games):
        index = seed % len(cases)
        case = decoded.get(index)
        if case is None:
            case = decoded[index] = system.read_case(cases[index])
        state = system.new_game(case, table, MODE, seed=seed, options=options)
        system.murderer = state.murderer
        state, steps = run_bots(system, case, state, bots=bots, seed=seed, steps_so_far=0)
        outcome = system.result(case, state)
        assert outcome is not None, "the bots stopped before the end"
        played.endings[outcome.ending] += 1
        played.steps.append(len(steps))
        played.rounds.append(state.round)
        played.dead.append(len(state.dead))
    played.seconds = time.perf_counter() - started
    played.cpu_seconds = time.process_time() - cpu
    played.decisions, played.bot_seconds = system.decisions, system.bot_seconds
    played.accusations = system.accusations
    return played


def play_all(games: int = GAMES, count: int = ISLANDS) -> tuple[list[Played], float]:
    """Every table's games, and the CPU seconds the islands took to make."""
    started = time.process_time()
    cases = islands(count)
    making = time.process_time() - started
    return [play(rules, seats, cases, games) for rules in RULES for seats in SEATS], making


def run(games: int = GAMES, count: int = ISLANDS) -> list[str]:
    played, making = play_all(games, count)
    rows = [
        f"{games} games per table on {count} generated islands (island n mod {count}, game"
        " seed n); every seat the rules' bot, played by the server's bot loop in one process.",
        "",
        "| rules, seats | Jessicas win | Murderer wins | nobody (time up) | sure accusations"
        " (right) | guesses (right) | dead at the end | mean rounds | mean steps | µs per bot"
        " decision | games/s per core (CPU) | games/s (wall) | target |",
        "| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |",
    ]
    for p in played:
        sure, sure_right = p.accused(True)
        guessed, guessed_right = p.accused(False)
        target = f"≥ {TARGET}" if p.seats == TARGET_SEATS else ""
        rows.append(
            f"| {p.rules}, {p.seats} | {p.jessicas:.1%} | {p.murderer:.1%} |"
            f" {p.share(frozenset({Ending.TIME_UP.value})):.1%} |"
            f" {sure:,} ({sure_right:,}) | {guessed:,} ({guessed_right:,}) |"
            f" {statistics.fmean(p.dead):.2f} | {statistics.fmean(p.rounds):.1f} |"
            f" {statistics.fmean(p.steps):.1f} | {p.bot_microseconds:.1f} | {p.rate:,.1f} |"
            f" {p.games / p.seconds:,.1f} | {target} |"
        )
    endings = "; ".join(
        f"{p.rules} {p.seats}: " + ", ".join(f"{e} {n}" for e, n in sorted(p.endings.items()))
        for p in played
    )
    rows += [
        "",
        f"Endings: {endings}. The Jessicas win by `{Ending.CAUGHT.value}`; the Murderer by"
        f" `{Ending.ESCAPED.value}` or `{Ending.NO_JESSICAS.value}`. A sure accusation names"
        " the one suspect the accuser's view leaves; a guess is made late, among two. Neither"
        f" side should win more than {FAIR_SHARE:.0%} (issue #11). µs per bot decision: the"
        " bot's own time (the view and the legal moves, made by the engine, not included)."
        " Games/s per core: games over the process's CPU time; the target is issue #11's, for"
        f" four bots. {count} islands made beforehand, off the clock, in {making:.1f} s of CPU.",
    ]
    return rows


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--games", type=int, default=GAMES, help="games per table")
    parser.add_argument("--islands", type=int, default=ISLANDS, help="islands they share")
    args = parser.parse_args(argv)
    print("\n".join(run(args.games, args.islands)))


if __name__ == "__main__":
    main()
