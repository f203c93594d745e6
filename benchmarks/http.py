"""HTTP throughput of the game endpoints, as ratios to a Flask hello-world in the same run.

The reference and casebook on SQLite run under gunicorn with 2 sync workers on 127.0.0.1;
casebook on PostgreSQL (when the test server answers) with 4, as docs/performance.md sets it. wrk
drives them (-t2 -c16) with Lua scripts that rotate over many solo games, so writers rarely
collide on one game.
"""

from __future__ import annotations

import contextlib
import json
import os
import re
import secrets
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import sqlalchemy as sa

from tests.api.server.live import ROOT, LiveServer, free_port, request

GAMES = 200
POSTGRES_URL = os.environ.get(
    "CASEBOOK_TEST_POSTGRES_URL", "postgresql+psycopg://postgres@127.0.0.1:5432/test"
)
DURATION = "10s"


@dataclass(frozen=True)
class Load:
    requests_per_second: float
    p50_ms: float
    p99_ms: float
    failures: int

    def row(self, name: str, setup: str, reference: Load | None) -> str:
        ratio = (
            f"{self.requests_per_second / reference.requests_per_second:.2f}"
            if reference
            else "1.00"
        )
        return (
            f"| {name} | {setup} | {self.requests_per_second:,.0f} "
            f"| {self.p50_ms:.1f} / {self.p99_ms:.1f} ms | {self.failures} | {ratio} |"
        )


def wrk(url: str, script: Path | None = None) -> Load:
    command = ["wrk", "-t2", "-c16", f"-d{DURATION}", "--latency"]
    if script is not None:
        command += ["-s", str(script)]
    out = subprocess.run([*command, url], check=True, capture_output=True, text=True).stdout
    rps = float(re.search(r"Requests/sec:\s+([\d.]+)", out).group(1))  # type: ignore[union-attr]
    failures = re.search(r"Non-2xx or 3xx responses: (\d+)", out)
    return Load(
        rps, _latency(out, "50%"), _latency(out, "99%"), int(failures.group(1)) if failures else 0
    )


def _latency(out: str, label: str) -> float:
    value, unit = re.search(rf"{label}\s+([\d.]+)(us|ms|s)", out).groups()  # type: ignore[union-attr]
    return float(value) * {"us": 0.001, "ms": 1.0, "s": 1000.0}[unit]


def _rotation_script(
    folder: Path, name: str, method: str, games: list[tuple[str, str]], suffix: str
) -> Path:
    entries = ",".join(f'{{"{game}","{token}"}}' for game, token in games)
    body = (
        json.dumps(json.dumps({"type": "investigate", "params": {}})) if method == "POST" else "nil"
    )
    script = folder / f"{name}.lua"
    script.write_text(
        f"""
local games = {{{entries}}}
local n = 0
request = function()
  n = n + 1
  local g = games[(n % #games) + 1]
  local headers = {{["Authorization"] = "Bearer " .. g[2], ["Content-Type"] = "application/json"}}
  local path = "/v1/games/" .. g[1] .. "{suffix}"
  return wrk.format("{method}", path, headers, {body})
end
"""
    )
    return script


def _tables(server: LiveServer) -> list[tuple[str, str]]:
    """Solo games that never end (the case allows a billion turns): (game id, token) each."""
    case = request(
        server,
        "POST",
        "/v1/cases",
        {"system": "toy-culprit", "seed": 1, "options": {"max_turns": 10**9}},
    ).body["id"]
    games = []
    for _ in range(GAMES):
        reply = request(
            server,
            "POST",
            "/v1/games",
            {"system": "toy-culprit", "mode": "solo", "case_id": case, "seats": [{"name": "Ann"}]},
        )
        games.append((reply.body["id"], reply.body["seats"][0]["token"]))
    return games


def _measure(database_url: str, folder: Path, workers: int, label: str) -> tuple[Load, Load]:
    """GET view and POST action throughput of casebook on ``database_url``."""
    server = LiveServer(database_url, folder / f"{label}.log", workers=workers)
    server.start()
    try:
        games = _tables(server)
        time.sleep(0.5)
        view = wrk(server.base, _rotation_script(folder, f"{label}-view", "GET", games, ""))
        act = wrk(server.base, _rotation_script(folder, f"{label}-act", "POST", games, "/actions"))
    finally:
        server.kill()
    return view, act


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


def run() -> list[str]:
    if shutil.which("wrk") is None:
        return ["HTTP benchmarks skipped: wrk is not installed (apt-get install wrk)."]
    rows = [
        "| endpoint | database, workers | requests/s | p50 / p99 | non-2xx | ratio to hello |",
        "| --- | --- | --- | --- | --- | --- |",
    ]
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        hello_port = free_port()
        hello = subprocess.Popen(
            [
                str(Path(sys.executable).parent / "gunicorn"),
                *("-k", "sync", "-w", "2", "-b", f"127.0.0.1:{hello_port}"),
                "benchmarks.hello:app",
            ],
            cwd=ROOT,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        try:
            time.sleep(1.0)
            reference = wrk(f"http://127.0.0.1:{hello_port}/hello")
            rows.append(reference.row("Flask hello JSON (reference)", "none, 2", None))
            sqlite = _measure(f"sqlite:///{folder / 'bench.sqlite3'}", folder, 2, "sqlite")
            rows += _rows(sqlite, "SQLite, 2", reference)
            with _postgres_schema() as postgres_url:
                if postgres_url is None:
                    rows.append("| PostgreSQL skipped: no server at CASEBOOK_TEST_POSTGRES_URL |")
                else:
                    postgres = _measure(postgres_url, folder, 4, "postgres")
                    rows += _rows(postgres, "PostgreSQL, 4", reference)
        finally:
            hello.kill()
            hello.wait()
    return rows


def _rows(loads: tuple[Load, Load], setup: str, reference: Load) -> list[str]:
    view, act = loads
    return [
        view.row("GET /v1/games/{id}", setup, reference),
        act.row("POST /v1/games/{id}/actions", setup, reference),
    ]
