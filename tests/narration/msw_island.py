"""A hand-made Murder, She Wrote island for the narration tests, until the rules' own is used.

Sixty-four spaces, clockwise from the Start: each location's three rooms, a "To the ..." space
before every location but the Hotel, two docks, two Accuse and two Escape spaces, road between.
"""

from __future__ import annotations

from typing import Any

from rules import serial
from rules.murder_she_wrote.case import Island, Islander, Kind, Location, Space

LOCATION_NAMES = (
    "the Tidewater Hotel",
    "the Lantern Chapel",
    "the Net Loft",
    "the Old Mill",
    "the Post Office",
    "the Lighthouse",
    "the Boatyard",
    "the Schoolhouse",
    "Gorse Farm",
)
ISLANDERS = (
    ("Agnes Pellow", "the hotel's cook"),
    ("Tobias Wrenn", "the verger"),
    ("Hester Quayle", "the net-mender"),
    ("Silas Moyle", "the miller"),
    ("Dorcas Venn", "the postmistress"),
    ("Elias Crane", "the keeper of the light"),
    ("Ned Jago", "the boatwright"),
    ("Prudence Hale", "the schoolmistress"),
    ("Walter Trembath", "the farmer"),
)
#: What lies after each location's rooms before the next location's "To" space.
BETWEEN: tuple[tuple[Kind, ...], ...] = (
    (Kind.PATH, Kind.PATH),
    (Kind.PATH, Kind.ACCUSE, Kind.PATH),
    (Kind.PATH, Kind.DOCK, Kind.PATH),
    (Kind.PATH, Kind.ESCAPE, Kind.PATH),
    (Kind.PATH, Kind.PATH),
    (Kind.PATH, Kind.ACCUSE, Kind.PATH),
    (Kind.PATH, Kind.DOCK, Kind.PATH),
    (Kind.PATH, Kind.ESCAPE, Kind.PATH),
    (Kind.PATH,) * 6,
)


def island() -> Island:
    ring: list[Space] = [Space(Kind.START)]
    locations: list[Location] = []
    for number, (name, after) in enumerate(zip(LOCATION_NAMES, BETWEEN, strict=True), 1):
        location = f"L{number}"
        if number > 1:
            ring.append(Space(Kind.TO, location))
        rooms = tuple(range(len(ring), len(ring) + 3))
        ring += [Space(Kind.ROOM, location)] * 3
        ring += [Space(kind) for kind in after]
        locations.append(Location(location, name, f"I{number}", rooms))
    islanders = tuple(
        Islander(f"I{number}", name, calling) for number, (name, calling) in enumerate(ISLANDERS, 1)
    )
    return Island("Merrow Isle", tuple(ring), tuple(locations), islanders)


def public() -> dict[str, Any]:
    """The island as a case's public part: what narration is given."""
    data: dict[str, Any] = serial.to_json(island())
    return data
