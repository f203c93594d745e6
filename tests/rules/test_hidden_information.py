"""The hidden-information property, on Toy Culprit, with a control that proves it can fail."""

from __future__ import annotations

import dataclasses
import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from generator.registry import generate
from rules.core import Seat
from tests.hidden_information import Table, check_playout
from tests.toy.system import SYSTEM, ToyCase, ToyCulprit, ToyState, resample


def toy_table(seed: int, bots: tuple[bool, bool]) -> Table:
    case = generate(SYSTEM.SPEC.id, seed)
    seats = [Seat("Ann", bots[0]), Seat("Bob", bots[1])]
    return Table(case=case, seats=seats, mode="duel", seed=seed)


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 2**63 - 1), bots=st.tuples(st.booleans(), st.booleans()))
def test_toy_views_logs_and_actions_hide_what_a_seat_cannot_see(
    seed: int, bots: tuple[bool, bool]
) -> None:
    steps = check_playout(SYSTEM, toy_table(seed, bots), resample, rng=random.Random(seed))
    assert steps >= 1


class LeakyView(ToyCulprit):
    """Shows the culprit in every view: the property must catch it."""

    def view(self, case: ToyCase, state: ToyState, seat: int | None) -> dict[str, Any]:
        return {**super().view(case, state, seat), "culprit": case.culprit}


class LeakyEvents(ToyCulprit):
    """Puts the cleared suspect in the public part of the event: the property must catch it."""

    def apply(
        self, case: ToyCase, state: ToyState, seat: int, action: Any
    ) -> tuple[ToyState, list[Any]]:
        state, events = super().apply(case, state, seat, action)
        return state, [dataclasses.replace(e, data={**e.data, **e.secret}) for e in events]


class LeakyTurns(ToyCulprit):
    """Gives the inspector holding the culprit's neighbour an extra turn: whom the game waits
    for then depends on the hidden culprit, and the property must catch it."""

    def to_act(self, case: ToyCase, state: ToyState) -> frozenset[int]:
        waiting = super().to_act(case, state)
        if waiting and case.suspects.index(case.culprit) % 2:
            return frozenset(range(len(state.seats)))
        return waiting


class SilentSteps(ToyCulprit):
    """Shows an investigation only to the investigator: the others could not count the step,
    and the property must catch it (every step shows every seat an event)."""

    def apply(
        self, case: ToyCase, state: ToyState, seat: int, action: Any
    ) -> tuple[ToyState, list[Any]]:
        state, events = super().apply(case, state, seat, action)
        return state, [
            dataclasses.replace(e, audience=frozenset({seat})) if e.type == "investigated" else e
            for e in events
        ]


@pytest.mark.parametrize(
    ("leaky", "words"),
    [
        (LeakyView(), "can tell two worlds apart by its view"),
        (LeakyEvents(), "can tell two worlds apart by the events"),
        (LeakyTurns(), "can tell two worlds apart by whom the game waits for"),
        (SilentSteps(), "sees no event of a step it can count"),
    ],
    ids=["view", "events", "to-act", "silent-step"],
)
def test_the_property_catches_a_leak(leaky: ToyCulprit, words: str) -> None:
    with pytest.raises(AssertionError, match=words):
        for seed in range(20):
            check_playout(leaky, toy_table(seed, (False, False)), resample, rng=random.Random(seed))
