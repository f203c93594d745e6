"""What is on the table now, read off the state: cells, tokens, markers, portals."""

from __future__ import annotations

from .author import weapons_found
from .board import Cell
from .spec import COMPETITIVE
from .state import MbmState


def cells(state: MbmState) -> dict[str, Cell]:
    """Each placed map card's grid cell."""
    return {p.location: (p.x, p.y) for p in state.placed}


def is_placed(state: MbmState, location: str) -> bool:
    return any(p.location == location for p in state.placed)


def standing_at(state: MbmState, location: str) -> list[str]:
    """The living characters whose tokens stand on ``location``, in the case's order."""
    where = state.case.whereabouts
    return [
        c.id
        for c in state.case.characters
        if c.id != state.case.victim and where.get(c.id) == location
    ]


def searched(state: MbmState) -> list[str]:
    """Locations searched so far, in order, without repeats."""
    return list(dict.fromkeys(q.location for q in state.questions if q.type == "search"))


def markers_at(state: MbmState, location: str) -> list[str]:
    """The weapons with a Purple Weapon Marker on ``location`` (found by a search there)."""
    if location not in searched(state):
        return []
    return list(weapons_found(state.case, location))


def passage_pairs(state: MbmState) -> list[tuple[str, str]]:
    return [p.ends for p in state.passages]


def has_used_portals(state: MbmState, seat: int) -> bool:
    return any(p.owner == seat for p in state.passages)


def envelope_readers(state: MbmState, asker: int) -> frozenset[int]:
    """Who reads an envelope: the asker in competitive play, the whole team otherwise."""
    if state.mode == COMPETITIVE:
        return frozenset({asker})
    return frozenset(range(len(state.seats)))


def name_of(state: MbmState, item: str) -> str:
    """A readable name for a location, character or weapon id (the id if unknown)."""
    case = state.case
    for group in (case.locations, case.characters, case.weapons):
        for entry in group:
            if entry.id == item:
                return entry.name
    return item
