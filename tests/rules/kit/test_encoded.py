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


def test_a_full_cache_lets_its_older_half_go_at_once() -> None:
    kept = ByIdentity(4)
    values = [("x", n) for n in range(7)]
    for number, value in enumerate(values):
        kept.encoded(list, value)
        assert len(kept.entries) <= 4
        assert id(value) in kept.entries  # the newest is always kept
        if number == 4:  # full at four: the two oldest went
            assert list(kept.entries) == [id(each) for each in values[2:5]]
    assert list(kept.entries) == [id(each) for each in values[4:7]]  # full again at the 7th
