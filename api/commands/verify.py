"""``casebook verify``: check case envelopes again with their system's independent verifier.

The input is JSON Lines, as ``casebook generate --format json`` writes it; blank lines are
skipped. One line per case goes to stdout (``seed 42: ok`` or ``seed 42: FAIL code: reason``).
A line that is not a case envelope of a known system stops the run with a one-line error that
names the line.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from typing import Any, TextIO

from api.commands.generate import CommandError, load_systems
from api.commands.progress import progress_bar
from generator import registry as generators


def read_lines(path: str, stdin: TextIO) -> tuple[str, list[str]]:
    """The name to speak of the input by, and its lines (``-`` is standard input)."""
    if path == "-":
        return "<stdin>", stdin.read().splitlines()
    try:
        with open(path, encoding="utf-8") as handle:
            return path, handle.read().splitlines()
    except OSError as error:
        raise CommandError(f"cannot read {path}: {error.strerror}") from None
    except UnicodeDecodeError:
        raise CommandError(f"{path} is not UTF-8 text") from None


def parse_envelope(name: str, number: int, line: str) -> dict[str, Any]:
    try:
        envelope = json.loads(line)
    except json.JSONDecodeError as error:
        raise CommandError(f"{name} line {number}: not valid JSON ({error.msg})") from None
    if not isinstance(envelope, dict):
        raise CommandError(f"{name} line {number}: expected a case envelope (a JSON object)")
    return envelope


def label(envelope: dict[str, Any], number: int) -> str:
    seed = envelope.get("seed")
    return f"seed {seed}" if isinstance(seed, int) else f"line {number}"


def check(name: str, number: int, envelope: dict[str, Any]) -> list[tuple[str, str]]:
    try:
        return generators.verify(envelope)
    except generators.CaseOptionsError as error:
        raise CommandError(f"{name} line {number}: {error}") from None


def report_line(envelope: dict[str, Any], number: int, problems: Iterable[tuple[str, str]]) -> str:
    found = list(problems)
    if not found:
        return f"{label(envelope, number)}: ok"
    details = "; ".join(f"{code}: {reason}" for code, reason in found)
    return f"{label(envelope, number)}: FAIL {details}"


def run(path: str, *, stdin: TextIO, stdout: TextIO, stderr: TextIO) -> bool:
    """Verify every case in ``path``; ``True`` when all of them are fair."""
    load_systems()
    name, lines = read_lines(path, stdin)
    numbered = [(number, line) for number, line in enumerate(lines, 1) if line.strip()]
    if not numbered:
        raise CommandError(f"{name} holds no cases")
    all_ok = True
    with progress_bar(len(numbered), stderr, label="cases") as bar:
        for number, line in numbered:
            envelope = parse_envelope(name, number, line)
            problems = check(name, number, envelope)
            all_ok = all_ok and not problems
            bar.write(stdout, report_line(envelope, number, problems) + "\n")
            bar.advance()
    return all_ok
