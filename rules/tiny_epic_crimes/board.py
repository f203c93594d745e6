"""The city as a grid: where a block is, its orthogonal neighbours and drive distances."""

from __future__ import annotations

from .case import DAY, HQ, TecCase


def blocks(case: TecCase) -> tuple[str, ...]:
    """Every place a car may be, the HQ included, row by row."""
    return tuple(block for line in case.grid for block in line)


def distance(case: TecCase, a: str, b: str) -> int:
    """Hours to drive from ``a`` to ``b``: one per block, orthogonally (no block is closed)."""
    (r1, c1), (r2, c2) = case.position(a), case.position(b)
    return abs(r1 - r2) + abs(c1 - c2)


def adjacent(case: TecCase, block: str) -> tuple[str, ...]:
    """The blocks orthogonally next to ``block``."""
    last = _NEAR[0] if _NEAR else None
    if last is None or last[0] is not case:  # one case's neighbours at a time
        last = (case, {})
        _NEAR[:] = [last]
    found = last[1].get(block)
    if found is None:
        found = tuple(other for other in blocks(case) if distance(case, block, other) == 1)
        last[1][block] = found
    return found


#: the last case asked about, and its blocks' neighbours (a step asks for them often)
_NEAR: list[tuple[TecCase, dict[str, tuple[str, ...]]]] = []


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
