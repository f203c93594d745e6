"""The exact chance of each charge, against a brute-force enumeration of every roll.

Rulebook, Trial Roll: "For each point on an Evidence card – 1, 2 or 3 – you roll 1 die ... roll
them and add up their values. Compare the total with the number needed for a given type of
charge." Murder Cards: "Murder One 20/6, Manslaughter 16/4, Aggravated Assault 12/2. This means
you need to roll 20+ to achieve Murder One (Premeditated Murder), 16-19 to achieve
Manslaughter, and 12-15 to achieve Aggravated Assault."
"""

from __future__ import annotations

import itertools
from collections import Counter
from fractions import Fraction

import pytest

from generator.murder_city import chances
from generator.murder_city.verify import charge_ways as counted_ways
from generator.murder_city.verify import ways_of_total
from rules.murder_city.case import Charge, MurderCard

EXAMPLE = MurderCard(
    id="M01",
    name="Example",
    colour="red",
    suspects=("a", "b", "c"),
    needs=("eyewitness", "forensics", "murder-weapon"),
    charges=(
        Charge("murder-one", 20, 6),
        Charge("manslaughter", 16, 4),
        Charge("aggravated-assault", 12, 2),
    ),
)


def brute_force(card: MurderCard, dice: int) -> Counter[str]:
    """Every roll of ``dice`` dice, one by one, judged as the rulebook says."""
    verdicts: Counter[str] = Counter()
    for roll in itertools.product(range(1, 7), repeat=dice):
        total = sum(roll)
        for charge in card.charges:
            if total >= charge.threshold:
                verdicts[charge.name] += 1
                break
        else:
            verdicts["none"] += 1
    return verdicts


@pytest.mark.parametrize("dice", [0, 1, 2, 3, 4, 5, 6])
def test_the_sum_of_dice_matches_enumeration(dice: int) -> None:
    counted = Counter(sum(roll) for roll in itertools.product(range(1, 7), repeat=dice))
    ways = chances.sum_ways(dice)
    assert sum(ways) == 6**dice
    assert {total: n for total, n in enumerate(ways) if n} == dict(counted)
    for total in range(6 * dice + 2):
        assert ways_of_total(dice, total) == counted.get(total, 0)


@pytest.mark.parametrize("dice", [3, 4, 5, 6])
def test_charge_chances_match_enumeration(dice: int) -> None:
    found = brute_force(EXAMPLE, dice)
    ways = chances.charge_ways(EXAMPLE, dice)
    for name, count in ways.items():
        assert count == found[name]
        assert chances.charge_chances(EXAMPLE, dice)[name] == Fraction(found[name], 6**dice)


def test_the_rulebook_roll_of_nineteen_is_manslaughter() -> None:
    """ "Thus, a roll of 19 in the example above does not reach Murder One, but does reach
    Manslaughter": with three dice nothing reaches 20, and every total of 16 to 18 is
    Manslaughter."""
    ways = chances.charge_ways(EXAMPLE, 3)
    assert ways["murder-one"] == 0
    assert ways["manslaughter"] == sum(chances.sum_ways(3)[16:])
    assert ways["aggravated-assault"] == sum(chances.sum_ways(3)[12:16])


def test_the_verifier_counts_as_the_generator_for_every_card() -> None:
    from .cities import city_of

    for card in city_of(5).murders:
        counted = counted_ways(card)
        for index, dice in enumerate(chances.DICE_COUNTS):
            ways = chances.charge_ways(card, dice)
            assert all(counted[name][index] == ways[name] for name in ways)


def test_the_expected_payout_is_exact() -> None:
    dice = 4
    found = brute_force(EXAMPLE, dice)
    pays = {charge.name: charge.payout for charge in EXAMPLE.charges}
    expected = Fraction(sum(found[name] * pays[name] for name in pays), 6**dice)
    assert chances.expected_payout(EXAMPLE, dice) == expected


def test_the_rating_lists_every_card_and_dice_count() -> None:
    from .cities import envelope_of

    rating = envelope_of(2)["rating"]
    assert rating["dice"] == list(range(3, 13)) and len(rating["charges"]) == 25
    entry = rating["charges"]["M01"]
    assert len(entry["expected_payout"]) == 10
    for name in ("murder-one", "manslaughter", "aggravated-assault"):
        assert 0 <= chances.chance(entry, name, 12) <= 1
