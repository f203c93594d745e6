"""``casebook generate``, ``verify`` and ``play`` for Murder City, as for the others.

Generate writes canonical cities and the printable case book (every murder card and evidence
deck a table would print); verify passes good cities and fails tampered ones in one line each;
whole games are typed into the menus by a scripted person (the built-in bot's choice, with a
trade offered once a turn), with bots at the table: drawing, attaching, presenting a case,
hearing one as the Listener and an offer answered all go through the menus.
"""

from __future__ import annotations

import copy
import functools
import json
import random
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

import pytest

from api.commands import play
from api.commands.generate import to_json_line
from generator import registry as generators
from rules.core import Action, ActionSpec, Subset
from rules.murder_city.spec import SPEC, TURN_CHOICES, Act
from tests.api.commands.helpers import (
    ANSWER_CAP,
    ARTEFACTS,
    Played,
    Typist,
    assert_one_line_error,
    assert_refused,
    quiet_table,
    run_cli,
    run_process,
    scripted,
)

MC = SPEC.id


def envelopes(*seeds: int) -> list[dict[str, Any]]:
    generators.load()
    return [generators.generate(MC, seed, {}) for seed in seeds]


def write(path: Path, cases: Iterable[dict[str, Any]]) -> str:
    path.write_text("".join(to_json_line(case) for case in cases), encoding="utf-8")
    return str(path)


# generate ------------------------------------------------------------------------------------


def test_generate_writes_one_canonical_city_per_seed(tmp_path: Path) -> None:
    first, second = tmp_path / "a.jsonl", tmp_path / "b.jsonl"
    for path in (first, second):
        done = run_cli("generate", MC, "--seed", "7", "--count", "2", "--output", str(path))
        assert (done.exit_code, done.stdout, done.stderr) == (0, "", "")
    assert first.read_bytes() == second.read_bytes()
    lines = first.read_text(encoding="utf-8").splitlines()
    cases = [json.loads(line) for line in lines]
    assert [case["seed"] for case in cases] == [7, 8]
    for line, case in zip(lines, cases, strict=True):
        assert line + "\n" == to_json_line(case)
        assert case == generators.generate(MC, case["seed"], {})
        public = case["public"]
        # "25 Murder cards", "5 Evidence decks of 33 cards", 5 Jovans
        assert len(public["murders"]) == 25 and len(public["evidence"]) == 165
        assert len(public["jovans"]) == 5


def test_generate_text_is_the_printable_case_book() -> None:
    """Everything a table prints: every murder card (colour, needs, suspects, charges), every
    evidence card of the five decks (colour, value, item; a joker marked), the Jovans, the
    legwork and hardship decks, and the odds of each charge."""
    done = run_cli("generate", MC, "--seed", "4", "--count", "2", "--format", "text")
    assert done.exit_code == 0, done.stderr
    book = done.stdout.split("Murder City, seed 5")[0]
    (case,) = envelopes(4)
    public = case["public"]
    assert "Murder City, seed 4" in book and public["name"].upper() in book
    lines = book.splitlines()
    for murder in public["murders"]:
        (line,) = [n for n, text in enumerate(lines) if text.startswith(f"  {murder['id']}  ")]
        assert murder["name"] in lines[line]
        charges = ", ".join(
            f"{name} {c['threshold']}/{c['payout']}"
            for name, c in zip(
                ("Murder One", "Manslaughter", "Aggravated Assault"), murder["charges"], strict=True
            )
        )
        assert lines[line + 3].strip() == f"charges: {charges}"
        for suspect in murder["suspects"]:
            assert suspect in lines[line + 2]
    for colour in ("RED", "GREEN", "BLUE", "YELLOW", "BROWN"):
        assert colour in lines
    for card in public["evidence"]:
        (printed,) = [text for text in lines if text.startswith(f"  {card['id']} ")]
        assert card["colour"] in printed and f"  {card['value']}  " in printed
        assert (card["item"] or "the prosecutor's invention") in printed
    for deck in (
        "EYEWITNESS (33)",
        "FORENSICS (33)",
        "INTERROGATION (33)",
        "MURDER WEAPON (33)",
        "PROFESSIONAL OPINION (33)",
    ):
        assert deck in lines
    for jovan in public["jovans"]:
        assert f"{jovan['name']}, {jovan['title']}" in book
    assert "THE LEGWORK DECK" in book and "THE HARDSHIP DECK" in book
    assert "THE ODDS" in book
    for artefact in ARTEFACTS:
        assert artefact not in done.stdout, artefact


@pytest.mark.parametrize(
    ("argv", "fragments"),
    [
        (["--option", "size=short"], ["unknown option size"]),
        (["--option", "turns=3"], ["unknown option turns"]),  # a game's option
        (["--option", "turns"], ["KEY=VALUE"]),
    ],
)
def test_bad_generate_options_are_one_line(argv: list[str], fragments: list[str]) -> None:
    assert_refused(run_cli("generate", MC, *argv), *fragments)


# verify --------------------------------------------------------------------------------------


def test_generated_cities_verify(tmp_path: Path) -> None:
    path = tmp_path / "cases.jsonl"
    run_cli("generate", MC, "--seed", "20", "--count", "2", "--output", str(path))
    done = run_cli("verify", str(path))
    assert (done.exit_code, done.stderr) == (0, "")
    assert done.stdout.splitlines() == ["seed 20: ok", "seed 21: ok"]


def _twin_murder_names(case: dict[str, Any]) -> None:
    murders = case["public"]["murders"]
    murders[1]["name"] = murders[0]["name"]


def _easier_charge(case: dict[str, Any]) -> None:
    """ "Murder One", the hardest charge, made easier than Manslaughter."""
    charges = case["public"]["murders"][0]["charges"]
    charges[0]["threshold"] = charges[1]["threshold"] - 1


def _card_missing(case: dict[str, Any]) -> None:
    del case["public"]["evidence"][0]


def _no_public(case: dict[str, Any]) -> None:
    del case["public"]


@pytest.mark.parametrize(
    ("tamper", "code"),
    [
        (_twin_murder_names, "murders/name-twice"),
        (_easier_charge, "charges/decreasing"),
        (_card_missing, "evidence/count"),
        (_no_public, "envelope/malformed"),
    ],
)
def test_a_tampered_city_fails_in_one_line(
    tmp_path: Path, tamper: Callable[[dict[str, Any]], None], code: str
) -> None:
    good, bad = envelopes(30, 31)
    tamper(bad)
    done = run_cli("verify", write(tmp_path / "c.jsonl", [good, bad]))
    assert done.exit_code == 1 and done.stderr == ""
    lines = done.stdout.splitlines()
    assert lines[0] == "seed 30: ok"
    assert lines[1].startswith("seed 31: FAIL ") and code in lines[1]
    assert len(lines) == 2


def test_the_installed_command_verifies_and_fails_a_tampered_city() -> None:
    (case,) = envelopes(60)
    tampered = copy.deepcopy(case)
    _twin_murder_names(tampered)
    done = run_process("verify", "-", stdin=to_json_line(case) + to_json_line(tampered))
    assert done.returncode == 1 and done.stderr == ""
    lines = done.stdout.splitlines()
    assert lines[0] == "seed 60: ok"
    assert lines[1].startswith("seed 60: FAIL ") and "murders/name-twice" in lines[1]
    assert len(lines) == 2


# play: whole games ---------------------------------------------------------------------------


def gift(legal: list[ActionSpec]) -> Action | None:
    """A credit offered for nothing to the first partner the offer admits, if one may be."""
    for spec in legal:
        murders = spec.params.get("give_murders")
        if spec.type != Act.OFFER_TRADE or not isinstance(murders, Subset) or murders.min > 0:
            continue
        params = {name: _nothing(spec, name) for name in spec.params}
        params["give_credits"] = 1
        action = Action(Act.OFFER_TRADE, params)
        if spec.admits(action):
            return action
    return None


def _nothing(spec: ActionSpec, name: str) -> Any:
    choices = list(spec.choices(name))
    if name == "partner":
        return choices[0]
    if name.startswith(("give_", "take_")):
        if name in ("give_credits", "take_credits", "take_legwork"):
            return 0
        if name == "take_evidence":
            return ""
        return []
    return choices[0]


class GiftingTypist(Typist):
    """The shared typist playing the built-in bot's choices, but once each investigation turn
    it first offers a bot a credit for nothing."""

    def __init__(self, table: play.Table, rng: random.Random) -> None:
        super().__init__(table, rng, how="bot")
        self.offered: set[int] = set()

    def choose(self, seat: int, legal: list[ActionSpec]) -> Action:
        offer = gift(legal) if self.table.state.turn not in self.offered else None
        if offer is None:
            return super().choose(seat, legal)
        self.offered.add(self.table.state.turn)
        return offer


@functools.cache
def played(seats: str, seed: int, turns: int) -> Played:
    """One whole game typed into the menus (cached: several tests read the same game)."""
    table = quiet_table(MC, seats, seed=seed, options={"turns": turns})
    typist = GiftingTypist(table, random.Random(seed))
    table.screen.input_fn = typist
    outcome = play.play(table)
    return Played(table, outcome, typist.typed, typist.answers)


GAMES = [("Ann,bot", 4, 6), ("bot,Ann,bot", 2, 4), ("Ann,bot,bot,bot", 3, 3)]


@pytest.mark.parametrize(("seats", "seed", "turns"), GAMES)
def test_a_whole_game_is_played_through_the_menus(seats: str, seed: int, turns: int) -> None:
    """ "Play 6 turns ... The player with the most credits ... is declared the winner": every
    game ends with the books read out; the person drew, attached and offered a trade a bot
    answered."""
    game = played(seats, seed, turns)
    assert game.outcome is not None and game.outcome.ending in SPEC.endings
    assert game.answers < ANSWER_CAP
    text, table = game.text, game.table
    names = ", ".join(f"{s.name}{' (bot)' if s.bot else ''}" for s in table.seats)
    assert f"Murder City, standard mode, case seed {seed}. At the table: {names}." in text
    assert "What will Ann do?" in text and "  1) " in text
    kinds = {action.type for action in game.typed}
    assert {Act.DRAW_EVIDENCE, Act.ATTACH, Act.OFFER_TRADE, Act.END_INVESTIGATION} <= kinds
    answered = ["accepts Ann's deal", "offer down", "no deal with Ann"]
    assert any(words in text for words in answered), "no bot answered the person's offer"
    assert "The books: " in text and "Winners: " in text
    assert "Type a number" not in text and "Not allowed" not in text
    for artefact in ARTEFACTS:
        assert artefact not in text, artefact


def test_the_person_presents_and_hears_cases() -> None:
    """ "You may bring only one case to court per turn"; "Your listener is determined. Either it
    is the player to your left, or someone who voluntarily uses a Hardship card to become the
    Listener": across the games the person presents a case, and hears a bot's as its Listener
    (challenging, rubber-stamping or endorsing it)."""
    typed = [a.type for seats, seed, turns in GAMES for a in played(seats, seed, turns).typed]
    assert Act.PRESENT in typed
    assert {Act.CHALLENGE, Act.RUBBER_STAMP, Act.ENDORSE} & set(typed)
    texts = "".join(played(*game).text for game in GAMES)
    assert "Listener Ann" in texts


# play: scripted input ------------------------------------------------------------------------


def test_a_bad_choice_is_asked_again() -> None:
    """The first question is Ann's investigation turn: a word, a number out of range and an
    empty line are each asked again, a good number opens its menu, and ``q`` closes the case
    file with nothing played."""
    table = quiet_table(MC, "Ann,Bob", seed=2, options={"turns": min(TURN_CHOICES)})
    table.screen.input_fn = scripted(["zero", "99", "", "2", "q"])
    assert play.play(table) is None
    text = table.screen.output.getvalue()  # type: ignore[attr-defined]
    menu = text.split("What will Ann do?\n")[1].splitlines()
    assert menu[:5] == [
        "  1) Attach",
        "  2) Discard evidence",
        "  3) Take hardship",
        "  4) End investigation",
        "  5) Offer trade",
    ]
    assert text.count("Type a number from 1 to 5, or q to quit.") == 3
    assert "Which card? (b: back to the actions)" in text
    assert text.rstrip().endswith("The solution stays sealed.")
    assert table.state.step == 0  # nothing was played


def test_the_installed_command_plays_a_whole_game() -> None:
    done = run_process(
        "play",
        MC,
        "--seed",
        "4",
        "--seats",
        "Ann,bot",
        "--option",
        "turns=3",
        stdin="1\n" * 3000,
    )
    assert done.returncode == 0 and done.stderr == "", done.stderr
    out = done.stdout
    assert "Murder City, standard mode, case seed 4. At the table: Ann, Bot 2 (bot)." in out
    assert "The books: " in out and "Winners: " in out


@pytest.mark.parametrize(
    ("argv", "fragments"),
    [
        (["--option", "turns=2"], ["--option turns", "3, 4, 5"]),
        (["--option", "jovans=random"], ["--option jovans", "'dealt', 'chosen'"]),
        (["--option", "size=short"], ["--option size", "No such option"]),
        (["--seats", "Ann"], ["no mode for 1 seats"]),
        (["--seats", "Ann,bot,bot,bot,bot,bot"], ["no mode for 6 seats"]),
        (["--mode", "solo"], ["no mode 'solo'", "standard"]),
        (["--seats", "bot,bot"], ["at least one person"]),
    ],
)
def test_bad_play_options_are_one_line(argv: list[str], fragments: list[str]) -> None:
    assert_refused(run_cli("play", MC, *argv, input="q\n"), *fragments)


def test_the_installed_command_refuses_bad_options_in_one_line() -> None:
    done = run_process("play", MC, "--option", "turns=11")
    assert done.stdout == ""
    assert_one_line_error(done.returncode, done.stderr, "--option turns")
