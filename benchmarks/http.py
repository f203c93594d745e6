"""HTTP throughput of the game endpoints, as ratios to a Flask hello-world in the same run.

Both servers run under gunicorn with 2 sync workers on 127.0.0.1; wrk drives them (-t2 -c16)
with Lua scripts that rotate over many solo games, so writers rarely collide on one game.
"""

from __future__ import annotations

import json
import re
import shutil
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

from tests.server.live import ROOT, LiveServer, free_port, request

GAMES = 200
DURATION = "10s"


@dataclass(frozen=True)
class Load:
    requests_per_second: float
    p50_ms: float
    p99_ms: float
    failures: int

    def row(self, name: str, reference: Load | None) -> str:
        ratio = (
            f"{self.requests_per_second / reference.requests_per_second:.2f}"
            if reference
            else "1.00"
        )
        return (
            f"| {name} | {self.requests_per_second:,.0f} "
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


def run() -> list[str]:
    if shutil.which("wrk") is None:
        return ["HTTP benchmarks skipped: wrk is not installed (apt-get install wrk)."]
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        hello_port = free_port()
        hello = subprocess.Popen(
            [
                str(Path(sys.executable).parent / "gunicorn"),
                "-k",
                "sync",
                "-w",
                "2",
                "-b",
                f"127.0.0.1:{hello_port}",
                "benchmarks.hello:app",
            ],
            cwd=ROOT,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        server = LiveServer(f"sqlite:///{folder / 'bench.sqlite3'}", folder / "server.log")
        server.start()
        try:
            case = request(
                server,
                "POST",
                "/v1/cases",
                {
                    "system": "toy-culprit",
                    "seed": 1,
                    "options": {"max_turns": 10**9},
                },
            ).body["id"]
            games = []
            for _ in range(GAMES):
                reply = request(
                    server,
                    "POST",
                    "/v1/games",
                    {
                        "system": "toy-culprit",
                        "mode": "solo",
                        "case_id": case,
                        "seats": [{"name": "Ann"}],
                    },
                )
                games.append((reply.body["id"], reply.body["seats"][0]["token"]))
            time.sleep(0.5)
            reference = wrk(f"http://127.0.0.1:{hello_port}/hello")
            view = wrk(server.base, _rotation_script(folder, "view", "GET", games, ""))
            act = wrk(server.base, _rotation_script(folder, "act", "POST", games, "/actions"))
        finally:
            server.kill()
            hello.kill()
            hello.wait()
    return [
        "| endpoint | requests/s | p50 / p99 | non-2xx | ratio to hello |",
        "| --- | --- | --- | --- | --- |",
        reference.row("Flask hello JSON (reference)", None),
        view.row("GET /v1/games/{id}", reference),
        act.row("POST /v1/games/{id}/actions", reference),
    ]
