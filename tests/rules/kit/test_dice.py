"""Dice: rolls are values, fixed by the rng passed in."""

from __future__ import annotations

import random

import pytest

from rules.kit.dice import DiceError, DiceRoll, SymbolDie, SymbolRoll, faces, roll, roll_symbols

from .helpers import round_trip

CLUE_DIE = SymbolDie(("search", "stakeout", "search", "witness", "informant", "blank"))


def test_same_seed_same_roll() -> None:
    assert roll(random.Random(9), count=5) == roll(random.Random(9), count=5)
    rolls = {roll(random.Random(seed), count=5).faces for seed in range(20)}
    assert len(rolls) > 1


def test_faces_stay_in_range_and_all_come_up() -> None:
    result = roll(random.Random(0), count=600, sides=6)
    assert set(result.faces) == {1, 2, 3, 4, 5, 6}
    assert result.sides == 6
    assert len(roll(random.Random(0), count=50, sides=20).faces) == 50
    assert all(1 <= face <= 20 for face in roll(random.Random(1), count=50, sides=20).faces)


def test_total_count_and_doubles() -> None:
    pair = DiceRoll(faces=(3, 3))
    assert pair.total == 6 and pair.count(3) == 2 and pair.is_doubles()
    assert not DiceRoll(faces=(3, 4)).is_doubles()
    assert not DiceRoll(faces=(3,)).is_doubles()
    assert roll(random.Random(0), count=0) == DiceRoll(faces=())


@pytest.mark.parametrize(
    ("count", "sides", "code"),
    [(-1, 6, "dice/bad-count"), (True, 6, "dice/bad-count"), (1, 0, "dice/bad-sides")],
)
def test_bad_rolls_are_refused(count: int, sides: int, code: str) -> None:
    with pytest.raises(DiceError) as caught:
        roll(random.Random(0), count=count, sides=sides)
    assert caught.value.code == code


def test_symbol_dice() -> None:
    result = roll_symbols(random.Random(4), CLUE_DIE, count=300)
    assert set(result.faces) == set(CLUE_DIE.faces)
    assert result.count("search") == result.tally()["search"]
    assert sum(result.tally().values()) == 300
    assert list(result.tally()) == sorted(result.tally())
    # A die given as a plain sequence rolls the same as the value object.
    assert roll_symbols(random.Random(4), CLUE_DIE.faces, count=300) == result


def test_symbol_dice_refuse_a_die_without_faces_or_a_bare_string() -> None:
    for die in [(), "search"]:
        with pytest.raises(DiceError) as caught:
            roll_symbols(random.Random(0), die)
        assert caught.value.code == "dice/bad-sides"


def test_json_round_trip() -> None:
    numeric = roll(random.Random(2), count=3, sides=8)
    symbols = roll_symbols(random.Random(2), CLUE_DIE, count=3)
    assert round_trip(numeric) == numeric
    assert round_trip(symbols) == symbols
    assert round_trip(CLUE_DIE) == CLUE_DIE
    assert isinstance(round_trip(symbols), SymbolRoll)


def test_faces_are_the_draws_of_the_roll_and_no_more() -> None:
    """``faces`` is ``roll``'s faces without the record: the same draws, in the same order."""
    for seed in range(200):
        kit, ours = random.Random(seed), random.Random(seed)
        for _ in range(5):  # a spree rolls again from the same generator
            assert faces(ours, count=2) == roll(kit, count=2).faces
        assert ours.random() == kit.random()  # nothing more drawn, nothing less


@pytest.mark.parametrize(
    ("count", "sides", "code"),
    [(-1, 6, "dice/bad-count"), (True, 6, "dice/bad-count"), (1, 0, "dice/bad-sides")],
)
def test_bad_faces_are_refused(count: int, sides: int, code: str) -> None:
    with pytest.raises(DiceError) as caught:
        faces(random.Random(0), count=count, sides=sides)
    assert caught.value.code == code
