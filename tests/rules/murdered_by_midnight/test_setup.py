"""Setup, from the rulebook's "Initial Setup"."""

from __future__ import annotations

import dataclasses
import json

import pytest

from generator import registry as generators
from rules import core, registry
from rules.core import SetupError
from rules.murdered_by_midnight.case import Solution
from rules.murdered_by_midnight.spec import Ending
from tests.rules.murdered_by_midnight.helpers import CASE, GAME, SYSTEM, envelope, seats, start
from tests.rules.murdered_by_midnight.sample_case import sample_case


def test_the_system_is_registered_with_its_spec() -> None:
    """The Author answers search, dusting, forensics and witness questions; players accuse with
    murderer, weapon, motive and time."""
    generators.load()
    entry = registry.registration("murdered-by-midnight")
    assert entry.system is SYSTEM
    assert entry.generate is not None and entry.verify is not None and entry.fairness
    spec = entry.system.SPEC
    assert spec.name == "Murdered by Midnight"
    assert spec.has_chance and spec.has_hidden_information
    assert spec.accusation_fields == ("murderer", "weapon", "motive", "time")
    assert {m.id: (m.min_seats, m.max_seats) for m in spec.modes} == {
        "solo": (1, 1),
        "co-op": (1, 6),
        "competitive": (2, 6),
    }
    assert set(spec.endings) == {"solved", "wrong-accusation", "all-eliminated", "midnight"}
    assert set(spec.endings) == set(Ending)


def test_scene_victim_discoverer_and_public_cards_are_face_up() -> None:
    """ "the Author will lay out the Map card where the body was found in the center of the play
    field, face up. The Character Token of the Victim will be placed on the Map card laying down
    and the Character Token of the Discoverer will be added standing up." … "display (face up),
    the Time Card …, the Biography cards of the Victim and Discoverer and the Cause of Death
    card" """
    shown = GAME.view(start(), None)
    assert shown["map"] == [
        {
            "location": "L1",
            "name": "Library",
            "description": "Shelves of ledgers and a cold hearth.",
            "at": "0,0",
            "characters": ["C2"],
            "body": "C1",
            "weapons": [],
        }
    ]
    case = shown["case"]
    assert (case["victim"], case["discoverer"], case["discovered_at"]) == ("C1", "C2", "22:30")
    assert case["cause_of_death"] == "blunt-force trauma"
    biographies = {c["id"]: c["biography"] for c in case["characters"]}
    assert biographies["C1"].startswith("A retired shipping magnate")
    assert biographies["C2"].startswith("The housekeeper")


@pytest.mark.parametrize("count", [1, 4, 6])
def test_remaining_cards_face_down_and_every_inspector_on_the_scene(count: int) -> None:
    """ "The remaining Map cards are shuffled and displayed, face down" … "each Player (1 to 6)
    will be given … a matching pair of Portal Token cards. They will select an Inspector Pawn
    and place it on the Map card of the Victim's Location." """
    state = start("co-op", count)
    shown = GAME.view(state, 0)
    assert shown["deck_count"] == 5
    assert "deck" not in shown and "L3" not in str(shown["map"])
    assert [i["location"] for i in shown["inspectors"]] == ["L1"] * count
    assert not any(i["portals_used"] for i in shown["inspectors"])
    assert shown["turn"] == 0 and shown["question_pending"] is False


def test_the_deck_is_shuffled_from_the_seed() -> None:
    """ "The remaining Map cards are shuffled": the same seed gives the same order."""
    orders = {start(seed=seed).deck for seed in range(12)}
    assert len(orders) > 1
    assert start(seed=3).deck == start(seed=3).deck


def test_the_game_seed_is_not_the_case_seed() -> None:
    """The deck is shuffled from the game's own (secret) seed: the case's seed, printed on its
    envelope for anyone to read, must not tell the order of the face-down cards."""
    decks = set()
    for case_seed in (0, 1, 99):
        case, state = core.start(
            SYSTEM, {**envelope(), "seed": case_seed}, seats(1), "solo", seed=5
        )
        assert case == CASE
        decks.add(state.deck)
    assert decks == {start(seed=5).deck}
    assert "seed" not in json.dumps(GAME.view(start(seed=5), 0))  # nor is the game's shown


@pytest.mark.parametrize(
    ("options", "turns"), [({}, 400), ({"turn_limit": 100}, 100), ({"turn_limit": 200}, 200)]
)
def test_the_turn_limit_is_an_option_of_every_mode(options: dict[str, int], turns: int) -> None:
    """Midnight comes after a number of turns the table chooses (ruling): 100, 200 or 400."""
    for mode, count in (("solo", 1), ("co-op", 3), ("competitive", 2)):
        _, state = core.start(SYSTEM, envelope(), seats(count), mode, seed=0, options=options)
        assert state.max_turns == turns
        assert GAME.view(state, 0)["max_turns"] == turns


@pytest.mark.parametrize(
    ("options", "code", "pointer"),
    [
        ({"turn_limit": 150}, "options/bad-choice", "/options/turn_limit"),
        ({"turn_limit": "400"}, "options/bad-choice", "/options/turn_limit"),
        ({"difficulty": "brutal"}, "options/bad-choice", "/options/difficulty"),
        ({"midnight": "01:00"}, "options/unknown", "/options/midnight"),
    ],
)
def test_bad_options_are_refused_with_the_field_named(
    options: dict[str, object], code: str, pointer: str
) -> None:
    with pytest.raises(SetupError) as caught:
        core.start(SYSTEM, envelope(), seats(1), "solo", seed=0, options=options)
    assert caught.value.code == code
    assert [where for where, _ in caught.value.fields] == [pointer]


@pytest.mark.parametrize(
    ("mode", "count", "code"),
    [
        ("solo", 2, "setup/seat-count"),
        ("co-op", 7, "setup/seat-count"),
        ("duel", 2, "setup/unknown-mode"),
    ],
)
def test_bad_modes_and_seat_counts_are_refused(mode: str, count: int, code: str) -> None:
    """ "each Player (1 to 6)": at most six inspectors; solo is one."""
    with pytest.raises(SetupError) as caught:
        core.start(SYSTEM, envelope(), seats(count), mode, seed=0)
    assert caught.value.code == code
    if mode != "duel":  # the rules check the seats themselves too, given the decoded case
        with pytest.raises(SetupError) as caught:
            SYSTEM.new_game(CASE, seats(count), mode, seed=0, options={})
        assert caught.value.code == code


@pytest.mark.parametrize(
    ("change", "words"),
    [
        ({"scene": "L9"}, "scene"),
        ({"discoverer": "C1"}, "discoverer"),
        ({"whereabouts": {**sample_case().whereabouts, "C2": "L4"}}, "discoverer must stand"),
        ({"solution": Solution("C4", "W1", "M1", "21:00")}, "murderer's prints"),
        ({"solution": Solution("C3", "W1", "M9", "21:00")}, "motive"),
    ],
)
def test_a_broken_case_is_refused_with_a_clear_message(
    change: dict[str, object], words: str
) -> None:
    """The Author lays out the case's own cards: every id on the sheet must exist."""
    case = dataclasses.replace(sample_case(), **change)  # type: ignore[arg-type]
    with pytest.raises(SetupError, match=words) as caught:
        SYSTEM.read_case(envelope(case))
    assert caught.value.code == "setup/bad-case"
    with pytest.raises(SetupError, match=words):
        core.start(SYSTEM, envelope(case), seats(1), "solo", seed=0)


def test_a_case_of_another_system_is_refused() -> None:
    """Only a Murdered by Midnight murder can be laid out."""
    with pytest.raises(SetupError, match="not a Murdered by Midnight"):
        SYSTEM.read_case({**envelope(), "system": "toy-culprit"})
    with pytest.raises(SetupError, match="not a Murdered by Midnight case") as caught:
        SYSTEM.read_case({"public": {}})
    assert caught.value.code == "setup/bad-case"
