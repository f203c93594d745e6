"""The measuring command runs and reports what docs/tiny-epic-crimes.md quotes."""

from __future__ import annotations

import re

import pytest

from generator.tiny_epic_crimes.__main__ import main


def test_the_report(capsys: pytest.CaptureFixture[str]) -> None:
    main(["--cases", "2", "--workers", "1"])
    line = capsys.readouterr().out
    assert re.match(r"2 cases on 1 workers in [\d.]+ s: median [\d.]+ ms, p95 [\d.]+ ms, ", line)
