"""The city, its tokens and the time track are laid out as the rulebook's setup says."""

from __future__ import annotations

from collections import Counter

import pytest

from rules.tiny_epic_crimes.case import HQ, TecCase
from tests.generator.tiny_epic_crimes.shortcuts import case_for

SEEDS = range(12)


@pytest.fixture(params=[(seed, players) for seed in SEEDS for players in (1, 2, 3, 4)][::3])
def case(request: pytest.FixtureRequest) -> TecCase:
    seed, players = request.param
    return case_for(seed, players)


def test_the_hq_is_in_the_centre_of_a_5x5_grid_of_24_blocks(case: TecCase) -> None:
    assert [len(row) for row in case.grid] == [5] * 5
    assert case.grid[2][2] == HQ
    cells = [item for row in case.grid for item in row if item != HQ]
    assert len(cells) == len(set(cells)) == 24 == len(case.blocks)
    assert set(cells) == {block.id for block in case.blocks}


def test_seven_search_and_five_stakeout_blocks_carry_one_token_each(case: TecCase) -> None:
    icons = Counter(block.icon for block in case.blocks)
    assert (icons["search"], icons["stakeout"]) == (7, 5)
    search = {b.id for b in case.blocks if b.icon == "search"}
    stakeout = {b.id for b in case.blocks if b.icon == "stakeout"}
    assert sorted(t.block for t in case.search_tokens) == sorted(search)
    assert sorted(t.block for t in case.stakeout_tokens) == sorted(stakeout)
    # "Only 3 are needed to solve Forensics": enough flip to success
    assert sum(t.success for t in case.search_tokens) >= 3
    # an officer risks 1 to 5 hours, so every stakeout token can succeed
    assert all(1 <= t.value <= 5 for t in case.stakeout_tokens)


def test_every_roll_of_two_dice_from_1_to_5_names_one_cell(case: TecCase) -> None:
    rolled = [case.rolled(black, white) for black in range(1, 6) for white in range(1, 6)]
    assert sorted(map(str, rolled)) == sorted(item for row in case.grid for item in row)
    assert case.rolled(3, 3) == HQ


def test_informant_and_witness_tokens_by_the_table_size(case: TecCase) -> None:
    if case.players <= 2:  # the 2-player variant (solo sets up a 2-player game)
        assert case.informant_rows == (1, 3, 5) and case.witness_columns == (2, 3, 4)
        assert case.clues_needed["informant"] == case.clues_needed["witness"] == 3
    else:
        assert case.informant_rows == case.witness_columns == (1, 2, 3, 4, 5)
        assert case.clues_needed["informant"] == case.clues_needed["witness"] == 5
    assert sorted(case.holding_tokens) == ["blue", "gray", "red"]


def test_the_time_track(case: TecCase) -> None:
    track = case.time_track
    assert [space.hour for space in track] == list(range(1, 49))
    assert [s.hour for s in track if s.final] == list(range(43, 49))  # "hours 43-48"
    assert [s.hour for s in track if s.timed_event_icon] == list(range(39, 49))
    assert {s.phase for s in track if s.hour < 43} == {"day", "night"}
    assert any(s.event_line for s in track)


def test_the_same_seed_gives_the_same_city_and_seeds_differ() -> None:
    assert case_for(3) == case_for(3, 4)
    layouts = {case_for(seed).grid for seed in SEEDS}
    assert len(layouts) == len(SEEDS)


def test_suspects_are_named_by_their_letter() -> None:
    for seed in SEEDS:
        case = case_for(seed)
        assert [s.letter for s in case.suspects] == list("ABCDEFGHIJKLMNOP")
        assert all(s.name.startswith(s.letter) for s in case.suspects)
