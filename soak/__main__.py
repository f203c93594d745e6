"""``make soak``: the long versions of the hardening suite, written to SOAK.md with the machine
and date (as ``make bench`` writes BENCHMARKS.md).

- the leak scan over 1,000 random games of every system and mode, against real servers;
- the authorization matrix, walked against real servers;
- 16 clients × 200 attempts racing on one game, with the broken-store negative control;
- 500 ``kill -9`` of the whole server during load;
- schemathesis at 200 examples per operation, its stateful phase included.

On SQLite, and on PostgreSQL shared by 4 worker processes when ``CASEBOOK_TEST_POSTGRES_URL``
answers. Smaller runs for a try: ``python -m soak --games 30 --kills 5 --attempts 20
--examples 10``; SOAK.md then says it was reduced. Exits 1 if any target is missed.
"""

from __future__ import annotations

import argparse
import contextlib
import datetime
import math
import os
import platform
import re
import secrets
import subprocess
import sys
import tempfile
import time
import traceback
from collections.abc import Callable, Iterator
from functools import partial
from pathlib import Path

from api.storage import Store
from generator import registry as generators
from rules import registry
from tests.api.server.live import LiveServer
from tests.conftest import postgres_available, postgres_schema
from tests.suite.authorization import cells, load
from tests.suite.client import OverHttp
from tests.suite.kills import kill_during_load
from tests.suite.race import check_acknowledged, race, start_game
from tests.suite.scan import scan
from tests.suite.test_authorization import walk

ROOT = Path(__file__).resolve().parents[1]
OUTPUT = ROOT / "SOAK.md"
PLUGINS = "tests.toy,tests.nightfall"
FULL = {"games": 1000, "kills": 500, "attempts": 200, "examples": 200}


def machine() -> str:
    return f"{platform.node()}, {os.cpu_count()} cores, Python {platform.python_version()}"


@contextlib.contextmanager
def sqlite_url(folder: Path, name: str) -> Iterator[str]:
    yield f"sqlite:///{folder / (name + '.sqlite3')}"


Backend = tuple[str, Callable[[], contextlib.AbstractContextManager[str]], int]


def backends(folder: Path) -> list[Backend]:
    """(name, a fresh database, worker processes) for each database the run can use."""
    found: list[Backend] = [("SQLite", lambda: sqlite_url(folder, secrets.token_hex(4)), 2)]
    if postgres_available():
        found.append(("PostgreSQL", lambda: postgres_schema("soak"), 4))
    return found


@contextlib.contextmanager
def served(url: str, folder: Path, workers: int, plugins: str = PLUGINS) -> Iterator[LiveServer]:
    server = LiveServer(
        url, folder / "server.log", workers=workers, env={"CASEBOOK_PLUGINS": plugins}
    )
    server.start()
    try:
        yield server
    finally:
        server.kill()


@contextlib.contextmanager
def opened(url: str) -> Iterator[Store]:
    store = Store(url)
    try:
        yield store
    finally:
        store.dispose()


class Run:
    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.missed: list[str] = []

    def target(self, held: bool, what: str) -> str:
        if not held:
            self.missed.append(what)
        return "held" if held else "**MISSED**"

    def section(self, title: str, make: Callable[[], list[str]]) -> list[str]:
        """The rows of one section; one that could not run says why, and misses its target."""
        print(f"soak: {title}", flush=True)
        try:
            return make()
        except Exception as error:  # noqa: BLE001  (the other sections still run)
            traceback.print_exc()
            self.missed.append(f"{title}: did not complete")
            return [f"The run did not complete: `{type(error).__name__}: {str(error)[:300]}`"]

    def leaks(self, games: int) -> list[str]:
        rows = [
            "| database | games | finished | answers scanned | leaks | minutes | target |",
            "| --- | ---: | ---: | ---: | ---: | ---: | --- |",
        ]
        places = backends(self.folder)
        modes = sum(len(entry.system.SPEC.modes) for entry in registry.all_registrations())
        for name, database, workers in places:
            per_mode = max(1, math.ceil(games / len(places) / modes))
            started = time.monotonic()
            with (
                database() as url,
                served(url, self.folder, workers) as server,
                opened(url) as store,
            ):
                report = scan(OverHttp(server), store, games_per_mode=per_mode, seed=1000)
            minutes = (time.monotonic() - started) / 60
            for leak in report.leaks[:20]:
                print("LEAK", leak, flush=True)
            rows.append(
                f"| {name} ({workers} workers) | {report.games:,} | {report.finished:,} | "
                f"{report.answers:,} | {len(report.leaks)} | {minutes:.1f} | "
                f"{self.target(not report.leaks, f'leak scan on {name}')} |"
            )
        return rows

    def matrix(self) -> list[str]:
        rows = ["| database | cells | mismatches | target |", "| --- | ---: | ---: | --- |"]
        for name, database, workers in backends(self.folder):
            with database() as url, served(url, self.folder, workers) as server:
                mismatches, asked = walk(OverHttp(server))
            for line in mismatches[:20]:
                print("MISMATCH", line, flush=True)
            rows.append(
                f"| {name} ({workers} workers) | {asked} | {len(mismatches)} | "
                f"{self.target(not mismatches, f'authorization on {name}')} |"
            )
        assert asked == len(list(cells(load())))
        return rows

    def races(self, attempts: int) -> list[str]:
        rows = [
            "| database | store | attempts | acknowledged | 412/409 | 5xx | p99 move | "
            "lost or doubled | target |",
            "| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | --- |",
        ]
        for name, database, workers in backends(self.folder):
            for broken in (False, True):
                plugins = PLUGINS + (",tests.suite.broken_store" if broken else "")
                with database() as url:
                    with served(url, self.folder, workers, plugins) as server:
                        transport = OverHttp(server)
                        game, tokens = start_game(transport)
                        tally = race(
                            transport, {game: tokens}, clients=16, attempts=attempts, seed=200
                        )
                    with opened(url) as store:
                        problems = check_acknowledged(store, tally, {game: tokens})
                errors = sum(n for status, n in tally.statuses.items() if status >= 500)
                held = bool(problems) if broken else not problems and not errors
                what = "catches the broken store" if broken else "no lost or doubled move"
                rows.append(
                    f"| {name} ({workers} workers) | "
                    f"{'no compare-and-set (negative control)' if broken else 'casebook'} | "
                    f"{16 * attempts:,} | {len(tally.acknowledged):,} | "
                    f"{tally.statuses[412] + tally.statuses[409]:,} | {errors} | "
                    f"{tally.p99() * 1000:.0f} ms | {len(problems)} | "
                    f"{self.target(held, f'race on {name}: {what}')} |"
                )
        return rows

    def kills(self, kills: int) -> list[str]:
        rows = [
            "| database | kills | acknowledged moves | lost | integrity_check | minutes | target |",
            "| --- | ---: | ---: | ---: | --- | ---: | --- |",
        ]
        places = backends(self.folder)
        shares = [kills - kills // 5 * (len(places) - 1)] + [kills // 5] * (len(places) - 1)
        for (name, database, workers), count in zip(places, shares, strict=True):
            if not count:
                continue
            started = time.monotonic()
            with database() as url:
                server = LiveServer(
                    url,
                    self.folder / "kills.log",
                    workers=workers,
                    env={"CASEBOOK_PLUGINS": PLUGINS},
                )
                server.start()
                try:
                    report = kill_during_load(server, url, kills=count, seed=500)
                finally:
                    server.kill()
            for line in report.problems[:20]:
                print("KILL", line, flush=True)
            rows.append(
                f"| {name} ({workers} workers) | {report.kills} | "
                f"{len(report.tally.acknowledged):,} | {len(report.problems)} | "
                f"{report.integrity} | {(time.monotonic() - started) / 60:.1f} | "
                f"{self.target(not report.problems, f'kills on {name}')} |"
            )
        return rows

    def fuzz(self, examples: int) -> list[str]:
        started = time.monotonic()
        env = {**os.environ, "ST_EXAMPLES": str(examples), "ST_STATEFUL_EXAMPLES": str(examples)}
        command = [
            sys.executable,
            "-m",
            "pytest",
            "-q",
            "-p",
            "no:cacheprovider",
            "tests/api/test_fuzz.py",
            "tests/suite/test_stateful_fuzz.py",
        ]
        done = subprocess.run(command, cwd=ROOT, env=env, capture_output=True, text=True)
        summary = (done.stdout.strip().splitlines() or ["(no output)"])[-1]
        if done.returncode:
            print(done.stdout[-5000:], flush=True)
        # What failed, in schemathesis's own words: the test, and each distinct failure.
        failures = [
            line.strip(" |_")
            for line in done.stdout.splitlines()
            if re.match(r"_+ test|\s*\| - ST\d+ |\s*\|\s+Expected ", line)
        ]
        return [
            "| examples per operation | stateful scenarios | result | minutes | target |",
            "| ---: | ---: | --- | ---: | --- |",
            f"| {examples} | {examples} | {summary.strip('= ')} | "
            f"{(time.monotonic() - started) / 60:.1f} | "
            f"{self.target(done.returncode == 0, 'schemathesis')} |",
            *([""] if failures else []),
            *(f"- `{line[:200]}`" for line in dict.fromkeys(failures)),
        ]


def main() -> int:
    parser = argparse.ArgumentParser(prog="python -m soak", description=__doc__.split("\n")[0])
    for name, full in FULL.items():
        parser.add_argument(
            f"--{name}", type=int, default=int(os.environ.get(f"SOAK_{name.upper()}", full))
        )
    parser.add_argument("--output", type=Path, default=OUTPUT)
    args = parser.parse_args()
    generators.load()
    generators.load(PLUGINS.split(","))
    started = time.monotonic()
    with tempfile.TemporaryDirectory(prefix="soak-") as folder:
        run = Run(Path(folder))
        planned: dict[str, Callable[[], list[str]]] = {
            f"Leak scan: {args.games:,} random games of every system and mode": partial(
                run.leaks, args.games
            ),
            "Authorization matrix (tests/suite/authorization.yaml)": run.matrix,
            f"16 clients racing on one game, {args.attempts} attempts each": partial(
                run.races, args.attempts
            ),
            f"kill -9 of the whole server during load, {args.kills} times": partial(
                run.kills, args.kills
            ),
            f"schemathesis, {args.examples} examples per operation, stateful included": partial(
                run.fuzz, args.examples
            ),
        }
        sections = {title: run.section(title, make) for title, make in planned.items()}
    reduced = {name: getattr(args, name) for name in FULL if getattr(args, name) != FULL[name]}
    scale = (
        (
            "a **reduced run** ("
            + ", ".join(f"{k} {v} instead of {FULL[k]}" for k, v in reduced.items())
            + ")"
        )
        if reduced
        else "the full run"
    )
    lines = [
        "# Soak",
        "",
        f"Measured {datetime.date.today().isoformat()} on {machine()} by `make soak`: {scale}.",
        "Targets of zero (leaks, authorization mismatches, lost or doubled moves, 5xx) are "
        "absolute; each negative control must be caught. See docs/reliability.md.",
        f"The whole run took {(time.monotonic() - started) / 60:.1f} minutes; "
        + ("every target held." if not run.missed else "missed: " + "; ".join(run.missed) + "."),
    ]
    for title, rows in sections.items():
        lines += ["", f"## {title}", "", *rows]
    text = "\n".join(lines) + "\n"
    args.output.write_text(text)
    print(text)
    return 1 if run.missed else 0


if __name__ == "__main__":
    sys.exit(main())
