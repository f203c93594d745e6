"""``rules.kit.frozen.replace`` gives what ``dataclasses.replace`` gives, whatever the class."""

from __future__ import annotations

import dataclasses
import functools

import pytest

from rules.kit.frozen import make, replace


@dataclasses.dataclass(frozen=True)
class Plain:
    a: int
    b: tuple[str, ...] = ()
    c: str | None = None


@dataclasses.dataclass(frozen=True)
class Checked:
    a: int

    def __post_init__(self) -> None:
        if self.a < 0:
            raise ValueError("a must not be negative")


@dataclasses.dataclass(frozen=True)
class Remembering:
    a: int

    @functools.cached_property
    def double(self) -> int:
        return self.a * 2


@dataclasses.dataclass(frozen=True)
class Derived:
    a: int
    b: int = dataclasses.field(init=False, default=0)


@dataclasses.dataclass
class Mutable:
    a: int


def test_a_plain_frozen_dataclass_is_copied_with_the_changes() -> None:
    before = Plain(1, ("x",), "y")
    after = replace(before, a=2, c=None)
    assert after == dataclasses.replace(before, a=2, c=None) == Plain(2, ("x",), None)
    assert type(after) is Plain
    assert before == Plain(1, ("x",), "y")  # untouched
    assert replace(before) == before and replace(before) is not before


def test_the_copy_stays_frozen_and_hashes_by_its_fields() -> None:
    after = replace(Plain(1), b=("z",))
    with pytest.raises(dataclasses.FrozenInstanceError):
        after.a = 3  # type: ignore[misc]
    assert hash(after) == hash(Plain(1, ("z",)))


def test_an_unknown_field_is_refused_as_dataclasses_refuses_it() -> None:
    with pytest.raises(TypeError):
        replace(Plain(1), d=4)


def test_post_init_still_runs() -> None:
    with pytest.raises(ValueError, match="negative"):
        replace(Checked(1), a=-1)
    assert replace(Checked(1), a=5) == Checked(5)


def test_a_cached_property_is_not_carried_into_the_copy() -> None:
    before = Remembering(2)
    assert before.double == 4
    after = replace(before, a=5)
    assert after.double == 10
    assert replace(before).double == 4


def test_fields_set_outside_init_and_mutable_classes_are_left_to_dataclasses() -> None:
    with pytest.raises(ValueError):
        replace(Derived(1), b=2)
    assert replace(Derived(1), a=3) == Derived(3)
    assert replace(Mutable(1), a=2) == Mutable(2)


def test_a_value_that_is_not_a_dataclass_is_refused() -> None:
    with pytest.raises(TypeError):
        replace(object())


def test_make_fills_a_plain_frozen_dataclass_as_init_would() -> None:
    made = make(Plain, {"a": 1, "b": ("x",), "c": None})
    assert made == Plain(1, ("x",), None) and type(made) is Plain
    with pytest.raises(dataclasses.FrozenInstanceError):
        made.a = 2  # type: ignore[misc]


def test_make_leaves_defaults_checks_and_wrong_names_to_init() -> None:
    assert make(Plain, {"a": 1}) == Plain(1)
    with pytest.raises(TypeError):
        make(Plain, {"a": 1, "b": (), "d": None})
    with pytest.raises(ValueError, match="negative"):
        make(Checked, {"a": -1})
