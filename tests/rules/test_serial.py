"""The JSON round trip of states: strict types, with the one exception JSON forces on keys."""

from __future__ import annotations

from collections.abc import Mapping

import pytest

from rules import serial


def test_integer_keys_come_back_from_the_strings_json_makes_of_them() -> None:
    assert serial.from_json(Mapping[int, str], {"3": "a"}) == {3: "a"}


def test_a_string_of_digits_stays_a_string_inside_a_union() -> None:
    assert serial.from_json(int | str, "3") == "3"
    assert serial.from_json(int | str, 3) == 3


def test_a_string_is_not_an_integer() -> None:
    with pytest.raises(TypeError):
        serial.from_json(int, "3")
