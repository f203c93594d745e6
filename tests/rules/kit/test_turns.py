"""Turn order: clockwise with skips, rounds, and the time track of Tiny Epic Crimes."""

from __future__ import annotations

import random

import pytest

from rules.kit.turns import (
    Rotation,
    Track,
    TurnError,
    clockwise_from,
    first_player,
    next_seat,
    order_by,
)

from .helpers import round_trip


def test_next_seat_goes_clockwise_and_skips_seats_out_of_the_game() -> None:
    assert next_seat(0, 4) == 1
    assert next_seat(3, 4) == 0
    assert next_seat(1, 4, skip={2, 3}) == 0
    assert next_seat(1, 4, skip={0, 2, 3}) == 1  # the last seat playing plays again
    with pytest.raises(TurnError) as caught:
        next_seat(1, 2, skip={0, 1})
    assert caught.value.code == "turns/no-seats"
    with pytest.raises(TurnError) as caught:
        next_seat(4, 4)
    assert caught.value.code == "turns/unknown-seat"


def test_clockwise_from_the_initiative_winner() -> None:
    assert clockwise_from(2, 4) == (2, 3, 0, 1)
    assert clockwise_from(2, 4, skip={3}) == (2, 0, 1)
    assert clockwise_from(2, 4, skip={2}) == (3, 0, 1)
    with pytest.raises(TurnError) as caught:
        clockwise_from(0, 0)
    assert caught.value.code == "turns/no-seats"


def test_first_player_depends_on_the_rng_only() -> None:
    assert first_player(random.Random(3), {3, 1, 0, 2}) == first_player(
        random.Random(3), [0, 1, 2, 3]
    )
    assert {first_player(random.Random(seed), range(4)) for seed in range(50)} == {0, 1, 2, 3}
    with pytest.raises(TurnError) as caught:
        first_player(random.Random(0), [])
    assert caught.value.code == "turns/no-seats"


def test_order_by_a_score_keeps_ties_in_seat_order() -> None:
    credits = {0: 3, 1: 5, 2: 5, 3: 1}
    assert order_by({3, 2, 1, 0}, key=lambda seat: -credits[seat]) == (1, 2, 0, 3)


def test_a_rotation_counts_rounds_and_skips_eliminated_seats() -> None:
    turns = Rotation.clockwise(3, start=1)
    assert turns.order == (1, 2, 0) and turns.current == 1 and turns.round == 1
    turns = turns.advance().advance()
    assert (turns.current, turns.round) == (0, 1)
    turns = turns.advance()
    assert (turns.current, turns.round) == (1, 2)
    out = turns.eliminate(2)
    assert out.current == 1  # eliminated seats keep their place; advance passes over them
    assert out.advance().current == 0
    assert out.advance().advance().current == 1 and out.advance().advance().round == 3
    assert out.playing == (1, 0)
    assert turns.skip == frozenset()  # never mutated


def test_a_rotation_with_no_one_left_stops() -> None:
    gone = Rotation.clockwise(2).eliminate(0).eliminate(1)
    with pytest.raises(TurnError) as caught:
        gone.advance()
    assert caught.value.code == "turns/no-seats"
    with pytest.raises(TurnError) as caught:
        Rotation.clockwise(2).eliminate(5)
    assert caught.value.code == "turns/unknown-seat"


def test_a_new_round_in_a_new_order() -> None:
    turns = Rotation.clockwise(3).eliminate(2)
    again = turns.next_round((2, 0, 1))
    assert (again.current, again.round, again.order) == (0, 2, (2, 0, 1))
    with pytest.raises(TurnError) as caught:
        turns.next_round((0, 1))
    assert caught.value.code == "turns/unknown-seat"


def test_a_rotation_must_name_each_seat_once() -> None:
    for order in [(), (0, 0)]:
        with pytest.raises(TurnError) as caught:
            Rotation(order=order)
        assert caught.value.code == "turns/bad-seats"


def test_the_time_track_plays_the_marker_furthest_behind_top_of_stack_first() -> None:
    # Youngest (seat 2) on top of the start stack, oldest (seat 0) at the bottom.
    track = Track.start([2, 1, 0])
    assert track.order() == (2, 1, 0)
    track = track.advance(2, 3)  # seat 2 spends 3 hours
    assert track.next_to_act() == 1
    track = track.advance(1, 3)  # seat 1 lands on seat 2's space: on top of it
    assert track.order() == (0, 1, 2)
    track = track.advance(0, 3)
    assert track.order() == (0, 1, 2)  # the latest arrival plays first
    assert track.next_to_act(skip={0}) == 1
    assert track.position(0) == 3 and track.furthest() == 3
    assert track.move_to(2, 10).furthest() == 10


def test_track_refusals() -> None:
    with pytest.raises(TurnError) as caught:
        Track.start([0, 0])
    assert caught.value.code == "turns/bad-seats"
    with pytest.raises(TurnError) as caught:
        Track(positions={0: 1, 1: 1}, arrivals=(0,))
    assert caught.value.code == "turns/bad-seats"
    with pytest.raises(TurnError) as caught:
        Track.start([0]).advance(1, 2)
    assert caught.value.code == "turns/unknown-seat"
    with pytest.raises(TurnError) as caught:
        Track.start([0]).next_to_act(skip={0})
    assert caught.value.code == "turns/no-seats"


def test_json_round_trips() -> None:
    rotation = Rotation.clockwise(4, start=2).advance().eliminate(0)
    assert round_trip(rotation) == rotation
    track = Track.start([1, 0, 2]).advance(1, 2).advance(0, 2)
    back = round_trip(track)
    assert back == track and back.order() == track.order()
