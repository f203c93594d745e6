"""The map grid: cells as ``"x,y"``, free sides, adjacency and routes.

Functions take plain mappings (location id -> cell) so the game and the bot, which sees only
its view, share them.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterable, Mapping

Cell = tuple[int, int]

_SIDES: tuple[Cell, ...] = ((0, -1), (1, 0), (0, 1), (-1, 0))


def cell_name(cell: Cell) -> str:
    return f"{cell[0]},{cell[1]}"


def parse_cell(text: str) -> Cell | None:
    """The cell ``"x,y"`` names, or ``None`` if the text is not a cell."""
    parts = text.split(",")
    if len(parts) != 2:
        return None
    try:
        return int(parts[0]), int(parts[1])
    except ValueError:
        return None


def sides(cell: Cell) -> list[Cell]:
    """The four cells a card at ``cell`` lines up with, side to side."""
    return [(cell[0] + dx, cell[1] + dy) for dx, dy in _SIDES]


def free_cells(cells: Mapping[str, Cell]) -> list[str]:
    """Every empty cell beside a placed card, sorted: where a new card may go."""
    taken = set(cells.values())
    free = {side for cell in taken for side in sides(cell) if side not in taken}
    return [cell_name(cell) for cell in sorted(free)]


def is_beside_a_card(cells: Mapping[str, Cell], cell: Cell) -> bool:
    taken = set(cells.values())
    return any(side in taken for side in sides(cell))


def neighbours(cells: Mapping[str, Cell], location: str) -> list[str]:
    """The placed locations sharing a side with ``location``, sorted by id."""
    by_cell = {cell: loc for loc, cell in cells.items()}
    return sorted(by_cell[side] for side in sides(cells[location]) if side in by_cell)


def passage_ends(passages: Iterable[tuple[str, str]], location: str) -> list[str]:
    """The locations a secret passage joins to ``location``, sorted, without repeats."""
    ends = {b for a, b in passages if a == location} | {a for a, b in passages if b == location}
    ends.discard(location)
    return sorted(ends)


def distances(
    cells: Mapping[str, Cell], passages: Iterable[tuple[str, str]], start: str
) -> dict[str, int]:
    """Turns needed to reach each location from ``start`` by moves and passages."""
    links = list(passages)
    seen = {start: 0}
    queue = deque([start])
    while queue:
        here = queue.popleft()
        for there in (*neighbours(cells, here), *passage_ends(links, here)):
            if there not in seen:
                seen[there] = seen[here] + 1
                queue.append(there)
    return seen
