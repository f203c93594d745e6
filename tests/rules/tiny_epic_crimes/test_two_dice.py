"""The Mobster Roll's two dice drawn without the kit's roll record (issue #12) are the draws
``rules.kit.dice.roll`` makes, in the same order, from the same generator."""

from __future__ import annotations

import random

from rules.kit.dice import roll
from rules.tiny_epic_crimes.mobsters import two_dice


def test_the_two_dice_are_the_kit_roll_of_two() -> None:
    for seed in range(200):
        kit, ours = random.Random(seed), random.Random(seed)
        for _ in range(5):  # a spree rolls again from the same generator
            assert two_dice(ours) == roll(kit, count=2).faces
        assert ours.random() == kit.random()  # nothing more drawn, nothing less
