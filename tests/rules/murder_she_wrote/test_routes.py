"""Moving round the island: the full roll in one direction, hopping, the Start, the "To the ..."
spaces and the boat docks (the sample island: tests/rules/murder_she_wrote/island.py)."""

from __future__ import annotations

import pytest

from rules.core import RuleError
from rules.murder_she_wrote import routes
from tests.rules.murder_she_wrote.helpers import ISLAND, act, destinations, of, on_turn, playing
from tests.rules.murder_she_wrote.island import ROOMS, START, TO


def test_a_move_walks_the_full_roll_in_one_direction() -> None:
    """ "Roll the die and move the full amount in one direction only." From 30 a roll of 3 ends
    on 33 (clockwise) or 27 (anticlockwise), nowhere short of it and never back and forth."""
    state = on_turn(playing(), 1, 3, {1: 30})
    assert destinations(state, 1) == {27, 33}
    with pytest.raises(RuleError) as refused:
        act(state, 1, "move", to=31)
    assert refused.value.code == "move/unreachable"


def test_pawns_hop_over_others_but_never_share_a_space() -> None:
    """ "You may hop over other players, but not share spaces." """
    hop = on_turn(playing(), 1, 3, {1: 30, 2: 31, 3: 32})
    assert 33 in destinations(hop, 1)
    blocked = on_turn(playing(), 1, 3, {1: 30, 2: 33})
    assert 33 not in destinations(blocked, 1)
    with pytest.raises(RuleError) as refused:
        act(blocked, 1, "move", to=33)
    assert refused.value.code == "move/occupied"


def test_the_start_holds_several_pawns() -> None:
    """ "All pawns in play are placed around the Start at the Hotel": the Start is shared, so a
    move may end there though other pawns stand on it (a ruling)."""
    state = playing()
    assert set(state.pawns) == {START}
    back = on_turn(state, 1, 2, {1: 2})
    assert START in destinations(back, 1)
    after, _ = act(back, 1, "move", to=START)
    assert after.pawns.count(START) == 4


def test_a_to_space_leads_into_any_free_room_of_its_location() -> None:
    """ "If you land on a 'To the ...' space you can either position your pawn anywhere within
    that location (on a circular space) or ignore it" """
    to_l2 = TO["L2"]
    state = on_turn(playing(), 1, 2, {1: to_l2 - 2, 2: ROOMS["L2"][1]})
    found = destinations(state, 1)
    assert to_l2 in found  # ignoring it
    assert {ROOMS["L2"][0], ROOMS["L2"][2]} <= found
    assert ROOMS["L2"][1] not in found  # taken
    after, events = act(state, 1, "move", to=ROOMS["L2"][0])
    (moved,) = of(events, "moved")
    assert moved.data["via"] == "L2" and moved.data["location"] == "L2"
    assert after.pawns[1] == ROOMS["L2"][0]


def test_a_taken_to_space_still_leads_into_its_location() -> None:
    """The pawn does not stay on a To space it goes in by, so another pawn there is hopped
    (a ruling): the rooms are offered, the To space itself is not."""
    to_l2 = TO["L2"]
    state = on_turn(playing(), 1, 2, {1: to_l2 - 2, 2: to_l2})
    found = destinations(state, 1)
    assert to_l2 not in found
    assert set(ROOMS["L2"]) <= found


def test_a_dock_needs_no_exact_roll_and_the_move_goes_on_from_the_other_dock() -> None:
    """ "You don't need an exact roll to use them. If you land on one dock space, you can move
    your pawn to the other dock space and continue your move from there." From 17 a roll of 3
    passes the dock at 18 and may cross to 42 and walk its last two steps to 44."""
    state = on_turn(playing(), 1, 3, {1: 17})
    found = destinations(state, 1)
    assert 20 in found  # not crossing
    assert 44 in found  # crossing at the first step, two steps on from 42
    assert 43 not in found  # the full amount, even across the water
    one = on_turn(playing(), 1, 1, {1: 17})
    assert destinations(one, 1) == {16, 18, 42}  # landing exactly: stay, or cross and stop


def test_the_move_goes_on_in_the_same_direction_after_crossing() -> None:
    """Anticlockwise from 19, a roll of 2 reaches the dock at 18 and goes on anticlockwise from
    42, to 41; clockwise it ends on 21."""
    state = on_turn(playing(), 1, 2, {1: 19})
    assert destinations(state, 1) == {17, 41, 21}


def test_routes_report_accuse_and_escape_spaces_passed_or_landed_on() -> None:
    passing = routes.destinations(ISLAND, (10, None), 0, 2)
    assert passing[12].accuse and not passing[8].accuse
    landing = routes.destinations(ISLAND, (9, None), 0, 2)
    assert landing[11].accuse
    fleeing = routes.destinations(ISLAND, (22, None), 0, 3)
    assert fleeing[25].escape == 24 and fleeing[19].escape is None


def test_a_route_table_is_kept_per_island() -> None:
    assert routes.table_for(ISLAND) is routes.table_for(ISLAND)
    assert routes.table_for(ISLAND).routes(30, 3) is routes.table_for(ISLAND).routes(30, 3)
