"""The terminal's menus: one choice, subsets, dependent forms, going back and quitting."""

from __future__ import annotations

import io
from collections.abc import Iterator
from typing import Any

import pytest

from api.commands import play
from api.commands.menus import (
    Quit,
    Screen,
    choose_action,
    form_labels,
    parse_numbers,
    subset_hint,
)
from rules import registry
from rules.core import Action, ActionSpec, Subset, check_action
from tests.api.commands import stand_in
from tests.api.commands.helpers import scripted

PACK = ActionSpec("pack", {"things": Subset(("map", "lamp", "rope", "key"), min=2, max=3)})
POST = [
    ActionSpec("post", {"parcel": ("red",), "port": ("Aden", "Basra")}),
    ActionSpec("post", {"parcel": ("blue",), "port": ("Cork",)}),
]
LEGAL = [PACK, *POST, ActionSpec("wait")]


def label(name: str, value: Any) -> str:
    return str(value).upper()


def choose(answers: list[str], legal: list[ActionSpec] = LEGAL) -> tuple[Action, str]:
    output = io.StringIO()
    screen = Screen(output, scripted(answers))
    action = choose_action(screen, legal, question="What now?", label=label, prompts={})
    check_action(legal, action)  # every action the menus build is legal
    return action, output.getvalue()


def test_several_specs_of_one_type_are_one_action_then_a_form() -> None:
    action, text = choose(["2", "1", "2"])
    assert action == Action("post", {"parcel": "red", "port": "Basra"})
    assert "  1) Pack\n  2) Post\n  3) Wait\n" in text  # one entry per type
    assert "Post: which one? (b: back to the actions)" in text
    assert "  1) parcel: RED; port: ADEN, BASRA\n  2) parcel: BLUE; port: CORK\n" in text
    assert "Parcel? RED" in text  # the form fixed it: not asked


def test_a_form_whose_choices_are_all_fixed_asks_nothing_more() -> None:
    action, text = choose(["2", "2"])
    assert action == Action("post", {"parcel": "blue", "port": "Cork"})
    assert "Parcel? BLUE" in text and "Port? CORK" in text


def test_a_subset_takes_several_numbers_in_any_order() -> None:
    action, text = choose(["1", "3 1"])
    assert action == Action("pack", {"things": ["map", "rope"]})
    assert "Things? (choose 2 to 3; b: back to the actions)" in text


@pytest.mark.parametrize("bad", ["1", "1 2 3 4", "1 1", "0 2", "2 9", "two", ""])
def test_a_wrong_subset_is_asked_again(bad: str) -> None:
    action, text = choose(["1", bad, "2,4"])
    assert action == Action("pack", {"things": ["lamp", "key"]})
    hint = "Type 2 to 3 different numbers from 1 to 4, separated by spaces (e.g. 1 2)"
    assert text.count(hint + ", b to go back, or q to quit.") == 1


def test_a_subset_with_one_possible_pick_is_taken_without_asking() -> None:
    legal = [ActionSpec("pack", {"things": Subset(("map", "lamp"), min=2)})]
    action, text = choose(["1"], legal)
    assert action == Action("pack", {"things": ["map", "lamp"]})
    assert "Things? MAP, LAMP" in text


def test_b_goes_back_from_a_form_and_from_a_subset() -> None:
    action, text = choose(["2", "b", "1", "b", "3"])
    assert action == Action("wait", {})
    assert text.count("What now?") == 3


@pytest.mark.parametrize("answers", [["q"], ["2", "q"], ["1", "quit"], ["1"]])
def test_q_and_the_end_of_input_quit_anywhere(answers: list[str]) -> None:
    with pytest.raises(Quit):
        choose(answers)


def test_forms_alike_in_everything_are_numbered() -> None:
    same = ActionSpec("post", {"port": ("Aden",)})
    assert form_labels([same, same], label) == ["form 1", "form 2"]
    subset = ActionSpec("pack", {"things": Subset(("a", "b"), min=1, max=1)})
    assert form_labels([subset, PACK], label) == [
        "things: 1 of A, B",
        "things: 2 to 3 of MAP, LAMP, ROPE, KEY",
    ]


@pytest.mark.parametrize(
    ("answer", "count", "expected"),
    [
        ("3 1", 4, [0, 2]),
        ("3,1", 4, [0, 2]),
        (" 2 ", 4, [1]),
        ("", 4, []),
        ("1 1", 4, None),
        ("5", 4, None),
        ("0", 4, None),
        ("x", 4, None),
    ],
)
def test_parse_numbers(answer: str, count: int, expected: list[int] | None) -> None:
    assert parse_numbers(answer, count) == expected


def test_subset_hints_say_how_many() -> None:
    assert subset_hint(4, 2, 2) == (
        "Type 2 different numbers from 1 to 4, separated by spaces (e.g. 1 2)"
    )
    assert subset_hint(3, 1, 1) == "Type 1 number from 1 to 3"
    assert subset_hint(3, 0, 3).endswith("; just Enter for none")


class Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_on_a_terminal_the_menu_is_a_rich_table() -> None:
    terminal = Terminal()
    screen = Screen(terminal, scripted(["1"]))
    choose_action(screen, [ActionSpec("wait")], question="What now?", label=label, prompts={})
    shown = terminal.getvalue()
    assert "\x1b[" in shown and "1)" in shown and "Wait" in shown


def test_off_a_terminal_there_are_no_escape_codes(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("FORCE_COLOR", "1")
    _, text = choose(["3"])
    assert "\x1b" not in text


# A whole game of a stand-in system, registered for the test --------------------------------


@pytest.fixture
def pack_and_post() -> Iterator[str]:
    registry.register(stand_in.registration())
    yield stand_in.SYSTEM_ID
    registry.unregister(stand_in.SYSTEM_ID)


def test_a_stand_in_system_plays_through_subset_and_dependent_menus(pack_and_post: str) -> None:
    output = io.StringIO()
    outcome = play.run(
        pack_and_post,
        mode=None,
        seed=1,  # the case: Basra
        difficulty=None,
        options=["bag=large"],
        seats=None,
        input_fn=scripted(["1", "1 2 4", "1", "1", "2"]),
        output=output,
    )
    text = output.getvalue()
    assert outcome is not None and outcome.winners == (0,), text
    assert "What goes in the bag? (choose 2 to 3; b: back to the actions)" in text
    assert "* Player packed map, lamp and key." in text
    assert "Post: which one? (b: back to the actions)" in text
    assert "  1) parcel: red; port: Aden, Basra\n  2) parcel: blue; port: Cork" in text
    assert "To which port? (b: back to the actions)" in text
    assert "Player posted the red parcel to Basra." in text
    assert "Winners: Player.\nThe solution:\n  Port: Basra" in text
