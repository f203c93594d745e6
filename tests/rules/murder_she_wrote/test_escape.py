"""The Murderer's escape: "kill at least five of the islanders (not players!), including the
first victim, and land on or pass over one of the red ESCAPE spaces." """

from __future__ import annotations

import dataclasses

from tests.rules.murder_she_wrote.helpers import GAME, act, of, on_turn, playing

# From 22 a roll of 3 passes the Escape space at 24 (clockwise, to 25) or not (to 19).
FOUR_KILLED = frozenset({"L1", "L2", "L3", "L4"})


def test_five_dead_with_the_first_victim_and_an_escape_space_passed_wins() -> None:
    state = playing(murderer=1)  # the Murderer silenced L5 in the scene
    state = on_turn(dataclasses.replace(state, dead=state.dead | FOUR_KILLED), 1, 3, {1: 22})
    over, events = act(state, 1, "move", to=25)
    (escaped,) = of(events, "escaped")
    assert escaped.data == {"dead": 5, "space": 24}
    outcome = GAME.result(over)
    assert outcome is not None and outcome.ending == "murderer-escaped"
    assert outcome.winners == (1,)


def test_landing_on_the_escape_space_wins_too() -> None:
    state = playing(murderer=1)
    state = on_turn(dataclasses.replace(state, dead=state.dead | FOUR_KILLED), 1, 2, {1: 22})
    over, _ = act(state, 1, "move", to=24)
    assert over.ending == "murderer-escaped"


def test_four_dead_are_not_enough() -> None:
    state = playing(murderer=1)
    four = dataclasses.replace(state, dead=frozenset({"L5", "L1", "L2", "L3"}))
    after, events = act(on_turn(four, 1, 3, {1: 22}), 1, "move", to=25)
    assert not of(events, "escaped") and GAME.result(after) is None


def test_a_jessica_passing_an_escape_space_goes_on() -> None:
    state = playing(murderer=0)
    state = on_turn(dataclasses.replace(state, dead=state.dead | FOUR_KILLED), 1, 3, {1: 22})
    after, events = act(state, 1, "move", to=25)
    assert not of(events, "escaped") and GAME.result(after) is None


def test_a_route_that_misses_the_escape_space_does_not_escape() -> None:
    state = playing(murderer=1)
    state = on_turn(dataclasses.replace(state, dead=state.dead | FOUR_KILLED), 1, 3, {1: 22})
    after, _ = act(state, 1, "move", to=19)
    assert GAME.result(after) is None
