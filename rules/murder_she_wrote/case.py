"""A Murder, She Wrote case: the island board and its islanders.

The board is a ring of spaces walked clockwise (+1) or anticlockwise (-1); a pawn moves the
full roll in one direction. Each of the nine locations is a run of consecutive circular spaces
(``room``) on the ring, so a pawn may pass through a location without visiting it. The other
special spaces are single spaces of the ring: the Start beside the Hotel, one "To the ..."
space for each location but the Hotel, two boat docks linked to each other, two Accuse spaces
and two red Escape spaces.

Ids: a space is its index on the ring (``0`` … ``len(ring) - 1``), a location ``"L1"`` …
``"L9"`` (``"L1"`` is the Hotel, where the game starts), an islander ``"I1"`` … ``"I9"``
(islander ``"In"`` has its name place at location ``"Ln"``).

A case travels as an envelope whose ``public`` part is the whole island: nothing of a Murder,
She Wrote case is hidden. The Murderer and the first victim exist only in a game.
"""

from __future__ import annotations

import functools
from collections.abc import Mapping
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from rules import serial

SYSTEM_ID = "murder-she-wrote"
SCHEMA_VERSION = 1

LOCATION_COUNT = 9
ROOMS_PER_LOCATION = 3
HOTEL = "L1"
DOCKS = 2
ACCUSE_SPACES = 2
ESCAPE_SPACES = 2
#: The ring's length: long enough for every special space with path between them.
MIN_RING, MAX_RING = 56, 72
DIE_SIDES = 6

# The board's design rules: the generator lays an island out by them and its verifier checks
# them (docs/rulings.md, Murder, She Wrote: the island's layout).
#: A "To the ..." space lies further than one roll from every room of its own location.
TO_DISTANCE = DIE_SIDES + 1
#: No single move from the Start passes an Escape space.
ESCAPE_FROM_START = DIE_SIDES + 1


def docks_apart(size: int) -> int:
    """The least ring distance between the two docks: a third of the ring, on opposite sides."""
    return -(-size // 3)


def pair_apart(size: int) -> int:
    """The least ring distance between the two Accuse spaces, and between the two Escape
    spaces: a quarter of the ring."""
    return -(-size // 4)


class Kind(StrEnum):
    PATH = "path"  # an ordinary space of the track
    START = "start"  # where every pawn begins, beside the Hotel; it may hold several pawns
    ROOM = "room"  # a circular space of a location
    TO = "to"  # "To the ...": ending a move here lets the pawn go into that location
    DOCK = "dock"  # a boat dock, linked to the other dock
    ACCUSE = "accuse"  # landing on or passing over it lets a Jessica accuse
    ESCAPE = "escape"  # red: landing on or passing over it lets a Murderer with 5 dead flee


@dataclass(frozen=True)
class Space:
    kind: Kind
    #: ``room``: the location it belongs to; ``to``: the location it leads to; else ``None``.
    location: str | None = None


@dataclass(frozen=True)
class Location:
    id: str  # "L1" … "L9"
    name: str  # "the Harbour Hotel"
    islander: str  # the islander whose name place is here, "I1" … "I9"
    rooms: tuple[int, ...]  # its consecutive circular spaces, in ring order


@dataclass(frozen=True)
class Islander:
    id: str
    name: str  # "Marguerite Tollan"
    calling: str  # "the ferry's pilot": a few words narration uses


@dataclass(frozen=True)
class Island:
    """The whole board: everything every seat sees from the start."""

    name: str  # "Gullrock Island"
    ring: tuple[Space, ...]
    locations: tuple[Location, ...]
    islanders: tuple[Islander, ...]

    @property
    def size(self) -> int:
        return len(self.ring)

    @functools.cached_property
    def start(self) -> int:
        return self.spaces_of(Kind.START)[0]

    @functools.cached_property
    def docks(self) -> tuple[int, int]:
        first, second = self.spaces_of(Kind.DOCK)
        return first, second

    def ring_distance(self, first: int, second: int) -> int:
        """The fewer steps between two spaces, clockwise or anticlockwise."""
        apart = abs(first - second) % self.size
        return min(apart, self.size - apart)

    def spaces_of(self, kind: Kind) -> tuple[int, ...]:
        return tuple(index for index, space in enumerate(self.ring) if space.kind == kind)

    @functools.cached_property
    def location_by_id(self) -> Mapping[str, Location]:
        return {location.id: location for location in self.locations}

    @functools.cached_property
    def islander_by_id(self) -> Mapping[str, Islander]:
        return {islander.id: islander for islander in self.islanders}

    def location_at(self, space: int) -> str | None:
        """The location whose circular space ``space`` is, or ``None``."""
        found = self.ring[space]
        return found.location if found.kind == Kind.ROOM else None


def to_envelope_parts(island: Island) -> dict[str, Any]:
    """The generator's parts of an envelope: the island is all public."""
    return {"public": serial.to_json(island)}


def from_envelope(envelope: Mapping[str, Any]) -> Island:
    """The island of a stored envelope (the rules check it further in ``read_case``)."""
    island: Island = serial.from_json(Island, envelope["public"])
    return island
