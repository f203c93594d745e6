"""Measure the generator: ``python -m generator.murder_city [--cases N] [--workers W]``.

Each worker process makes and verifies ``N`` envelopes of its own seeds; the report gives the
median and 95th percentile per case and the cases per minute of all workers together (the
figure of docs/murder-city.md; ``benchmarks/mc_generation.py`` gives the same as a table).
"""

from __future__ import annotations

import argparse
import statistics
import time
from concurrent.futures import ProcessPoolExecutor

from . import envelope, verify


def timed_cases(first_seed: int, cases: int) -> list[float]:
    """Seconds each of ``cases`` envelopes took to make, from ``first_seed`` on; each one
    verified again from its envelope (not timed)."""
    envelope(2**40 + first_seed)  # warm up: imports and the cached SMT-LIB text
    spent = []
    for seed in range(first_seed, first_seed + cases):
        started = time.perf_counter()
        made = envelope(seed)
        spent.append(time.perf_counter() - started)
        if verify(made):
            raise SystemExit(f"seed {seed}: the case does not verify")
    return spent


def report(cases: int, workers: int) -> str:
    started = time.perf_counter()
    with ProcessPoolExecutor(workers) as pool:
        firsts = [w * cases for w in range(workers)]
        parts = list(pool.map(timed_cases, firsts, [cases] * workers))
    wall = time.perf_counter() - started
    spent = sorted(t for part in parts for t in part)
    median = statistics.median(spent) * 1000
    p95 = spent[int(len(spent) * 0.95)] * 1000
    rate = len(spent) / wall * 60
    return (
        f"{len(spent)} cases on {workers} workers in {wall:.1f} s: median {median:.1f} ms,"
        f" p95 {p95:.1f} ms, {rate:,.0f} cases a minute"
    )


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cases", type=int, default=200, help="cases per worker")
    parser.add_argument("--workers", type=int, default=2)
    arguments = parser.parse_args(argv)
    print(report(arguments.cases, arguments.workers))


if __name__ == "__main__":
    main()
