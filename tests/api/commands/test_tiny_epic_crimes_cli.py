"""``casebook generate``, ``verify`` and ``play`` for Tiny Epic Crimes, as for Midnight.

Whole games are typed into the menus by a scripted person (the built-in bot's choice, or a random
legal one, turned into menu numbers), with a cap on the answers typed; every owed decision the
rules put to a person (an Ability Card, a third Force Card, Interrogate, an alibi from an empty
deck, a Peek, Leg Work) is answered from the menus.
"""

from __future__ import annotations

import copy
import functools
import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from api.commands import play
from api.commands.generate import to_json_line
from narration import narrate_choice
from rules.tiny_epic_crimes.spec import SPEC, Act
from tests.api.commands.helpers import (
    ANSWER_CAP,
    ARTEFACTS,
    Played,
    assert_one_line_error,
    assert_refused,
    assert_tampered_case_fails,
    canonical_cases,
    envelopes,
    play_typed,
    quiet_table,
    run_cli,
    run_process,
    scripted,
)

TEC = SPEC.id


# generate ------------------------------------------------------------------------------------


def test_generate_writes_one_canonical_case_per_seed(tmp_path: Path) -> None:
    for case in canonical_cases(TEC, tmp_path):
        assert case["system"] == TEC and case["solution"]["murderer"]


def test_the_players_option_lays_the_city_out_for_two() -> None:
    """2-Player variant: "Place only 3 Informant Tokens next to Black Die Tokens 1, 3, and 5.
    Place only 3 Witness Tokens next to White Die Tokens 2, 3, and 4." """
    two = json.loads(run_cli("generate", TEC, "--seed", "3", "--option", "players=2").stdout)
    four = json.loads(run_cli("generate", TEC, "--seed", "3").stdout)
    assert two["options"] == {"players": 2}
    assert two["public"]["informant_rows"] == [1, 3, 5]
    assert two["public"]["witness_columns"] == [2, 3, 4]
    assert len(four["public"]["informant_rows"]) == len(four["public"]["witness_columns"]) == 5


def test_generate_text_is_a_case_book_with_the_box_contents() -> None:
    done = run_cli("generate", TEC, "--seed", "4", "--count", "2", "--format", "text")
    assert done.exit_code == 0, done.stderr
    first = done.stdout.split("seed 5")[0]
    (case,) = envelopes(TEC, 4)
    murderer = case["solution"]["murderer"]
    name = next(s["name"] for s in case["public"]["suspects"] if s["letter"] == murderer)
    assert "Tiny Epic Crimes, seed 4" in first and case["public"]["title"] in first
    assert f"Murderer Envelope: {name} ({murderer})" in first
    for suspect in case["public"]["suspects"]:
        assert f"{suspect['letter']}  {suspect['name']}: " in first
    for artefact in ARTEFACTS:
        assert artefact not in done.stdout, artefact


@pytest.mark.parametrize(
    ("argv", "fragments"),
    [
        (["--option", "players=5"], ["players must be between 1 and 4"]),
        (["--option", "players=0"], ["players must be between 1 and 4"]),
        (["--option", "players=two"], ["whole number"]),
        (["--option", "officers=2"], ["unknown option officers", "players"]),
        (["--option", "players"], ["KEY=VALUE"]),
        (["--difficulty", "easy"], ["unknown option difficulty"]),
    ],
)
def test_bad_generate_options_are_one_line(argv: list[str], fragments: list[str]) -> None:
    assert_refused(run_cli("generate", TEC, *argv), *fragments)


# verify --------------------------------------------------------------------------------------


def test_generated_cases_verify(tmp_path: Path) -> None:
    path = tmp_path / "cases.jsonl"
    run_cli(
        "generate",
        TEC,
        "--seed",
        "20",
        "--count",
        "2",
        "--option",
        "players=2",
        "--output",
        str(path),
    )
    done = run_cli("verify", str(path))
    assert (done.exit_code, done.stderr) == (0, "")
    assert done.stdout.splitlines() == ["seed 20: ok", "seed 21: ok"]


def _murderer_no_suspect(case: dict[str, Any]) -> None:
    case["solution"]["murderer"] = "Z"


def _twin_suspects(case: dict[str, Any]) -> None:
    first, second = case["public"]["suspects"][:2]
    second.update({k: v for k, v in first.items() if k not in ("letter", "name")})


def _no_solution(case: dict[str, Any]) -> None:
    del case["solution"]


@pytest.mark.parametrize(
    ("tamper", "code"),
    [
        (_murderer_no_suspect, "solution/unknown"),
        (_twin_suspects, "roster/duplicate"),  # "the five evidences name exactly one suspect"
        (_no_solution, "envelope/malformed"),
    ],
)
def test_a_tampered_case_fails_in_one_line(
    tmp_path: Path, tamper: Callable[[dict[str, Any]], None], code: str
) -> None:
    assert_tampered_case_fails(TEC, tmp_path, tamper, code)


def test_the_installed_command_verifies_and_fails_a_tampered_case() -> None:
    (case,) = envelopes(TEC, 60, players=1)
    tampered = copy.deepcopy(case)
    _murderer_no_suspect(tampered)
    done = run_process("verify", "-", stdin=to_json_line(case) + to_json_line(tampered))
    assert done.returncode == 1 and done.stderr == ""
    assert done.stdout.splitlines() == [
        "seed 60: ok",
        "seed 60: FAIL solution/unknown: the murderer 'Z' is no suspect",
    ]


# play: whole games ---------------------------------------------------------------------------


def new_table(
    mode: str, seats: str, *, seed: int = 0, options: dict[str, Any] | None = None
) -> play.Table:
    return quiet_table(TEC, seats, mode=mode, seed=seed, options=options)


@functools.cache
def played(mode: str, seats: str, seed: int, bot: bool, officers: int | None = None) -> Played:
    """One whole game typed into the menus (cached: several tests read the same game)."""
    options = {} if officers is None else {"officers": officers}
    table = new_table(mode, seats, seed=seed, options=options)
    return play_typed(table, seed, "bot" if bot else "random")


GAMES = [
    ("standard", "Ann,bot", None),
    ("standard", "Ann,Bob,bot,bot", None),
    ("standard", "Ann,Bob", None),
    ("cooperative", "Ann,bot,bot", None),
    ("cooperative", "Ann,Bob", None),
    ("solo", "Ann", None),
    ("solo", "Ann", 4),
]


@pytest.mark.parametrize("bot", [True, False], ids=["bot-typed", "random-typed"])
@pytest.mark.parametrize(("mode", "seats", "officers"), GAMES)
def test_a_whole_game_is_played_through_the_menus(
    mode: str, seats: str, officers: int | None, bot: bool
) -> None:
    """ "Once all players have laid their cars down, it is time for everyone to make their
    accusations": every game ends with the accusation and the Murderer revealed."""
    game = played(mode, seats, 1, bot, officers)
    assert game.outcome is not None and game.outcome.ending in SPEC.endings
    assert game.answers < ANSWER_CAP
    text, table = game.text, game.table
    names = ", ".join(f"{s.name}{' (bot)' if s.bot else ''}" for s in table.seats)
    assert f"Tiny Epic Crimes, {mode} mode, case seed 1. At the table: {names}." in text
    first = table.people[0]
    assert f"What will {table.seats[first].name} do?" in text and "  1) " in text
    assert Act.CHOOSE_ABILITY in game.types  # every officer keeps an Ability Card first
    murderer = table.case["solution"]["murderer"]
    suspect = next(s for s in table.case["public"]["suspects"] if s["letter"] == murderer)
    tail = text.split("The solution:")[1]
    assert f"Murderer: {suspect['name']} ({murderer})" in tail
    assert "Winners: " in text
    assert "Type a number" not in text and "Not allowed" not in text
    for artefact in ARTEFACTS:
        assert artefact not in text, artefact


def test_solo_lays_the_case_out_for_the_officers_played() -> None:
    """Solo: "Set up a 2-player, Cooperative game ... For an added challenge, you can set up a
    3- or a 4-player game, playing with even more officers." """
    assert played("solo", "Ann", 1, True).table.case["options"] == {"players": 2}
    four = played("solo", "Ann", 1, True, 4)
    assert four.table.case["options"] == {"players": 4}
    assert len(four.table.state.officers) == 4


def test_standard_hands_the_keyboard_over_and_cooperative_does_not() -> None:
    """Standard: the Force Card is kept "secret from the other players", so the screen is
    cleared between people; cooperative: "Throw all secrecy out the window"."""
    standard = played("standard", "Ann,Bob", 1, True).text
    assert "Pass the keyboard to Bob." in standard and "\n" * 40 in standard
    cooperative = played("cooperative", "Ann,Bob", 1, True).text
    assert "=== Bob's turn ===" in cooperative and "Pass the keyboard" not in cooperative


#: Each owed decision, the menu question that asks it, and where the rulebook puts it to a person.
OWED = {
    Act.CHOOSE_ABILITY: "Keep which Ability Card?",  # "Each player chooses one"
    Act.DISCARD_FORCE: "Which Force Card?",  # "you must discard that new card or one from ..."
    Act.INTERROGATE: "Look at whose Suspect Cards?",  # "Choose another player"
    Act.PEEK: "Peek at which solved evidence?",  # "which envelope to look at ... is your choice"
    Act.LOOK_AT_SUSPECT: None,
    Act.LEG_WORK: None,  # "you instead may spend 3 hours to gain a Suspect Card"
}


def test_every_owed_decision_is_answered_from_the_menus() -> None:
    """People alone at the table, so every choice the rules owe is typed at a menu: "Each player
    chooses one" Ability Card; "If you gain a third, you must discard that new card or one from
    your hand"; "Choose another player" to interrogate; a Peek "is your choice"; Leg Work: "you
    instead may spend 3 hours to gain a Suspect Card"."""
    games = [
        played(mode, seats, seed, bot)
        for mode, seats in [
            ("standard", "Ann,Bob"),
            ("standard", "Ann,Bob,Cy,Di"),
            ("cooperative", "Ann,Bob,Cy"),
            ("solo", "Ann"),
        ]
        for seed in range(3)
        for bot in (True, False)
    ]
    typed = set().union(*(game.types for game in games))
    text = "".join(game.text for game in games)
    assert set(OWED) <= typed, set(OWED) - typed
    for question in filter(None, OWED.values()):
        assert question in text, question
    assert all(game.outcome is not None for game in games)


# play: scripted input ------------------------------------------------------------------------


def test_the_first_question_is_which_ability_card_to_keep() -> None:
    """ "Shuffle and deal each player 2 Ability Cards. Each player chooses one"."""
    table = new_table("standard", "Ann,bot", seed=2)
    table.screen.input_fn = scripted(["zero", "7", "1", "2"])
    assert play.play(table) is None  # the end of input: the case file closes
    text = table.screen.output.getvalue()  # type: ignore[attr-defined]
    assert text.count("Type a number from 1 to 1, or q to quit.") == 2
    menu = text.split("Keep which Ability Card? (b: back to the actions)\n")[1]
    offered = [line.split(") ", 1)[1] for line in menu.splitlines()[:2]]
    assert not menu.splitlines()[2].startswith("  3)")  # exactly two cards offered
    kept = table.state.abilities[0]
    label = narrate_choice(TEC, "ability", kept, view={}, names=table.names, glossary={})
    assert label == offered[1]
    assert text.rstrip().endswith("The solution stays sealed.")


def test_the_installed_command_plays_a_whole_game() -> None:
    done = run_process(
        "play", TEC, "--seed", "4", "--mode", "standard", "--seats", "Ann,bot", stdin="1\n" * 3000
    )
    assert done.returncode == 0 and done.stderr == "", done.stderr
    out = done.stdout
    assert "Tiny Epic Crimes, standard mode, case seed 4. At the table: Ann, Bot 2 (bot)." in out
    assert "Winners: " in out and "The solution:\n  Murderer: " in out
    assert "The solution stays sealed" not in out


@pytest.mark.parametrize(
    ("argv", "fragments"),
    [
        (["--mode", "solo", "--option", "officers=7"], ["--option officers", "2, 3, 4", "solo"]),
        (["--mode", "solo", "--option", "officers=two"], ["--option officers"]),
        (["--mode", "solo", "--seats", "Ann,bot"], ["solo mode takes 1 to 1 seats, not 2"]),
        (["--mode", "standard", "--seats", "Ann"], ["standard mode takes 2 to 4 seats, not 1"]),
        (["--seats", "Ann,bot,bot,bot,bot"], ["no mode for 5 seats"]),
        (["--mode", "cooperative", "--seats", "Ann,bot,bot,bot,bot"], ["not 5"]),
        (["--mode", "standard", "--seats", "Ann,bot", "--option", "officers=2"], ["officers"]),
        (["--option", "players=2"], ["--option players", "No such option", "officers"]),
        (["--difficulty", "easy"], ["--difficulty", "No such option"]),
        (["--mode", "tag"], ["no mode 'tag'", "standard, cooperative, solo"]),
        (["--seats", "bot,bot"], ["at least one person"]),
    ],
)
def test_bad_play_options_are_one_line(argv: list[str], fragments: list[str]) -> None:
    assert_refused(run_cli("play", TEC, *argv, input="q\n"), *fragments)


def test_the_installed_command_refuses_bad_options_in_one_line() -> None:
    done = run_process("play", TEC, "--mode", "solo", "--option", "officers=7")
    assert done.stdout == ""
    assert_one_line_error(done.returncode, done.stderr, "--option officers")
