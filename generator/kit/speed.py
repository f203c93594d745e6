"""The speed command every generator has: ``python -m generator.<system> [--<nouns> N]
[--workers W]``.

Each worker process makes and verifies ``N`` envelopes of its own seeds; the report gives the
median and 95th percentile per envelope and the envelopes per minute of all workers together.
A system's ``__main__`` calls :func:`main` with its id and the noun its cases go by ("case",
"island"), so the figure in its design document is measured the same way as every other's.
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections.abc import Mapping
from concurrent.futures import ProcessPoolExecutor
from functools import partial
from typing import Any

from generator import registry as generators
from rules import registry

#: A seed far from the measured ones, whose envelope warms a worker up (imports, the cached
#: SMT-LIB text) before the clock starts.
WARM_UP_SEED = 2**40


def timed(
    system_id: str,
    noun: str,
    first_seed: int,
    count: int,
    options: Mapping[str, Any] | None = None,
) -> list[float]:
    """Seconds each of ``count`` envelopes of ``system_id`` (with ``options``) took to make,
    from ``first_seed`` on; each one verified again from its envelope (not timed; one that
    fails names its ``noun``)."""
    if not registry.is_registered(system_id):  # a fresh worker process registers the systems
        generators.load()
    generators.generate(system_id, WARM_UP_SEED + first_seed, options)
    spent = []
    for seed in range(first_seed, first_seed + count):
        started = time.perf_counter()
        made = generators.generate(system_id, seed, options)
        spent.append(time.perf_counter() - started)
        if generators.verify(made):
            raise SystemExit(f"seed {seed}: the {noun} does not verify")
    return spent


def report(system_id: str, noun: str, count: int, workers: int) -> str:
    """One line: ``count`` envelopes in each of ``workers`` processes, their median and 95th
    percentile and how many ``noun``\\ s a minute all the workers make together."""
    started = time.perf_counter()
    with ProcessPoolExecutor(workers) as pool:
        firsts = [w * count for w in range(workers)]
        parts = list(pool.map(partial(timed, system_id, noun), firsts, [count] * workers))
    wall = time.perf_counter() - started
    spent = sorted(t for part in parts for t in part)
    median = statistics.median(spent) * 1000
    p95 = spent[int(len(spent) * 0.95)] * 1000
    rate = len(spent) / wall * 60
    return (
        f"{len(spent)} {noun}s on {workers} workers in {wall:.1f} s: median {median:.1f} ms,"
        f" p95 {p95:.1f} ms, {rate:,.0f} {noun}s a minute"
    )


def main(
    system_id: str, noun: str, *, per_worker: int, description: str, argv: list[str] | None = None
) -> None:
    """Parse ``--<noun>s N --workers W`` (``per_worker`` envelopes a worker unless told) and
    print the :func:`report`."""
    parser = argparse.ArgumentParser(description=description.splitlines()[0])
    parser.add_argument(f"--{noun}s", type=int, default=per_worker, help=f"{noun}s per worker")
    parser.add_argument("--workers", type=int, default=2)
    arguments = parser.parse_args(argv)
    print(report(system_id, noun, getattr(arguments, f"{noun}s"), arguments.workers))
