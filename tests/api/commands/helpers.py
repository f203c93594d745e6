"""Shared helpers of the command-line tests: the click CLI in this process, or installed."""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Mapping
from pathlib import Path

from click.testing import CliRunner, Result

from api.cli import cli

SYSTEM = "murdered-by-midnight"
TOY = "toy-culprit"
TOY_ENV = {"CASEBOOK_PLUGINS": "tests.toy"}
CASEBOOK = Path(sys.executable).parent / "casebook"


def run_cli(*argv: str, input: str | None = None, env: Mapping[str, str] | None = None) -> Result:
    """``casebook ARGV`` in this process through click's runner (stdout and stderr apart)."""
    return CliRunner().invoke(cli, list(argv), input=input, env=dict(env or {}))


def run_process(
    *argv: str, stdin: str = "", env: Mapping[str, str] | None = None
) -> subprocess.CompletedProcess[str]:
    """``casebook ARGV`` as a separate process, the way a person runs it."""
    # the checkout on the path, so that a plugin such as tests.toy imports
    environ = {**os.environ, **(env or {}), "PYTHONPATH": str(Path(__file__).parents[3])}
    return subprocess.run(
        [str(CASEBOOK), *argv],
        input=stdin,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
        env=environ,
    )


def assert_one_line_error(status: int, stderr: str, *fragments: str, code: int = 1) -> None:
    """A refusal: exit ``code``, and one line on stderr naming ``fragments``, no traceback."""
    assert status == code, stderr
    assert "Traceback" not in stderr
    lines = stderr.splitlines()
    assert len(lines) == 1, stderr
    assert lines[0].startswith("casebook"), stderr
    for fragment in fragments:
        assert fragment in lines[0], stderr


def assert_refused(result: Result, *fragments: str, code: int = 1) -> None:
    """:func:`assert_one_line_error` for a :func:`run_cli` result, which printed nothing else."""
    assert result.stdout == "", result.stdout
    assert_one_line_error(result.exit_code, result.stderr, *fragments, code=code)
