"""The hidden-information property for Tiny Epic Crimes, with controls that must fail.

Hidden (see ``resample.py``): the murderer, the decks' orders, other officers' Suspect and
Force Cards, face-down tokens, and a failed stakeout's number from everyone but its officer.
"""

from __future__ import annotations

import dataclasses
import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules.tiny_epic_crimes.case import TecCase
from rules.tiny_epic_crimes.clues import gain_suspect
from rules.tiny_epic_crimes.game import SYSTEM, TinyEpicCrimes
from rules.tiny_epic_crimes.state import TecState
from tests.hidden_information import Table, canonical, check_playout
from tests.rules.tiny_epic_crimes.helpers import (
    CASE,
    NIGHT,
    act,
    envelope,
    hours,
    officer,
    seats,
    start,
    two_player_case,
)
from tests.rules.tiny_epic_crimes.resample import resample


def _table(count: int, seed: int) -> Table:
    case = two_player_case() if count == 2 else None
    return Table(case=envelope(case), seats=seats(count), mode="standard", seed=seed)


@pytest.mark.parametrize("count", [2, 4])
@settings(max_examples=5, deadline=None)
@given(seed=st.integers(0, 2**63 - 1))
def test_views_logs_and_actions_hide_what_a_seat_cannot_see(count: int, seed: int) -> None:
    steps = check_playout(
        SYSTEM, _table(count, seed), resample, rng=random.Random(seed), max_steps=60
    )
    assert steps >= 1


def test_cards_drawn_in_one_action_are_shown_in_the_order_their_events_told() -> None:
    """The game of this seed draws two Force Cards for seat 0 in one arrest (its reward and By
    the Book's card): the events tell their order, so the view keeps it (docs/rulings.md)."""
    steps = check_playout(SYSTEM, _table(4, 239), resample, rng=random.Random(239), max_steps=60)
    assert steps >= 50


def _seat_0_holds_evidence_and_a_card() -> TecState:
    """Seat 0 solved Forensics and holds a Suspect Card; seat 1 failed a stakeout on B12."""
    state = dataclasses.replace(start(3), solved={"forensics": 0})
    state, _ = gain_suspect(state, 0, random.Random(0))
    state = hours(state, {0: NIGHT + 3, 1: NIGHT, 2: NIGHT + 3})
    state = officer(state, 1, block="B12")
    state, _ = act(state, 1, "stakeout", hours=1)
    return state


def test_the_resampler_redraws_only_what_the_seat_cannot_know() -> None:
    """The controls the property depends on: the worlds really differ where they may."""
    state = _seat_0_holds_evidence_and_a_card()
    rng = random.Random(0)
    murderer = CASE.suspect(CASE.solution.murderer)
    for_0 = [resample(CASE, state, 0, rng)[0] for _ in range(40)]
    assert len({c.solution.murderer for c in for_0}) > 1
    assert all(c.suspect(c.solution.murderer).forensics == murderer.forensics for c in for_0)
    assert all(c.solution.murderer not in state.suspects.cards_of(0) for c in for_0)
    assert (
        len({c.solution.murderer for c in (resample(CASE, state, 2, rng)[0] for _ in range(40))})
        > 4
    )
    b12 = {
        next(
            t.value for t in resample(CASE, state, seat, rng)[0].stakeout_tokens if t.block == "B12"
        )
        for seat in (1, 1, 1, 1, 1)
    }
    assert b12 == {5}
    others = {
        next(t.value for t in resample(CASE, state, 0, rng)[0].stakeout_tokens if t.block == "B12")
        for _ in range(30)
    }
    assert len(others) > 1


class LeakyMurderer(TinyEpicCrimes):
    """Tells every seat the murderer's gang: the property must catch it."""

    def view(self, case: TecCase, state: TecState, seat: int | None) -> dict[str, Any]:
        return {
            **super().view(case, state, seat),
            "hint": case.suspect(case.solution.murderer).gang,
        }


class LeakyHands(TinyEpicCrimes):
    """Shows every officer's Suspect Cards to everyone: the property must catch it."""

    def view(self, case: TecCase, state: TecState, seat: int | None) -> dict[str, Any]:
        hands = {str(s): list(state.suspects.cards_of(s)) for s in range(len(state.officers))}
        return {**super().view(case, state, seat), "hands": hands}


def test_the_property_catches_the_murderer_shown() -> None:
    with pytest.raises(AssertionError, match="can tell two worlds apart"):
        check_playout(LeakyMurderer(), _table(3, 1), resample, rng=random.Random(1), max_steps=3)


def test_the_property_catches_other_hands_shown() -> None:
    state = _seat_0_holds_evidence_and_a_card()
    for _ in range(3):
        state, _ = gain_suspect(state, 2, random.Random(0))
    rng = random.Random(0)
    leaky = LeakyHands()
    assert len({canonical(leaky.view(*resample(CASE, state, 0, rng), 0)) for _ in range(20)}) > 1
    assert len({canonical(SYSTEM.view(*resample(CASE, state, 0, rng), 0)) for _ in range(20)}) == 1


@pytest.mark.parametrize("seed", [0, 5])
def test_late_game_views_hide_what_a_seat_cannot_see(seed: int) -> None:
    """Random playouts rarely solve evidence or reach the accusation; bots do. Along a whole
    bot game, every seat's view and legal actions are the same in a world it cannot tell."""
    state = start(4, seed)
    rng = random.Random(seed)
    solved_seen = accusing_seen = False
    while SYSTEM.result(CASE, state) is None:
        for seat in (0, 1, 2, 3, None):
            twin_case, twin = resample(CASE, state, seat, rng)
            assert canonical(SYSTEM.view(CASE, state, seat)) == canonical(
                SYSTEM.view(twin_case, twin, seat)
            ), f"seat {seat} can tell two worlds apart at step {state.step}"
            if seat is not None:
                legal = [s.to_json() for s in SYSTEM.legal_actions(CASE, state, seat)]
                twin_legal = [s.to_json() for s in SYSTEM.legal_actions(twin_case, twin, seat)]
                assert canonical(legal) == canonical(twin_legal)
        solved_seen |= bool(state.solved)
        accusing_seen |= all(o.rested for o in state.officers)
        actor = min(SYSTEM.to_act(CASE, state))
        view = SYSTEM.view(CASE, state, actor)
        action = SYSTEM.bot_choose(view, SYSTEM.legal_actions(CASE, state, actor), rng)
        state, _ = SYSTEM.apply(CASE, state, actor, action)
    assert solved_seen and accusing_seen
    for seat in (0, 1, 2, 3, None):  # the end reveals the murderer: the worlds keep it
        twin_case, twin = resample(CASE, state, seat, rng)
        assert canonical(SYSTEM.view(CASE, state, seat)) == canonical(
            SYSTEM.view(twin_case, twin, seat)
        )
