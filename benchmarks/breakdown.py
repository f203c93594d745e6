"""Where a Murdered by Midnight read and move spend their time, in process, part by part.

The app is served in this process (no HTTP server: that part is the HTTP section's) on a SQLite
file with ``synchronous=FULL``. Each part is timed by wrapping the function that does it for the
measured requests only; "the rest" is what the whole request took beyond the timed parts:
Flask, flask-smorest, webargs and the request hooks. CPU time is the process's (user and
system: an fsync's work in the kernel counts); wall time adds the waits (the fsync itself).
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

from api.app import create_app
from api.storage import Store
from benchmarks import hello, plays
from benchmarks.http import real_systems
from rules import registry

GAMES = 40
MOVES = 25
READS = 20
#: The parts timed: a name and (object, attribute) of the function that does it.
PARTS: dict[str, tuple[str, str]] = {
    "open the game (one read)": ("api.storage.hot:HotPath", "open_game"),
    "append the steps (the commit)": ("api.storage.hot:HotPath", "append_steps"),
    "decode the state": ("rules.murdered_by_midnight.game:MurderedByMidnight", "state_from_json"),
    "encode the state": ("rules.murdered_by_midnight.game:MurderedByMidnight", "state_to_json"),
    "apply the move (the rules)": ("api.service", "play_step"),
    "the bots' turns": ("api.service", "run_bots"),
    "the seat's view": ("rules.murdered_by_midnight.game:MurderedByMidnight", "view"),
    "whom the game waits for": ("rules.murdered_by_midnight.game:MurderedByMidnight", "to_act"),
    "the result, if over": ("rules.murdered_by_midnight.game:MurderedByMidnight", "result"),
    "narrate the events": ("api.service", "_seat_events"),
    "write the JSON answer": ("api.resources:StrictJSONProvider", "response"),
    "read the JSON body": ("api.resources:StrictJSONProvider", "loads"),
}


@contextmanager
def _timed(totals: dict[str, list[float]]) -> Iterator[None]:
    """Wrap every part so that its CPU and wall time add up in ``totals`` while inside."""
    import importlib

    undo: list[Callable[[], None]] = []
    for name, (where, attribute) in PARTS.items():
        module_name, _, class_name = where.partition(":")
        owner: Any = importlib.import_module(module_name)
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


def _measure(app: Any, requests: list[dict[str, Any]]) -> tuple[float, float, dict[str, Any]]:
    totals: dict[str, list[float]] = defaultdict(lambda: [0.0, 0.0])
    with _timed(totals):
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
        f"| the rest (Flask, flask-smorest, webargs, hooks) | {rest_cpu / count * 1e6:.0f} us "
        f"| {rest_wall / count * 1e6:.0f} us | {rest_cpu / cpu:.0%} |"
    )
    rows.append(
        f"| **whole request** | {cpu / count * 1e6:.0f} us | {wall / count * 1e6:.0f} us | |"
    )
    return rows


def run() -> list[str]:
    with tempfile.TemporaryDirectory() as tmp:
        url = f"sqlite:///{Path(tmp) / 'breakdown.sqlite3'}"
        config = {"DATABASE_URL": url, "RATE_LIMITS": "off", "RUNNING_GAMES_PER_CLIENT": 0}
        app = create_app(config)
        client = app.test_client()
        system = next(s for s in real_systems() if s.SPEC.id == "murdered-by-midnight")
        case = client.post(
            "/v1/cases", json={"system": system.SPEC.id, "options": {"difficulty": "standard"}}
        ).get_json()["id"]
        games = []
        for _ in range(GAMES):
            body = {
                "system": system.SPEC.id,
                "mode": "solo",
                "case_id": case,
                "seats": [{"name": "Ann"}],
                "options": {"turn_limit": 400},
            }
            made = client.post("/v1/games", json=body).get_json()
            games.append((made["id"], made["seats"][0]["token"]))
        store = Store(url)
        plans = [plays.planned_moves(store, system, game) for game, _ in games]
        store.dispose()
        moves = [
            EnvironBuilder(
                path=f"/v1/games/{game}/actions",
                method="POST",
                json=plan[step].to_json(),
                headers=[("Authorization", f"Bearer {token}")],
            ).get_environ()
            for step in range(MOVES)
            for (game, token), plan in zip(games, plans, strict=True)
            if step < len(plan)
        ]
        reads = [
            EnvironBuilder(
                path=f"/v1/games/{game}", headers=[("Authorization", f"Bearer {token}")]
            ).get_environ()
            for _ in range(READS)
            for game, token in games
        ]
        _measure(app, reads[: len(games)])  # warm: templates compiled, cases decoded
        post = _measure(app, moves)
        get = _measure(app, reads)
        hello_environ = EnvironBuilder(path="/hello").get_environ()
        started = time.process_time()
        for _ in range(len(reads)):
            _call(hello.app, hello_environ)
        hello_cpu = (time.process_time() - started) / len(reads) * 1e6
        app.extensions["casebook"].store.dispose()
    assert registry.get(system.SPEC.id)
    return [
        *_table("POST /v1/games/{id}/actions", len(moves), *post),
        "",
        *_table("GET /v1/games/{id}", len(reads), *get),
        "",
        f"The Flask hello-world of the HTTP section takes {hello_cpu:.0f} us of CPU in the same "
        f"process. {len(moves)} moves (the built-in bot's, as the HTTP section sends them) and "
        f"{len(reads)} reads of {GAMES} solo games of one standard case, mid-play.",
    ]
