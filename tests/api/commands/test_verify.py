"""``casebook verify`` and the registry's verifier hook."""

from __future__ import annotations

import copy
import json
from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import Any

import pytest

from api.commands.generate import to_json_line
from generator import registry as generators
from rules import registry
from tests.api.commands import stand_in
from tests.api.commands.helpers import (
    SYSTEM,
    assert_one_line_error,
    assert_refused,
    run_cli,
    run_process,
)

TOY = "cli-test-system"


def cases(*seeds: int) -> list[dict[str, Any]]:
    generators.load()
    return [generators.generate(SYSTEM, seed, {}) for seed in seeds]


def write(path: Path, envelopes: list[dict[str, Any]]) -> str:
    path.write_text("".join(to_json_line(e) for e in envelopes), encoding="utf-8")
    return str(path)


def other_motive(envelope: Mapping[str, Any]) -> str:
    motives: list[str] = [m["id"] for m in envelope["public"]["motives"]]
    return next(m for m in motives if m != envelope["solution"]["motive"])


def test_generated_cases_pass(tmp_path: Path) -> None:
    path = tmp_path / "cases.jsonl"
    run_cli("generate", SYSTEM, "--seed", "20", "--count", "3", "--output", str(path))
    done = run_cli("verify", str(path))
    assert (done.exit_code, done.stderr) == (0, "")
    assert done.stdout.splitlines() == ["seed 20: ok", "seed 21: ok", "seed 22: ok"]


def test_a_tampered_motive_fails_with_the_verifiers_code(tmp_path: Path) -> None:
    good, bad = cases(30, 31)
    bad["solution"]["motive"] = other_motive(bad)
    done = run_cli("verify", write(tmp_path / "c.jsonl", [good, bad]))
    assert done.exit_code == 1 and done.stderr == ""
    lines = done.stdout.splitlines()
    assert lines[0] == "seed 30: ok"
    assert lines[1].startswith("seed 31: FAIL fair/wrong-answer: ")
    assert len(lines) == 2


def test_a_broken_sheet_fails_with_every_code(tmp_path: Path) -> None:
    (envelope,) = cases(32)
    secret = envelope["secret"]
    secret["suspects"] = [s for s in secret["suspects"] if s != envelope["solution"]["murderer"]]
    done = run_cli("verify", write(tmp_path / "c.jsonl", [envelope]))
    out = done.stdout
    assert done.exit_code == 1
    assert out.startswith("seed 32: FAIL ") and "sheet/suspects" in out and "sheet/roles" in out
    assert len(out.splitlines()) == 1


def test_a_case_that_is_no_case_fails_as_malformed(tmp_path: Path) -> None:
    (envelope,) = cases(33)
    del envelope["secret"]["timeline"]
    done = run_cli("verify", write(tmp_path / "c.jsonl", [envelope]))
    assert done.exit_code == 1 and done.stdout.startswith("seed 33: FAIL envelope/malformed: ")


def test_standard_input_and_blank_lines() -> None:
    text = "\n".join(to_json_line(e).strip() for e in cases(40, 41)) + "\n\n"
    done = run_cli("verify", "-", input=text)
    assert done.exit_code == 0 and done.stdout.splitlines() == ["seed 40: ok", "seed 41: ok"]


@pytest.mark.parametrize(
    ("second_line", "fragments"),
    [
        ('{"system": ', ["line 2", "not valid JSON"]),
        ("[1, 2]", ["line 2", "case envelope"]),
        ('{"system": "no-such-game", "seed": 1}', ["line 2", "no-such-game"]),
    ],
)
def test_bad_lines_are_one_line_errors_naming_the_line(
    tmp_path: Path, second_line: str, fragments: list[str]
) -> None:
    path = tmp_path / "c.jsonl"
    path.write_text(to_json_line(cases(50)[0]) + second_line + "\n", encoding="utf-8")
    done = run_cli("verify", str(path))
    assert done.stdout == "seed 50: ok\n"
    assert_one_line_error(done.exit_code, done.stderr, str(path), *fragments)


@pytest.mark.parametrize("content", [None, "", "\n \n", b"\xff\xfe"])
def test_missing_empty_or_binary_files_are_one_line_errors(
    tmp_path: Path, content: str | bytes | None
) -> None:
    path = tmp_path / "c.jsonl"
    if isinstance(content, bytes):
        path.write_bytes(content)
    elif content is not None:
        path.write_text(content, encoding="utf-8")
    assert_refused(run_cli("verify", str(path)), str(path))


def test_a_folder_or_no_file_is_a_usage_error(tmp_path: Path) -> None:
    assert_refused(run_cli("verify", str(tmp_path)), "casebook verify", "FILE", code=2)
    assert_refused(run_cli("verify"), "casebook verify", "FILE", code=2)


def test_the_installed_command_reads_stdin_and_fails_tampered_cases() -> None:
    (envelope,) = cases(60)
    tampered = copy.deepcopy(envelope)
    tampered["solution"]["motive"] = other_motive(tampered)
    done = run_process("verify", "-", stdin=to_json_line(envelope) + to_json_line(tampered))
    assert done.returncode == 1 and done.stderr == ""
    assert done.stdout.splitlines()[0] == "seed 60: ok"
    assert done.stdout.splitlines()[1].startswith("seed 60: FAIL fair/wrong-answer")
    garbled = run_process("verify", "-", stdin="not json\n")
    assert_one_line_error(garbled.returncode, garbled.stderr, "<stdin> line 1")


# The hook itself ---------------------------------------------------------------------------


@pytest.fixture
def toy_generator() -> Iterator[list[Mapping[str, Any]]]:
    """A generator registered the old way (no verifier), and one with a verifier that records
    what it is given."""
    seen: list[Mapping[str, Any]] = []

    def parts(seed: int, options: Mapping[str, Any]) -> dict[str, Any]:
        return {"public": {"n": seed}, "solution": {"n": seed}}

    def check(envelope: Mapping[str, Any]) -> list[tuple[str, str]]:
        seen.append(envelope)
        return [] if envelope["public"]["n"] % 2 == 0 else [("toy/odd", "odd cases are unfair")]

    registry.register(stand_in.registration(TOY, generate=parts))
    registry.register(
        stand_in.registration(f"{TOY}-checked", generate=parts, verify=check, schema_version=2)
    )
    yield seen
    registry.unregister(TOY)
    registry.unregister(f"{TOY}-checked")


def test_the_hook_calls_the_systems_verifier(toy_generator: list[Mapping[str, Any]]) -> None:
    checked = f"{TOY}-checked"
    assert generators.has_verifier(checked) and not generators.has_verifier(TOY)
    even, odd = generators.generate(checked, 2, {}), generators.generate(checked, 3, {})
    assert generators.verify(even) == []
    assert generators.verify(odd) == [("toy/odd", "odd cases are unfair")]
    assert toy_generator == [even, odd]
    stale = {**even, "schema_version": 1}
    assert [code for code, _ in generators.verify(stale)] == ["envelope/schema-version"]
    assert len(toy_generator) == 2  # a sheet of another version never reaches the verifier


def test_the_hook_refuses_systems_without_a_verifier(
    toy_generator: list[Mapping[str, Any]],
) -> None:
    with pytest.raises(generators.CaseOptionsError, match="no case verifier"):
        generators.verify(generators.generate(TOY, 1, {}))
    with pytest.raises(generators.CaseOptionsError, match="no case generator"):
        generators.verify({"system": "nothing-here"})
    with pytest.raises(generators.CaseOptionsError, match="no case generator"):
        generators.verify({})


def test_murdered_by_midnight_registers_its_verifier() -> None:
    (envelope,) = cases(70)
    assert generators.has_verifier(SYSTEM)
    assert generators.verify(envelope) == []
    assert generators.verify(json.loads(to_json_line(envelope))) == []
