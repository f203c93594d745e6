"""The retry loop: per-attempt generators from (seed, attempt), reasons counted, bugs raised."""

from __future__ import annotations

import pickle
import random
from collections import Counter

import pytest

from generator.kit.retry import (
    AttemptsExhausted,
    GenerationError,
    Rejected,
    attempt_rng,
    retry,
)


def test_attempt_rng_depends_on_seed_and_attempt_only() -> None:
    draws = {(s, a): attempt_rng(s, a, 10).random() for s in range(5) for a in range(10)}
    assert len(set(draws.values())) == len(draws)  # every (seed, attempt) its own stream
    assert attempt_rng(3, 4, 10).random() == draws[3, 4]
    assert attempt_rng(3, 4, 10).random() == random.Random(3 * 10 + 4).random()
    with pytest.raises(ValueError, match="not one of 10 attempts"):
        attempt_rng(3, 10, 10)


def test_the_first_accepted_draft_wins() -> None:
    seen: list[float] = []

    def draft(rng: random.Random) -> float:
        value = rng.random()
        seen.append(value)
        if len(seen) < 3:
            raise Rejected("dice/too-low", f"drew {value:.2f}")
        return value

    assert retry(draft, seed=7, attempts=5) == seen[2]
    assert seen == [attempt_rng(7, a, 5).random() for a in range(3)]


def test_a_returned_rejection_counts_like_a_raised_one() -> None:
    def draft(rng: random.Random) -> int | Rejected:
        return Rejected("cast/too-small") if rng.random() < 2 else 1

    with pytest.raises(AttemptsExhausted) as caught:
        retry(draft, seed=0, attempts=4, what="toy case")
    assert caught.value.rejections == {"cast/too-small": 4}


def test_exhaustion_counts_rejections_by_reason() -> None:
    reasons = ["timeline/unknown", "witnesses/out-of-sight", "timeline/unknown"]

    def draft(rng: random.Random) -> None:
        raise Rejected(reasons[int(rng.random() * 3)], "why it failed")

    tally: Counter[str] = Counter()
    with pytest.raises(AttemptsExhausted) as caught:
        retry(draft, seed=11, attempts=30, what="toy case for seed 11", rejections=tally)
    error = caught.value
    assert isinstance(error, GenerationError)
    assert error.code == "case/attempts-exhausted"
    assert sum(error.rejections.values()) == 30
    assert set(error.rejections) == {"timeline/unknown", "witnesses/out-of-sight"}
    assert list(error.rejections.values()) == sorted(error.rejections.values(), reverse=True)
    assert tally == Counter(error.rejections)
    text = str(error)
    assert text.startswith("no toy case for seed 11 after 30 attempts; rejected: ")
    for reason, count in error.rejections.items():
        assert f"{reason} ×{count}" in text
    again = pickle.loads(pickle.dumps(error))  # crosses a process boundary intact
    assert (str(again), again.rejections, again.code) == (text, error.rejections, error.code)


def test_a_bug_is_not_a_rejection() -> None:
    calls = 0

    def draft(rng: random.Random) -> None:
        nonlocal calls
        calls += 1
        raise KeyError("a bug")

    with pytest.raises(KeyError):
        retry(draft, seed=1, attempts=10)
    assert calls == 1


def test_rejected_reads_back() -> None:
    rejection = Rejected("prints/no-moment", "no suspect could have held W3")
    assert str(rejection) == "prints/no-moment: no suspect could have held W3"
    assert repr(rejection) == "Rejected('prints/no-moment', 'no suspect could have held W3')"
    assert str(Rejected("cast/too-small")) == "cast/too-small"
    assert pickle.loads(pickle.dumps(rejection)).reason == "prints/no-moment"


def test_at_least_one_attempt() -> None:
    with pytest.raises(ValueError, match="at least one attempt"):
        retry(lambda rng: 1, seed=0, attempts=0)


def test_a_generator_that_gives_up_is_a_refusal_of_the_request_not_a_server_error() -> None:
    from rules.errors import CasebookError

    error = AttemptsExhausted("case", 3, {"prints/no-holder": 3})
    assert isinstance(error, CasebookError)
    assert (error.status, error.code) == (422, "case/attempts-exhausted")
    assert "prints/no-holder" in error.message
