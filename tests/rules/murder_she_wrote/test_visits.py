"""Visiting a location: the calling card LAST IN, the private look, the token put back, the
Murderer's choice, and when a return is a visit at all."""

from __future__ import annotations

import dataclasses

import pytest

from rules.core import Event, RuleError
from rules.loop import run_bots
from rules.murder_she_wrote.game import SYSTEM
from rules.murder_she_wrote.spec import Phase
from rules.murder_she_wrote.state import MswState
from tests.rules.murder_she_wrote.helpers import GAME, ISLAND, act, of, on_turn, playing, seats
from tests.rules.murder_she_wrote.island import ROOMS

L2 = ROOMS["L2"]  # 7, 8, 9


def visit_l2(state: MswState, seat: int) -> tuple[MswState, list[Event]]:
    """``seat`` steps from 5 into L2's first room with a roll of 2."""
    return act(on_turn(state, seat, 2, {seat: 5}), seat, "move", to=L2[0])


def test_the_calling_card_goes_last_in_and_pushes_the_others_down() -> None:
    """ "when you arrive at a location put one of your coloured counters on the LAST IN circle
    ... If other players have been before you, just move their counters down one space" """
    state = dataclasses.replace(playing(), last_in={**playing().last_in, "L2": (2, 3)})
    after, events = visit_l2(state, 1)
    assert after.last_in["L2"] == (1, 2, 3)
    (visited,) = of(events, "visited")
    assert visited.data == {"location": "L2", "islander": "I2", "last_in": [1, 2, 3]}
    assert visited.audience is None and after.phase == Phase.CHECK


def test_a_second_visit_removes_the_older_card() -> None:
    """ "If you are on a second visit, remove your previous counter, adjust the other players'
    positions and put yourself LAST IN." """
    state = dataclasses.replace(playing(), last_in={**playing().last_in, "L2": (2, 1, 3)})
    after, _ = visit_l2(state, 1)
    assert after.last_in["L2"] == (1, 2, 3)


def test_the_look_is_private_and_the_token_returned_is_sealed() -> None:
    """ "Discreetly remove the token from the islanders name place, look at it" : only the
    visitor learns the status; everyone sees a token go back face down."""
    after, events = visit_l2(playing(murderer=0), 1)
    (seen,) = of(events, "islander-seen")
    assert seen.audience == frozenset({1})
    assert seen.data["status"] == "alive" and seen.data["before"] is None
    assert GAME.view(after, 2)["seen"] == [] and GAME.view(after, 1)["seen"] == [
        {"visit": 0, "location": "L2", "status": "alive"}
    ]
    done, returned = act(after, 1, "return-token", token="alive")
    (token,) = of(returned, "token-returned")
    assert token.audience is None and token.data == {"location": "L2", "islander": "I2"}
    assert token.secret == {"token": "alive", "killed": False}
    assert token.secret_audience == frozenset({1})
    assert token.for_seat(2) == {"type": "token-returned", "actor": 1, **token.data}
    assert done.phase == Phase.MOVE and done.turn == 2


def test_a_jessica_must_put_back_what_she_saw() -> None:
    """ "If you are JESSICA you must return an identical token to the name place" """
    after, _ = visit_l2(playing(murderer=0), 1)
    assert [spec.params for spec in GAME.legal_actions(after, 1)] == [{"token": ("alive",)}]
    with pytest.raises(RuleError) as refused:
        act(after, 1, "return-token", token="dead")
    assert refused.value.code == "check/return-what-you-saw"


def test_the_murderer_may_silence_the_islander_and_murder_is_final() -> None:
    """ "If you are the MURDERER you have the choice of silencing this islander ... (NB. DEAD
    tokens cannot be swapped for ALIVE ones - murder is final)" """
    after, _ = visit_l2(playing(murderer=1), 1)
    assert GAME.legal_actions(after, 1)[0].choices("token") == ("alive", "dead")
    killed, events = act(after, 1, "return-token", token="dead")
    assert "L2" in killed.dead and killed.kills == (0,)
    assert of(events, "token-returned")[0].secret == {"token": "dead", "killed": True}
    assert GAME.view(killed, 1)["known_dead"] == ["L2", "L5"]  # and its first victim
    assert GAME.view(killed, 2)["known_dead"] == [] and GAME.view(killed, 2)["kills"] == []
    # a Jessica who comes later sees DEAD and must put DEAD back
    later, seen = visit_l2(dataclasses.replace(killed, pawns=(0, 30, 0, 0)), 2)
    assert of(seen, "islander-seen")[0].data["status"] == "dead"
    assert GAME.legal_actions(later, 2)[0].choices("token") == ("dead",)
    # the Murderer back at a dead islander cannot bring him back
    again = dataclasses.replace(killed, last_ended_in=(None,) * 4, pawns=(0, 30, 0, 0))
    back, _ = visit_l2(again, 1)
    assert GAME.legal_actions(back, 1)[0].choices("token") == ("dead",)
    with pytest.raises(RuleError) as refused:
        act(back, 1, "return-token", token="alive")
    assert refused.value.code == "check/murder-is-final"


def test_a_return_needs_a_turn_away_from_the_location() -> None:
    """ "You have to leave the boundaries of a location for at least one turn before returning
    to check whether the islander is dead or alive for the second time." """
    visited, _ = visit_l2(playing(murderer=0), 1)
    done, _ = act(visited, 1, "return-token", token="alive")
    assert done.last_ended_in[1] == "L2"
    # the next turn of seat 1, still inside L2: moving to another room is no visit
    inside = on_turn(done, 1, 2)
    stayed, events = act(inside, 1, "move", to=L2[2])
    (moved,) = of(events, "moved")
    assert moved.data["visit"] is False and not of(events, "visited")
    assert stayed.last_in["L2"] == (1,) and len(stayed.visits) == 1  # no new card, no look
    assert "L2" not in GAME.view(on_turn(stayed, 1, 2), 1)["may_check"]
    # a turn outside, then back in: a visit
    away, _ = act(on_turn(stayed, 1, 3, {1: L2[2]}), 1, "move", to=L2[2] + 3)
    assert away.last_ended_in[1] is None
    assert "L2" in GAME.view(on_turn(away, 1, 2), 1)["may_check"]
    back, events = visit_l2(away, 1)
    assert of(events, "visited") and back.phase == Phase.CHECK


def test_advanced_a_return_needs_two_other_players_in_between() -> None:
    """ "Before returning to a location which you have already visited, two other players must
    have entered since your counter was at the LAST IN position." """
    state = playing(murderer=0, rules="advanced")
    one_other = dataclasses.replace(state, last_in={**state.last_in, "L2": (3, 1)})
    assert "L2" not in GAME.view(on_turn(one_other, 1, 2), 1)["may_check"]
    after, events = visit_l2(one_other, 1)
    assert of(events, "moved")[0].data["visit"] is False and after.last_in["L2"] == (3, 1)
    two_others = dataclasses.replace(state, last_in={**state.last_in, "L2": (3, 2, 1)})
    after, events = visit_l2(two_others, 1)
    assert of(events, "visited") and after.last_in["L2"] == (1, 3, 2)


def test_basic_rules_need_no_others_in_between() -> None:
    state = playing(murderer=0)
    alone = dataclasses.replace(state, last_in={**state.last_in, "L2": (1,)})
    _, events = visit_l2(alone, 1)
    assert of(events, "visited")


def test_a_move_ending_where_the_seat_may_not_check_leaves_no_card() -> None:
    """A move that ends in a location the seat may not check is no visit: no calling card, no
    look, and the turn passes (a ruling)."""
    state = dataclasses.replace(playing(murderer=0), last_ended_in=(None, "L2", None, None))
    after, events = visit_l2(state, 1)
    assert [event.type for event in events] == ["moved", "rolled"]
    assert after.last_in["L2"] == () and after.turn == 2


def test_calling_cards_never_run_out() -> None:
    """ "Each player takes a pawn, 10 counters": a second visit takes the older card back, so a
    seat never has more than one card at each of the nine locations (a ruling)."""
    for seed in range(4):
        state = GAME.new_game(seats(3, bot=True), "standard", seed, {"rules": "basic"})
        final, _ = run_bots(
            SYSTEM, ISLAND, state, bots=frozenset(range(3)), seed=seed, steps_so_far=0
        )
        for cards in final.last_in.values():
            assert len(cards) == len(set(cards))
        for seat in range(3):
            placed = sum(seat in cards for cards in final.last_in.values())
            assert placed <= 9 < 10
        assert sum(len(cards) for cards in final.last_in.values()) >= 3
