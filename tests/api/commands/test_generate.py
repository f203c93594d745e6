"""``casebook generate``: canonical JSON Lines, printable case books, one-line errors."""

from __future__ import annotations

import io
import json
import re
from pathlib import Path

import pytest

from api.commands.generate import parse_option
from api.commands.progress import progress_bar
from generator import registry as generators
from narration import clock_time
from tests.api.commands.helpers import (
    SYSTEM,
    assert_one_line_error,
    assert_refused,
    run_cli,
    run_process,
)

SECTIONS = (
    "AUTHOR'S SHEET",
    "Locations",
    "Murder Weapon and Prints",
    "Weapons With Prints",
    "Weapons Without Prints",
    "Murderer and Suspects",
    "Witness Group 1:",
    "Case Details",
    "Difficulty:",
)


def test_json_is_deterministic_canonical_and_one_case_per_seed(tmp_path: Path) -> None:
    first, second = tmp_path / "a.jsonl", tmp_path / "b.jsonl"
    for path in (first, second):
        done = run_cli("generate", SYSTEM, "--seed", "7", "--count", "3", "--output", str(path))
        # no progress bar when stderr is no terminal
        assert (done.exit_code, done.stdout, done.stderr) == (0, "", "")
    assert first.read_bytes() == second.read_bytes()
    lines = first.read_text(encoding="utf-8").splitlines()
    assert len(lines) == 3
    envelopes = [json.loads(line) for line in lines]
    assert [e["seed"] for e in envelopes] == [7, 8, 9]
    for line, envelope in zip(lines, envelopes, strict=True):
        assert line == json.dumps(envelope, sort_keys=True, separators=(",", ":"))
        assert envelope == generators.generate(SYSTEM, envelope["seed"], {})
        assert envelope["solution"] and envelope["secret"] and envelope["rating"]


def test_stdout_gets_the_same_bytes_as_the_file(tmp_path: Path) -> None:
    path = tmp_path / "case.jsonl"
    run_cli("generate", SYSTEM, "--seed", "11", "--output", str(path))
    done = run_cli("generate", SYSTEM, "--seed", "11")
    assert done.exit_code == 0 and done.stdout == path.read_text(encoding="utf-8")


def test_without_a_seed_a_random_one_is_used() -> None:
    done = run_cli("generate", SYSTEM, "--count", "2")
    seeds = [json.loads(line)["seed"] for line in done.stdout.splitlines()]
    assert done.exit_code == 0 and len(seeds) == 2 and seeds[1] == seeds[0] + 1


def test_options_and_difficulty_reach_the_generator() -> None:
    done = run_cli(
        "generate",
        SYSTEM,
        "--seed",
        "3",
        "--difficulty",
        "easy",
        "--option",
        "locations=8",
    )
    envelope = json.loads(done.stdout)
    assert done.exit_code == 0
    assert envelope["options"] == {"difficulty": "easy", "locations": 8}
    assert len(envelope["public"]["locations"]) == 8


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("locations=8", ("locations", 8)),
        ("difficulty=hard", ("difficulty", "hard")),
        ("flag=true", ("flag", True)),
        ("name=two words", ("name", "two words")),
        ("empty=", ("empty", "")),
    ],
)
def test_option_values_are_json_when_they_can_be(text: str, expected: tuple[str, object]) -> None:
    assert parse_option(text) == expected


def test_text_is_a_printable_case_book() -> None:
    done = run_cli("generate", SYSTEM, "--seed", "4", "--count", "2", "--format", "text")
    out = done.stdout
    assert done.exit_code == 0
    envelope = generators.generate(SYSTEM, 4, {})
    public, secret, solution = envelope["public"], envelope["secret"], envelope["solution"]
    names = {
        item["id"]: item["name"]
        for key in ("locations", "characters", "weapons", "motives")
        for item in public[key]
    }
    assert out.count("AUTHOR'S SHEET") == 2 and "seed 4" in out and "seed 5" in out
    first = out.split("seed 5")[0]
    for section in SECTIONS:
        assert section in first, section
    assert public["title"] in first and public["introduction"] in first
    for location in public["locations"]:
        assert f"{location['id']:<4}{location['name']}" in first
    murder = secret["murder_weapon"]
    assert f"{murder['location']:<4}{names[murder['weapon']]}, with the prints of" in first
    assert len(secret["witness_groups"]) == first.count("  1. What they saw:")
    assert f"Murderer: {names[solution['murderer']]}" in first
    assert f"Motive: {names[solution['motive']]}" in first
    assert f"Time of death: {clock_time(solution['time'])}" in first
    assert envelope["rating"]["label"] in first
    for artefact in ("{{", "}}", "{%", "%}", "{#", "None", "Undefined", "['", "('", "{'"):
        assert artefact not in out, artefact
    assert "\n\n\n" not in out  # no blank runs left by template tags


def test_the_case_book_says_times_on_the_clock_asked_for() -> None:
    """--clock 24h: the same book with every time as a 24-hour clock says it (19:30)."""
    twelve = run_cli("generate", SYSTEM, "--seed", "4", "--format", "text").stdout
    day = run_cli("generate", SYSTEM, "--seed", "4", "--format", "text", "--clock", "24h").stdout
    time = generators.generate(SYSTEM, 4, {})["solution"]["time"]
    assert f"Time of death: {time}" in day and f"Time of death: {clock_time(time)}" in twelve
    assert not re.search(r"\b\d{1,2}:\d{2} [ap]m\b", day)
    assert re.sub(r"\d{1,2}:\d{2}( [ap]m)?", "T", day) == re.sub(
        r"\d{1,2}:\d{2}( [ap]m)?", "T", twelve
    )


@pytest.mark.parametrize(
    ("argv", "fragments"),
    [
        (["generate", "no-such-game"], ["no system 'no-such-game'", SYSTEM]),
        (["generate", SYSTEM, "--difficulty", "extreme"], ["difficulty must be one of"]),
        (["generate", SYSTEM, "--option", "colour=red"], ["unknown option colour"]),
        (["generate", SYSTEM, "--option", "locations=99"], ["locations must be between"]),
        (["generate", SYSTEM, "--option", "locations"], ["KEY=VALUE"]),
        (["generate", SYSTEM, "--option", "locations=eight"], ["whole number"]),
        (
            ["generate", SYSTEM, "--difficulty", "easy", "--option", "difficulty=hard"],
            ["disagree"],
        ),
    ],
)
def test_bad_input_is_one_line_and_exit_1(argv: list[str], fragments: list[str]) -> None:
    assert_refused(run_cli(*argv), *fragments)


@pytest.mark.parametrize(
    ("argv", "fragments"),
    [
        (["generate", SYSTEM, "--seed", "-1"], ["--seed", "-1"]),
        (["generate", SYSTEM, "--seed", "seven"], ["--seed", "seven"]),
        (["generate", SYSTEM, "--count", "0"], ["--count"]),
        (["generate", SYSTEM, "--format", "yaml"], ["--format", "yaml"]),
        (["generate"], ["SYSTEM"]),
        (["generate", SYSTEM, "--colour", "red"], ["--colour"]),
    ],
)
def test_bad_arguments_are_one_line_usage_errors(argv: list[str], fragments: list[str]) -> None:
    assert_refused(run_cli(*argv), "casebook generate", *fragments, code=2)


def test_a_seed_past_the_last_is_one_line() -> None:
    last = generators.SEED_LIMIT - 1
    assert_refused(run_cli("generate", SYSTEM, "--seed", str(last), "--count", "2"), "seeds")


def test_bad_options_create_no_file(tmp_path: Path) -> None:
    path = tmp_path / "cases.jsonl"
    done = run_cli("generate", SYSTEM, "--option", "characters=1", "--output", str(path))
    assert_refused(done, "characters")
    assert not path.exists()


def test_an_unwritable_output_is_one_line(tmp_path: Path) -> None:
    done = run_cli(
        "generate", SYSTEM, "--seed", "1", "--output", str(tmp_path / "no" / "such.jsonl")
    )
    assert_refused(done, "cannot write")


def test_the_installed_command_fails_in_one_line() -> None:
    done = run_process("generate", "no-such-game")
    assert done.stdout == ""
    assert_one_line_error(done.returncode, done.stderr, "no system 'no-such-game'")


def test_the_installed_command_generates() -> None:
    done = run_process("generate", SYSTEM, "--seed", "2", "--count", "2")
    assert done.returncode == 0 and done.stderr == ""
    assert [json.loads(line)["seed"] for line in done.stdout.splitlines()] == [2, 3]


class Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_the_progress_bar_draws_only_on_a_terminal() -> None:
    terminal, pipe = Terminal(), io.StringIO()
    for stream in (terminal, pipe):
        with progress_bar(4, stream, label="cases") as bar:
            for number in range(4):
                bar.write(io.StringIO(), f"case {number}")
                bar.advance()
    assert pipe.getvalue() == ""
    shown = terminal.getvalue()
    assert "0/4" in shown and "4/4" in shown and "cases" in shown
    assert "\x1b[" in shown  # drawn in place, then taken away (transient)


def test_a_single_case_draws_no_bar_even_on_a_terminal() -> None:
    terminal = Terminal()
    with progress_bar(1, terminal) as bar:
        bar.advance()
    assert terminal.getvalue() == "" and not bar.enabled


def test_output_for_the_bars_terminal_goes_above_the_bar() -> None:
    terminal = Terminal()
    with progress_bar(2, terminal, label="cases") as bar:
        bar.write(terminal, "seed 1: ok\n")
        bar.advance()
    assert "seed 1: ok" in terminal.getvalue()
