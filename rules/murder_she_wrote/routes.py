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

from rules.kit.memo import last_answer

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
        merged: dict[int, Destination] = {}
        room_of = self.room_of
        for route in self.routes(start, roll):
            end = route.end
            _add(merged, Destination(end, room_of[end], None, route.accuse, route.escape))
            entry = self.leads_to.get(end)
            if entry is not None:
                location, rooms = entry
                for room in rooms:
                    _add(merged, Destination(room, location, location, route.accuse, route.escape))
        merged.pop(start, None)  # a move never ends where it began
        return tuple(merged[space] for space in sorted(merged))

    def routes(self, start: int, roll: int) -> tuple[Route, ...]:
        key = (start, roll)
        found = self._routes.get(key)
        if found is None:
            found = self._routes[key] = tuple(self._walk(start, roll))
        return found

    def _walk(self, start: int, roll: int) -> list[Route]:
        kinds, size, docks = self.kinds, self.size, self.other_dock
        found: list[Route] = []
        for step in (1, -1):
            branches: list[tuple[int, int, bool, bool, int | None]] = [
                (start, roll, False, False, None)
            ]
            while branches:
                here, left, crossed, accuse, escape = branches.pop()
                while left:
                    here = (here + step) % size
                    left -= 1
                    kind = kinds[here]
                    if kind == Kind.ACCUSE:
                        accuse = True
                    elif kind == Kind.ESCAPE and escape is None:
                        escape = here
                    elif kind == Kind.DOCK and not crossed:
                        branches.append((docks[here], left, True, accuse, escape))
                found.append(Route(here, accuse, escape))
        return found


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


@last_answer  # a turn begun asks (to forfeit it or not), then its legal moves ask the same
def destinations(
    island: Island, pawns: Sequence[int | None], seat: int, roll: int
) -> dict[int, Destination]:
    """Every space ``seat``'s pawn may end its move on with ``roll``, by space (in order); the
    answer is shared by its askers, who read it only.

    A space held by another pawn is no end (the Start excepted), nor is the pawn's own space;
    a route ending on a To space also ends in any free room of that location.
    """
    here = pawns[seat]
    if here is None or not 1 <= roll <= DIE_SIDES:
        return {}
    table = table_for(island)
    start = table.start
    blocked = {space for space in pawns if space is not None and space != start}
    return {d.space: d for d in table.candidates(here, roll) if d.space not in blocked}


def _add(found: dict[int, Destination], new: Destination) -> None:
    old = found.get(new.space)
    if old is None:
        found[new.space] = new
        return
    found[new.space] = Destination(
        new.space,
        new.location,
        None if old.via is None or new.via is None else old.via,
        old.accuse or new.accuse,
        old.escape if old.escape is not None else new.escape,
    )
