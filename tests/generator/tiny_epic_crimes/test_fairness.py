"""Generated cases need enough solved evidence, and no habit of the generator names the murderer.

The rulebook: "There are two paths that lead you to discovering the murderer: Gaining Suspects'
Alibis … and Solving Evidence"; "Suspect Cards in the Suspect Deck are innocent of the murder";
"On the Murderer's Card there are 5 different types of evidence that, taken together, identifies
them". Issue #9: "a detective that accuses from fewer solved evidences than the case needs does
no better than chance among the suspects left."

A quick version of ``make bench``'s section (``benchmarks/tec_fairness.py``, 500 cases):
:data:`CASES` cases, the shortcut detectives at 0 to 3 solved evidences, a tolerance of a quarter
of the chance plus three standard errors; leaky controls show the tolerance can fail.
"""

from __future__ import annotations

import itertools

import pytest

from benchmarks import tec_fairness
from benchmarks.tec_fairness import (
    KNOWN,
    Detective,
    Habits,
    Known,
    Table,
    is_within,
    open_suspects,
    score,
    tables,
    with_first_values,
)
from generator.tiny_epic_crimes.verify import verify
from rules.tiny_epic_crimes.case import EVIDENCE, SUSPECT_LETTERS

CASES = 200
TRAINING = 60
TRAINING_SEEDS = tec_fairness.TRAINING_SEEDS


@pytest.fixture(scope="module")
def measured() -> list[Table]:
    return tables(range(CASES))


@pytest.fixture(scope="module")
def training() -> list[Table]:
    return tables(range(TRAINING_SEEDS, TRAINING_SEEDS + TRAINING))


@pytest.fixture(scope="module")
def detectives(training: list[Table]) -> list[Detective]:
    return tec_fairness.detectives(Habits.learn(training))


def _by_name(detectives: list[Detective], name: str) -> Detective:
    return next(d for d in detectives if d.name == name)


def test_fewer_than_four_evidences_never_name_the_murderer(measured: list[Table]) -> None:
    """Every solved evidence halves the suspects left, whichever it is: k evidences leave
    16 / 2**k suspects, so three leave two and any four leave the murderer alone."""
    for table in measured:
        murderer = table.case.suspect(table.murderer)
        for k in range(6):
            for solved in itertools.combinations(EVIDENCE, k):
                known = Known({e: murderer.trait(e) for e in solved}, ())
                left = open_suspects(table.case, known)
                assert len(left) == max(16 // 2**k, 1), (table.case.title, solved, left)
                assert table.murderer in left


def test_alibis_are_innocent_and_leave_an_honest_guess(measured: list[Table]) -> None:
    """The Suspect deck holds the fifteen innocents: m alibis leave exactly 16 - m suspects,
    and a detective with alibis only is right 1 / (16 - m) of the time, no more."""
    for table in measured:
        assert sorted(table.deck) == sorted(set(SUSPECT_LETTERS) - {table.murderer})
    alibis_only = _by_name(tec_fairness.detectives(Habits.learn([])), "alibis too")
    result = score(alibis_only, measured, 0)
    assert result.chance == pytest.approx(1 / (16 - alibis_only.alibis))
    assert result.success == pytest.approx(result.chance)


def test_no_shortcut_detective_beats_chance(
    measured: list[Table], detectives: list[Detective]
) -> None:
    results = [score(d, measured, k) for d in detectives for k in KNOWN]
    beaten = [r for r in results if not is_within(r)]
    assert not beaten, beaten
    assert len(results) >= 80


def test_a_leaky_value_order_is_caught(
    measured: list[Table], training: list[Table], detectives: list[Detective]
) -> None:
    """The tolerance can fail: cases whose murderer has every value printed first (a generator
    that forgot to shuffle the values) still satisfy every roster constraint, so the verifier
    accepts them, yet the value-order readers name the murderer far above chance."""
    leaky = [with_first_values(t) for t in measured]
    assert all(verify(t.case).ok for t in leaky[:20])
    reader = _by_name(detectives, "most first-printed values")
    for k in KNOWN:
        assert not is_within(score(reader, leaky, k)), k
        assert is_within(score(reader, measured, k)), k
    learner = tec_fairness.detectives(Habits.learn(with_first_values(t) for t in training))
    pattern = _by_name(learner, "printed-value pattern most often the murderer's")
    assert not is_within(score(pattern, leaky, 2))


def test_a_letter_bias_is_caught(measured: list[Table], detectives: list[Detective]) -> None:
    """Keep only the cases whose murderer is among the first eight letters (a generator drawing
    from half the deck), and the reader of the suspects' order wins."""
    leaky = [t for t in measured if t.murderer in SUSPECT_LETTERS[:8]]
    assert len(leaky) >= 60
    reader = _by_name(detectives, "listed first")
    assert not is_within(score(reader, leaky, 3))
    assert is_within(score(reader, measured, 3))
