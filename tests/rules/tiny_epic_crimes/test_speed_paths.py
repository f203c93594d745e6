"""The short ways the engine takes for speed (issue #12) answer what the long ways did.

``per_case`` keeps an answer on the decoded case (a server serves games of many cases in turn),
so it must answer for the case asked and never reach a save; ``evolve`` builds the next state
without ``dataclasses.replace``, so it must make the same state and refuse a field the state
does not have; the distance table must say what ``board.distance`` says.
"""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest

from rules.core import Seat
from rules.tiny_epic_crimes import board
from rules.tiny_epic_crimes.case import to_envelope_parts
from rules.tiny_epic_crimes.game import SYSTEM
from rules.tiny_epic_crimes.state import evolve
from tests.rules.tiny_epic_crimes.helpers import CASE, start, two_player_case


def test_the_printed_parts_follow_the_case_asked_and_stay_out_of_its_envelope() -> None:
    other = dataclasses.replace(two_player_case(), title="Another Night in the City")
    before = to_envelope_parts(CASE), to_envelope_parts(other)
    state = start(4)
    two = SYSTEM.new_game(other, [Seat("A"), Seat("B")], "standard", seed=1, options={})
    for _ in range(2):  # back and forth, as a server serves two games
        assert SYSTEM.view(CASE, state, 0)["case"]["title"] == CASE.title
        assert SYSTEM.view(other, two, 0)["case"]["title"] == "Another Night in the City"
    assert board.adjacent(CASE, "HQ") and board.adjacent(other, "HQ")
    assert (to_envelope_parts(CASE), to_envelope_parts(other)) == before


def test_evolve_makes_the_state_replace_made() -> None:
    state = start(3)
    changes: dict[str, Any] = {
        "step": state.step + 5,
        "driven": 2,
        "drove": True,
        "boosts": {"hours": 1},
    }
    assert evolve(state, **changes) == dataclasses.replace(state, **changes)
    assert state == start(3), "the old state is unchanged"


def test_evolve_refuses_a_field_the_state_lacks() -> None:
    with pytest.raises(TypeError, match="hours"):
        evolve(start(2), hours=3)


def test_the_distance_table_says_what_distance_says() -> None:
    every = board.blocks(CASE)
    for a in every:
        row = board.distances_from(CASE, a)
        assert [block for block, _ in row] == list(every)
        assert all(far == board.distance(CASE, a, block) for block, far in row)
