"""The benchmark table reports what docs/murder-she-wrote.md quotes: generated, verified islands
per minute (the measuring command is the kit's: tests/generator/kit/test_speed.py)."""

from __future__ import annotations

import re

from benchmarks import msw_generation


def test_the_benchmark_table() -> None:
    rows = msw_generation.run(seeds=3)
    assert rows[0].startswith("| size |") and len(rows) == 2 + len(msw_generation.SIZES)
    assert all(re.match(r"\| \w+ \| [\d.]+ \| [\d.]+ \| [\d,]+ \|", row) for row in rows[2:])
