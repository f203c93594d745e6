"""Murder, She Wrote island generation: time to generate and verify one island, per size.

Each island goes through ``generator.registry.generate`` (the seed's sketch, z3's layout, the
independent verifier's search over the moves, the rating) and is verified again from its
envelope, untimed; the figures are over consecutive seeds in one process, after one warm-up
island (z3's import and the cached model text are per process, docs/performance.md).
"""

from __future__ import annotations

import statistics

import generator.murder_she_wrote  # noqa: F401  (registers the generator)
from generator.kit import speed
from rules.murder_she_wrote.case import SYSTEM_ID

SEEDS = 300
SIZES = ("short", "medium", "long")


def measure(size: str, seeds: int = SEEDS) -> list[float]:
    """Milliseconds per island for ``seeds`` consecutive seeds; each one verified (timed as
    ``python -m generator.murder_she_wrote`` times them: :func:`generator.kit.speed.timed`)."""
    spent = speed.timed(SYSTEM_ID, f"{size} island", 0, seeds, {"size": size})
    return [seconds * 1000 for seconds in spent]


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
