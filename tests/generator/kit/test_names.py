"""Name pools: original, distinct, sampled deterministically from sorted order."""

from __future__ import annotations

import random

import pytest

from generator.kit import names

POOLS = {
    "GIVEN_NAMES": names.GIVEN_NAMES,
    "FAMILY_NAMES": names.FAMILY_NAMES,
    "PLACE_NAMES": names.PLACE_NAMES,
    "TITLES": names.TITLES,
}


@pytest.mark.parametrize("pool", POOLS.values(), ids=list(POOLS))
def test_pools_hold_distinct_clean_names(pool: tuple[str, ...]) -> None:
    assert len(pool) >= 12
    assert len(set(pool)) == len(pool)
    assert all(name == name.strip() and name[:1].isupper() for name in pool)


def test_sampling_ignores_the_order_a_pool_is_written_in() -> None:
    pool = ("Wren", "Ash", "Moss", "Fern")
    assert names.sample(random.Random(5), pool, 3) == names.sample(
        random.Random(5), tuple(reversed(pool)), 3
    )
    assert names.choose(random.Random(5), pool) == names.choose(random.Random(5), set(pool))


def test_person_names_repeat_for_a_seed_and_never_share_a_part() -> None:
    first = names.person_names(random.Random(8), 12)
    assert first == names.person_names(random.Random(8), 12)
    assert first != names.person_names(random.Random(9), 12)
    givens = [name.split()[0] for name in first]
    families = [name.split()[1] for name in first]
    assert len(set(givens)) == len(set(families)) == 12
    assert set(givens) <= set(names.GIVEN_NAMES) and set(families) <= set(names.FAMILY_NAMES)


def test_person_names_draw_given_names_first() -> None:
    rng = random.Random(2)
    firsts = rng.sample(sorted(names.GIVEN_NAMES), 4)
    lasts = rng.sample(sorted(names.FAMILY_NAMES), 4)
    expected = tuple(f"{a} {b}" for a, b in zip(firsts, lasts, strict=True))
    assert names.person_names(random.Random(2), 4) == expected


def test_too_many_names_is_an_error() -> None:
    with pytest.raises(ValueError, match="cannot draw 25 different names"):
        names.person_names(random.Random(0), 25)
    with pytest.raises(ValueError, match="empty pool"):
        names.choose(random.Random(0), ())
