"""Turn order by the Time Track: "The player with the tracker furthest behind … takes the next
turn. If multiple trackers are on the same spot, the player whose tracker is on top takes the
turn", and "If you end up at a space that has another player's Tracker, place yours at the top
of the stack"."""

from __future__ import annotations

from tests.rules.tiny_epic_crimes.helpers import GAME, act, hours, officer, start


def test_the_tracker_furthest_behind_plays_next() -> None:
    state = hours(start(3), {0: 5, 1: 2, 2: 4})
    assert GAME.to_act(state) == frozenset({1})
    assert GAME.legal_actions(state, 0) == []


def test_after_a_turn_the_tracker_moves_on_by_the_hours_spent() -> None:
    state, _ = act(start(3), 0, "coffee-break")
    assert state.track.position(0) == 1
    assert GAME.to_act(state) == frozenset({1})  # the top of the stack left at 0


def test_a_tracker_landing_on_another_goes_on_top_and_plays_first() -> None:
    state = start(3)
    for seat in (0, 1, 2):
        state, _ = act(state, seat, "coffee-break")
    # all three on hour 1; seat 2 arrived last, so it is on top
    assert GAME.to_act(state) == frozenset({2})
    state, _ = act(state, 2, "coffee-break")
    assert GAME.to_act(state) == frozenset({1})


def test_an_officer_who_rested_takes_no_more_turns() -> None:
    state = hours(start(3), {0: 44, 1: 45, 2: 46})
    state = officer(state, 0, rested=True)
    assert GAME.to_act(state) == frozenset({1})
