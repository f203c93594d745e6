"""Murder, She Wrote island generation: time to generate and verify one island, per size.

Each island goes through ``generator.registry.generate`` (the seed's sketch, z3's layout, the
independent verifier's search over the moves, the rating) and is verified again from its
envelope, untimed; the figures are over consecutive seeds in one process, after one warm-up
island (z3's import and the cached model text are per process, docs/performance.md).
"""

from __future__ import annotations

import statistics
import time

import generator.murder_she_wrote  # noqa: F401  (registers the generator)
from generator import registry
from rules.murder_she_wrote.case import SYSTEM_ID

SEEDS = 300
SIZES = ("short", "medium", "long")


def measure(size: str, seeds: int = SEEDS) -> list[float]:
    """Milliseconds per island for ``seeds`` consecutive seeds; each one verified."""
    registry.generate(SYSTEM_ID, 10**6, {"size": size})  # warm-up
    times = []
    for seed in range(seeds):
        start = time.perf_counter()
        made = registry.generate(SYSTEM_ID, seed, {"size": size})
        times.append((time.perf_counter() - start) * 1000)
        if registry.verify(made):
            raise SystemExit(f"{size} island of seed {seed} does not verify")
    return times


def run(seeds: int = SEEDS) -> list[str]:
    rows = [
        "| size | median ms | p90 ms | islands/min |",
        "| --- | --- | --- | --- |",
    ]
    for size in SIZES:
        times = measure(size, seeds)
        p90 = statistics.quantiles(times, n=10)[-1]
        per_minute = 60_000 / statistics.mean(times)
        rows.append(f"| {size} | {statistics.median(times):.1f} | {p90:.1f} | {per_minute:,.0f} |")
    return rows


if __name__ == "__main__":
    print("\n".join(run()))
