"""Lossless state serialisation (rules/serial.py)."""

from __future__ import annotations

import enum
import json
from collections.abc import Mapping
from dataclasses import dataclass

import pytest

from rules import serial
from rules.core import Seat


class Phase(enum.Enum):
    DAY = "day"
    NIGHT = "night"


@dataclass(frozen=True)
class Inner:
    seat: Seat
    phase: Phase


@dataclass(frozen=True)
class Outer:
    seats: tuple[Seat, ...]
    pair: tuple[int, str]
    marks: frozenset[str]
    by_seat: Mapping[int, tuple[str, ...]]
    inner: Inner | None
    score: float
    names: list[str]


def test_nested_dataclasses_round_trip_through_json_text() -> None:
    value = Outer(
        seats=(Seat("a"), Seat("b", True)),
        pair=(3, "x"),
        marks=frozenset({"z", "a"}),
        by_seat={0: ("L1",), 2: ()},
        inner=Inner(Seat("c"), Phase.NIGHT),
        score=2.0,
        names=["p"],
    )
    text = json.dumps(serial.to_json(value), sort_keys=True)
    assert serial.from_json(Outer, json.loads(text)) == value
    assert serial.to_json(value)["marks"] == ["a", "z"]  # sets serialise in a stable order


def test_unknown_fields_and_wrong_types_are_refused() -> None:
    with pytest.raises(ValueError):
        serial.from_json(Seat, {"name": "a", "bot": False, "token": "x"})
    with pytest.raises(TypeError):
        serial.from_json(Seat, {"name": 3, "bot": False})


def test_integer_keys_come_back_from_the_strings_json_makes_of_them() -> None:
    assert serial.from_json(Mapping[int, str], {"3": "a"}) == {3: "a"}


def test_a_string_of_digits_stays_a_string_inside_a_union() -> None:
    assert serial.from_json(int | str, "3") == "3"
    assert serial.from_json(int | str, 3) == 3


def test_a_string_is_not_an_integer() -> None:
    with pytest.raises(TypeError):
        serial.from_json(int, "3")


class Colour(enum.StrEnum):
    RED = "red"


@dataclass(frozen=True)
class Optionals:
    label: str
    note: str | None
    count: int | None
    inner: Inner | None
    flag: bool


def test_optional_fields_and_text_enums_are_written_as_plain_json() -> None:
    """Each field as JSON writes it: ``None`` kept, a text enum as its text, a nested value as
    an object; and read back the same."""
    value = Optionals(Colour.RED, None, 3, Inner(Seat("d"), Phase.DAY), True)
    written = serial.to_json(value)
    assert written == {
        "label": "red",
        "note": None,
        "count": 3,
        "inner": {"seat": {"name": "d", "bot": False}, "phase": "day"},
        "flag": True,
    }
    assert type(written["label"]) is str
    assert serial.from_json(Optionals, json.loads(json.dumps(written))) == value
    other = Optionals("x", "y", None, None, False)
    assert serial.from_json(Optionals, serial.to_json(other)) == other


def test_an_optional_scalar_of_the_wrong_type_is_refused() -> None:
    good = {"label": "x", "note": None, "count": None, "inner": None, "flag": False}
    assert serial.from_json(Optionals, good) == Optionals("x", None, None, None, False)
    for field, wrong in (("note", 3), ("count", "3"), ("count", True), ("flag", 1)):
        with pytest.raises(TypeError):
            serial.from_json(Optionals, {**good, field: wrong})


@dataclass(frozen=True)
class Texts:
    cards: tuple[str, ...]
    marks: frozenset[str]


def test_texts_are_written_as_the_generic_walk_writes_them() -> None:
    """A sequence or set of texts (written in one pass when every item is plain text) reads as
    the generic walk writes it: text enums as their text, a set in the walk's own order, even
    for texts whose quoting orders them apart from their letters."""
    tricky = frozenset({"a'b", "ab", 'a"b', "a\\b", "é", "Z", ""})
    for value in (
        Texts(("c1", "c2"), tricky),
        Texts((Colour.RED, "c2"), frozenset({Colour.RED, "blue"})),
        Texts((), frozenset()),
    ):
        written = serial.encoder(Texts)(value)
        generic = {
            "cards": [serial.to_json(card) for card in value.cards],
            "marks": sorted((serial.to_json(m) for m in value.marks), key=serial._sort_key),
        }
        assert written == generic == serial.to_json(value)
        assert all(type(text) is str for text in [*written["cards"], *written["marks"]])
        assert serial.from_json(Texts, json.loads(json.dumps(written))) == Texts(
            tuple(str(card) for card in value.cards), frozenset(str(m) for m in value.marks)
        )


def test_an_unknown_field_in_place_of_a_known_one_is_refused() -> None:
    """As many fields as the record has, one of them not its own: the unknown one is named."""
    with pytest.raises(ValueError, match="token"):
        serial.from_json(Inner, {"seat": {"name": "a", "bot": False}, "token": "day"})


@dataclass(frozen=True)
class Empty:
    pass


def test_a_record_without_fields_round_trips_and_refuses_any_field() -> None:
    assert serial.from_json(Empty, serial.to_json(Empty())) == Empty()
    with pytest.raises(ValueError):
        serial.from_json(Empty, {"x": 1})
