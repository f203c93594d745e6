"""The city as a grid: where a block is, its orthogonal neighbours and drive distances."""

from __future__ import annotations

from rules.kit.memo import per_case

from .case import DAY, HQ, TecCase


@per_case  # legality and the Force Cards ask for it every step
def blocks(case: TecCase) -> tuple[str, ...]:
    """Every place a car may be, the HQ included, row by row."""
    return tuple(block for line in case.grid for block in line)


def distance(case: TecCase, a: str, b: str) -> int:
    """Hours to drive from ``a`` to ``b``: one per block, orthogonally (no block is closed)."""
    (r1, c1), (r2, c2) = case.position(a), case.position(b)
    return abs(r1 - r2) + abs(c1 - c2)


def distances_from(case: TecCase, block: str) -> tuple[tuple[str, int], ...]:
    """``(place, distance)`` from ``block`` for every place :func:`blocks` lists, in its order."""
    return case.distances_from(block)


def adjacent(case: TecCase, block: str) -> tuple[str, ...]:
    """The blocks orthogonally next to ``block``."""
    return _neighbours(case)[block]


@per_case  # a step asks for neighbours often
def _neighbours(case: TecCase) -> dict[str, tuple[str, ...]]:
    """Each place's neighbours on the grid, in :func:`blocks`' order (the row above, the same
    row left and right, the row below). Made once a case in each process, at its first Call
    for Backup or crowded Mobster Roll: 0.26M instructions (callgrind, 20 cases), where asking
    :func:`distance` for every pair cost 2.28M, which nine of the session fixture's cases paid
    during its counted moves."""
    grid = case.grid
    return {
        grid[row][column]: tuple(
            grid[r][c]
            for r, c in ((row - 1, column), (row, column - 1), (row, column + 1), (row + 1, column))
            if 0 <= r < len(grid) and 0 <= c < len(grid[r])
        )
        for row in range(len(grid))
        for column in range(len(grid[row]))
    }


def row_of(case: TecCase, block: str) -> int:
    return case.position(block)[0]


def column_of(case: TecCase, block: str) -> int:
    return case.position(block)[1]


def phase(case: TecCase, hours: int) -> str:
    """Day or night for a tracker on ``hours``; off the track (0, at setup) counts as the first
    space's phase."""
    return case.space(max(hours, 1)).phase if case.time_track else DAY


def is_hq(block: str) -> bool:
    return block == HQ
