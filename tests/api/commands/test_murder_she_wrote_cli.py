"""``casebook generate``, ``verify`` and ``play`` for Murder, She Wrote, as for the others.

Whole games are typed into the menus by a scripted person (the built-in bot's choice, or a random
legal one, turned into menu numbers), with a cap on the answers typed: solo games as a Jessica
and as the Murderer, a hot-seat game of two people, and a Jessica who accuses through the move's
second form (``{to, accuse}``), which the menu sets apart from the plain move.
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
from rules.murder_she_wrote.spec import ROUNDS, SPEC, Act
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

MSW = SPEC.id
#: The games are the shortest (20 rounds, a move and a token a round: far fewer answers than
#: :data:`ANSWER_CAP`).
SHORTEST = {"rounds": min(ROUNDS)}


# generate ------------------------------------------------------------------------------------


def test_generate_writes_one_canonical_island_per_seed(tmp_path: Path) -> None:
    for case in canonical_cases(MSW, tmp_path):
        # the island holds no Murderer: the game deals one from its own secret seed
        assert case["system"] == MSW and not case.get("solution")


@pytest.mark.parametrize(("size", "least", "most"), [("short", 56, 61), ("long", 67, 72)])
def test_the_size_option_chooses_the_ring(size: str, least: int, most: int) -> None:
    done = run_cli("generate", MSW, "--seed", "3", "--option", f"size={size}")
    case = json.loads(done.stdout)
    assert case["options"] == {"size": size}
    assert least <= len(case["public"]["ring"]) <= most


def test_generate_text_is_the_printable_island() -> None:
    """The board to lay out: every location with its islander and rooms, every space of the
    road, and the box ("Place one ALIVE token over each islander's name at the nine
    locations")."""
    done = run_cli("generate", MSW, "--seed", "4", "--count", "2", "--format", "text")
    assert done.exit_code == 0, done.stderr
    first = done.stdout.split("seed 5")[0]
    (case,) = envelopes(MSW, 4)
    public = case["public"]
    assert "Murder, She Wrote, seed 4" in first and public["name"].upper() in first
    islanders = {islander["id"]: islander for islander in public["islanders"]}
    lines = first.splitlines()
    for location in public["locations"]:
        islander = islanders[location["islander"]]
        rooms = ", ".join(map(str, location["rooms"]))
        (line,) = [line for line in lines if line.startswith(f"  {location['id']}  ")][:1]
        assert islander["name"] in line and islander["calling"] in line
        assert f"(spaces {rooms})" in line
        assert f"ALIVE, over {islander['name']}" in first
    assert "  0      the Start" in first and "THE BOX" in first
    for artefact in ARTEFACTS:
        assert artefact not in done.stdout, artefact


@pytest.mark.parametrize(
    ("argv", "fragments"),
    [
        (["--option", "size=huge"], ["size", "short"]),
        (["--option", "size=3"], ["size"]),
        (["--option", "rounds=20"], ["unknown option rounds", "size"]),  # a game's option
        (["--option", "size"], ["KEY=VALUE"]),
        (["--difficulty", "easy"], ["unknown option difficulty"]),
    ],
)
def test_bad_generate_options_are_one_line(argv: list[str], fragments: list[str]) -> None:
    assert_refused(run_cli("generate", MSW, *argv), *fragments)


# verify --------------------------------------------------------------------------------------


def test_generated_islands_verify(tmp_path: Path) -> None:
    path = tmp_path / "cases.jsonl"
    run_cli("generate", MSW, "--seed", "20", "--count", "2", "--output", str(path))
    done = run_cli("verify", str(path))
    assert (done.exit_code, done.stderr) == (0, "")
    assert done.stdout.splitlines() == ["seed 20: ok", "seed 21: ok"]


def _twin_islanders(case: dict[str, Any]) -> None:
    first, second = case["public"]["islanders"][:2]
    second["name"] = first["name"]


def _no_accuse_space(case: dict[str, Any]) -> None:
    """ "Land or pass over either Accuse spaces": take one away."""
    ring = case["public"]["ring"]
    index = next(n for n, space in enumerate(ring) if space["kind"] == "accuse")
    ring[index] = {"kind": "path", "location": None}


def _short_ring(case: dict[str, Any]) -> None:
    del case["public"]["ring"][-20:]


def _no_public(case: dict[str, Any]) -> None:
    del case["public"]


@pytest.mark.parametrize(
    ("tamper", "code"),
    [
        (_twin_islanders, "islanders/names"),
        (_no_accuse_space, "ring/count"),
        (_short_ring, "ring/size"),
        (_no_public, "envelope/malformed"),
    ],
)
def test_a_tampered_island_fails_in_one_line(
    tmp_path: Path, tamper: Callable[[dict[str, Any]], None], code: str
) -> None:
    assert_tampered_case_fails(MSW, tmp_path, tamper, code)


def test_the_installed_command_verifies_and_fails_a_tampered_island() -> None:
    (case,) = envelopes(MSW, 60)
    tampered = copy.deepcopy(case)
    _twin_islanders(tampered)
    done = run_process("verify", "-", stdin=to_json_line(case) + to_json_line(tampered))
    assert done.returncode == 1 and done.stderr == ""
    lines = done.stdout.splitlines()
    assert lines[0] == "seed 60: ok"
    assert lines[1].startswith("seed 60: FAIL islanders/names") and len(lines) == 2


# play: whole games ---------------------------------------------------------------------------


@functools.cache
def played(mode: str, seats: str, seed: int, how: str, play_as: str | None = None) -> Played:
    """One whole game typed into the menus (cached: several tests read the same game)."""
    options = SHORTEST | ({} if play_as is None else {"play_as": play_as})
    return play_typed(quiet_table(MSW, seats, mode=mode, seed=seed, options=options), seed, how)


GAMES = [
    ("solo", "Ann,bot,bot", "jessica"),
    ("solo", "bot,Ann,bot,bot,bot,bot", "jessica"),
    ("solo", "Ann,bot,bot", "murderer"),
    ("solo", "bot,bot,bot,Ann", "murderer"),
    ("standard", "Ann,Bob,bot", None),
]


@pytest.mark.parametrize("how", ["bot", "random"])
@pytest.mark.parametrize(("mode", "seats", "play_as"), GAMES)
def test_a_whole_game_is_played_through_the_menus(
    mode: str, seats: str, play_as: str | None, how: str
) -> None:
    """Every game ends ("the Murderer ... flee[s] the island", "identify and capture the
    Murderer", or the rounds run out) with the Murderer revealed to the table."""
    game = played(mode, seats, 1, how, play_as)
    assert game.outcome is not None and game.outcome.ending in SPEC.endings
    assert game.answers < ANSWER_CAP
    text, table = game.text, game.table
    names = ", ".join(f"{s.name}{' (bot)' if s.bot else ''}" for s in table.seats)
    assert f"Murder, She Wrote, {mode} mode, case seed 1. At the table: {names}." in text
    person = table.people[0]
    name = table.seats[person].name
    assert f"What will {name} do?" in text and "  1) " in text
    if play_as is not None:
        role = "the Murderer" if play_as == "murderer" else "a Jessica"
        assert f"You are {name}, {role}." in text
        assert (table.state.murderer == person) == (play_as == "murderer")
    # "If you are a JESSICA player wait inside the room and do nothing"; the Murderer chooses
    assert game.typed[0].type == Act.SET_SCENE
    assert (game.typed[0].params["victim"] == "none") == (table.state.murderer != person)
    assert Act.MOVE in game.types
    murderer = table.names[game.outcome.solution["murderer"]]  # type: ignore[index]
    tail = text.split("Winners: ")[1]
    assert "The solution:\n  Murderer: " in tail
    ending = text.split("\nWinners: ")[0].splitlines()[-1]
    assert murderer in ending and "Murderer" in ending, ending  # the ending names it
    assert "Type a number" not in text and "Not allowed" not in text
    for artefact in ARTEFACTS:
        assert artefact not in text, artefact


def test_a_jessica_accuses_through_the_second_form_of_the_move() -> None:
    """ "Land or pass over either Accuse spaces ... Secretly dial the colour of the suspected
    player": the move offers two forms, the plain one showing ``accuse: none``; the accusation
    is told to the accuser with whom she named, and a wrong one puts her out."""
    games = [played("solo", "Ann,bot,bot,bot", seed, "accuse", "jessica") for seed in range(4)]
    accused = [g for g in games if any("accuse" in a.params for a in g.typed)]
    assert accused, "no game offered an accusation"
    for game in accused:
        text, names = game.text, game.table.names
        assert "Move: which one? (b: back to the actions)" in text
        form = text.split("Move: which one? (b: back to the actions)\n")[1].splitlines()
        # each form shows the destinations when they differ (every one may pass an Accuse space)
        assert form[0].startswith("  1) ") and form[0].endswith("accuse: none")
        assert form[1].startswith("  2) ") and "accuse: " in form[1]
        assert not form[1].endswith("accuse: none")
        assert "Whom do you accuse? (b: back to the actions)" in text
        assert "Accuse, once and for all? to: " in text  # read back before it is made
        accusation = next(a for a in game.typed if "accuse" in a.params)
        suspect = names[int(accusation.params["accuse"])]
        told = [f"{suspect} is the Murderer", f"named {suspect}", f"accused {suspect}"]
        assert any(words in text for words in told), suspect
        assert game.outcome is not None


def test_two_people_hand_the_keyboard_over() -> None:
    """ "Everyone keeps their own Identity card safely in their pocket": between two people at
    one keyboard the screen is cleared."""
    text = played("standard", "Ann,Bob,bot", 1, "bot").text
    assert "Pass the keyboard to Bob." in text and "\n" * 40 in text


# play: scripted input ------------------------------------------------------------------------


def test_a_bad_choice_is_asked_again() -> None:
    """The first question of a basic game is the scene: a Jessica may only wait."""
    table = quiet_table(MSW, "Ann,bot,bot", mode="solo", seed=2, options={"play_as": "jessica"})
    table.screen.input_fn = scripted(["zero", "7", "", "1"])
    assert play.play(table) is None  # the end of input: the case file closes
    text = table.screen.output.getvalue()  # type: ignore[attr-defined]
    assert text.count("Type a number from 1 to 1, or q to quit.") == 3
    assert "Whom do you silence first? nobody: wait, touch nothing, and leave" in text
    assert table.state.scene is None or 0 not in table.state.scene.waiting  # it was taken
    assert text.rstrip().endswith("The solution stays sealed.")


def test_the_murderer_chooses_the_first_victim_from_a_menu() -> None:
    """ "If you are the MURDERER choose your first victim from one of the locations"."""
    table = quiet_table(MSW, "Ann,bot,bot", mode="solo", seed=2, options={"play_as": "murderer"})
    table.screen.input_fn = scripted(["1", "10", "3"])
    assert play.play(table) is None
    text = table.screen.output.getvalue()  # type: ignore[attr-defined]
    menu = text.split("Whom do you silence first? (b: back to the actions)\n")[1].splitlines()
    assert [line.split(")")[0].strip() for line in menu[:9]] == [str(n) for n in range(1, 10)]
    assert "Type a number from 1 to 9, b to go back, or q to quit." in text
    assert "You are Ann, the Murderer." in text
    assert table.state.first_victim == "L3"


def test_the_installed_command_plays_a_whole_game() -> None:
    done = run_process(
        "play",
        MSW,
        "--seed",
        "4",
        "--mode",
        "solo",
        "--seats",
        "Ann,bot,bot",
        "--option",
        "rounds=20",
        stdin="1\n" * 3000,
    )
    assert done.returncode == 0 and done.stderr == "", done.stderr
    out = done.stdout
    assert "Murder, She Wrote, solo mode, case seed 4. At the table: Ann, Bot 2 (bot), " in out
    assert "Winners: " in out and "The solution:\n  Murderer: " in out
    assert "The solution stays sealed" not in out


@pytest.mark.parametrize(
    ("argv", "fragments"),
    [
        (["--mode", "solo", "--option", "play_as=detective"], ["--option play_as", "solo"]),
        (["--mode", "solo", "--option", "rounds=7"], ["--option rounds", "20, 30, 40, 60"]),
        (["--mode", "standard", "--option", "play_as=jessica"], ["--option play_as"]),
        (["--option", "rules=expert"], ["--option rules"]),
        (["--option", "size=short"], ["--option size", "No such option"]),
        (["--mode", "solo", "--seats", "Ann,bot"], ["solo mode takes 3 to 6 seats, not 2"]),
        (["--mode", "standard", "--seats", "Ann"], ["standard mode takes 3 to 6 seats, not 1"]),
        (["--seats", "Ann,bot,bot,bot,bot,bot,bot"], ["no mode for 7 seats"]),
        (["--mode", "tag"], ["no mode 'tag'", "standard, solo"]),
        (["--seats", "bot,bot,bot"], ["at least one person"]),
    ],
)
def test_bad_play_options_are_one_line(argv: list[str], fragments: list[str]) -> None:
    assert_refused(run_cli("play", MSW, *argv, input="q\n"), *fragments)


def test_the_installed_command_refuses_bad_options_in_one_line() -> None:
    done = run_process("play", MSW, "--mode", "solo", "--option", "rounds=7")
    assert done.stdout == ""
    assert_one_line_error(done.returncode, done.stderr, "--option rounds")


@pytest.mark.parametrize(("mode", "table"), [(None, "standard"), ("solo", "solo")])
def test_without_seats_one_person_sits_with_the_fewest_bots(mode: str | None, table: str) -> None:
    """Three seats at least ("1 Murderer and the rest Jessica", and a Jessica needs someone to
    suspect): ``--seats`` left out seats one person and two bots."""
    argv = ["play", MSW, "--seed", "4", *(["--mode", mode] if mode else [])]
    done = run_cli(*argv, input="q\n")
    assert done.exit_code == 0, done.stderr
    assert f"{table} mode, case seed 4. At the table: Player, Bot 2 (bot), Bot 3 (bot)." in (
        done.stdout
    )
