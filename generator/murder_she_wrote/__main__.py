"""Measure the generator: ``python -m generator.murder_she_wrote [--islands N] [--workers W]``.

Each worker process makes and verifies ``N`` envelopes of its own seeds; the report gives the
median and 95th percentile per island and the islands per minute of all workers together (the
figure of docs/murder-she-wrote.md; ``benchmarks/msw_generation.py`` gives the same as a table).
"""

from __future__ import annotations

import argparse
import statistics
import time
from concurrent.futures import ProcessPoolExecutor

from . import envelope, verify


def timed_islands(first_seed: int, islands: int) -> list[float]:
    """Seconds each of ``islands`` envelopes took to make, from ``first_seed`` on; each one
    verified again from its envelope (not timed)."""
    envelope(2**40 + first_seed)  # warm up: imports and the cached SMT-LIB text
    spent = []
    for seed in range(first_seed, first_seed + islands):
        started = time.perf_counter()
        made = envelope(seed)
        spent.append(time.perf_counter() - started)
        if verify(made):
            raise SystemExit(f"seed {seed}: the island does not verify")
    return spent


def report(islands: int, workers: int) -> str:
    started = time.perf_counter()
    with ProcessPoolExecutor(workers) as pool:
        firsts = [w * islands for w in range(workers)]
        parts = list(pool.map(timed_islands, firsts, [islands] * workers))
    wall = time.perf_counter() - started
    spent = sorted(t for part in parts for t in part)
    median = statistics.median(spent) * 1000
    p95 = spent[int(len(spent) * 0.95)] * 1000
    rate = len(spent) / wall * 60
    return (
        f"{len(spent)} islands on {workers} workers in {wall:.1f} s: median {median:.1f} ms,"
        f" p95 {p95:.1f} ms, {rate:,.0f} islands a minute"
    )


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--islands", type=int, default=1000, help="islands per worker")
    parser.add_argument("--workers", type=int, default=2)
    arguments = parser.parse_args(argv)
    print(report(arguments.islands, arguments.workers))


if __name__ == "__main__":
    main()
