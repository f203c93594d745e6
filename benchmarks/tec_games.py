"""Tiny Epic Crimes bot-only games: how often the murderer is caught, and games per second.

Every mode of ``rules.tiny_epic_crimes.spec.SPEC`` is played (a mode added there is picked up
here): at its largest table up to four officers, every seat a bot, its options at their
defaults. Cases are made (and verified) before the clock starts, one per game, laid out for the
table's size; each game is then set up, played by the platform's bot loop
(:func:`rules.loop.run_bots`, as the server plays bots) to the end, and its result read.

Beside the catch rate, each accusation is compared with what its officer knew when it made it
(the alibis and evidence values its view shows: its own, and those it saw or peeked at): an
honest guess among the suspects that view leaves is right ``1 / left`` of the time, so a bot
whose accusations are right about that often accuses well and is held back by how little it
learns, not by how it guesses.

``python -m benchmarks.tec_games --games 1000`` prints the section alone.
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

from generator.tiny_epic_crimes import envelope
from rules.core import Action, ActionSpec, ModeSpec, Seat, SetupError, start
from rules.loop import run_bots
from rules.tiny_epic_crimes.game import SYSTEM, TinyEpicCrimes

GAMES = 1000
OFFICERS = 4
#: Games a core should play each second at a table of four bots (issue #9).
TARGET = 20
SOLVED = "solved"


@dataclass
class Tally:
    """Accusations: how many, how many named the murderer, and the sum of their honest
    chances (1 / the suspects the accuser's view left)."""

    made: int = 0
    right: int = 0
    chance: float = 0.0

    def add(self, right: bool, chance: float) -> None:
        self.made += 1
        self.right += right
        self.chance += chance

    def cell(self) -> str:
        if not self.made:
            return "–"
        return f"{self.right / self.made:.1%} vs {self.chance / self.made:.1%} ({self.made:,})"


@dataclass
class Accusations(Tally):
    """Every accusation the bots made, and the same split by how many solved evidences the
    accuser's view held."""

    by_known: dict[int, Tally] = field(default_factory=dict)

    def note(self, known: int, right: bool, chance: float) -> None:
        self.add(right, chance)
        self.by_known.setdefault(known, Tally()).add(right, chance)


class Watched(TinyEpicCrimes):
    """The same rules and bot, noting what each accusing bot knew (its view's alibis and
    solved evidence) and whom it named."""

    def __init__(self) -> None:
        self.murderer = ""
        self.accusations = Accusations()

    def bot_choose(
        self, view: Mapping[str, Any], legal: Sequence[ActionSpec], rng: random.Random
    ) -> Action:
        action = super().bot_choose(view, legal, rng)
        if action.type == "accuse":
            self.accusations.note(
                len(known_evidence(view)),
                action.params.get("murderer") == self.murderer,
                1 / len(suspects_left(view)),
            )
        return action


def known_evidence(view: Mapping[str, Any]) -> dict[str, str]:
    """The evidence values a view shows its seat: those it holds and those it peeked at."""
    return {**view.get("evidence", {}), **view.get("peeked_evidence", {})}


def alibis(view: Mapping[str, Any]) -> set[str]:
    """The suspects a view shows to be innocent: its own Suspect Cards and those it has seen
    in another officer's hand."""
    held = set(view.get("suspects", ()))
    return held | {card for cards in view.get("seen_suspects", {}).values() for card in cards}


def suspects_left(view: Mapping[str, Any]) -> list[str]:
    """The suspects a view leaves: no alibi, every known evidence matching (all sixteen when
    the view rules none out)."""
    innocent = alibis(view)
    known = known_evidence(view)
    suspects = view["case"]["suspects"]
    left = [
        s["letter"]
        for s in suspects
        if s["letter"] not in innocent and all(s.get(e) == v for e, v in known.items())
    ]
    return left or [s["letter"] for s in suspects]


@dataclass(frozen=True)
class Table:
    """How a mode is played here: its seats, its options, and the players a case is made for."""

    mode: ModeSpec
    seats: int
    options: dict[str, Any]
    players: int

    @property
    def label(self) -> str:
        bots = f"{self.seats} bot" + ("s" if self.seats > 1 else "")
        chosen = ", ".join(f"{k} {v}" for k, v in self.options.items())
        return f"{self.mode.id}, {bots}" + (f" ({chosen})" if chosen else "")


def table_for(mode: ModeSpec) -> Table:
    """The mode's largest table up to :data:`OFFICERS` bots, its options at their defaults, and
    the table size a case must be laid out for (the first the rules accept, asked of them)."""
    seats = min(mode.max_seats, OFFICERS)
    options = {option.name: option.default for option in mode.options}
    preferred = [v for v in options.values() if isinstance(v, int) and 1 <= v <= OFFICERS]
    for players in dict.fromkeys([*preferred, seats, *range(OFFICERS, 0, -1)]):
        try:
            _open(envelope(0, {"players": players}), mode.id, seats, options, 0)
        except SetupError:
            continue
        return Table(mode, seats, options, players)
    raise SetupError(f"no case size fits a {mode.id} table of {seats}", code="setup/case-players")


def _open(env: Mapping[str, Any], mode: str, seats: int, options: dict[str, Any], seed: int) -> Any:
    table = [Seat(f"Bot {n}", True) for n in range(seats)]
    return start(SYSTEM, env, table, mode, seed=seed, options=options)


@dataclass
class Played:
    """A mode's games: steps, endings, solved evidences, accusations and the time they took."""

    table: Table
    steps: list[int] = field(default_factory=list)
    endings: Counter[str] = field(default_factory=Counter)
    solved: list[int] = field(default_factory=list)
    accusations: Accusations = field(default_factory=Accusations)
    seconds: float = 0.0  # wall clock
    cpu_seconds: float = 0.0  # this process's CPU time: a core's work, whatever else runs

    @property
    def games(self) -> int:
        return len(self.steps)

    @property
    def caught(self) -> float:
        return self.endings[SOLVED] / self.games

    @property
    def rate(self) -> float:
        """Games a second of one core's CPU time."""
        return self.games / self.cpu_seconds

    @property
    def wall_rate(self) -> float:
        return self.games / self.seconds


def cases_for(players: int, games: int) -> list[dict[str, Any]]:
    return [envelope(seed, {"players": players}) for seed in range(games)]


def play(table: Table, cases: Sequence[Mapping[str, Any]]) -> Played:
    """Every case once, by bots, seed ``n`` for the ``n``-th game."""
    system = Watched()
    played = Played(table, accusations=system.accusations)
    bots = frozenset(range(table.seats))
    started, cpu = time.perf_counter(), time.process_time()
    for seed, env in enumerate(cases):
        case, state = _open(env, table.mode.id, table.seats, table.options, seed)
        system.murderer = case.solution.murderer
        state, steps = run_bots(system, case, state, bots=bots, seed=seed, steps_so_far=0)
        outcome = system.result(case, state)
        assert outcome is not None, "the bots stopped before the end"
        played.steps.append(len(steps))
        played.endings[outcome.ending] += 1
        played.solved.append(len(state.solved))
    played.seconds = time.perf_counter() - started
    played.cpu_seconds = time.process_time() - cpu
    return played


def play_every_mode(games: int = GAMES) -> tuple[list[Played], dict[int, float]]:
    """Each mode's games, and the CPU seconds each case size's verified cases took to make."""
    tables = [table_for(mode) for mode in SYSTEM.SPEC.modes]
    cases: dict[int, list[dict[str, Any]]] = {}
    making: dict[int, float] = {}
    for players in dict.fromkeys(t.players for t in tables):
        started = time.process_time()
        cases[players] = cases_for(players, games)
        making[players] = time.process_time() - started
    return [play(t, cases[t.players]) for t in tables], making


def run(games: int = GAMES) -> list[str]:
    played, making = play_every_mode(games)
    rows = [
        f"{games} games per mode, case n and game seed n for n = 0 … {games - 1}; every seat a"
        " bot (the rules' own bot), played by the server's bot loop in one process.",
        "",
        "| table | murderer caught | accusations right | honest chance of those accusations"
        " | evidence solved | mean steps (median) | games/s per core (CPU) | games/s (wall)"
        " | target |",
        "| --- | --- | --- | --- | --- | --- | --- | --- | --- |",
    ]
    for p in played:
        a = p.accusations
        target = f"≥ {TARGET}" if p.table.seats == OFFICERS else ""
        rows.append(
            f"| {p.table.label} | {p.caught:.1%} | {a.right / a.made:.1%} of {a.made:,} |"
            f" {a.chance / a.made:.1%} | {statistics.fmean(p.solved):.2f} of 5 |"
            f" {statistics.fmean(p.steps):.1f} ({statistics.median(p.steps):.0f}) |"
            f" {p.rate:,.1f} | {p.wall_rate:,.1f} | {target} |"
        )
    rows += [
        "",
        "Accusations by the evidence values the accuser's view showed (right vs honest chance,"
        " and how many): fewer than four leave a guess among the suspects left.",
        "",
        "| table | " + " | ".join(f"{k} known" for k in range(6)) + " |",
        "| --- | " + " | ".join("---" for _ in range(6)) + " |",
    ]
    for p in played:
        known = p.accusations.by_known
        rows.append(
            f"| {p.table.label} | "
            + " | ".join(known.get(k, Tally()).cell() for k in range(6))
            + " |"
        )
    endings = "; ".join(
        f"{p.table.mode.id}: " + ", ".join(f"{e} {n}" for e, n in sorted(p.endings.items()))
        for p in played
    )
    made = ", ".join(
        f"{games} for {players} players in {seconds:.1f} s of CPU ({games / seconds * 60:,.0f} a"
        " minute on one core)"
        for players, seconds in making.items()
    )
    rows += [
        "",
        f"Endings: {endings}. Murderer caught: the game's ending is `{SOLVED}` (some officer,"
        " or the team, named the murderer). Honest chance: the mean of 1 / (suspects the"
        " accuser's view left) over the accusations, what guessing among them is worth; in the"
        " team modes each accusation is one officer's vote. Games/s per core: games over the"
        " process's CPU time (the wall-clock rate beside it drops when other work shares the"
        " cores); the target is issue #9's, for four bots."
        f" Verified cases made beforehand, off the clock: {made}.",
    ]
    return rows


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--games", type=int, default=GAMES, help="games per mode")
    print("\n".join(run(parser.parse_args(argv).games)))


if __name__ == "__main__":
    main()
