"""A small island written by hand for tests: 56 spaces, every special space at a known index.

    0 Start          1-3 Hotel (L1)      6 To L6     7-9 L2     11 Accuse    13 To L7
    14-16 L3        18 Dock             20 To L8    21-23 L4   24 Escape    26 To L9
    27-29 L5        32 To L2            33-35 L6    36 Accuse  38 To L3     39-41 L7
    42 Dock         44 To L4            45-47 L8    48 Escape  50 To L5     51-53 L9

Every other space is path. The ring closes: 55 is beside 0. Like a generated island, each To
space lies far from its own location, the docks and the pairs of Accuse and Escape spaces far
apart, and no move from the Start reaches an Escape space.
"""

from __future__ import annotations

from typing import Any

from rules.murder_she_wrote.case import (
    SCHEMA_VERSION,
    SYSTEM_ID,
    Island,
    Islander,
    Kind,
    Location,
    Space,
    to_envelope_parts,
)
from tests.bound import stored_envelope

SIZE = 56
START = 0
DOCKS = (18, 42)
ACCUSE = (11, 36)
ESCAPE = (24, 48)
#: location -> its three rooms
ROOMS: dict[str, tuple[int, int, int]] = {
    "L1": (1, 2, 3),
    "L2": (7, 8, 9),
    "L3": (14, 15, 16),
    "L4": (21, 22, 23),
    "L5": (27, 28, 29),
    "L6": (33, 34, 35),
    "L7": (39, 40, 41),
    "L8": (45, 46, 47),
    "L9": (51, 52, 53),
}
#: location -> its "To the ..." space (the Hotel has none)
TO: dict[str, int] = {
    "L6": 6,
    "L7": 13,
    "L8": 20,
    "L9": 26,
    "L2": 32,
    "L3": 38,
    "L4": 44,
    "L5": 50,
}
PLACES = (
    "the Harbour Hotel",
    "the Lighthouse",
    "the Chapel",
    "the Fish Market",
    "the Old Mill",
    "the Schoolhouse",
    "the Boatyard",
    "the Post Office",
    "the Tea Room",
)
PEOPLE = (
    ("Odile Brannock", "the hotel's keeper"),
    ("Silas Penwarden", "the lighthouse keeper"),
    ("Hester Quayle", "the organist"),
    ("Barnaby Trewin", "the fishmonger"),
    ("Marta Eddowes", "the miller"),
    ("Crispin Lovell", "the schoolmaster"),
    ("Agnes Polkerris", "the boatwright"),
    ("Ewan Tregunna", "the postmaster"),
    ("Rosalind Vear", "the tea room's owner"),
)


def sample_ring() -> tuple[Space, ...]:
    ring = [Space(Kind.PATH)] * SIZE
    ring[START] = Space(Kind.START)
    for dock in DOCKS:
        ring[dock] = Space(Kind.DOCK)
    for space in ACCUSE:
        ring[space] = Space(Kind.ACCUSE)
    for space in ESCAPE:
        ring[space] = Space(Kind.ESCAPE)
    for location, rooms in ROOMS.items():
        for room in rooms:
            ring[room] = Space(Kind.ROOM, location)
    for location, space in TO.items():
        ring[space] = Space(Kind.TO, location)
    return tuple(ring)


def sample_island() -> Island:
    return Island(
        name="Gannet Island",
        ring=sample_ring(),
        locations=tuple(
            Location(f"L{n}", PLACES[n - 1], f"I{n}", ROOMS[f"L{n}"]) for n in range(1, 10)
        ),
        islanders=tuple(
            Islander(f"I{n}", name, calling) for n, (name, calling) in enumerate(PEOPLE, 1)
        ),
    )


def sample_case(island: Island | None = None) -> dict[str, Any]:
    """The sample island as a stored envelope."""
    return stored_envelope(SYSTEM_ID, SCHEMA_VERSION, to_envelope_parts(island or sample_island()))
