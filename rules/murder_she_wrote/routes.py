"""Where a roll takes a pawn: the routes of the ring, its linked docks and its To spaces.

"Roll the die and move the full amount in one direction only. You may hop over other players,
but not share spaces." A route walks exactly the roll clockwise or anticlockwise; a route that
reaches a dock (landing or passing, the space it starts on excepted) may also cross to the other
dock and go on with the steps it has left, in the same direction, once per move. Routes depend
on the island, the start space and the roll only, so they are worked out once per island and
kept; the pawns of a state then only filter where a route may end.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from .case import DIE_SIDES, Island, Kind


@dataclass(frozen=True)
class Route:
    """One way of walking a roll: where it ends and what it lands on or passes over."""

    end: int
    accuse: bool  # an Accuse space on the way (the end included)
    escape: int | None  # the first Escape space on the way, if any


@dataclass(frozen=True)
class Destination:
    """A space a roll may end on, with the union of the routes that reach it."""

    space: int
    location: str | None  # the location ``space`` is a room of
    #: the location whose To space led into this room, when no route ends on the room itself
    via: str | None
    accuse: bool
    escape: int | None


class RouteTable:
    """The routes of one island, worked out per (space, roll) on first use."""

    def __init__(self, island: Island) -> None:
        self.island = island
        self.size = island.size
        self.kinds: tuple[Kind, ...] = tuple(space.kind for space in island.ring)
        #: each space's mark for a walk: an Accuse, Escape or dock space, else 0
        self.marks: tuple[str | int, ...] = tuple(_MARKS.get(kind, 0) for kind in self.kinds)
        self.start = island.start
        first, second = island.docks
        self.other_dock: Mapping[int, int] = {first: second, second: first}
        self.room_of: tuple[str | None, ...] = tuple(
            island.location_at(index) for index in range(self.size)
        )
        #: a To space -> (its location, that location's rooms)
        self.leads_to: Mapping[int, tuple[str, tuple[int, ...]]] = {
            index: (space.location, island.location_by_id[space.location].rooms)
            for index, space in enumerate(island.ring)
            if space.kind == Kind.TO and space.location is not None
        }
        self._routes: dict[tuple[int, int], tuple[Route, ...]] = {}
        self._candidates: dict[tuple[int, int], tuple[Destination, ...]] = {}
        #: every destination made for this island, by its fields: the ends of many (space,
        #: roll) pairs are the same destination, made once and shared
        self._made: dict[tuple[int, str | None, str | None, bool, int | None], Destination] = {}

    def candidates(self, start: int, roll: int) -> tuple[Destination, ...]:
        """Every end of a roll from ``start`` with no other pawn on the board, merged by space.

        Whether a space is taken never changes how its routes merge (a taken To space still
        leads into its rooms), so the pawns only filter these.
        """
        key = (start, roll)
        found = self._candidates.get(key)
        if found is None:
            found = self._candidates[key] = self._merge(start, roll)
        return found

    def _merge(self, start: int, roll: int) -> tuple[Destination, ...]:
        """The ends of the routes merged by space (:func:`_merged`), each a
        :class:`Destination` made once per island (:meth:`_destination`): worked out for every
        new (space, roll) of an island, about twice a move while the table fills."""
        merged: dict[int, _Merged] = {}
        room_of, leads_to = self.room_of, self.leads_to
        for end, accuse, escape in self._walk(start, roll):
            merged[end] = _merged(merged.get(end), room_of[end], None, accuse, escape)
            entry = leads_to.get(end)
            if entry is not None:
                location, rooms = entry
                for room in rooms:
                    merged[room] = _merged(merged.get(room), location, location, accuse, escape)
        merged.pop(start, None)  # a move never ends where it began
        made = self._made
        return tuple(
            [
                made.get(key) or self._destination(key)
                for key in [(space, *merged[space]) for space in sorted(merged)]
            ]
        )

    def _destination(
        self, key: tuple[int, str | None, str | None, bool, int | None]
    ) -> Destination:
        """The island's destination with these fields, made the first time it is met."""
        made = self._made[key] = _destination(*key)
        return made

    def routes(self, start: int, roll: int) -> tuple[Route, ...]:
        key = (start, roll)
        found = self._routes.get(key)
        if found is None:
            found = self._routes[key] = tuple(Route(*each) for each in self._walk(start, roll))
        return found

    def _walk(self, start: int, roll: int) -> list[tuple[int, bool, int | None]]:
        """Each route's (end, Accuse space on the way, first Escape space on the way)."""
        marks, size, docks = self.marks, self.size, self.other_dock
        found: list[tuple[int, bool, int | None]] = []
        for step in (1, -1):
            branches: list[tuple[int, int, bool, bool, int | None]] = [
                (start, roll, False, False, None)
            ]
            while branches:
                here, left, crossed, accuse, escape = branches.pop()
                while left:
                    here = (here + step) % size
                    left -= 1
                    mark = marks[here]
                    if not mark:
                        continue
                    if mark is _ACCUSE:
                        accuse = True
                    elif mark is _ESCAPE:
                        if escape is None:
                            escape = here
                    elif not crossed:  # a dock
                        branches.append((docks[here], left, True, accuse, escape))
                found.append((here, accuse, escape))
        return found


#: What a space means to a walk (``RouteTable.marks``): nothing (0), or one of these.
_ACCUSE, _ESCAPE, _DOCK = "accuse", "escape", "dock"
_MARKS = {Kind.ACCUSE: _ACCUSE, Kind.ESCAPE: _ESCAPE, Kind.DOCK: _DOCK}

_new = object.__new__
_set = object.__setattr__


def _destination(
    space: int, location: str | None, via: str | None, accuse: bool, escape: int | None
) -> Destination:
    """``Destination(...)``, its fields set at once (a frozen dataclass's ``__init__`` sets
    each through ``object.__setattr__``): the same object."""
    made: Destination = _new(Destination)
    _set(
        made,
        "__dict__",
        {"space": space, "location": location, "via": via, "accuse": accuse, "escape": escape},
    )
    return made


_BY_ID: dict[int, tuple[Island, RouteTable]] = {}
_BY_ISLAND: dict[Island, RouteTable] = {}
_MOST_TABLES = 64


def table_for(island: Island) -> RouteTable:
    """The island's route table: found by identity (a game hands the same island every step,
    and hashing a whole island costs more than the lookups it saves), else by value, so games
    that decode the same case afresh share one table."""
    known = _BY_ID.get(id(island))
    if known is not None and known[0] is island:
        return known[1]
    if len(_BY_ID) >= _MOST_TABLES or len(_BY_ISLAND) >= _MOST_TABLES:
        _BY_ID.clear()
        _BY_ISLAND.clear()
    table = _BY_ISLAND.get(island)
    if table is None:
        table = _BY_ISLAND[island] = RouteTable(island)
    _BY_ID[id(island)] = (island, table)  # held, so its id is never reused meanwhile
    return table


def destinations(
    island: Island, pawns: Sequence[int | None], seat: int, roll: int
) -> dict[int, Destination]:
    """Every space ``seat``'s pawn may end its move on with ``roll``, by space (in order); the
    answer is shared by its askers, who read it only, and kept for the last pawns asked (a turn
    begun asks, to forfeit it or not, then its legal moves ask the same).

    A space held by another pawn is no end (the Start excepted), nor is the pawn's own space;
    a route ending on a To space also ends in any free room of that location.
    """
    global _last
    last = _last
    if last[0] is pawns and last[1] == seat and last[2] == roll and last[3] is island:
        kept: dict[int, Destination] = last[4]
        return kept
    here = pawns[seat]
    if here is None or not 1 <= roll <= DIE_SIDES:
        found: dict[int, Destination] = {}
    else:
        table = table_for(island)
        start = table.start
        blocked = {space for space in pawns if space is not None and space != start}
        found = {d.space: d for d in table.candidates(here, roll) if d.space not in blocked}
    _last = (pawns, seat, roll, island, found)
    return found


#: The last answer of :func:`destinations` with what it was for, compared inline (the pawns
#: and the island by identity): one tuple, replaced whole, so a thread reads all of it.
_last: tuple[Any, ...] = (None, None, None, None, {})


#: A space's merged routes: (location, via, accuse, escape).
_Merged = tuple[str | None, str | None, bool, int | None]


def _merged(
    old: _Merged | None, location: str | None, via: str | None, accuse: bool, escape: int | None
) -> _Merged:
    """A route's end merged with the routes found before to the same space (``old``): the
    location given, a via only when both came by one, an Accuse or Escape space when either
    passed one."""
    if old is None:
        return (location, via, accuse, escape)
    _, old_via, old_accuse, old_escape = old
    return (
        location,
        None if old_via is None or via is None else old_via,
        old_accuse or accuse,
        old_escape if old_escape is not None else escape,
    )
