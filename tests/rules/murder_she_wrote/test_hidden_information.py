"""The hidden-information property on Murder, She Wrote, with controls that prove it can fail:
nothing a seat is shown (views, legal actions, whom the game waits for, events) tells it who the
Murderer is, nor the Murderer where an advanced game's first victim lies."""

from __future__ import annotations

import dataclasses
import random
from typing import Any

import pytest

from rules.core import Seat
from rules.murder_she_wrote.case import Island
from rules.murder_she_wrote.game import SYSTEM, MurderSheWrote
from rules.murder_she_wrote.state import MswState
from tests.hidden_information import Table, check_playout
from tests.rules.murder_she_wrote.island import sample_case
from tests.rules.murder_she_wrote.resample import resample


def table(seed: int, count: int, rules: str) -> Table:
    seats = [Seat(f"Player {n}") for n in range(count)]
    return Table(sample_case(), seats, "standard", seed, {"rules": rules, "rounds": 20})


@pytest.mark.parametrize("rules", ["basic", "advanced"])
@pytest.mark.parametrize("seed", range(6))
def test_nothing_shown_tells_the_murderer(seed: int, rules: str) -> None:
    steps = check_playout(
        SYSTEM, table(seed, 3 + seed % 4, rules), resample, rng=random.Random(seed)
    )
    assert steps >= 1


class RoleInEvents(MurderSheWrote):
    """Marks the Murderer's moves in public: the property must catch it."""

    def apply(self, case: Island, state: MswState, seat: int, action: Any) -> Any:
        after, events = super().apply(case, state, seat, action)
        flag = {"sly": seat == state.murderer}
        return after, [dataclasses.replace(e, data={**e.data, **flag}) for e in events]


class MurdererActsLonger(MurderSheWrote):
    """Skips the Jessica's forced return of her token: the step count would tell."""

    def to_act(self, case: Island, state: MswState) -> frozenset[int]:
        waiting = super().to_act(case, state)
        if state.phase == "check" and state.turn != state.murderer:
            return frozenset(range(len(state.seats)))
        return waiting


@pytest.mark.parametrize("leaky", [RoleInEvents(), MurdererActsLonger()])
def test_the_property_catches_a_leak(leaky: MurderSheWrote) -> None:
    caught = 0
    for seed in range(8):
        try:
            check_playout(leaky, table(seed, 4, "basic"), resample, rng=random.Random(seed))
        except AssertionError:
            caught += 1
    assert caught >= 1
