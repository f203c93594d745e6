"""Encodings kept by identity (``rules.kit.encoded``): the very object, the same encoder,
bounded, oldest first."""

from __future__ import annotations

from typing import Any

from rules.kit.encoded import ByIdentity


def test_the_very_object_is_encoded_once_an_equal_one_again() -> None:
    calls: list[Any] = []

    def encode(value: Any) -> list[Any]:
        calls.append(value)
        return list(value)

    kept = ByIdentity(8)
    first = ("a", "b")
    assert kept.encoded(encode, first) is kept.encoded(encode, first)
    assert kept.encoded(encode, tuple(["a", "b"])) == ["a", "b"]  # equal, not the same
    assert len(calls) == 2
    assert kept.encoded(tuple, first) == ("a", "b")  # another encoder: encoded afresh
    assert len(calls) == 2


def test_the_oldest_goes_beyond_the_size() -> None:
    kept = ByIdentity(2)
    values = [("x", n) for n in range(3)]
    for value in values:
        kept.encoded(list, value)
    assert list(kept.entries) == [id(values[1]), id(values[2])]


def test_a_seeded_encoding_is_given_without_encoding_for_that_object_and_encoder() -> None:
    calls: list[Any] = []

    def encode(value: Any) -> list[Any]:
        calls.append(value)
        return list(value)

    kept = ByIdentity(8)
    read = ["a", "b"]  # the data a decoder read the value from
    value = tuple(read)
    kept.seed(encode, value, read)
    assert kept.encoded(encode, value) is read
    assert calls == []
    assert kept.encoded(encode, ("a", "b")) == ["a", "b"]  # another object: encoded
    assert kept.encoded(tuple, value) == ("a", "b")  # another encoder: not the seeded data
    assert len(calls) == 1
