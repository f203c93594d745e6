"""Game options (rules/options.py): finite choices with defaults, resolved strictly, and every
wrong field named by a JSON pointer."""

from __future__ import annotations

from typing import Any

import pytest

from rules.errors import SetupError
from rules.options import OptionSpec, case_options, resolve_options

SPECS = (
    OptionSpec("turn_limit", (100, 200, 400), 400, "turns before midnight"),
    OptionSpec("difficulty", ("easy", "standard", "hard"), "standard", for_case=True),
    OptionSpec("hints", (True, False), False),
)


def refused(given: dict[str, Any], **kwargs: Any) -> SetupError:
    with pytest.raises(SetupError) as raised:
        resolve_options(SPECS, given, **kwargs)
    assert raised.value.status == 422 and raised.value.message
    return raised.value


def test_every_option_is_resolved_with_defaults_filled_in() -> None:
    assert resolve_options(SPECS, {}) == {
        "turn_limit": 400,
        "difficulty": "standard",
        "hints": False,
    }
    assert resolve_options(SPECS, {"turn_limit": 100, "hints": True}) == {
        "turn_limit": 100,
        "difficulty": "standard",
        "hints": True,
    }
    assert resolve_options((), {}) == {}


def test_an_unknown_option_is_named_with_the_known_ones() -> None:
    error = refused({"turn_limit": 100, "colour": "red", "size": 3})
    assert error.code == "options/unknown"
    assert [pointer for pointer, _ in error.fields] == ["/options/colour", "/options/size"]
    assert "difficulty, hints, turn_limit" in error.fields[0][1]
    error = refused({"colour": "red"}, where="/game/options")
    assert error.fields[0][0] == "/game/options/colour"
    with pytest.raises(SetupError, match="the options are: none"):
        resolve_options((), {"x": 1})


def test_pointers_escape_slashes_and_tildes() -> None:
    error = refused({"a/b": 1, "c~d": 2})
    assert [pointer for pointer, _ in error.fields] == ["/options/a~1b", "/options/c~0d"]


@pytest.mark.parametrize(
    "given",
    [
        {"turn_limit": 150},  # not a choice
        {"turn_limit": "400"},  # a string is not a number
        {"turn_limit": 400.0},  # a float is not an int
        {"turn_limit": True},  # true is not 1, nor any number
        {"hints": 1},  # 1 is not true
        {"hints": "false"},
        {"difficulty": "Hard"},
        {"difficulty": None},
    ],
)
def test_a_value_outside_the_choices_is_refused_strictly(given: dict[str, Any]) -> None:
    error = refused(given)
    assert error.code == "options/bad-choice"
    (name,) = given
    assert [pointer for pointer, _ in error.fields] == [f"/options/{name}"]
    assert error.fields[0][1].startswith(f"{name} must be one of")


def test_every_bad_value_is_named_at_once() -> None:
    error = refused({"turn_limit": 1, "hints": "yes", "difficulty": "easy"})
    assert sorted(pointer for pointer, _ in error.fields) == [
        "/options/hints",
        "/options/turn_limit",
    ]


def test_an_option_s_default_must_be_one_of_its_choices() -> None:
    with pytest.raises(ValueError, match="default"):
        OptionSpec("turn_limit", (100, 200), 400)
    with pytest.raises(ValueError, match="default"):
        OptionSpec("hints", (1, 0), True)  # true is not the choice 1


def test_an_option_describes_itself_as_json() -> None:
    assert SPECS[1].to_json() == {
        "name": "difficulty",
        "choices": ["easy", "standard", "hard"],
        "default": "standard",
        "description": "",
        "for_case": True,
    }
    assert SPECS[0].to_json()["for_case"] is False


def test_case_options_are_those_that_choose_the_generated_case() -> None:
    specs = (
        OptionSpec("difficulty", ("easy", "hard"), "easy", for_case=True),
        OptionSpec("turn_limit", (100, 400), 400),
    )
    assert case_options(specs, {"difficulty": "hard", "turn_limit": 100}) == {"difficulty": "hard"}
    assert case_options(specs, {"turn_limit": 100}) == {}
