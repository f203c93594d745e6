"""What is on the table now, read off the case and the state: cells, tokens, markers, portals."""

from __future__ import annotations

from collections.abc import Collection

from .author import weapons_found
from .board import Cell
from .case import MbmCase
from .spec import Act, Mode
from .state import MbmState


def cells(state: MbmState) -> dict[str, Cell]:
    """Each placed map card's grid cell."""
    return {p.location: (p.x, p.y) for p in state.placed}


def is_placed(state: MbmState, location: str) -> bool:
    return any(p.location == location for p in state.placed)


def standing_at(case: MbmCase, location: str) -> list[str]:
    """The living characters whose tokens stand on ``location``, in the case's order.

    Tokens never move during the game, so this is a fact of the case alone.
    """
    return list(case.tokens_at(location))


def searched(state: MbmState) -> list[str]:
    """Locations searched so far, in order, without repeats."""
    return list(dict.fromkeys(q.location for q in state.questions if q.type == Act.SEARCH))


def markers_at(case: MbmCase, searched_locations: Collection[str], location: str) -> list[str]:
    """The weapons with a Purple Weapon Marker on ``location``: found by a search there.

    ``searched_locations`` is :func:`searched` of the state, worked out once by a caller that
    asks about several locations.
    """
    if location not in searched_locations:
        return []
    return list(weapons_found(case, location))


def passage_pairs(state: MbmState) -> list[tuple[str, str]]:
    return [p.ends for p in state.passages]


def has_used_portals(state: MbmState, seat: int) -> bool:
    return any(p.owner == seat for p in state.passages)


def envelope_readers(state: MbmState, asker: int) -> frozenset[int]:
    """Who reads an envelope: the asker in competitive play, the whole team otherwise."""
    if state.mode == Mode.COMPETITIVE:
        return frozenset({asker})
    return frozenset(range(len(state.seats)))


def name_of(case: MbmCase, item: str) -> str:
    """A readable name for a location, character or weapon id (the id if unknown)."""
    for group in (case.locations, case.characters, case.weapons):
        for entry in group:
            if entry.id == item:
                return entry.name
    return item
