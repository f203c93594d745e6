"""Shared helpers of the command-line tests: the click CLI in this process, or installed."""

from __future__ import annotations

import io
import json
import os
import random
import subprocess
import sys
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from click.testing import CliRunner, Result

from api.cli import cli
from api.commands import play
from api.commands.generate import to_json_line
from api.commands.menus import PROMPT
from generator import registry as generators
from rules.core import Action, ActionSpec, Outcome, Subset, random_action

SYSTEM = "murdered-by-midnight"
TOY = "toy-culprit"
TOY_ENV = {"CASEBOOK_PLUGINS": "tests.toy"}
CASEBOOK = Path(sys.executable).parent / "casebook"
#: Leftovers of a template or of Python's own printing that no screen may show a person.
ARTEFACTS = ("{{", "}}", "{%", "%}", "None", "Undefined", "['", "('", "{'", "Traceback")
#: The most answers a scripted person types in one game: far more than any game of the systems
#: here asks of one seat, so a game that never ends fails.
ANSWER_CAP = 4000


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
            # the menu asks only a subset with a choice in it: not all, not none
            if param.min < len(choices) and min(param.most, len(choices)) > 0:
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


def envelopes(system: str, *seeds: int, **options: Any) -> list[dict[str, Any]]:
    """The cases of ``system`` for ``seeds`` and ``options``, as ``casebook generate`` makes
    them."""
    generators.load()
    return [generators.generate(system, seed, options) for seed in seeds]


def write_cases(path: Path, cases: Iterable[dict[str, Any]]) -> str:
    """``cases`` written to ``path`` one JSON line each, as ``casebook verify`` reads them."""
    path.write_text("".join(to_json_line(case) for case in cases), encoding="utf-8")
    return str(path)


def canonical_cases(system: str, tmp_path: Path) -> list[dict[str, Any]]:
    """``casebook generate SYSTEM --seed 7 --count 2`` written twice: the same bytes both times,
    one canonical JSON line a seed, each the registry's case of its seed; the two cases."""
    first, second = tmp_path / "a.jsonl", tmp_path / "b.jsonl"
    for path in (first, second):
        done = run_cli("generate", system, "--seed", "7", "--count", "2", "--output", str(path))
        assert (done.exit_code, done.stdout, done.stderr) == (0, "", "")
    assert first.read_bytes() == second.read_bytes()
    lines = first.read_text(encoding="utf-8").splitlines()
    cases = [json.loads(line) for line in lines]
    assert [case["seed"] for case in cases] == [7, 8]
    for line, case in zip(lines, cases, strict=True):
        assert line == json.dumps(case, sort_keys=True, separators=(",", ":"))
        assert case == generators.generate(system, case["seed"], {})
    return cases


def assert_tampered_case_fails(
    system: str, tmp_path: Path, tamper: Callable[[dict[str, Any]], None], code: str
) -> None:
    """``casebook verify`` of a good case (seed 30) and one ``tamper`` broke (seed 31): the
    first ok, the second one line failing with ``code``, and exit 1."""
    good, bad = envelopes(system, 30, 31)
    tamper(bad)
    done = run_cli("verify", write_cases(tmp_path / "c.jsonl", [good, bad]))
    assert done.exit_code == 1 and done.stderr == ""
    lines = done.stdout.splitlines()
    assert lines[0] == "seed 30: ok"
    assert lines[1].startswith("seed 31: FAIL ") and code in lines[1]
    assert len(lines) == 2


@dataclass
class Played:
    """A whole game typed into the menus: its table, outcome (``None``: it never ended), the
    actions the person asked for and how many answers that took."""

    table: play.Table
    outcome: Outcome | None
    typed: list[Action]
    answers: int

    @property
    def text(self) -> str:
        assert isinstance(self.table.screen.output, io.StringIO)
        return self.table.screen.output.getvalue()

    @property
    def types(self) -> set[str]:
        """The action types the person asked for."""
        return {action.type for action in self.typed}


class Typist:
    """An ``input_fn`` typing, for the first person the game waits for, the built-in bot's
    choice from that seat's view (``how="bot"``), a random legal action (``"random"``), or an
    accusation whenever one is offered (``"accuse"``), as menu numbers; an accusation is
    confirmed when it is read back, and after :data:`ANSWER_CAP` answers the person gives up."""

    def __init__(self, table: play.Table, rng: random.Random, *, how: str) -> None:
        self.table, self.rng, self.how = table, rng, how
        self.queue: list[str] = []
        self.typed: list[Action] = []
        self.answers = 0

    def __call__(self, prompt: str) -> str:
        self.answers += 1
        if self.answers > ANSWER_CAP:
            raise EOFError  # the person gives up: the game did not end
        if prompt.startswith("Press Enter when only"):
            return ""
        assert prompt == PROMPT
        if not self.queue:
            table, system = self.table, self.table.system
            seat = min(set(table.people) & system.to_act(table.rules_case, table.state))
            legal = system.legal_actions(table.rules_case, table.state, seat)
            action = self.choose(seat, legal)
            self.typed.append(action)
            self.queue.extend(menu_answers(legal, action))
            if self.accuses(action.params):
                self.queue.append("1")  # yes: the accusation is confirmed before it is made
        return self.queue.pop(0)

    def choose(self, seat: int, legal: list[ActionSpec]) -> Action:
        """The action to type for ``seat`` (a subclass may choose otherwise)."""
        table, system = self.table, self.table.system
        accusing = [spec for spec in legal if self.accuses(spec.params)]
        if self.how == "accuse" and accusing:
            return random_action(accusing, self.rng)
        if self.how == "random":
            return random_action(legal, self.rng)
        view = system.view(table.rules_case, table.state, seat)
        return system.bot_choose(view, legal, self.rng)

    def accuses(self, params: Iterable[str]) -> bool:
        """Whether an action (or a form) with ``params`` names every accusation parameter."""
        wanted = set(self.table.system.SPEC.accusation_params)
        return bool(wanted) and wanted <= set(params)


def play_typed(table: play.Table, seed: int, how: str) -> Played:
    """The whole game of ``table`` typed by a :class:`Typist` (``how``) whose choices follow
    ``seed``."""
    typist = Typist(table, random.Random(seed), how=how)
    table.screen.input_fn = typist
    outcome = play.play(table)
    return Played(table, outcome, typist.typed, typist.answers)
