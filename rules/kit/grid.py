"""A board of square cells: which cells exist, their neighbours, distances and routes.

Cells are ``(x, y)`` with x growing to the right and y downwards, written ``"x,y"`` in actions
and views. A grid is a set of cells, so the same code serves a fixed rectangle (a 5x5 city) and
a board that grows as cards are laid (map cards placed beside each other). Everything that
iterates goes through sorted cells, so routes and orders never depend on hash order.
"""

from __future__ import annotations

import re
from collections import deque
from collections.abc import Iterable
from dataclasses import dataclass

from .errors import KitError

Cell = tuple[int, int]

ORTHOGONAL: tuple[Cell, ...] = ((0, -1), (1, 0), (0, 1), (-1, 0))
DIAGONAL: tuple[Cell, ...] = ((1, -1), (1, 1), (-1, 1), (-1, -1))

_CELL = re.compile(r"^(-?\d+),(-?\d+)$")


class GridError(KitError):
    """A cell that is malformed or not on the board."""

    code = "grid/invalid"


def parse_cell(text: str) -> Cell:
    """The cell ``"x,y"`` names (``"1,0"`` is ``(1, 0)``); no spaces, whole numbers only."""
    match = _CELL.match(text) if isinstance(text, str) else None
    if match is None:
        raise GridError(f'{text!r} is not a grid cell like "1,0"', code="grid/bad-cell")
    return int(match[1]), int(match[2])


def format_cell(cell: Cell) -> str:
    """``cell`` as ``"x,y"``: the inverse of :func:`parse_cell`."""
    return f"{cell[0]},{cell[1]}"


def manhattan(a: Cell, b: Cell) -> int:
    """Steps between two cells moving only orthogonally."""
    return abs(a[0] - b[0]) + abs(a[1] - b[1])


def chebyshev(a: Cell, b: Cell) -> int:
    """Steps between two cells when diagonal moves are allowed too."""
    return max(abs(a[0] - b[0]), abs(a[1] - b[1]))


def adjacent(cell: Cell, *, diagonal: bool = False) -> tuple[Cell, ...]:
    """The cells touching ``cell`` whether on a board or not, sorted."""
    steps = ORTHOGONAL + DIAGONAL if diagonal else ORTHOGONAL
    return tuple(sorted((cell[0] + dx, cell[1] + dy) for dx, dy in steps))


@dataclass(frozen=True)
class Grid:
    """The cells of a board."""

    cells: frozenset[Cell]

    @classmethod
    def rectangle(cls, width: int, height: int) -> Grid:
        """Every cell from ``(0, 0)`` to ``(width - 1, height - 1)``."""
        if width < 1 or height < 1:
            raise GridError(f"a board needs cells, not {width}x{height}", code="grid/empty")
        return cls(frozenset((x, y) for x in range(width) for y in range(height)))

    @classmethod
    def of(cls, cells: Iterable[Cell]) -> Grid:
        """A board of exactly ``cells``, of any shape."""
        return cls(frozenset(cells))

    # ---------------------------------------------------------------------------------------
    # Shape

    def contains(self, cell: Cell) -> bool:
        return cell in self.cells

    def require(self, cell: Cell) -> Cell:
        """``cell``, after checking that it is on the board."""
        if cell not in self.cells:
            raise GridError(f"{format_cell(cell)} is not on the board", code="grid/off-board")
        return cell

    @property
    def bounds(self) -> tuple[Cell, Cell]:
        """The top-left and bottom-right corners of the smallest rectangle around the cells."""
        if not self.cells:
            raise GridError("an empty board has no bounds", code="grid/empty")
        xs = [x for x, _ in self.cells]
        ys = [y for _, y in self.cells]
        return (min(xs), min(ys)), (max(xs), max(ys))

    @property
    def width(self) -> int:
        (left, _), (right, _) = self.bounds
        return right - left + 1

    @property
    def height(self) -> int:
        (_, top), (_, bottom) = self.bounds
        return bottom - top + 1

    def centre(self) -> Cell:
        """The middle cell of the bounds (rounding up and left when a side is even); an error
        if that cell is not on the board."""
        (left, top), (right, bottom) = self.bounds
        return self.require(((left + right) // 2, (top + bottom) // 2))

    def row(self, y: int) -> tuple[Cell, ...]:
        """The cells with this ``y``, left to right."""
        return tuple(sorted(cell for cell in self.cells if cell[1] == y))

    def column(self, x: int) -> tuple[Cell, ...]:
        """The cells with this ``x``, top to bottom."""
        return tuple(sorted((cell for cell in self.cells if cell[0] == x), key=lambda c: c[1]))

    def with_cells(self, cells: Iterable[Cell]) -> Grid:
        """The board grown by ``cells``: a card laid beside the others."""
        return Grid(self.cells | frozenset(cells))

    def frontier(self, *, diagonal: bool = False) -> tuple[Cell, ...]:
        """The cells off the board that touch it, sorted: where the board may grow."""
        touching = {near for cell in self.cells for near in adjacent(cell, diagonal=diagonal)}
        return tuple(sorted(touching - self.cells))

    # ---------------------------------------------------------------------------------------
    # Movement

    def neighbours(self, cell: Cell, *, diagonal: bool = False) -> tuple[Cell, ...]:
        """The cells on the board touching ``cell``, sorted."""
        return tuple(near for near in adjacent(cell, diagonal=diagonal) if near in self.cells)

    def distances(
        self,
        start: Cell,
        *,
        diagonal: bool = False,
        blocked: frozenset[Cell] = frozenset(),
        limit: int | None = None,
    ) -> dict[Cell, int]:
        """Steps from ``start`` to every cell it can reach (at most ``limit`` steps), never
        entering a ``blocked`` cell."""
        return {
            cell: steps
            for cell, (steps, _) in self._search(start, diagonal, blocked, limit).items()
        }

    def reachable(
        self,
        start: Cell,
        steps: int,
        *,
        diagonal: bool = False,
        blocked: frozenset[Cell] = frozenset(),
    ) -> frozenset[Cell]:
        """The cells within ``steps`` moves of ``start``, ``start`` included."""
        return frozenset(self._search(start, diagonal, blocked, steps))

    def path(
        self,
        start: Cell,
        goal: Cell,
        *,
        diagonal: bool = False,
        blocked: frozenset[Cell] = frozenset(),
    ) -> tuple[Cell, ...] | None:
        """A shortest route from ``start`` to ``goal``, both included, or ``None`` if there
        is none; among equal routes always the same one."""
        self.require(goal)
        found = self._search(start, diagonal, blocked, None)
        if goal not in found:
            return None
        route = [goal]
        while route[-1] != start:
            parent = found[route[-1]][1]
            assert parent is not None
            route.append(parent)
        return tuple(reversed(route))

    def _search(
        self, start: Cell, diagonal: bool, blocked: frozenset[Cell], limit: int | None
    ) -> dict[Cell, tuple[int, Cell | None]]:
        """Breadth-first search: each reached cell with its distance and the cell before it."""
        self.require(start)
        if limit is not None and limit < 0:
            raise GridError(f"a step count must be >= 0, not {limit}", code="grid/bad-steps")
        found: dict[Cell, tuple[int, Cell | None]] = {start: (0, None)}
        queue = deque([start])
        while queue:
            here = queue.popleft()
            steps = found[here][0]
            if limit is not None and steps >= limit:
                continue
            for near in self.neighbours(here, diagonal=diagonal):
                if near not in found and near not in blocked:
                    found[near] = (steps + 1, here)
                    queue.append(near)
        return found
