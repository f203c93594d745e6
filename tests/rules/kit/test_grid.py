"""The grid: cells, neighbours, distances and deterministic routes."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rules.kit.grid import (
    Grid,
    GridError,
    adjacent,
    chebyshev,
    format_cell,
    manhattan,
    parse_cell,
)

from .helpers import round_trip

CITY = Grid.rectangle(5, 5)
cells = st.tuples(st.integers(0, 4), st.integers(0, 4))


def test_parse_and_format_are_inverse() -> None:
    assert parse_cell("1,0") == (1, 0)
    assert parse_cell("-2,13") == (-2, 13)
    assert format_cell((3, -1)) == "3,-1"
    assert parse_cell(format_cell((7, 4))) == (7, 4)


@pytest.mark.parametrize("text", ["", "1", "1,2,3", "a,b", "1, 2", " 1,2", "1.0,2"])
def test_bad_cells_are_refused(text: str) -> None:
    with pytest.raises(GridError) as caught:
        parse_cell(text)
    assert caught.value.code == "grid/bad-cell"


def test_the_city_has_its_headquarters_in_the_centre() -> None:
    assert len(CITY.cells) == 25
    assert CITY.centre() == (2, 2)
    assert (CITY.width, CITY.height) == (5, 5)
    assert CITY.bounds == ((0, 0), (4, 4))
    assert Grid.rectangle(4, 2).centre() == (1, 0)


def test_a_free_form_board_without_its_middle_cell_has_no_centre() -> None:
    ring = Grid.of(cell for cell in CITY.cells if cell != (2, 2))
    with pytest.raises(GridError) as caught:
        ring.centre()
    assert caught.value.code == "grid/off-board"


def test_neighbours_stay_on_the_board() -> None:
    assert CITY.neighbours((0, 0)) == ((0, 1), (1, 0))
    assert CITY.neighbours((0, 0), diagonal=True) == ((0, 1), (1, 0), (1, 1))
    assert len(CITY.neighbours((2, 2))) == 4
    assert len(CITY.neighbours((2, 2), diagonal=True)) == 8
    assert adjacent((0, 0)) == ((-1, 0), (0, -1), (0, 1), (1, 0))


def test_rows_and_columns() -> None:
    assert CITY.row(1) == tuple((x, 1) for x in range(5))
    assert CITY.column(3) == tuple((3, y) for y in range(5))


def test_distances_and_paths_avoid_blocked_cells() -> None:
    wall = frozenset({(1, 0), (1, 1), (1, 2), (1, 3)})
    route = CITY.path((0, 0), (2, 0), blocked=wall)
    assert route is not None
    assert route[0] == (0, 0) and route[-1] == (2, 0)
    assert len(route) - 1 == 10
    assert not set(route) & wall
    assert all(manhattan(a, b) == 1 for a, b in zip(route, route[1:], strict=False))
    assert CITY.distances((0, 0), blocked=wall)[(2, 0)] == 10
    sealed = frozenset({(1, 0), (0, 1)})
    assert CITY.path((0, 0), (4, 4), blocked=sealed) is None
    assert CITY.path((2, 2), (2, 2)) == ((2, 2),)


def test_reachable_within_steps() -> None:
    assert CITY.reachable((2, 2), 0) == frozenset({(2, 2)})
    assert CITY.reachable((2, 2), 1) == frozenset({(2, 2), *CITY.neighbours((2, 2))})
    assert CITY.reachable((0, 0), 8) == CITY.cells
    assert CITY.distances((0, 0), limit=2) == {
        cell: manhattan((0, 0), cell) for cell in CITY.cells if manhattan((0, 0), cell) <= 2
    }
    with pytest.raises(GridError) as caught:
        CITY.reachable((0, 0), -1)
    assert caught.value.code == "grid/bad-steps"


def test_cells_off_the_board_are_refused() -> None:
    for attempt in (
        lambda: CITY.path((9, 9), (0, 0)),
        lambda: CITY.path((0, 0), (9, 9)),
        lambda: CITY.reachable((5, 0), 2),
        lambda: CITY.require((-1, 0)),
    ):
        with pytest.raises(GridError) as caught:
            attempt()
        assert caught.value.code == "grid/off-board"
    with pytest.raises(GridError) as caught:
        Grid.rectangle(0, 3)
    assert caught.value.code == "grid/empty"


def test_a_growing_board_of_map_cards() -> None:
    board = Grid.of([(0, 0)])
    assert board.frontier() == ((-1, 0), (0, -1), (0, 1), (1, 0))
    grown = board.with_cells([(1, 0)])
    assert grown.cells == frozenset({(0, 0), (1, 0)})
    assert board.cells == frozenset({(0, 0)})  # never mutated
    assert (1, 0) not in grown.frontier() and (2, 0) in grown.frontier()
    assert grown.contains((1, 0)) and not board.contains((1, 0))


def test_json_round_trip() -> None:
    assert round_trip(CITY) == CITY
    odd = Grid.of([(0, 0), (-3, 7), (10, 2)])
    assert round_trip(odd) == odd


@given(start=cells, goal=cells)
def test_on_an_open_board_distances_are_manhattan_or_chebyshev(
    start: tuple[int, int], goal: tuple[int, int]
) -> None:
    route = CITY.path(start, goal)
    assert route is not None and len(route) - 1 == manhattan(start, goal)
    assert CITY.path(start, goal) == route  # the same route every time
    diagonal = CITY.path(start, goal, diagonal=True)
    assert diagonal is not None and len(diagonal) - 1 == chebyshev(start, goal)
    assert CITY.distances(start, diagonal=True)[goal] == chebyshev(start, goal)
