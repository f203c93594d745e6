"""The hidden-information property for Murdered by Midnight, with controls that must fail.

Hidden: the order of the face-down map deck ("The remaining Map cards are shuffled and
displayed, face down"), and in competitive play another inspector's envelope ("After the player
has viewed the results in private"); and everything the Author's sheet has not yet said.
"""

from __future__ import annotations

import dataclasses
import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules.murdered_by_midnight.case import MbmCase
from rules.murdered_by_midnight.game import MurderedByMidnight
from rules.murdered_by_midnight.state import MbmState
from tests.hidden_information import Table, canonical, check_playout
from tests.rules.murdered_by_midnight.helpers import (
    CASE,
    SYSTEM,
    TABLES,
    act,
    envelope,
    seats,
    start,
    until_turn,
)
from tests.rules.murdered_by_midnight.resample import resample


def _table(mode: str, count: int, seed: int) -> Table:
    return Table(case=envelope(), seats=seats(count), mode=mode, seed=seed)


@pytest.mark.parametrize(("mode", "count"), TABLES)
@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 2**63 - 1))
def test_views_logs_and_actions_hide_what_a_seat_cannot_see(
    mode: str, count: int, seed: int
) -> None:
    steps = check_playout(
        SYSTEM, _table(mode, count, seed), resample, rng=random.Random(seed), max_steps=60
    )
    assert steps >= 1


def _envelope_sealed_from_seat_0() -> MbmState:
    """Competitive: seat 1 dusts the Letter Opener (C4's prints) in the Gallery; seat 0 did not."""
    state = start("competitive", 2, deck=("L6", "L3", "L5", "L4", "L2"))
    state, _ = act(state, 0, "reveal-location", at="1,0")
    state, _ = act(state, 1, "move", to="L6")
    state, _ = act(state, 1, "search")
    state = until_turn(state, 1)
    state, _ = act(state, 1, "dust-for-prints", weapon="W2")
    return state


def test_the_resampler_redraws_another_inspector_s_sealed_envelope() -> None:
    """The control the property depends on: worlds differ in what seat 0 has not read."""
    state = _envelope_sealed_from_seat_0()
    rng = random.Random(0)
    prints = {resample(CASE, state, 0, rng)[0].weapons_with_prints[0].prints for _ in range(20)}
    assert prints == {"C4", "C5"}
    own = {resample(CASE, state, 1, rng)[0].weapons_with_prints[0].prints for _ in range(20)}
    assert own == {"C4"}


class LeakyEnvelopes(MurderedByMidnight):
    """Shows every envelope's content to every seat: the property must catch it."""

    def view(self, case: MbmCase, state: MbmState, seat: int | None) -> dict[str, Any]:
        return super().view(case, dataclasses.replace(state, mode="co-op"), 0)


class LeakyDeck(MurderedByMidnight):
    """Names the top face-down card: the property must catch it."""

    def view(self, case: MbmCase, state: MbmState, seat: int | None) -> dict[str, Any]:
        return {**super().view(case, state, seat), "next": state.deck[:1]}


def test_the_property_catches_a_sealed_envelope_shown() -> None:
    state = _envelope_sealed_from_seat_0()
    rng = random.Random(0)
    leaky = LeakyEnvelopes()
    views = {canonical(leaky.view(*resample(CASE, state, 0, rng), 0)) for _ in range(20)}
    assert len(views) > 1
    honest = {canonical(SYSTEM.view(*resample(CASE, state, 0, rng), 0)) for _ in range(20)}
    assert len(honest) == 1


def test_the_property_catches_the_deck_shown() -> None:
    with pytest.raises(AssertionError, match="can tell two worlds apart"):
        for seed in range(10):
            check_playout(LeakyDeck(), _table("co-op", 2, seed), resample, rng=random.Random(seed))
