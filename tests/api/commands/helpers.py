"""Shared helpers of the command-line tests: the click CLI in this process, or installed."""

from __future__ import annotations

import io
import os
import subprocess
import sys
from collections.abc import Callable, Iterable, Mapping
from pathlib import Path

from click.testing import CliRunner, Result

from api.cli import cli
from api.commands import play
from rules.core import Action, ActionSpec, Subset

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


def menu_answers(legal: list[ActionSpec], action: Action) -> list[str]:
    """What a person types to ask for ``action``: the action's number, the form's when several
    specs share its type, then each parameter with more than one possible pick (a subset as
    several numbers)."""
    types = list(dict.fromkeys(spec.type for spec in legal))
    forms = [spec for spec in legal if spec.type == action.type]
    spec = next(spec for spec in forms if spec.admits(action))
    answers = [str(types.index(action.type) + 1)]
    if len(forms) > 1:
        answers.append(str(forms.index(spec) + 1))
    for name, param in spec.params.items():
        choices = list(spec.choices(name))
        value = action.params[name]
        if isinstance(param, Subset):
            assert isinstance(value, list | tuple)
            if param.min < len(choices):
                answers.append(" ".join(str(choices.index(item) + 1) for item in value))
        elif len(choices) > 1:
            assert not isinstance(value, list | tuple)
            answers.append(str(choices.index(value) + 1))
    return answers


def scripted(lines: Iterable[str]) -> Callable[[str], str]:
    """An ``input_fn`` that types ``lines`` and then reaches the end of input."""
    remaining = iter(lines)

    def type_line(prompt: str) -> str:
        try:
            return next(remaining)
        except StopIteration:
            raise EOFError from None

    return type_line


def quiet_table(
    system: str,
    seats: str,
    *,
    mode: str | None = None,
    seed: int = 0,
    options: Mapping[str, object] | None = None,
) -> play.Table:
    """A terminal game set up for a test to drive: nothing typed, nothing printed, the game's
    seed fixed to the case seed."""
    return play.start(
        system,
        mode=mode,
        seed=seed,
        options=dict(options or {}),
        seats=play.parse_seats(seats),
        input_fn=lambda prompt: "q",
        output=io.StringIO(),
        game_seed=seed,
    )
