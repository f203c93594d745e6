"""The lazily seeded step random source draws what ``rng_for`` draws."""

from __future__ import annotations

from rules.core import rng_for
from rules.murder_city.chance import StepRandom


def test_it_draws_exactly_what_rng_for_draws() -> None:
    for seed, step, purpose in ((0, 0, "play"), (12345678901234, 77, "play"), (5, 3, "x")):
        lazy, eager = StepRandom(seed, step, purpose), rng_for(seed, step, purpose)
        assert [lazy.randint(1, 6) for _ in range(20)] == [eager.randint(1, 6) for _ in range(20)]
        pile, same = list(range(30)), list(range(30))
        lazy.shuffle(pile)
        eager.shuffle(same)
        assert pile == same
        assert lazy.random() == eager.random() and lazy.getrandbits(64) == eager.getrandbits(64)
        assert lazy.sample(range(100), 5) == eager.sample(range(100), 5)
        assert lazy.choice("abcdef") == eager.choice("abcdef")


def test_a_source_never_drawn_from_is_never_seeded() -> None:
    lazy = StepRandom(1, 2, "play")
    assert not lazy._seeded
    lazy.randrange(10)
    assert lazy._seeded
