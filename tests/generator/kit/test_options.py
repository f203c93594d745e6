"""Options declared as data: defaults, presets, and a clean error for every bad value."""

from __future__ import annotations

from typing import Any

import pytest

from generator.kit.options import BoolOption, ChoiceOption, IntOption, OptionSet
from generator.registry import CaseOptionsError

OPTIONS = OptionSet(
    options=(
        ChoiceOption("difficulty", ("easy", "hard"), default="easy"),
        IntOption("rooms", 4, 12, help="how many rooms the house has"),
        IntOption("clues", 0, 5, default=2),
        BoolOption("twist", default=False),
    ),
    presets_by="difficulty",
    presets={
        "easy": {"rooms": 6, "minutes_per_slot": 30},
        "hard": {"rooms": 10, "twist": True, "minutes_per_slot": 15},
    },
)


def test_defaults_and_preset_values() -> None:
    assert OPTIONS.parse({}) == {
        "difficulty": "easy",
        "rooms": 6,
        "clues": 2,
        "twist": False,
        "minutes_per_slot": 30,
    }
    assert OPTIONS.parse({"difficulty": "hard"}) == {
        "difficulty": "hard",
        "rooms": 10,
        "clues": 2,
        "twist": True,
        "minutes_per_slot": 15,
    }


def test_given_values_override_the_preset() -> None:
    values = OPTIONS.parse({"difficulty": "hard", "rooms": 4, "twist": False, "clues": 0})
    assert (values["rooms"], values["twist"], values["clues"]) == (4, False, 0)
    assert values["minutes_per_slot"] == 15


BAD_VALUES: list[Any] = [None, "5", 5.0, True, [5], {"value": 5}, float("nan")]


@pytest.mark.parametrize("value", BAD_VALUES)
def test_an_integer_option_refuses_every_other_type(value: Any) -> None:
    with pytest.raises(CaseOptionsError, match=r"^rooms must be a whole number, not "):
        OPTIONS.parse({"rooms": value})


@pytest.mark.parametrize("value", [3, 13, -1, 10**30])
def test_an_integer_option_names_its_range(value: int) -> None:
    with pytest.raises(CaseOptionsError, match=f"^rooms must be between 4 and 12, not {value}$"):
        OPTIONS.parse({"rooms": value})


@pytest.mark.parametrize("value", [*BAD_VALUES, "medium", "EASY", 0, ["easy"], {"easy": 1}])
def test_a_choice_option_names_its_choices(value: Any) -> None:
    with pytest.raises(CaseOptionsError, match=r"^difficulty must be one of easy, hard, not "):
        OPTIONS.parse({"difficulty": value})


@pytest.mark.parametrize("value", [None, 0, 1, "true", "yes", [True], {"on": True}, 1.0])
def test_a_switch_is_true_or_false_only(value: Any) -> None:
    with pytest.raises(CaseOptionsError, match=r"^twist must be true or false, not "):
        OPTIONS.parse({"twist": value})


@pytest.mark.parametrize("key", ["colour", "Rooms", 3, None, ""])
def test_unknown_options_are_named_with_the_known_ones(key: Any) -> None:
    with pytest.raises(CaseOptionsError) as caught:
        OPTIONS.parse({key: 1, "rooms": 5})
    assert str(caught.value) == (
        f"unknown option {key}; the options are difficulty, rooms, clues, twist"
    )


@pytest.mark.parametrize("raw", [None, [], ["rooms", 5], "rooms=5", 5, [("rooms", 5)]])
def test_options_must_be_an_object(raw: Any) -> None:
    with pytest.raises(CaseOptionsError, match="^options must be an object"):
        OPTIONS.parse(raw)


def test_a_long_value_is_shortened_in_the_message() -> None:
    with pytest.raises(CaseOptionsError) as caught:
        OPTIONS.parse({"rooms": "x" * 500})
    assert len(str(caught.value)) < 120


def test_an_option_without_default_or_preset_must_be_given() -> None:
    options = OptionSet(options=(IntOption("seats", 1, 6), BoolOption("bots", default=True)))
    assert options.parse({"seats": 3}) == {"seats": 3, "bots": True}
    with pytest.raises(CaseOptionsError, match="seats must be given"):
        options.parse({})


def test_declarations_are_checked_when_made() -> None:
    with pytest.raises(ValueError, match="range"):
        IntOption("rooms", 5, 4)
    with pytest.raises(ValueError, match="distinct"):
        ChoiceOption("mode", ("solo", "solo"))
    with pytest.raises(ValueError, match="repeat"):
        OptionSet(options=(BoolOption("x"), BoolOption("x")))
    with pytest.raises(ValueError, match="needs a preset"):
        OptionSet(
            options=(ChoiceOption("level", ("a", "b"), default="a"),),
            presets_by="level",
            presets={"a": {}},
        )
    with pytest.raises(CaseOptionsError, match="between 4 and 12"):  # a preset out of range
        OptionSet(
            options=(ChoiceOption("level", ("a",), default="a"), IntOption("rooms", 4, 12)),
            presets_by="level",
            presets={"a": {"rooms": 20}},
        )


def test_describe_lists_the_options_as_data() -> None:
    described = OPTIONS.describe()
    assert [item["name"] for item in described] == ["difficulty", "rooms", "clues", "twist"]
    assert described[0]["enum"] == ["easy", "hard"]
    assert described[0]["presets"]["hard"] == {"rooms": 10, "twist": True}
    assert described[1] == {
        "name": "rooms",
        "type": "integer",
        "minimum": 4,
        "maximum": 12,
        "help": "how many rooms the house has",
    }
    assert described[3] == {"name": "twist", "type": "boolean", "default": False}
