"""A real casebook server in a subprocess (``casebook serve``) and a tiny HTTP client.

Real sockets and processes, not the Flask test client: races, crashes and restarts happen for
real here.
"""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[3]
CASEBOOK = Path(sys.executable).parent / "casebook"


@dataclass
class Reply:
    status: int
    headers: dict[str, str]
    body: Any


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


def python_output(script: str, *, timeout: float) -> str:
    """What ``script`` prints, run by a fresh interpreter from the checkout: for what a new
    process imports or loads, which this one has long since imported."""
    run = subprocess.run(
        [sys.executable, "-c", script],
        cwd=ROOT,
        env={"PYTHONPATH": str(ROOT)},
        capture_output=True,
        text=True,
        timeout=timeout,
        check=False,
    )
    assert run.returncode == 0, run.stderr
    return run.stdout


@dataclass
class LiveServer:
    """``casebook serve`` on a free port, started and killed as a whole process group."""

    database_url: str
    log_path: Path
    workers: int = 2
    env: dict[str, str] = field(default_factory=dict)
    #: More ``casebook serve`` options.
    args: tuple[str, ...] = ()
    port: int = field(default_factory=free_port)
    process: subprocess.Popen[bytes] | None = None

    @property
    def base(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def start(self, timeout: float = 30.0) -> None:
        env = {
            **os.environ,
            "CASEBOOK_DATABASE_URL": self.database_url,
            "CASEBOOK_PLUGINS": "tests.toy",
            "PYTHONPATH": str(ROOT),
            "CASEBOOK_RATE_LIMITS": "off",  # tests and benchmarks make games fast, and many
            "CASEBOOK_RUNNING_GAMES_PER_CLIENT": "0",
            **self.env,
        }
        command = [str(CASEBOOK), "serve", "--port", str(self.port), "--workers", str(self.workers)]
        command += self.args
        with self.log_path.open("ab") as log:
            self.process = subprocess.Popen(
                command, env=env, cwd=ROOT, stdout=log, stderr=log, start_new_session=True
            )
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"server exited: {self.log_path.read_text()[-2000:]}")
            try:
                if request(self, "GET", "/v1/health").status == 200:
                    return
            except OSError:
                time.sleep(0.1)
        raise RuntimeError(f"server did not start: {self.log_path.read_text()[-2000:]}")

    def kill(self) -> None:
        """SIGKILL the master and every worker at once: a crash, not a shutdown."""
        if self.process is None:
            return
        try:
            os.killpg(self.process.pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
        self.process.wait(timeout=10)
        self.process = None


def request(
    server: LiveServer,
    method: str,
    path: str,
    body: Any = None,
    *,
    token: str | None = None,
    headers: dict[str, str] | None = None,
    timeout: float = 30,
) -> Reply:
    sent = {"Accept": "application/json", **(headers or {})}
    data = None
    if body is not None:
        data = json.dumps(body).encode()
        sent["Content-Type"] = "application/json"
    if token is not None:
        sent["Authorization"] = f"Bearer {token}"
    req = urllib.request.Request(server.base + path, data=data, method=method, headers=sent)
    try:
        with urllib.request.urlopen(req, timeout=timeout) as response:
            raw, status, got = response.read(), response.status, dict(response.headers)
    except urllib.error.HTTPError as error:
        raw, status, got = error.read(), error.code, dict(error.headers)
    return Reply(status, got, json.loads(raw) if raw else None)
