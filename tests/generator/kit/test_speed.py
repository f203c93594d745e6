"""The speed command of the kit, which every system's ``python -m generator.<system>`` runs:
it times each envelope it makes, verifies it, and reports the median, p95 and rate."""

from __future__ import annotations

import importlib
import re

import pytest

from generator import registry as generators
from generator.kit import speed

generators.load()

SYSTEMS = ("tiny-epic-crimes", "murder-she-wrote", "murder-city")
#: Each system's ``python -m`` command and the noun its ``--<nouns>`` flag and report count in.
COMMANDS = [
    ("generator.tiny_epic_crimes", "cases"),
    ("generator.murder_she_wrote", "islands"),
    ("generator.murder_city", "cases"),
]


@pytest.mark.parametrize("system_id", SYSTEMS)
def test_timed_measures_each_envelope(system_id: str) -> None:
    spent = speed.timed(system_id, "case", 0, 3)
    assert len(spent) == 3 and all(0 < t < 5 for t in spent)


def test_the_report_counts_in_the_systems_noun() -> None:
    line = speed.report("tiny-epic-crimes", "dossier", 2, 1)
    assert re.match(r"2 dossiers on 1 workers in [\d.]+ s: median [\d.]+ ms, p95 [\d.]+ ms, ", line)
    assert line.endswith(" dossiers a minute")


def test_an_envelope_that_does_not_verify_stops_the_command(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(generators, "verify", lambda envelope: [("any/problem", "broken")])
    with pytest.raises(SystemExit, match="seed 0: the island does not verify"):
        speed.timed("murder-she-wrote", "island", 0, 1)


@pytest.mark.parametrize(("package", "nouns"), COMMANDS)
def test_each_systems_command_reports_in_its_noun(
    package: str, nouns: str, capsys: pytest.CaptureFixture[str]
) -> None:
    importlib.import_module(f"{package}.__main__").main([f"--{nouns}", "2", "--workers", "1"])
    line = capsys.readouterr().out
    assert re.match(rf"2 {nouns} on 1 workers in [\d.]+ s: median [\d.]+ ms, p95 [\d.]+ ms, ", line)
