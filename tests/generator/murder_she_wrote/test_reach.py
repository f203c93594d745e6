"""The verifier's own movement search, from the rulebook, on the rules' hand-made sample island
(tests/rules/murder_she_wrote/island.py), and checked against the rules' route table: two
independent readings of the same passages must agree on every space and roll."""

from __future__ import annotations

import pytest

from generator.murder_she_wrote.maker import generate_island
from generator.murder_she_wrote.options import Settings
from generator.murder_she_wrote.reach import (
    Moves,
    moves_of_roll,
    murderer_can_win,
    murderer_route,
    passes_any,
)
from rules.murder_she_wrote import routes
from rules.murder_she_wrote.case import DIE_SIDES, Island, Kind
from tests.rules.murder_she_wrote.island import (
    ACCUSE,
    DOCKS,
    ESCAPE,
    ROOMS,
    START,
    TO,
    sample_island,
)

ISLAND = sample_island()


def ends(here: int, roll: int, island: Island = ISLAND) -> set[int]:
    return {move.end for move in moves_of_roll(island, here, roll)}


def test_the_full_roll_in_one_direction() -> None:
    """ "Roll the die and move the full amount in one direction only." """
    assert ends(30, 3) == {27, 33}


def test_a_dock_links_to_the_other_mid_move() -> None:
    """ "You don't need an exact roll to use them. If you land on one dock space, you can move
    your pawn to the other dock space and continue your move from there." From 15 a roll of 5
    passes the dock on 18: it may end on 20 (the To space of L8, so also in L8's rooms) or
    cross to 42 and end on 44 (the To space of L4, so also in L4's rooms); anticlockwise on 10.
    """
    assert DOCKS == (18, 42) and TO["L4"] == 44 and TO["L8"] == 20
    assert ends(15, 5) == {10, 20, *ROOMS["L8"], 44, *ROOMS["L4"]}
    crossing = next(m for m in moves_of_roll(ISLAND, 15, 5) if m.end == 44)
    assert {16, 17, 18, 42, 43, 44} == crossing.passed


def test_landing_on_a_dock_may_end_on_the_other() -> None:
    assert 42 in ends(15, 3)


def test_a_to_space_leads_into_its_location() -> None:
    """ "If you land on a 'To the ...' space you can either position your pawn anywhere within
    that location (on a circular space) or ignore it": from the Start a roll of 6 ends on the
    To space of L6 (space 6) or in any room of L6."""
    assert TO["L6"] == 6
    assert {6, *ROOMS["L6"]} <= ends(START, 6)


def test_accuse_and_escape_spaces_count_when_passed() -> None:
    """ "Land or pass over either Accuse spaces." From 9 a roll of 4 passes the Accuse space on
    11 and ends on 13."""
    assert ACCUSE[0] == 11
    move = next(m for m in moves_of_roll(ISLAND, 9, 4) if m.end == 13)
    assert passes_any(ACCUSE)(move) and not passes_any(ESCAPE)(move)


def test_the_verifier_and_the_rules_agree_on_every_move() -> None:
    """For every space and roll, on the sample island and generated ones, the verifier's moves
    and the rules' destinations (a lone pawn) end on the same spaces, with the same Accuse and
    Escape spaces on the way."""
    islands = [ISLAND, *(generate_island(seed, Settings())[0] for seed in range(3))]
    for island in islands:
        accuse, escape = island.spaces_of(Kind.ACCUSE), island.spaces_of(Kind.ESCAPE)
        for here in range(island.size):
            for roll in range(1, DIE_SIDES + 1):
                pawns: list[int | None] = [here]
                theirs = routes.destinations(island, pawns, 0, roll)
                mine: dict[int, tuple[bool, bool]] = {}
                for move in moves_of_roll(island, here, roll):
                    old = mine.get(move.end, (False, False))
                    mine[move.end] = (
                        old[0] or passes_any(accuse)(move),
                        old[1] or passes_any(escape)(move),
                    )
                assert set(mine) == set(theirs), (island.name, here, roll)
                for end, (accusing, escaping) in mine.items():
                    assert theirs[end].accuse == accusing, (here, roll, end)
                    assert (theirs[end].escape is not None) == escaping, (here, roll, end)


def test_the_fewest_turns_and_a_murderer_s_win() -> None:
    """A Jessica from the Start reaches an Accuse space in two moves at best (11 and 36 lie
    beyond the first roll, even through the To space on 6); a Murderer visits five locations
    and then flees, and the exhaustive search agrees."""
    moves = Moves(ISLAND)
    accusing = moves.fewest_turns_until(START, passes_any(ACCUSE))
    assert accusing is not None and accusing[0] == 2
    route = murderer_route(moves, START, 5, ESCAPE)
    assert route is not None and len(route) == 6 and all(turns >= 1 for turns in route)
    assert murderer_can_win(moves, START, 5, ESCAPE)


@pytest.mark.parametrize("locations", [9, 10])
def test_the_exhaustive_search_knows_its_limits(locations: int) -> None:
    """Nine locations can all be visited before fleeing; ten cannot (there are nine)."""
    moves = Moves(ISLAND)
    assert murderer_can_win(moves, START, locations, ESCAPE) is (locations == 9)
