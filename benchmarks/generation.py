"""Murdered by Midnight case generation: time to generate and verify one case, per difficulty.

Each case goes through ``generator.registry.generate`` (draft, z3 timeline, z3 uniqueness proof,
independent verifier, rating); the figures are over consecutive seeds in one process, after one
warm-up case (z3's import and the cached model text are per process, docs/performance.md).
"""

from __future__ import annotations

import statistics
import time

import generator.murdered_by_midnight  # noqa: F401  (registers the generator)
from generator import registry
from rules.murdered_by_midnight.case import SYSTEM_ID

SEEDS = 200


def measure(difficulty: str, seeds: int = SEEDS) -> list[float]:
    """Milliseconds per case for ``seeds`` consecutive seeds."""
    registry.generate(SYSTEM_ID, 10**6, {"difficulty": difficulty})  # warm-up
    times = []
    for seed in range(seeds):
        start = time.perf_counter()
        registry.generate(SYSTEM_ID, seed, {"difficulty": difficulty})
        times.append((time.perf_counter() - start) * 1000)
    return times


def run() -> list[str]:
    rows = [
        "| difficulty | median ms | p90 ms | cases/min |",
        "| --- | --- | --- | --- |",
    ]
    for difficulty in ("easy", "standard", "hard"):
        times = measure(difficulty)
        p90 = statistics.quantiles(times, n=10)[-1]
        per_minute = 60_000 / statistics.mean(times)
        rows.append(
            f"| {difficulty} | {statistics.median(times):.1f} | {p90:.1f} | {per_minute:,.0f} |"
        )
    return rows


if __name__ == "__main__":
    print("\n".join(run()))
