"""Resident memory of the server holding 10,000 stored games: they live in the database.

The games are created through the API (solo Toy Culprit games, a move in each), then every
one is read once so that any per-game caching would show. The figures are for the gunicorn
master and its workers together, read from /proc: the proportional set size (PSS: a page shared
by several processes, such as a library's code, counts once, split between them) and the plain
sum of resident sizes (RSS, which counts shared pages once per process). The PSS is split into
its anonymous part (the Python heap: what the server itself holds) and its file part (libraries'
pages, whose share falls as other processes on the machine map the same files: it moves by a few
MiB with the machine's load, the anonymous part by a few tenths).
"""

from __future__ import annotations

import tempfile
from pathlib import Path

from tests.api.server.live import LiveServer, request

GAMES = 10_000


#: What is read of each process's ``smaps_rollup``, in this order.
FIELDS = ("Pss", "Pss_Anon", "Pss_File", "Rss")


def _memory_kib(pid: int) -> tuple[int, ...]:
    """The :data:`FIELDS` of one process, in KiB."""
    fields = dict(
        line.split(":", 1)
        for line in Path(f"/proc/{pid}/smaps_rollup").read_text().splitlines()
        if ":" in line
    )
    return tuple(int(fields[name].split()[0]) for name in FIELDS)


def _server_mib(root: int) -> tuple[float, ...]:
    """The :data:`FIELDS` of the server's processes summed, in MiB."""
    sizes = [_memory_kib(pid) for pid in _process_tree(root)]
    return tuple(sum(column) / 1024 for column in zip(*sizes, strict=True))


def _process_tree(root: int) -> list[int]:
    children = Path(f"/proc/{root}/task/{root}/children").read_text().split()
    return [root, *(pid for child in children for pid in _process_tree(int(child)))]


def run() -> list[str]:
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        server = LiveServer(f"sqlite:///{folder / 'memory.sqlite3'}", folder / "server.log")
        server.start()
        try:
            assert server.process is not None
            for _ in range(50):  # let every worker boot and answer before the first reading
                request(server, "GET", "/v1/health")
            before = _server_mib(server.process.pid)
            games = []
            body = {"system": "toy-culprit", "mode": "solo", "seats": [{"name": "Ann"}]}
            for seed in range(GAMES):
                reply = request(server, "POST", "/v1/games", {**body, "seed": seed})
                game, token = reply.body["id"], reply.body["seats"][0]["token"]
                move = {"type": "investigate", "params": {}}
                request(server, "POST", f"/v1/games/{game}/actions", move, token=token)
                games.append((game, token))
            for game, token in games:
                request(server, "GET", f"/v1/games/{game}", token=token)
            after = _server_mib(server.process.pid)
        finally:
            server.kill()
    return [
        "| server (master + 2 workers) | PSS | anonymous | files | RSS summed | target |",
        "| --- | --- | --- | --- | --- | --- |",
        f"| fresh | {_row(before)} | |",
        f"| holding {GAMES:,} games, each played and read | {_row(after)} "
        "| ≤ 120 MB (docs/performance.md) |",
    ]


def _row(sizes: tuple[float, ...]) -> str:
    return " | ".join(f"{size:.1f} MiB" for size in sizes)
