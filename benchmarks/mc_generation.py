"""Murder City case generation: time to generate and verify one city (25 murder cards, five
evidence decks of 33, five Jovans) and its exact charge chances.

Each case goes through ``generator.registry.generate`` (z3's numbers, the words, the
independent verifier, the rating) and is verified again from its envelope, untimed; the figures
are over consecutive seeds in one process, after one warm-up case (z3's import and the cached
model text are per process, docs/performance.md).
"""

from __future__ import annotations

import statistics
import time

import generator.murder_city  # noqa: F401  (registers the generator)
from generator import registry
from rules.murder_city.case import SYSTEM_ID

SEEDS = 200


def measure(seeds: int = SEEDS) -> list[float]:
    """Milliseconds per case for ``seeds`` consecutive seeds; each one verified."""
    registry.generate(SYSTEM_ID, 10**6)  # warm-up
    times = []
    for seed in range(seeds):
        start = time.perf_counter()
        made = registry.generate(SYSTEM_ID, seed)
        times.append((time.perf_counter() - start) * 1000)
        if registry.verify(made):
            raise SystemExit(f"the city of seed {seed} does not verify")
    return times


def run(seeds: int = SEEDS) -> list[str]:
    times = measure(seeds)
    p90 = statistics.quantiles(times, n=10)[-1]
    per_minute = 60_000 / statistics.mean(times)
    return [
        "| cases | median ms | p90 ms | generated, verified decks/min |",
        "| --- | --- | --- | --- |",
        f"| {len(times)} | {statistics.median(times):.1f} | {p90:.1f} | {per_minute:,.0f} |",
    ]


if __name__ == "__main__":
    print("\n".join(run()))
