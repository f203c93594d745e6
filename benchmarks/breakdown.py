"""Where a read and a move spend their time, in process, part by part, for every served system.

The app is served in this process (no HTTP server: that part is the HTTP section's) on a SQLite
file with ``synchronous=FULL``, the collector set as the server's workers set it
(``api.collector``). Each part is timed by wrapping the function that does it for the
measured requests only; "the rest" is what the whole request took beyond the timed parts:
Flask, the request hooks, reading the query and body, and dumping the answer. CPU time is the
process's (user and system: an fsync's work in the kernel counts); wall time adds the waits (the
fsync itself).
"""

from __future__ import annotations

import functools
import tempfile
import time
from collections import defaultdict
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from werkzeug.test import EnvironBuilder

from api import collector
from api.app import create_app
from api.storage import Store
from benchmarks import hello, plays
from benchmarks.http import CASE_OPTIONS, GAME_OPTIONS, real_systems, solo_table
from generator import registry as generators
from rules.core import System, resolve_options

GAMES = 40
MOVES = 25
READS = 20
#: The systems broken down, the targets' first.
SYSTEMS = ("murdered-by-midnight", "tiny-epic-crimes", "murder-she-wrote", "murder-city")
#: The parts timed: a name and (object, attribute) of the function that does it; "system:" is
#: the class of the system measured.
PARTS: dict[str, tuple[str, str]] = {
    "open the game (one read)": ("api.storage.hot:HotPath", "open_game"),
    "append the steps (the commit)": ("api.storage.hot:HotPath", "append_steps"),
    "decode the state": ("system:", "state_from_json"),
    "encode the state": ("system:", "state_to_json"),
    "apply the move (the rules)": ("api.service", "play_step"),
    "the bots' turns": ("api.service", "run_bots"),
    "the seat's view": ("system:", "view"),
    "whom the game waits for": ("system:", "to_act"),
    "the result, if over": ("system:", "result"),
    "narrate the events": ("api.service", "_seat_events"),
    "write the JSON answer": ("api.resources:StrictJSONProvider", "response"),
    "read the JSON body": ("api.resources:StrictJSONProvider", "loads"),
}


@contextmanager
def _timed(totals: dict[str, list[float]], system: System) -> Iterator[None]:
    """Wrap every part so that its CPU and wall time add up in ``totals`` while inside."""
    import importlib

    undo: list[Callable[[], None]] = []
    for name, (where, attribute) in PARTS.items():
        module_name, _, class_name = where.partition(":")
        owner: Any = type(system) if module_name == "system" else None
        if owner is None:
            owner = importlib.import_module(module_name)
            if class_name:
                owner = getattr(owner, class_name)
        original = getattr(owner, attribute)

        def timed(*args: Any, _original: Any = original, _name: str = name, **kw: Any) -> Any:
            cpu, wall = time.process_time(), time.perf_counter()
            try:
                return _original(*args, **kw)
            finally:
                totals[_name][0] += time.process_time() - cpu
                totals[_name][1] += time.perf_counter() - wall

        setattr(owner, attribute, timed)
        undo.append(functools.partial(setattr, owner, attribute, original))
    try:
        yield
    finally:
        for restore in undo:
            restore()


def _call(app: Any, environ: dict[str, Any]) -> bytes:
    body = app(dict(environ), lambda status, headers, exc_info=None: None)
    try:
        return b"".join(body)
    finally:
        getattr(body, "close", lambda: None)()


def _measure(
    app: Any, system: System, requests: list[dict[str, Any]]
) -> tuple[float, float, dict[str, Any]]:
    totals: dict[str, list[float]] = defaultdict(lambda: [0.0, 0.0])
    with _timed(totals, system):
        cpu, wall = time.process_time(), time.perf_counter()
        for environ in requests:
            _call(app, environ)
        cpu, wall = time.process_time() - cpu, time.perf_counter() - wall
    return cpu, wall, totals


def _table(title: str, count: int, cpu: float, wall: float, totals: dict[str, Any]) -> list[str]:
    rows = [f"| {title}: part | CPU per request | wall per request | share of CPU |"]
    rows.append("| --- | --- | --- | --- |")
    timed_cpu = timed_wall = 0.0
    for name, (part_cpu, part_wall) in sorted(totals.items(), key=lambda kv: -kv[1][0]):
        if not part_cpu and not part_wall:
            continue
        timed_cpu, timed_wall = timed_cpu + part_cpu, timed_wall + part_wall
        rows.append(
            f"| {name} | {part_cpu / count * 1e6:.0f} us | {part_wall / count * 1e6:.0f} us "
            f"| {part_cpu / cpu:.0%} |"
        )
    rest_cpu, rest_wall = cpu - timed_cpu, wall - timed_wall
    rows.append(
        f"| the rest (Flask, the hooks, parsing, the answer's dump) "
        f"| {rest_cpu / count * 1e6:.0f} us | {rest_wall / count * 1e6:.0f} us "
        f"| {rest_cpu / cpu:.0%} |"
    )
    rows.append(
        f"| **whole request** | {cpu / count * 1e6:.0f} us | {wall / count * 1e6:.0f} us | |"
    )
    return rows


def _system(
    app: Any, system: System, url: str
) -> tuple[list[dict[str, Any]], list[dict[str, Any]], list[dict[str, Any]], str]:
    """The move and read requests of ``GAMES`` solo games of one case of ``system``, and the
    moves of as many other games to play first: every template a move can narrate is then
    compiled, and every cache warm, before anything is measured."""
    client = app.test_client()
    system_id = system.SPEC.id
    mode, seats = solo_table(system)
    game_options = GAME_OPTIONS.get(system_id, {})
    case_options = generators.for_table(
        system_id,
        CASE_OPTIONS.get(system_id, {}),
        mode=mode.id,
        seats=len(seats),
        game_options=resolve_options(mode.options, game_options),
    )
    body = {"system": system_id, "seed": 7, "options": case_options}
    case = client.post("/v1/cases", json=body).get_json()["id"]
    games = []
    for _ in range(2 * GAMES):
        body = {
            "system": system_id,
            "mode": mode.id,
            "case_id": case,
            "seats": seats,
            "options": game_options,
        }
        made = client.post("/v1/games", json=body).get_json()
        games.append((made["id"], made["seats"][0]["token"]))
    store = Store(url)
    plans = [plays.planned_moves(store, system, game) for game, _ in games]
    store.dispose()
    moves = [
        [
            EnvironBuilder(
                path=f"/v1/games/{game}/actions",
                method="POST",
                json=plan[step].to_json(),
                headers=[("Authorization", f"Bearer {token}")],
            ).get_environ()
            for step in range(MOVES)
            for (game, token), plan in zip(played, plans[start:], strict=False)
            if step < len(plan)
        ]
        for start, played in ((0, games[:GAMES]), (GAMES, games[GAMES:]))
    ]
    warm = moves[0] + _reads(games[:GAMES])  # the warm games played, then each read once
    return moves[1], _reads(games[GAMES:]) * READS, warm, f"{mode.id} ({len(seats)} seats)"


def _reads(games: list[tuple[str, str]]) -> list[dict[str, Any]]:
    """A read of each of ``games`` (id and a seat's token)."""
    return [
        EnvironBuilder(
            path=f"/v1/games/{game}", headers=[("Authorization", f"Bearer {token}")]
        ).get_environ()
        for game, token in games
    ]


def run() -> list[str]:
    lines: list[str] = []
    with tempfile.TemporaryDirectory() as tmp:
        url = f"sqlite:///{Path(tmp) / 'breakdown.sqlite3'}"
        config = {"DATABASE_URL": url, "RATE_LIMITS": "off", "RUNNING_GAMES_PER_CLIENT": 0}
        app = create_app(config)
        systems = {system.SPEC.id: system for system in real_systems()}
        for system_id in SYSTEMS:
            system = systems[system_id]
            moves, reads, warm, table = _system(app, system, url)
            for environ in warm:
                _call(app, dict(environ))
            collector.settle()  # as the server's workers set it once they have started
            post = _measure(app, system, moves)
            first = _measure(app, system, reads[:GAMES])
            again = _measure(app, system, reads[GAMES:])
            name = system.SPEC.name
            lines += [
                f"**{name}**, {table}: {len(moves)} moves (the built-in bot's, as the HTTP section "
                f"sends them) and {len(reads)} reads of {GAMES} solo games of one case, mid-play: "
                "each game's first read of the version its moves reached, then the same reads "
                f"again, {READS - 1} times (answered from the kept answer, `api/answers.py`).",
                "",
                *_table(f"{name}: POST /v1/games/{{id}}/actions", len(moves), *post),
                "",
                *_table(f"{name}: GET /v1/games/{{id}}, a version's first read", GAMES, *first),
                "",
                *_table(f"{name}: GET /v1/games/{{id}}, read again", len(reads) - GAMES, *again),
                "",
            ]
        hello_environ = EnvironBuilder(path="/hello").get_environ()
        for _ in range(100):
            _call(hello.app, hello_environ)
        started = time.process_time()
        for _ in range(1000):
            _call(hello.app, hello_environ)
        hello_cpu = (time.process_time() - started) / 1000 * 1e6
        app.extensions["casebook"].store.dispose()
    return [
        *lines,
        f"The Flask hello-world of the HTTP section takes {hello_cpu:.0f} us of CPU in the same "
        "process.",
    ]
