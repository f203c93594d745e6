"""The exact chances of each charge, from the distribution of the sum of six-sided dice.

A trial rolls ``k`` dice and compares the total with a murder card's thresholds. The number of
ways each total can fall is the ``k``-fold convolution of one die's faces (:func:`sum_ways`),
so every chance is an exact fraction with the denominator ``6 ** k``: nothing is sampled. A
case's rating lists, for every murder card and every typical dice count (:data:`DICE_COUNTS`),
the ways of each charge (the ways of a total in its band) and the expected payout.
"""

from __future__ import annotations

import functools
from collections.abc import Mapping
from fractions import Fraction
from typing import Any

from rules.murder_city.case import CHARGES, MurderCard

FACES = 6
#: The dice counts the rating covers: three value-1 cards (3) to a full case of three value-3
#: cards with the three bonus dice (12).
DICE_COUNTS: tuple[int, ...] = tuple(range(3, 13))


@functools.cache
def sum_ways(dice: int) -> tuple[int, ...]:
    """``ways[s]``: in how many of the ``6 ** dice`` rolls the total is ``s`` (0 … 6·dice)."""
    if dice < 0:
        raise ValueError(f"a roll has no negative number of dice: {dice}")
    ways = [1]
    for _ in range(dice):
        longer = [0] * (len(ways) + FACES)
        for total, count in enumerate(ways):
            for face in range(1, FACES + 1):
                longer[total + face] += count
        ways = longer
    return tuple(ways)


def ways_at_least(dice: int, threshold: int) -> int:
    """In how many rolls of ``dice`` dice the total reaches ``threshold``."""
    ways = sum_ways(dice)
    return sum(ways[max(threshold, 0) :])


def charge_ways(card: MurderCard, dice: int) -> dict[str, int]:
    """The ways of each charge of ``card`` with ``dice`` dice: a total reaching a charge's
    threshold but not the one above it."""
    counts: dict[str, int] = {}
    above = 0
    for charge in card.charges:
        reaching = ways_at_least(dice, charge.threshold)
        counts[charge.name] = reaching - above
        above = reaching
    return counts


def charge_chances(card: MurderCard, dice: int) -> dict[str, Fraction]:
    """The exact chance of each charge of ``card`` with ``dice`` dice."""
    rolls = FACES**dice
    return {name: Fraction(ways, rolls) for name, ways in charge_ways(card, dice).items()}


def expected_payout(card: MurderCard, dice: int) -> Fraction:
    """The credits a trial of ``card`` with ``dice`` dice pays on average, exactly."""
    chances = charge_chances(card, dice)
    return sum((chances[charge.name] * charge.payout for charge in card.charges), Fraction(0))


def rating(murders: tuple[MurderCard, ...]) -> dict[str, Any]:
    """The case's rating: per murder card and dice count, the ways of each charge out of
    ``6 ** dice`` and the expected payout as ``"p/q"``."""
    cards: dict[str, Any] = {}
    for card in murders:
        ways = [charge_ways(card, dice) for dice in DICE_COUNTS]
        cards[card.id] = {
            "ways": {name: [row[name] for row in ways] for name in CHARGES},
            "expected_payout": [str(expected_payout(card, dice)) for dice in DICE_COUNTS],
        }
    return {"dice": list(DICE_COUNTS), "faces": FACES, "charges": cards}


def chance(rating_entry: Mapping[str, Any], charge: str, dice: int) -> Fraction:
    """A charge's chance read back from a rating's card entry (for tools and tests)."""
    index = DICE_COUNTS.index(dice)
    return Fraction(int(rating_entry["ways"][charge][index]), FACES**dice)
