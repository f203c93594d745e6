"""The measuring command and the benchmark table run and report what docs/murder-city.md
quotes: generated, verified cities (their decks) per minute."""

from __future__ import annotations

import re

import pytest

from benchmarks import mc_generation
from generator.murder_city.__main__ import main


def test_the_report(capsys: pytest.CaptureFixture[str]) -> None:
    main(["--cases", "2", "--workers", "1"])
    line = capsys.readouterr().out
    assert re.match(r"2 cases on 1 workers in [\d.]+ s: median [\d.]+ ms, p95 [\d.]+ ms, ", line)


def test_the_benchmark_table() -> None:
    rows = mc_generation.run(seeds=3)
    assert rows[0].startswith("| cases |") and "decks/min" in rows[0] and len(rows) == 3
    assert re.match(r"\| 3 \| [\d.]+ \| [\d.]+ \| [\d,]+ \|", rows[2])
