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
    every = blocks(case)
    return {a: tuple(b for b in every if distance(case, a, b) == 1) for a in every}


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
