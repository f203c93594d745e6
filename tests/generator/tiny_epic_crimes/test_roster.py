"""What each design constraint of the roster buys, measured over many seeds.

The rulebook: the murderer's five evidences, "taken together, identifies them"; each solved
evidence shows one of two values. The measure here is the one a table feels: after k solved
evidences (any k of the five, whatever the murderer), how many suspects still fit. It is
counted in this file from the suspects' values alone, not with the generator's code.

Measured (``python -m tests.generator.tiny_epic_crimes.test_roster``), mean and worst over
every murderer and every set of k evidences, 40 seeds per design:

- full design: exactly 16, 8, 4, 2, 1, 1 suspects after 0-5 evidences, every time;
- without separation (distinct, balanced): 4 evidences leave 2 suspects about half the time
  (mean 1.47), 2 evidences up to 7; 5 still name one;
- without separation and distinctness (balanced only): 5 evidences leave 1.73 on average, up to
  6: the evidences alone often cannot name the murderer;
- without separation and balance (distinct only): one evidence leaves up to 12 suspects (mean
  8.32), so which evidence is solved first matters;
- without balance or distinctness alone (separation kept): nothing changes: sixteen profiles
  two apart are the sixteen words of one parity, which are distinct and balanced already.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Iterator

import pytest

from generator.tiny_epic_crimes.roster import FULL, RosterDesign, Rows, solve_roster

SEEDS = range(40)
TRAITS = 5


def rosters(design: RosterDesign, seeds: range = SEEDS) -> Iterator[Rows]:
    for seed in seeds:
        yield solve_roster(random.Random(seed), design)


def remaining(rows: Rows, murderer: int, solved: tuple[int, ...]) -> int:
    """How many suspects share the murderer's values on the ``solved`` evidences."""
    return sum(all(row[e] == rows[murderer][e] for e in solved) for row in rows)


def counts_after(rows: Rows, k: int) -> list[int]:
    """Suspects left for every murderer and every set of ``k`` solved evidences."""
    return [
        remaining(rows, murderer, solved)
        for murderer in range(len(rows))
        for solved in itertools.combinations(range(TRAITS), k)
    ]


def table(design: RosterDesign, seeds: range = SEEDS) -> dict[int, tuple[float, int]]:
    """k -> (mean, worst) suspects left after k solved evidences, over ``seeds``."""
    found: dict[int, list[int]] = {k: [] for k in range(TRAITS + 1)}
    for rows in rosters(design, seeds):
        for k in found:
            found[k] += counts_after(rows, k)
    return {k: (sum(v) / len(v), max(v)) for k, v in found.items()}


def test_the_full_design_halves_the_suspects_with_every_evidence() -> None:
    for rows in rosters(FULL):
        assert len(rows) == 16
        for k in range(TRAITS):
            assert set(counts_after(rows, k)) == {16 >> k}
        assert set(counts_after(rows, TRAITS)) == {1}


def test_without_separation_four_evidences_may_leave_two_suspects() -> None:
    design = RosterDesign(distinct=True, balanced=True, separated=False)
    made = list(rosters(design))
    after_four = [n for rows in made for n in counts_after(rows, 4)]
    assert max(after_four) == 2
    assert after_four.count(2) / len(after_four) > 0.05
    assert all(set(counts_after(rows, TRAITS)) == {1} for rows in made)


def test_without_distinctness_five_evidences_may_leave_several() -> None:
    design = RosterDesign(distinct=False, balanced=True, separated=False)
    assert max(max(counts_after(rows, TRAITS)) for rows in rosters(design)) >= 2


def test_without_balance_one_evidence_may_leave_more_than_half() -> None:
    design = RosterDesign(distinct=True, balanced=False, separated=False)
    assert max(max(counts_after(rows, 1)) for rows in rosters(design)) > 8


@pytest.mark.parametrize(
    "design",
    [RosterDesign(balanced=False), RosterDesign(distinct=False)],
    ids=["no-balance", "no-distinct"],
)
def test_separation_alone_gives_distinct_balanced_rosters(design: RosterDesign) -> None:
    for rows in rosters(design, range(20)):
        assert len(set(rows)) == 16
        assert all(sum(row[e] for row in rows) == 8 for e in range(TRAITS))
        assert len({sum(row) % 2 for row in rows}) == 1  # the words of one parity
    assert table(design, range(3)) == table(FULL, range(3))


def test_the_same_seed_gives_the_same_roster_and_seeds_differ() -> None:
    assert solve_roster(random.Random(7)) == solve_roster(random.Random(7))
    assert len(set(rosters(FULL, range(20)))) == 20


if __name__ == "__main__":  # the figures of the module docstring and docs/tiny-epic-crimes.md
    for name, design in (
        ("full", FULL),
        ("no separation", RosterDesign(separated=False)),
        ("balanced only", RosterDesign(distinct=False, separated=False)),
        ("distinct only", RosterDesign(balanced=False, separated=False)),
        ("no constraint", RosterDesign(False, False, False)),
    ):
        rows = table(design).items()
        shown = "  ".join(f"{k}: {mean:5.2f} ({worst:2d})" for k, (mean, worst) in rows)
        print(f"{name:14s} {shown}")
