"""The Standard Game Setup, from the rulebook's numbered steps."""

from __future__ import annotations

import json

import pytest

from rules.core import SetupError
from rules.tiny_epic_crimes.case import HQ
from rules.tiny_epic_crimes.game import SYSTEM
from tests.rules.tiny_epic_crimes.helpers import CASE, GAME, GAME_2, envelope, seats, start


@pytest.mark.parametrize("count", [2, 3, 4])
def test_every_car_starts_on_the_hq_and_every_tracker_beside_the_track(count: int) -> None:
    # 13C "Place your Car on HQ"; 13B trackers stacked to the side of the Time Track
    state = start(count)
    assert [officer.block for officer in state.officers] == [HQ] * count
    assert [state.track.position(seat) for seat in range(count)] == [0] * count
    # 13D the badge on the large badge image, nothing on the mat yet
    assert all(o.badge == 0 and o.arrested == () and o.holding is None for o in state.officers)
    assert all(sum(o.clues.values()) == 0 for o in state.officers)


def test_youngest_on_top_of_the_stack_plays_first() -> None:
    # 13B "youngest player on top"; casebook seats officers youngest first (docs/rulings.md)
    state = start(4)
    assert state.track.order() == (0, 1, 2, 3)
    assert GAME.to_act(state) == frozenset({0})


@pytest.mark.parametrize("seed", range(8))
def test_three_mobsters_on_different_blocks_never_the_hq(seed: int) -> None:
    # step 11: pull 3, reroll a 6, a 3-3 or a block that already has a mobster
    state = start(4, seed)
    assert len(state.mobsters) == 3 and HQ not in state.mobsters
    assert sum(state.bag.values()) == 15 - 3
    for block, colour in state.mobsters.items():
        assert CASE.block(block) and colour in ("blue", "red", "gray")


def test_one_private_force_card_each_and_the_murderer_out_of_the_suspect_deck() -> None:
    # 15: "Deal one face-down to each player"; 16A: one suspect slid into the envelope
    state = start(4)
    assert [state.forces.count(seat) for seat in range(4)] == [1, 1, 1, 1]
    assert state.force_deck.draw_count == 12 - 4
    assert state.suspect_deck.draw_count == 15
    assert CASE.solution.murderer not in state.suspect_deck.draw_pile
    assert all(state.suspects.count(seat) == 0 for seat in range(4))


def test_the_face_down_tokens_lie_where_the_case_put_them() -> None:
    # 6-8: Search and Stakeout Tokens on their icons, Holding Tokens on the HQ, clue tokens
    # beside the die tokens
    state = start(4)
    assert set(state.search_blocks) == {token.block for token in CASE.search_tokens}
    assert set(state.stakeout_blocks) == {token.block for token in CASE.stakeout_tokens}
    assert state.holding_tokens == ("blue", "red", "gray")
    assert state.informant_rows == (1, 2, 3, 4, 5) and state.witness_columns == (1, 2, 3, 4, 5)
    two = start(2)
    assert two.informant_rows == (1, 3, 5) and two.witness_columns == (2, 3, 4)


def test_the_same_seed_sets_up_the_same_table_and_another_seed_shuffles() -> None:
    assert start(4, 5) == start(4, 5)
    assert len({json.dumps(SYSTEM.state_to_json(start(4, seed))) for seed in range(6)}) > 1


@pytest.mark.parametrize("count", [1, 5])
def test_the_standard_game_takes_two_to_four_officers(count: int) -> None:
    with pytest.raises(SetupError) as error:
        GAME.new_game(seats(count), "standard", 0)
    assert error.value.code == "setup/seat-count"


def test_a_case_laid_out_for_another_table_size_is_refused() -> None:
    # the 2-Player Game Variant places only 3 Informant and 3 Witness Tokens
    with pytest.raises(SetupError) as error:
        GAME.new_game(seats(2), "standard", 0)
    assert error.value.code == "setup/case-players"
    with pytest.raises(SetupError):
        GAME_2.new_game(seats(3), "standard", 0)


def test_the_opening_state_round_trips_through_json() -> None:
    state = start(3)
    data = json.loads(json.dumps(SYSTEM.state_to_json(state)))
    assert SYSTEM.state_from_json(data) == state


def test_a_case_of_another_system_or_shape_is_refused() -> None:
    with pytest.raises(SetupError) as error:
        SYSTEM.read_case({**envelope(), "system": "murdered-by-midnight"})
    assert error.value.code == "setup/bad-case"
    with pytest.raises(SetupError) as error:
        SYSTEM.read_case({**envelope(), "public": {}})
    assert error.value.code == "setup/bad-case"
