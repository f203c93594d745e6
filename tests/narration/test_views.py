"""A view told at the terminal: the filters, the generic rule, Midnight's template."""

from __future__ import annotations

import random
from typing import Any

import pytest

import tests.toy  # noqa: F401  (registers Toy Culprit, a system without a view template)
from generator import registry as generators
from narration import narrate_choice, narrate_view, public_glossary
from narration.environment import environment, grid_cell, name_with_id, next_to
from rules import registry
from rules.core import Seat, start

MBM = "murdered-by-midnight"
GLOSSARY = {
    "L1": "Library",
    "L2": "Chapel",
    "L3": "Study",
    "C1": "Ada Dunmore",
    "C2": "Bram Cole",
    "C3": "Cleo Vance",
    "C4": "Dora Finch",
    "W1": "Brass Candlestick",
    "W2": "Rope",
    "M1": "Revenge",
}


# Filters -------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("key", "expected"), [("L1", "Library (L1)"), ("L9", "L9"), (None, "None"), (3, "3")]
)
def test_name_with_id(key: Any, expected: str) -> None:
    assert name_with_id(GLOSSARY, key) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [("2,-1", (2, -1)), ("0,0", (0, 0)), ("2", None), ("a,b", None), ("1,2,3", None), (None, None)],
)
def test_grid_cell(text: Any, expected: tuple[int, int] | None) -> None:
    assert grid_cell(text) == expected


def test_next_to_keeps_the_orthogonal_neighbours_in_order() -> None:
    cards = [{"at": "1,0"}, {"at": "1,1"}, {"at": "0,-1"}, {"at": "2,0"}, {"at": "x"}, {}]
    assert next_to(cards, "0,0") == [{"at": "1,0"}, {"at": "0,-1"}]
    assert next_to(cards, "not a cell") == []
    assert next_to([{"cell": "0,1"}], "0,0", key="cell") == [{"cell": "0,1"}]


def test_the_filters_are_registered() -> None:
    filters = environment().filters
    assert filters["next_to"] is next_to
    rendered = environment().from_string("{{ 'L1' | name_with_id }}").render(glossary=GLOSSARY)
    assert rendered == "Library (L1)"


# The generic rule ----------------------------------------------------------------------------


def test_a_system_without_a_view_template_has_no_summary() -> None:
    assert narrate_view("toy-culprit", {"suspects": ["Ada"]}) is None


def test_its_choices_read_by_the_glossary_else_as_they_are() -> None:
    assert narrate_choice("toy-culprit", "suspect", "Ada", view={}) == "Ada"
    assert narrate_choice("toy-culprit", "who", "C1", view={}, glossary=GLOSSARY) == "Ada Dunmore"
    assert narrate_choice("toy-culprit", "n", 3, view={}) == "3"


# Murdered by Midnight's template -------------------------------------------------------------


def inspector(seat: int, name: str, location: str, *, out: bool = False) -> dict[str, Any]:
    return {"seat": seat, "name": name, "location": location, "eliminated": out}


def card(location: str, at: str, **extra: Any) -> dict[str, Any]:
    return {"location": location, "at": at, "characters": [], "body": None, "weapons": [], **extra}


VIEW: dict[str, Any] = {
    "you": 0,
    "inspectors": [inspector(0, "Ann", "L1"), inspector(1, "Bob", "L2", out=True)],
    "map": [
        card("L1", "0,0", characters=["C1", "C2"], body="C3", weapons=["W1"]),
        card("L2", "1,0"),
    ],
    "deck_count": 5,
    "turns_taken": 6,
    "max_turns": 100,
    "question_pending": True,
    "passages": [{"seat": 0, "from": "L1", "to": "L2"}],
    "searches": [
        {"seat": 0, "location": "L2", "weapons": []},
        {"seat": 1, "location": "L2", "weapons": []},
        {"seat": 0, "location": "L1", "weapons": ["W1", "W2"]},
    ],
    "envelopes": [
        {"seat": 0, "type": "prints-dusted", "weapon": "W1", "location": "L1", "prints": "C2"},
        {"seat": 0, "type": "prints-dusted", "weapon": "W2", "location": "L1", "prints": None},
        {"seat": 1, "type": "prints-dusted", "weapon": "W2", "location": "L1"},
        {
            "seat": 0,
            "type": "forensics-analysed",
            "weapon": "W1",
            "location": "L1",
            "murder_weapon": True,
        },
        {"seat": 1, "type": "forensics-analysed", "weapon": "W2", "location": "L1"},
    ],
    "testimony": [
        {
            "character": "C1",
            "sighting": {"person": "C2", "location": "L2", "time": "21:00", "near": False},
        },
        {
            "character": "C4",
            "sighting": {"person": "C1", "location": "L1", "time": "20:30", "near": True},
        },
        {"character": "C2", "sighting": None},
        {"character": "C1", "suspicion": {"suspect": "C3", "motive": "M1"}},
        {"character": "C2", "suspicion": None},
    ],
    "accusations": [
        {
            "seat": 1,
            "murderer": "C1",
            "weapon": "W2",
            "motive": "M1",
            "time": "22:00",
            "correct": False,
        },
    ],
}

SUMMARY = """\
Ann is in Library (L1). Turn 7 of at most 100.
Here: the body of Cleo Vance; Ada Dunmore, Bram Cole; weapon markers: Brass Candlestick.
You have just entered: you may ask one question, or end your turn.
Other inspectors: Bob in Chapel (L2) (out).
Map (5 cards face down): Library (L1) at 0,0 (Ada Dunmore, Bram Cole); Chapel (L2) at 1,0.
Secret passages: Library (L1) <-> Chapel (L2).
What you have learned:
  - Searched Chapel (L2): no weapon.
  - Searched Library (L1): Brass Candlestick, Rope.
  - Prints on Brass Candlestick from Library (L1): Bram Cole.
  - Prints on Rope from Library (L1): no prints.
  - Prints on Rope from Library (L1): a sealed envelope for another inspector.
  - Forensics on Brass Candlestick from Library (L1): the murder weapon.
  - Forensics on Rope from Library (L1): a sealed envelope for another inspector.
  - Ada Dunmore saw Bram Cole in Chapel (L2) at 9:00 pm.
  - Dora Finch saw Ada Dunmore near Library (L1) at 8:30 pm.
  - Bram Cole says they saw nothing.
  - Ada Dunmore suspects Cleo Vance: Revenge.
  - Bram Cole says they have no idea who did it.
  - Bob accused Ada Dunmore with Rope, Revenge, at 10:00 pm: wrong."""


def test_midnights_summary_is_rendered_from_its_template() -> None:
    assert narrate_view(MBM, VIEW, names=["Ann", "Bob"], glossary=GLOSSARY) == SUMMARY


def test_a_sighting_heard_before_near_was_told_is_near_when_at_the_scene() -> None:
    """A game logged before witness answers said "near" still says it of the scene (the view
    holds the scene) and "in" of any other room."""
    heard = [
        {"character": "C1", "sighting": {"person": "C2", "location": "L1", "time": "21:00"}},
        {"character": "C2", "sighting": {"person": "C1", "location": "L2", "time": "20:00"}},
    ]
    view = {**VIEW, "case": {"scene": "L1"}, "testimony": heard}
    text = narrate_view(MBM, view, names=["Ann", "Bob"], glossary=GLOSSARY)
    assert text is not None
    assert "Ada Dunmore saw Bram Cole near Library (L1) at 9:00 pm." in text
    assert "Bram Cole saw Ada Dunmore in Chapel (L2) at 8:00 pm." in text


def test_a_bare_card_and_nothing_learned_say_so() -> None:
    view = {
        **VIEW,
        "inspectors": [inspector(0, "Ann", "L2")],
        "question_pending": False,
        "passages": [],
        "searches": [],
        "envelopes": [],
        "testimony": [],
        "accusations": [],
    }
    assert narrate_view(MBM, view, glossary=GLOSSARY) == (
        "Ann is in Chapel (L2). Turn 7 of at most 100.\n"
        "Here: nobody and nothing found yet.\n"
        "Map (5 cards face down): Library (L1) at 0,0 (Ada Dunmore, Bram Cole); Chapel (L2) at 1,0."
    )


@pytest.mark.parametrize(
    ("param", "value", "expected"),
    [
        ("to", "L2", "Chapel (L2)"),
        ("at", "1,1", "1,1, next to Chapel (L2)"),
        ("at", "0,1", "0,1, next to Library (L1)"),
        ("at", "5,5", "5,5"),
        ("murderer", "C1", "Ada Dunmore"),
        ("time", "21:00", "9:00 pm"),
    ],
)
def test_midnights_choices_read_in_its_words(param: str, value: str, expected: str) -> None:
    assert narrate_choice(MBM, param, value, view=VIEW, glossary=GLOSSARY) == expected


def test_every_view_of_a_played_game_renders() -> None:
    """Real views, each seat's, all through a competitive game of bots."""
    generators.load()
    system = registry.get(MBM)
    envelope = generators.generate(MBM, 12, {"difficulty": "easy"})
    glossary = public_glossary(envelope["public"])
    seats = [Seat("Ann", bot=True), Seat("Bob", bot=True)]
    case, state = start(system, envelope, seats, "competitive", seed=12)
    rng = random.Random(12)
    for _ in range(60):
        if system.result(case, state) is not None:
            break
        for seat in range(len(seats)):
            text = narrate_view(MBM, system.view(case, state, seat), glossary=glossary)
            assert text is not None and text.startswith(seats[seat].name)
            for artefact in ("{{", "{%", "None", "Undefined", "['", "{'"):
                assert artefact not in text, artefact
        (turn,) = system.to_act(case, state)
        legal = system.legal_actions(case, state, turn)
        action = system.bot_choose(system.view(case, state, turn), legal, rng)
        state, _ = system.apply(case, state, turn, action)
