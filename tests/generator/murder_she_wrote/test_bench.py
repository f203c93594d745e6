"""The measuring command and the benchmark table run and report what docs/murder-she-wrote.md
quotes: generated, verified islands per minute."""

from __future__ import annotations

import re

import pytest

from benchmarks import msw_generation
from generator.murder_she_wrote.__main__ import main


def test_the_report(capsys: pytest.CaptureFixture[str]) -> None:
    main(["--islands", "2", "--workers", "1"])
    line = capsys.readouterr().out
    assert re.match(r"2 islands on 1 workers in [\d.]+ s: median [\d.]+ ms, p95 [\d.]+ ms, ", line)


def test_the_benchmark_table() -> None:
    rows = msw_generation.run(seeds=3)
    assert rows[0].startswith("| size |") and len(rows) == 2 + len(msw_generation.SIZES)
    assert all(re.match(r"\| \w+ \| [\d.]+ \| [\d.]+ \| [\d,]+ \|", row) for row in rows[2:])
