"""HTTP throughput of the game endpoints, as ratios to a Flask hello-world in the same run.

The reference and casebook are served the same way, by ``casebook serve``'s settings: 2 gevent
workers (the default) on SQLite, and 2 sync workers beside them; 4 API processes on PostgreSQL
(when the test server answers), as docs/performance.md sets it, gevent and sync. Each row's
reference is a hello served by the same worker class with the same number of workers, measured
once for each (class, count) used. wrk drives them with 16
connections, each its own thread (-t16 -c16), with Lua scripts over many solo games: each
connection plays its own games, one move after the answer to the last.

Every real system the server serves (the built-in ones) is measured: ``POST`` sends the moves its
built-in bot would play for the person in each solo game (a person alone, or with bots where the
mode takes more seats) (``benchmarks/plays.py``), a few games at a time from their
first move to the end of their plan, so that the moves sent are the mix of whole games, and
enough games that no connection runs out of planned moves (their number follows from the
games' lengths and hello's rate, ``plays.more_games``); then ``GET`` reads the games it
reached, mid-play. Each row names its system. Toy Culprit, a tiny
test-only system whose one move (``investigate``) is the cheapest there is, stays beside them
as the floor.
"""

from __future__ import annotations

import contextlib
import os
import re
import secrets
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Collection, Iterator
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import sqlalchemy as sa

from api.storage import Store
from benchmarks import plays
from benchmarks.plays import Game
from generator import registry as generators
from rules import registry
from rules.core import Action, ModeSpec, System, resolve_options
from tests.api.server.live import ROOT, LiveServer, free_port, request

#: The mode a person plays against bots in a system with no mode for one seat.
SOLO = "solo"
#: Toy Culprit games (one shared case that never runs out of turns).
FLOOR_GAMES = 200
FLOOR = "toy-culprit"
#: The cases each real system's solo games share (as many games as its plans need), game n
#: playing case n % PLAYED_CASES (each game its own seed): fewer than the 256 decoded cases a
#: worker keeps (``api.cases.CACHE_SIZE``). A rotation over more cases than that misses the
#: cache on every request and measures decoding cases instead.
PLAYED_CASES = 200
#: The options of each real system's cases and games (others: the defaults).
CASE_OPTIONS: dict[str, dict[str, Any]] = {"murdered-by-midnight": {"difficulty": "standard"}}
GAME_OPTIONS: dict[str, dict[str, Any]] = {"murdered-by-midnight": {"turn_limit": 400}}
POSTGRES_URL = os.environ.get(
    "CASEBOOK_TEST_POSTGRES_URL", "postgresql+psycopg://postgres@127.0.0.1:5432/test"
)
#: How long each wrk run lasts, in seconds.
SECONDS = 10
DURATION = f"{SECONDS}s"


@dataclass(frozen=True)
class Load:
    requests_per_second: float
    p50_ms: float
    p99_ms: float
    failures: int
    #: What the script's ``done`` printed (the move scripts: each thread's counts).
    report: str = ""
    #: The server's CPU time (every process of it, user and system) per request answered: a
    #: figure a busy machine disturbs far less than requests per second.
    cpu_us: float = 0.0

    def row(self, name: str, setup: str, reference: Load | None) -> str:
        ratio, cpu_ratio = "1.00", "1.00"
        if reference:
            ratio = f"{self.requests_per_second / reference.requests_per_second:.2f}"
            cpu_ratio = f"{reference.cpu_us / self.cpu_us:.2f}" if self.cpu_us else "-"
        return (
            f"| {name} | {setup} | {self.requests_per_second:,.0f} "
            f"| {self.p50_ms:.1f} / {self.p99_ms:.1f} ms | {self.failures} | {ratio} "
            f"| {self.cpu_us:,.0f} us | {cpu_ratio} |"
        )


def server_cpu_seconds(group: int) -> float:
    """CPU time (user and system) of every process in process group ``group``, threads included."""
    ticks = 0
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except OSError:  # the process ended meanwhile
            continue
        if int(fields[2]) == group:  # pgrp; then utime and stime are fields 11 and 12
            ticks += int(fields[11]) + int(fields[12])
    return ticks / os.sysconf("SC_CLK_TCK")


def wrk(url: str, script: Path | None = None, server: int | None = None) -> Load:
    """wrk's figures for ``url``; with ``server`` (its process group), its CPU per request."""
    before = server_cpu_seconds(server) if server else 0.0
    command = [
        "wrk",
        f"-t{plays.THREADS}",
        f"-c{plays.CONNECTIONS}",
        f"-d{DURATION}",
        "--latency",
    ]
    if script is not None:
        command += ["-s", str(script)]
    out = subprocess.run([*command, url], check=True, capture_output=True, text=True).stdout
    rps = float(re.search(r"Requests/sec:\s+([\d.]+)", out).group(1))  # type: ignore[union-attr]
    failures = re.search(r"Non-2xx or 3xx responses: (\d+)", out)
    report = "\n".join(line for line in out.splitlines() if line.startswith("thread "))
    answered = int(re.search(r"(\d+) requests in", out).group(1))  # type: ignore[union-attr]
    cpu = server_cpu_seconds(server) - before if server else 0.0
    return Load(
        rps,
        _latency(out, "50%"),
        _latency(out, "99%"),
        int(failures.group(1)) if failures else 0,
        report,
        cpu / answered * 1e6 if answered else 0.0,
    )


def _latency(out: str, label: str) -> float:
    value, unit = re.search(rf"{label}\s+([\d.]+)(us|ms|s)", out).groups()  # type: ignore[union-attr]
    return float(value) * {"us": 0.001, "ms": 1.0, "s": 1000.0}[unit]


def real_systems(only: Collection[str] | None = None) -> list[System]:
    """The built-in systems (``generator.registry.BUILT_IN``), which every server serves; with
    ``only``, those of these ids."""
    generators.load()
    return [
        entry.system
        for entry in registry.all_registrations()
        if entry.id != FLOOR and (only is None or entry.id in only)
    ]


@dataclass
class Table:
    """One system's games on one server, and what its two measurements found."""

    name: str
    games: list[Game]
    #: The floor's one move; ``None``: each game's planned moves.
    floor_move: Action | None = None
    notes: list[str] = field(default_factory=list)


def _floor_table(server: LiveServer) -> Table:
    """Solo Toy Culprit games that never end (the case allows a billion turns)."""
    case = request(
        server,
        "POST",
        "/v1/cases",
        {"system": FLOOR, "seed": 1, "options": {"max_turns": 10**9}},
    ).body["id"]
    games = []
    for _ in range(FLOOR_GAMES):
        reply = request(
            server,
            "POST",
            "/v1/games",
            {"system": FLOOR, "mode": "solo", "case_id": case, "seats": [{"name": "Ann"}]},
        )
        games.append(Game(reply.body["id"], reply.body["seats"][0]["token"]))
    return Table("Toy Culprit (floor)", games, Action("investigate"))


def solo_table(system: System) -> tuple[ModeSpec, list[dict[str, Any]]]:
    """The mode a person plays alone and its table: a mode for one seat, else the mode called
    ``solo``, else the system's first mode, with bots in the other seats up to its fewest (the
    person at seat 0)."""
    modes = system.SPEC.modes
    mode = next((m for m in modes if m.min_seats <= 1), None)
    if mode is None:
        mode = next((m for m in modes if m.id == SOLO), modes[0])
    bots = [{"name": f"Bot {n}", "bot": True} for n in range(1, mode.min_seats)]
    return mode, [{"name": "Ann"}, *bots]


def _played_table(server: LiveServer, store: Store, system: System, hello_rate: float) -> Table:
    """Solo games of ``system``, each with the moves its bot would play: enough that each
    connection's plans outlast a run against a server whose hello answers ``hello_rate``."""
    system_id = system.SPEC.id
    mode, seats = solo_table(system)
    game_options = GAME_OPTIONS.get(system_id, {})
    # the cases laid out for the table that plays them (a solo game of two officers, say)
    case_options = generators.for_table(
        system_id,
        CASE_OPTIONS.get(system_id, {}),
        mode=mode.id,
        seats=len(seats),
        game_options=resolve_options(mode.options, game_options),
    )

    def new_case(seed: int) -> str:
        body = {"system": system_id, "seed": seed, "options": case_options}
        reply = request(server, "POST", "/v1/cases", body)
        assert reply.status == 201, reply.body
        case: str = reply.body["id"]
        return case

    def new_game(number: int) -> tuple[str, str]:
        body = {
            "system": system_id,
            "mode": mode.id,
            "case_id": cases[number % len(cases)],
            "seats": seats,
            "options": game_options,
        }
        reply = request(server, "POST", "/v1/games", body)
        assert reply.status == 201, reply.body
        return reply.body["id"], reply.body["seats"][0]["token"]

    needed = plays.moves_needed(hello_rate, SECONDS)
    games: list[Game] = []
    with ThreadPoolExecutor(4) as pool:  # the server generates cases on both cores
        cases = list(pool.map(new_case, range(PLAYED_CASES)))
        while more := plays.more_games(games, needed):  # a round is planned as it is made
            made = pool.map(new_game, range(len(games), len(games) + more))
            games += [Game(g, token, plays.planned_moves(store, system, g)) for g, token in made]
    lengths = [len(game.moves) for game in games]
    options = ", ".join(f"{k} {v}" for k, v in {**case_options, **game_options}.items())
    bots = {1: "", 2: " and 1 bot"}.get(len(seats), f" and {len(seats) - 1} bots")
    notes = [
        f"{len(games)} games of {len(cases)} cases, mode {mode.id} (one person{bots}), "
        f"{options or 'default options'}; {sum(lengths):,} moves planned, "
        f"{min(lengths)}-{max(lengths)} a game (median {statistics.median(lengths):.0f}): "
        "the built-in bot's, up to the move that would end the game; each connection holds "
        f"{min(plays.thread_plans(games)):,} or more, planned for {needed:,} "
        f"({plays.MOVE_SHARE} of hello's {hello_rate:,.0f} requests/s for {DURATION}, "
        f"{plays.THREAD_SLACK} times a connection's share)"
    ]
    return Table(system.SPEC.name, games, notes=notes)


def _measure(
    database_url: str,
    folder: Path,
    setup: Setup,
    label: str,
    only: Collection[str] | None,
    hello_rate: float,
) -> list[tuple[Table, Load, Load]]:
    """Each system's GET view and POST action throughput on ``database_url``; its games are
    planned for a server whose hello answers ``hello_rate`` requests a second."""
    server = LiveServer(
        database_url,
        folder / f"{label}.log",
        workers=setup.workers,
        args=("--worker-class", setup.worker_class),
    )
    server.start()
    assert server.process is not None
    group = server.process.pid  # casebook serve runs in a session of its own
    store = Store(database_url)
    try:
        tables = [_played_table(server, store, system, hello_rate) for system in real_systems(only)]
        tables.append(_floor_table(server))
        measured = []
        for number, table in enumerate(tables):
            name = f"{label}-{number}"
            if table.floor_move is None:
                act_script = plays.moves_script(folder, f"{name}-act", table.games)
            else:
                act_script = plays.floor_script(
                    folder, f"{name}-act", table.games, table.floor_move
                )
            time.sleep(0.5)
            act = wrk(server.base, act_script, server=group)
            read = table.games
            if table.floor_move is None:
                note, read = _sent(table, act)
                table.notes.append(note + _check_logs(store, table))
            elif act.failures:
                table.notes.append(f"{act.failures:,} moves refused: look into it")
            view_script = plays.view_script(folder, f"{name}-view", read)
            view = wrk(server.base, view_script, server=group)
            measured.append((table, view, act))
    finally:
        server.kill()
        store.dispose()
    return measured


def _sent(table: Table, act: Load) -> tuple[str, list[Game]]:
    """What the move script sent (how many planned moves, of which kinds, beside the mix of
    every planned move, and any refusals), and the games it reached, which GET then reads."""
    counts = {
        int(m.group(1)): (int(m.group(2)), int(m.group(3)))
        for m in re.finditer(r"thread (\d+) sent (\d+) planned, stopped (\d)", act.report)
    }
    sent = plays.sent(table.games, {part: sent for part, (sent, _) in counts.items()})
    moves = [move for _, move in sent]
    reached = list({game.id: game for game, _ in sent}.values()) or table.games
    stopped = sum(flag for _, flag in counts.values())
    planned = [move for game in table.games for move in game.moves]
    text = (
        f"POST sent {len(moves):,} of the {len(planned):,} planned moves, playing "
        f"{len(reached)} games: {plays.mix(moves)} (every planned move: {plays.mix(planned)})"
    )
    if stopped:
        text += (
            f"; {stopped} of {plays.THREADS} connections ran out of plans and stopped before "
            "the end, so the rate is low: plan more games (plays.MOVE_SHARE)"
        )
    if act.failures:
        text += f"; {act.failures:,} planned moves refused (non-2xx): look into it"
    return text, reached


def _check_logs(store: Store, table: Table) -> str:
    """Each game's stored log (the person's steps; bots answer between them) must be the start
    of its plan: moves arrived in order."""
    wrong = 0
    for game in table.games:
        logged = [step.action for step in store.list_steps(game.id) if step.seat == plays.SEAT]
        if logged != [move.to_json() for move in game.moves[: len(logged)]]:
            wrong += 1
    if wrong:
        return f"; {wrong} games' stored logs differ from their plans (moves out of order)"
    return "; every game's stored log is the start of its plan"


@contextlib.contextmanager
def _postgres_schema() -> Iterator[str | None]:
    """A fresh schema in the test PostgreSQL database, or ``None`` when no server answers."""
    url = sa.make_url(POSTGRES_URL)
    engine = sa.create_engine(url, poolclass=sa.NullPool, connect_args={"connect_timeout": 2})
    schema = f"bench_{secrets.token_hex(6)}"
    try:
        with engine.begin() as conn:
            conn.exec_driver_sql(f"CREATE SCHEMA {schema}")
    except sa.exc.DBAPIError:
        engine.dispose()
        yield None
        return
    try:
        yield url.update_query_dict({"options": f"-csearch_path={schema}"}).render_as_string(
            hide_password=False
        )
    finally:
        with engine.begin() as conn:
            conn.exec_driver_sql(f"DROP SCHEMA {schema} CASCADE")
        engine.dispose()


@dataclass(frozen=True)
class Setup:
    """One way of serving: a database, how many worker processes, and which worker class."""

    database: str
    workers: int
    worker_class: str

    @property
    def label(self) -> str:
        return f"{self.database}, {self.workers} {self.worker_class}"

    def url(self, folder: Path) -> contextlib.AbstractContextManager[str | None]:
        if self.database == "SQLite":
            return contextlib.nullcontext(f"sqlite:///{folder / 'bench.sqlite3'}")
        return _postgres_schema()


#: What is measured: the default serving (gevent) on both databases, and sync workers beside it,
#: the serving the targets were set with (4 API processes on PostgreSQL).
SETUPS = (
    Setup("SQLite", 2, "gevent"),
    Setup("SQLite", 2, "sync"),
    Setup("PostgreSQL", 4, "gevent"),
    Setup("PostgreSQL", 4, "sync"),
)


def hello(worker_class: str, workers: int) -> Load:
    """The reference, served by ``casebook serve``'s settings with ``workers`` of
    ``worker_class``: a row is compared with a hello served the same way."""
    port = free_port()
    server = subprocess.Popen(
        [sys.executable, "-m", "benchmarks.hello", str(port), worker_class, str(workers)],
        cwd=ROOT,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        start_new_session=True,
    )
    try:
        time.sleep(1.5)
        return wrk(f"http://127.0.0.1:{port}/hello", server=server.pid)
    finally:
        os.killpg(server.pid, signal.SIGKILL)
        server.wait()


def _rows(
    url: str,
    folder: Path,
    setup: Setup,
    reference: Load,
    notes: list[str],
    only: Collection[str] | None,
) -> list[str]:
    """The GET and POST rows of each system served by ``setup``; its notes go to ``notes``."""
    rows = []
    label = f"{setup.database.lower()}-{setup.worker_class}"
    measured = _measure(url, folder, setup, label, only, reference.requests_per_second)
    for table, view, act in measured:
        rows.append(view.row(f"{table.name}: GET /v1/games/{{id}}", setup.label, reference))
        rows.append(act.row(f"{table.name}: POST /v1/games/{{id}}/actions", setup.label, reference))
        notes += [f"- {table.name}, {setup.label}: {note}." for note in table.notes]
    return rows


def run(only: Collection[str] | None = None) -> list[str]:
    """Every row; ``only``: the real systems of these ids alone (beside hello and the floor),
    to measure one system again."""
    if shutil.which("wrk") is None:
        return ["HTTP benchmarks skipped: wrk is not installed (apt-get install wrk)."]
    rows = [
        "| endpoint | database, workers | requests/s | p50 / p99 | non-2xx | ratio to hello "
        "| server CPU / request | CPU ratio (hello's ÷ this) |",
        "| --- | --- | --- | --- | --- | --- | --- | --- |",
    ]
    notes: list[str] = []
    started = time.monotonic()
    served = sorted({(s.worker_class, s.workers) for s in SETUPS})
    references = {(kind, count): hello(kind, count) for kind, count in served}
    for (kind, count), reference in references.items():
        rows.append(reference.row("Flask hello JSON (reference)", f"none, {count} {kind}", None))
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        for setup in SETUPS:
            with setup.url(folder) as url:
                if url is None:
                    skipped = "skipped: no server at CASEBOOK_TEST_POSTGRES_URL"
                    rows.append(f"| {setup.database} {skipped} |")
                    continue
                reference = references[setup.worker_class, setup.workers]
                rows += _rows(url, folder, setup, reference, notes, only)
    minutes = (time.monotonic() - started) / 60
    return [
        *rows,
        "",
        f"Each wrk run lasts {DURATION}; hello is measured first, once for each worker class and "
        "count, as the reference of every row served the same way. On each database, POST runs "
        "first and GET then reads the games it reached, mid-play. Each real system plays solo "
        "games (its mode for one seat, or its solo mode, else its first: one person and the "
        "fewest bots). "
        f"This section took {minutes:.1f} minutes.",
        "",
        *notes,
    ]
