"""Turns: clockwise from the first player, a roll each, forfeits, and the turn limit."""

from __future__ import annotations

import dataclasses

from rules.murder_she_wrote import turns
from rules.murder_she_wrote.spec import Phase
from rules.murder_she_wrote.state import MswState
from tests.rules.murder_she_wrote.helpers import GAME, act, of, on_turn, playing


def next_roll(state: MswState, seat: int) -> int:
    """The roll ``seat`` will get at the next step of ``state``."""
    return turns.roll_for(dataclasses.replace(state, step=state.step + 1), seat, state.round)


def test_play_proceeds_clockwise_with_a_roll_each_turn() -> None:
    """ "Decide who's going first, play proceeding clockwise." """
    state = on_turn(playing(murderer=0), 1, 3, {1: 30})
    after, events = act(state, 1, "move", to=33)  # L6: a visit
    after, events = act(after, 1, "return-token", token="alive")
    (rolled,) = of(events, "rolled")
    assert rolled.actor == 2 and after.turn == 2 and after.roll == rolled.data["roll"]
    assert 1 <= rolled.data["roll"] <= 6 and after.phase == Phase.MOVE


def test_a_seat_that_cannot_move_forfeits_its_turn() -> None:
    """ "If you can't move, you forfeit your turn." Seat 2 on 30 hemmed in on both sides by a
    roll of 1 forfeits; play passes to seat 3."""
    state = on_turn(playing(murderer=0), 1, 3, {1: 52, 2: 30, 3: 29, 0: 31})
    step = next(s for s in range(200) if next_roll(dataclasses.replace(state, step=s), 2) == 1)
    state = dataclasses.replace(state, step=step)
    after, events = act(state, 1, "move", to=55)
    forfeited = of(events, "forfeited")
    assert [(e.actor, e.data) for e in forfeited] == [(2, {"roll": 1})]
    assert [e.actor for e in of(events, "rolled")] == [2, 3]
    assert after.turn == 3 and after.pawns[2] == 30


def test_the_round_ends_when_play_comes_back_to_the_first_player() -> None:
    state = on_turn(playing(murderer=0), 3, 3, {3: 30}, first=0, round=4)
    after, _ = act(state, 3, "move", to=33)
    after, _ = act(after, 3, "return-token", token="alive")
    assert after.turn == 0 and after.round == 5
    assert turns.following(after, 0, 5) == (1, 5)


def test_the_game_ends_with_nobody_winning_after_the_last_round() -> None:
    """The rulebook sets no limit; the ``rounds`` option ends a game that would not end (a
    ruling): after the last seat of the last round, nobody wins."""
    state = on_turn(playing(murderer=0, rounds=20), 3, 3, {3: 30}, first=0, round=20)
    over, events = act(state, 3, "move", to=33)
    over, events = act(over, 3, "return-token", token="alive")
    outcome = GAME.result(over)
    assert outcome is not None and outcome.ending == "time-up" and outcome.winners == ()
    assert {s.rank for s in outcome.standings} == {1}
    assert of(events, "game-ended")[0].data["winners"] == []
    assert over.round == 20 and GAME.to_act(over) == frozenset()


def test_an_out_seat_is_passed_over_and_the_round_still_turns() -> None:
    state = on_turn(playing(murderer=1), 3, 3, {3: 30, 0: None}, out=frozenset({0}), first=0)
    after, _ = act(state, 3, "move", to=33)
    after, _ = act(after, 3, "return-token", token="alive")
    assert after.turn == 1 and after.round == 2
