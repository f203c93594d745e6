"""Deductions: what a seat's view proves, checked against the hidden truth of real cases.

Sound: the true murderer, weapon, motive and time are always among the possibilities, and a
settled detail is the true one, at every step of whole games and for every seat. Useful: the
bot, which accuses only when sure, is sure exactly when the deductions settle all four.
"""

from __future__ import annotations

import random

import pytest

from generator import registry as generators
from rules import registry
from rules.core import Seat, start
from rules.murdered_by_midnight.reasoning import deductions

generators.load()
SYSTEM_ID = "murdered-by-midnight"
DETAILS = ("murderer", "weapon", "motive", "time")


@pytest.mark.parametrize("difficulty", ["easy", "standard", "hard"])
def test_no_seat_ever_rules_out_the_truth_in_competitive_play(difficulty: str) -> None:
    """Competitive envelopes are private: each seat reasons from its own, at every step."""
    system = registry.get(SYSTEM_ID)
    for seed in range(4):
        envelope = generators.generate(SYSTEM_ID, seed, {"difficulty": difficulty})
        truth = envelope["solution"]
        seats = [Seat("A", True), Seat("B", True)]
        case, state = start(system, envelope, seats, "competitive", seed=seed)
        rng = random.Random(seed)
        while system.result(case, state) is None:
            for seat in (0, 1):
                found = deductions(system.view(case, state, seat))
                for detail in DETAILS:
                    assert truth[detail] in found[detail]["possible"], (seed, detail, found)
                    assert found[detail]["settled"] in (None, truth[detail])
                assert found["solution"] in (None, truth)
            actor = min(system.to_act(case, state))
            view = system.view(case, state, actor)
            action = system.bot_choose(view, system.legal_actions(case, state, actor), rng)
            state, _ = system.apply(case, state, actor, action)


@pytest.mark.parametrize("seed", range(8))
def test_every_step_of_a_bot_game_keeps_the_truth_possible(seed: int) -> None:
    system = registry.get(SYSTEM_ID)
    envelope = generators.generate(SYSTEM_ID, seed, {})
    truth = envelope["solution"]
    case, state = start(system, envelope, [Seat("Bot", True)], "solo", seed=seed)
    rng = random.Random(seed)
    settled_before_the_end = False
    while system.result(case, state) is None:
        view = system.view(case, state, 0)
        found = deductions(view)
        for detail in DETAILS:
            assert truth[detail] in found[detail]["possible"], (detail, found)
        settled_before_the_end = found["solution"] == truth
        action = system.bot_choose(view, system.legal_actions(case, state, 0), rng)
        state, _ = system.apply(case, state, 0, action)
    outcome = system.result(case, state)
    assert outcome is not None and outcome.ending == "solved"
    assert settled_before_the_end, "the bot accused before the deductions settled the case"


def test_a_fresh_view_leaves_every_living_character_and_the_matching_weapons() -> None:
    system = registry.get(SYSTEM_ID)
    envelope = generators.generate(SYSTEM_ID, 3, {})
    case, state = start(system, envelope, [Seat("Ann")], "solo", seed=1)
    found = deductions(system.view(case, state, 0))
    public = envelope["public"]
    living = [c["id"] for c in public["characters"] if c["id"] != public["victim"]]
    assert found["murderer"]["possible"] == living
    assert found["weapon"]["possible"] == [
        w["id"] for w in public["weapons"] if w["cause_of_death"] == public["cause_of_death"]
    ]
    assert found["solution"] is None
