"""Shared helpers of the command-line tests."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from api.cli import main

SYSTEM = "murdered-by-midnight"
CASEBOOK = Path(sys.executable).parent / "casebook"


def run_main(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    """``casebook ARGV`` in this process: exit status, stdout and stderr."""
    status = main(list(argv))
    captured = capsys.readouterr()
    return status, captured.out, captured.err


def run_process(*argv: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
    """``casebook ARGV`` as a separate process, the way a person runs it."""
    return subprocess.run(
        [str(CASEBOOK), *argv],
        input=stdin,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )


def assert_one_line_error(status: int, stderr: str, *fragments: str) -> None:
    assert status == 1
    assert "Traceback" not in stderr
    lines = stderr.splitlines()
    assert len(lines) == 1, stderr
    assert lines[0].startswith("casebook: "), stderr
    for fragment in fragments:
        assert fragment in lines[0], stderr
