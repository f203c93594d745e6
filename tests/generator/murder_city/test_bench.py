"""The benchmark table reports what docs/murder-city.md quotes: generated, verified cities (their
decks) per minute (the measuring command is the kit's: tests/generator/kit/test_speed.py)."""

from __future__ import annotations

import re

from benchmarks import mc_generation


def test_the_benchmark_table() -> None:
    rows = mc_generation.run(seeds=3)
    assert rows[0].startswith("| cases |") and "decks/min" in rows[0] and len(rows) == 3
    assert re.match(r"\| 3 \| [\d.]+ \| [\d.]+ \| [\d,]+ \|", rows[2])
