"""The independent verifier of a Murder, She Wrote island.

Written without z3 and without the generator's code (it imports only the island's types and
numbers from ``rules.murder_she_wrote`` and its own movement search, :mod:`.reach`): it reads an
:class:`Island` as a player unfolding the board would, and checks

1. the ring: 56-72 spaces; nine locations of three rooms, one Start, eight To spaces, two docks,
   two Accuse and two Escape spaces, every other space a path; a room or To space names a
   location, no other space does;
2. the locations and islanders: ``L1`` … ``L9`` (``L1`` the Hotel) with different names, each
   the name place of its islander ``In``; three consecutive rooms each, exactly the ring's rooms
   of that location; one To space for each location but the Hotel; nine islanders with
   different names and a calling each;
3. the design rules: the Start beside a Hotel room; a space that is no room between two
   locations; no two single spaces (Start, To, dock, Accuse, Escape) side by side; each To space
   further than one roll from its location's rooms; the docks a third of the ring apart, the
   Accuse spaces and the Escape spaces each a quarter;
4. the moves (:mod:`.reach`, a lone pawn from the Start by any rolls): every room can be landed
   on, every Accuse and Escape space landed on or passed; no first move passes an Escape space;
5. both endings: a Jessica can reach an Accuse space, and a Murderer can visit five different
   locations and then pass an Escape space (five visits make five dead with or without the
   first victim, whichever the rules), within the shortest game's rounds.

Each problem has a stable ``code`` and a sentence; :attr:`Report.rating` measures the island.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from rules.murder_she_wrote.case import (
    ACCUSE_SPACES,
    DOCKS,
    ESCAPE_SPACES,
    HOTEL,
    LOCATION_COUNT,
    MAX_RING,
    MIN_RING,
    ROOMS_PER_LOCATION,
    TO_DISTANCE,
    Island,
    Kind,
    docks_apart,
    from_envelope,
    pair_apart,
)
from rules.murder_she_wrote.spec import DEAD_TO_ESCAPE, ROUNDS

from .reach import Moves, murderer_can_win, murderer_route, passes_any

#: Single spaces: one space each, never side by side.
SINGLE_KINDS = frozenset({Kind.START, Kind.TO, Kind.DOCK, Kind.ACCUSE, Kind.ESCAPE})
#: How many spaces of each kind but paths a ring has.
KIND_COUNTS: Mapping[Kind, int] = {
    Kind.ROOM: LOCATION_COUNT * ROOMS_PER_LOCATION,
    Kind.START: 1,
    Kind.TO: LOCATION_COUNT - 1,
    Kind.DOCK: DOCKS,
    Kind.ACCUSE: ACCUSE_SPACES,
    Kind.ESCAPE: ESCAPE_SPACES,
}
LOCATION_IDS = tuple(f"L{n}" for n in range(1, LOCATION_COUNT + 1))
ISLANDER_IDS = tuple(f"I{n}" for n in range(1, LOCATION_COUNT + 1))


@dataclass(frozen=True)
class Problem:
    code: str
    message: str


@dataclass(frozen=True)
class Report:
    problems: tuple[Problem, ...]
    #: ``ring``: spaces; ``turns_to_accuse``: a Jessica's fewest moves from the Start to an
    #: Accuse space; ``murderer_turns``: the moves of a Murderer's quick win (five visits, then
    #: an Escape space); ``escape_distance``: the mean ring distance from the Start to an Escape
    #: space. Empty when the island is too broken to measure.
    rating: Mapping[str, int | float] = field(default_factory=dict)

    @property
    def ok(self) -> bool:
        return not self.problems

    @property
    def codes(self) -> frozenset[str]:
        return frozenset(problem.code for problem in self.problems)


def verify(island: Island) -> Report:
    """Every problem of ``island`` (none for a fair one) and its rating."""
    checker = _Checker(island)
    checker.check_ring()
    if not checker.problems:
        checker.check_locations()
        checker.check_islanders()
    if not checker.problems:
        checker.check_design()
        checker.check_moves()
    return Report(tuple(checker.problems), checker.rating)


def verify_envelope(envelope: Mapping[str, Any]) -> list[tuple[str, str]]:
    """The registry's verifier hook: ``(code, reason)`` pairs, none for a fair island."""
    try:
        island = from_envelope(envelope)
    except (KeyError, TypeError, ValueError, AttributeError) as error:
        return [("envelope/malformed", f"not a Murder, She Wrote island: {error!r}")]
    return [(problem.code, problem.message) for problem in verify(island).problems]


class _Checker:
    def __init__(self, island: Island) -> None:
        self.island = island
        self.problems: list[Problem] = []
        self.rating: dict[str, int | float] = {}

    def fail(self, code: str, message: str) -> None:
        self.problems.append(Problem(code, message))

    # 1. the ring --------------------------------------------------------------------------

    def check_ring(self) -> None:
        ring = self.island.ring
        if not MIN_RING <= len(ring) <= MAX_RING:
            self.fail("ring/size", f"{len(ring)} spaces, not {MIN_RING} to {MAX_RING}")
        counts = Counter(space.kind for space in ring)
        for kind, wanted in KIND_COUNTS.items():
            if counts[kind] != wanted:
                self.fail("ring/count", f"{counts[kind]} {kind.value} spaces, not {wanted}")
        for index, space in enumerate(ring):
            if space.kind not in Kind:
                self.fail("ring/kind", f"space {index} is of no kind: {space.kind!r}")
            named = space.kind in (Kind.ROOM, Kind.TO)
            if named and space.location not in LOCATION_IDS:
                self.fail("ring/location", f"{space.kind} {index} names {space.location!r}")
            if not named and space.location is not None:
                self.fail("ring/location", f"{space.kind} {index} names a location")

    # 2. the locations and islanders -------------------------------------------------------

    def check_locations(self) -> None:
        island = self.island
        ids = tuple(location.id for location in island.locations)
        if ids != LOCATION_IDS:
            self.fail("locations/ids", f"the locations are {ids}, not L1 to L9 in order")
            return
        names = [location.name for location in island.locations]
        if len(set(names)) != len(names) or not all(name.strip() for name in names):
            self.fail("locations/names", "two locations share a name, or one has none")
        size = island.size
        for number, location in enumerate(island.locations, 1):
            if location.islander != f"I{number}":
                self.fail(
                    "locations/islander",
                    f"{location.id} is the name place of {location.islander}, not I{number}",
                )
            rooms = location.rooms
            ring_rooms = [
                index
                for index, space in enumerate(island.ring)
                if space.kind == Kind.ROOM and space.location == location.id
            ]
            consecutive = len(rooms) == ROOMS_PER_LOCATION and all(
                0 <= room < size and (room - rooms[0]) % size == offset
                for offset, room in enumerate(rooms)
            )
            if not consecutive:
                self.fail(
                    "locations/rooms",
                    f"{location.id}'s rooms {rooms} are not {ROOMS_PER_LOCATION} consecutive"
                    " spaces",
                )
            elif sorted(rooms) != ring_rooms:
                self.fail(
                    "locations/rooms",
                    f"{location.id}'s rooms are {rooms}, the ring's are {ring_rooms}",
                )
            to_spaces = island_to_spaces(island, location.id)
            wanted = 0 if location.id == HOTEL else 1
            if len(to_spaces) != wanted:
                self.fail(
                    "locations/to",
                    f"{len(to_spaces)} To spaces lead to {location.id}, not {wanted}",
                )

    def check_islanders(self) -> None:
        islanders = self.island.islanders
        ids = tuple(islander.id for islander in islanders)
        if ids != ISLANDER_IDS:
            self.fail("islanders/ids", f"the islanders are {ids}, not I1 to I9 in order")
        names = [islander.name for islander in islanders]
        if len(set(names)) != len(names) or not all(name.strip() for name in names):
            self.fail("islanders/names", "two islanders share a name, or one has none")
        if not all(islander.calling.strip() for islander in islanders):
            self.fail("islanders/calling", "an islander has no calling")

    # 3. the design rules ------------------------------------------------------------------

    def check_design(self) -> None:
        island = self.island
        size, ring, distance = island.size, island.ring, island.ring_distance
        hotel = island.location_by_id[HOTEL].rooms
        if not any(distance(island.start, room) == 1 for room in hotel):
            self.fail("design/start", f"the Start ({island.start}) is beside no Hotel room")
        for index, space in enumerate(ring):
            after = ring[(index + 1) % size]
            if space.kind in SINGLE_KINDS and after.kind in SINGLE_KINDS:
                self.fail(
                    "design/adjacent",
                    f"{space.kind} {index} and {after.kind} {(index + 1) % size} are side by side",
                )
            if space.kind == after.kind == Kind.ROOM and space.location != after.location:
                self.fail(
                    "design/locations-touch",
                    f"{space.location} and {after.location} touch at space {index}",
                )
        for location in island.locations:
            for to_space in island_to_spaces(island, location.id):
                nearest = min(distance(to_space, room) for room in location.rooms)
                if nearest < TO_DISTANCE:
                    self.fail(
                        "design/to-too-close",
                        f"the To space {to_space} is {nearest} from {location.id}, within a roll",
                    )
        for kind, least in (
            (Kind.DOCK, docks_apart(size)),
            (Kind.ACCUSE, pair_apart(size)),
            (Kind.ESCAPE, pair_apart(size)),
        ):
            first, second = island.spaces_of(kind)
            if distance(first, second) < least:
                self.fail(
                    f"design/{kind.value}-close",
                    f"the {kind.value} spaces {first} and {second} are"
                    f" {distance(first, second)} apart, not {least}",
                )

    # 4. and 5. the moves and the endings --------------------------------------------------

    def check_moves(self) -> None:
        island = self.island
        moves = Moves(island)
        start = island.start
        reachable = moves.turns_from(start)
        landed = {move.end for space in reachable for move in moves.by_space[space]}
        passed = set().union(
            *(move.passed for space in reachable for move in moves.by_space[space])
        )
        for location in island.locations:
            for room in location.rooms:
                if room not in landed:
                    self.fail("reach/room", f"no move lands on {location.id}'s room {room}")
        for kind in (Kind.ACCUSE, Kind.ESCAPE):
            for space in island.spaces_of(kind):
                if space not in passed:
                    self.fail(f"reach/{kind.value}", f"no move reaches the {kind.value} {space}")
        escapes = island.spaces_of(Kind.ESCAPE)
        first = [move for move in moves.by_space[start] if passes_any(escapes)(move)]
        if first:
            self.fail(
                "design/escape-from-start",
                f"a first move from the Start passes an Escape space (to {first[0].end})",
            )
        accusing = moves.fewest_turns_until(start, passes_any(island.spaces_of(Kind.ACCUSE)))
        if accusing is None:
            self.fail("ending/no-accusation", "no Jessica can ever land on or pass an Accuse space")
        route = murderer_route(moves, start, DEAD_TO_ESCAPE, escapes)
        if route is None and not murderer_can_win(moves, start, DEAD_TO_ESCAPE, escapes):
            self.fail(
                "ending/no-escape",
                f"no Murderer can visit {DEAD_TO_ESCAPE} locations and then pass an Escape space",
            )
        elif route is not None and sum(route) > min(ROUNDS):
            self.fail(
                "ending/too-slow",
                f"the quickest Murderer's win found takes {sum(route)} turns, more than the"
                f" shortest game's {min(ROUNDS)} rounds",
            )
        if accusing is not None and route is not None:
            self.rating = {
                "ring": island.size,
                "turns_to_accuse": accusing[0],
                "murderer_turns": sum(route),
                "escape_distance": round(
                    sum(island.ring_distance(start, e) for e in escapes) / len(escapes), 1
                ),
            }


def island_to_spaces(island: Island, location: str) -> list[int]:
    """The To spaces that lead into ``location``."""
    return [
        index
        for index, space in enumerate(island.ring)
        if space.kind == Kind.TO and space.location == location
    ]
