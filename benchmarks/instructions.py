"""Instructions a served request costs, counted under valgrind's callgrind: a figure the machine's
load does not move, to compare two trees side by side.

    python -m benchmarks.instructions SYSTEM post|elsewhere|first|again [--games N]

runs itself again under ``valgrind --tool=callgrind`` (which must be installed) and prints the
instructions per request. The app is served in process on a SQLite file, as
``benchmarks.breakdown`` serves it: ``--games`` solo games of one case, played by the built-in
bot as the HTTP benchmark plays them (``post``: 25 moves each, the measured moves;
``elsewhere``: the same moves served by two worker processes taking turns on each game, so
that every move but a game's first follows the other worker's: its state is decoded from its
text, as for about half the moves two gunicorn workers serve and three in four with four, and
what the worker kept of the game is its state of two moves before), or read
mid-play (``first``: each game's first read of its version; ``again``: the same reads ten
times more, answered from the kept answers). Only the measured requests are counted: they run
inside ``functools.reduce``, the one function callgrind is told to count in
(``--toggle-collect``), with the collector set as a server's worker sets it (``api.collector``).
The games' secret seeds come from a counter, so two trees play the same games; run each tree
from its own directory (``PYTHONPATH`` set to it) with ``PYTHONHASHSEED`` fixed, as the command
does.
"""

from __future__ import annotations

import argparse
import functools
import itertools
import os
import re
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

from api import collector

KINDS = ("post", "elsewhere", "first", "again")
#: How many times ``again`` reads each game.
AGAIN = 10
_COUNTED = "functools_reduce"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("system")
    parser.add_argument("kind", choices=KINDS)
    parser.add_argument("--games", type=int, default=12)
    parser.add_argument("--counted", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.counted:
        print(f"REQUESTS {_serve(args.system, args.kind, args.games)}")
        return
    print(
        f"{args.system} {args.kind}: {_count(args.system, args.kind, args.games):,.0f} "
        "instructions a request"
    )


def _count(system: str, kind: str, games: int) -> float:
    """Run this module under callgrind and divide what it counted by the requests made."""
    with tempfile.TemporaryDirectory() as folder:
        command = [
            "valgrind",
            "--tool=callgrind",
            f"--callgrind-out-file={folder}/out.%p",  # a forked child writes its own
            f"--toggle-collect={_COUNTED}",
            sys.executable,
            "-m",
            "benchmarks.instructions",
            system,
            kind,
            f"--games={games}",
            "--counted",
        ]
        env = {**os.environ, "PYTHONHASHSEED": "0"}
        done = subprocess.run(command, capture_output=True, text=True, env=env, check=False)
    requests = re.search(r"^REQUESTS (\d+)$", done.stdout, re.MULTILINE)
    # every process's summary: the second worker's (``elsewhere``) counts its moves; another
    # forked child (a case made in a worker) counts nothing, being forked outside the count
    collected = re.findall(r"Collected : (\d+)", done.stderr)
    if done.returncode or requests is None or not collected:
        raise SystemExit(f"callgrind run failed:\n{done.stderr[-2000:]}")
    return sum(map(int, collected)) / int(requests.group(1))


def _serve(system_id: str, kind: str, games: int) -> int:
    """Play the games, then make the measured requests inside ``functools.reduce``."""
    from api.app import create_app
    from benchmarks import breakdown
    from benchmarks.http import real_systems

    breakdown.GAMES = games
    with tempfile.TemporaryDirectory() as folder:
        url = f"sqlite:///{Path(folder) / 'instructions.sqlite3'}"
        config = {
            "DATABASE_URL": url,
            "RATE_LIMITS": "off",
            "RUNNING_GAMES_PER_CLIENT": 0,
            "GENERATION_TIME_LIMIT": None,  # valgrind makes cases fifty times slower
        }
        app = create_app(config)
        seeds = itertools.count(1)
        app.extensions["casebook"].draw_seed = lambda: next(seeds)  # the same games each run
        systems = {system.SPEC.id: system for system in real_systems()}
        moves, reads, warm, _ = breakdown._system(app, systems[system_id], url)
        for environ in warm:
            breakdown._call(app, dict(environ))
        measured = moves
        if kind == "elsewhere":
            return _two_workers(app, [dict(environ) for environ in moves])
        if kind != "post":
            for environ in moves:
                breakdown._call(app, dict(environ))
            measured = reads[:games]
            if kind == "again":
                for environ in measured:
                    breakdown._call(app, dict(environ))
                measured = measured * AGAIN  # a few requests: one collection would weigh a lot
        requests = [dict(environ) for environ in measured]
        collector.settle()  # as a server's worker, once started: the setup's garbage collected
        functools.reduce(lambda _, environ: breakdown._call(app, environ), requests, None)
        app.extensions["casebook"].store.dispose()
    return len(requests)


def _two_workers(app: Any, requests: list[dict[str, Any]]) -> int:
    """Serve ``requests`` in their order in this process and a forked one, the moves of each
    game in turn (a game's first here, its second there...), each process counting its own
    inside ``functools.reduce``; a pipe each way hands the turn over. Each opens its own
    database connections, as gunicorn's workers do."""
    from benchmarks import breakdown

    app.extensions["casebook"].store.dispose()  # no connection shared across the fork
    turns: dict[str, int] = {}
    whose = []
    for environ in requests:
        made = turns.get(environ["PATH_INFO"], 0)
        turns[environ["PATH_INFO"]] = made + 1
        whose.append(made % 2)
    to_child, to_parent = os.pipe(), os.pipe()
    child = os.fork()
    worker = 1 if child == 0 else 0
    wait_on, hand_to = (to_child[0], to_parent[1]) if worker else (to_parent[0], to_child[1])
    collector.settle()
    for number, environ in enumerate(requests):
        if whose[number] != worker:
            continue
        if number and whose[number - 1] != worker:
            os.read(wait_on, 1)  # the other worker served the request before
        functools.reduce(lambda _, each: breakdown._call(app, each), [environ], None)
        if number + 1 < len(requests) and whose[number + 1] != worker:
            os.write(hand_to, b".")
    app.extensions["casebook"].store.dispose()
    if worker:
        os._exit(0)  # the child's count is written as it exits
    os.waitpid(child, 0)
    return len(requests)


if __name__ == "__main__":
    main()
