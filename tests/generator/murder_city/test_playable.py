"""Bots play generated cities to an ending, and every trial reads its murder card's charges.

Rulebook, Trial Roll: "When you have determined the total number of dice, roll them and add up
their values. Compare the total with the number needed for a given type of charge." The rules
and the generator agree on the city: every trial the engine holds names the thresholds and
payouts printed on the generated murder card, and its verdict is the charge the total reaches.
"""

from __future__ import annotations

import pytest

from generator.murder_city import envelope
from rules.core import Seat
from rules.loop import run_bots
from rules.murder_city.game import SYSTEM
from rules.murder_city.spec import SPEC, Ev


@pytest.mark.parametrize("city_seed", range(3))
def test_bots_play_generated_cities_to_an_ending(city_seed: int) -> None:
    case = SYSTEM.read_case(envelope(city_seed))
    trials = 0
    for seed, count in ((city_seed, 2), (city_seed + 10, 5)):
        seats = [Seat(f"Jovan {n + 1}", True) for n in range(count)]
        state = SYSTEM.new_game(case, seats, "standard", seed=seed, options={})
        final, steps = run_bots(
            SYSTEM, case, state, bots=frozenset(range(count)), seed=seed, steps_so_far=0
        )
        assert SYSTEM.result(case, final) is not None and len(steps) <= SPEC.step_limit
        for step in steps:
            for event in step.events:
                if event.type != Ev.TRIAL:
                    continue
                trials += 1
                card = case.murder_by_id[event.data["murder"]]
                printed = [
                    {"charge": c.name, "threshold": c.threshold, "payout": c.payout}
                    for c in card.charges
                ]
                assert [dict(t) for t in event.data["thresholds"]] == printed
                reached = [c for c in card.charges if event.data["total"] >= c.threshold]
                assert event.data["payout"] == (reached[0].payout if reached else 0)
    assert trials > 0
