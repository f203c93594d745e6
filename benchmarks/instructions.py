"""Instructions a served request costs, counted under valgrind's callgrind: a figure the machine's
load does not move, to compare two trees side by side.

    python -m benchmarks.instructions SYSTEM post|elsewhere|first|again [--games N]

runs itself again under ``valgrind --tool=callgrind`` (which must be installed) and prints the
instructions per request. The app is served in process on a SQLite file, as
``benchmarks.breakdown`` serves it: ``--games`` solo games of one case, played by the built-in
bot as the HTTP benchmark plays them (``post``: 25 moves each, the measured moves;
``elsewhere``: the same moves, each as when another worker served the game's move before, so
that the state is decoded from its text rather than kept, as it is for about half the moves
served by two workers and three in four served by four), or read
mid-play (``first``: each game's first read of its version; ``again``: the same reads ten
times more, answered from the kept answers). Only the measured requests are counted: they run
inside ``functools.reduce``, the one function callgrind is told to count in
(``--toggle-collect``).
The games' secret seeds come from a counter, so two trees play the same games; run each tree
from its own directory (``PYTHONPATH`` set to it) with ``PYTHONHASHSEED`` fixed, as the command
does.
"""

from __future__ import annotations

import argparse
import functools
import gc
import itertools
import os
import re
import subprocess
import sys
import tempfile
from pathlib import Path

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
    # the parent's summary comes last: a forked child (a case made in a worker) ends first
    collected = re.findall(r"Collected : (\d+)", done.stderr)
    if done.returncode or requests is None or not collected:
        raise SystemExit(f"callgrind run failed:\n{done.stderr[-2000:]}")
    return int(collected[-1]) / int(requests.group(1))


def _serve(system_id: str, kind: str, games: int) -> int:
    """Play the games, then make the measured requests inside ``functools.reduce``."""
    from api.app import create_app
    from api.states import DecodedStates
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
        if kind == "elsewhere":  # no state kept: each is decoded, as in another worker
            app.extensions["casebook"].states = DecodedStates(size=0)
        elif kind != "post":
            for environ in moves:
                breakdown._call(app, dict(environ))
            measured = reads[:games]
            if kind == "again":
                for environ in measured:
                    breakdown._call(app, dict(environ))
                measured = measured * AGAIN  # a few requests: one collection would weigh a lot
        requests = [dict(environ) for environ in measured]
        gc.collect()  # the setup's garbage collected before, not during, the count
        functools.reduce(lambda _, environ: breakdown._call(app, environ), requests, None)
        app.extensions["casebook"].store.dispose()
    return len(requests)


if __name__ == "__main__":
    main()
