"""Reading an island and laying out a game: identities, the first player, the first victim.

The case holds the island only; who is the Murderer, who plays first and (advanced rules) where
the first victim lies are drawn from the game's secret seed, each with its own purpose, so no
draw depends on another.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from rules.core import JSONScalar, Seat, SetupError, check_seats, read_envelope, rng_for
from rules.kit.simultaneous import Commitments

from . import turns
from .case import (
    ACCUSE_SPACES,
    DOCKS,
    ESCAPE_SPACES,
    HOTEL,
    LOCATION_COUNT,
    MAX_RING,
    MIN_RING,
    ROOMS_PER_LOCATION,
    Island,
    Kind,
    from_envelope,
)
from .spec import DEFAULT_ROUNDS, SPEC, Mode, Phase, Role, Rules
from .state import MswState

_BAD = "setup/bad-case"
LOCATION_IDS = tuple(f"L{n}" for n in range(1, LOCATION_COUNT + 1))


def read_case(envelope: Mapping[str, Any]) -> Island:
    """The island of an envelope, checked enough to play; :class:`SetupError` otherwise."""
    island = read_envelope(SPEC, envelope, from_envelope, "island")
    check_island(island)
    return island


def check_island(island: Island) -> None:
    """Nine locations of three consecutive rooms, and every special space counted."""
    size = island.size
    if not MIN_RING <= size <= MAX_RING:
        _bad(f"the ring has {size} spaces, not {MIN_RING} to {MAX_RING}")
    ids = tuple(location.id for location in island.locations)
    if ids != LOCATION_IDS:
        _bad(f"the locations are {list(ids)}, not L1 to L{LOCATION_COUNT}")
    if tuple(islander.id for islander in island.islanders) != tuple(
        f"I{n}" for n in range(1, LOCATION_COUNT + 1)
    ):
        _bad(f"the islanders are not I1 to I{LOCATION_COUNT}")
    for location in island.locations:
        _check_location(island, location.id, location.islander, location.rooms)
    rooms = {room for location in island.locations for room in location.rooms}
    if set(island.spaces_of(Kind.ROOM)) != rooms:
        _bad("some circular spaces belong to no location's rooms")
    counts = {
        Kind.START: 1,
        Kind.DOCK: DOCKS,
        Kind.ACCUSE: ACCUSE_SPACES,
        Kind.ESCAPE: ESCAPE_SPACES,
    }
    for kind, wanted in counts.items():
        found = len(island.spaces_of(kind))
        if found != wanted:
            _bad(f"the ring has {found} {kind} spaces, not {wanted}")
    for index, space in enumerate(island.ring):
        if space.kind in (Kind.ROOM, Kind.TO):
            if space.location not in ids:
                _bad(f"space {index} names no location")
        elif space.location is not None:
            _bad(f"space {index} is a {space.kind} space and names a location")
    leading = sorted(str(island.ring[index].location) for index in island.spaces_of(Kind.TO))
    if leading != [location for location in LOCATION_IDS if location != HOTEL]:
        _bad("every location but the Hotel needs exactly one To space, and the Hotel none")


def _check_location(island: Island, location: str, islander: str, rooms: tuple[int, ...]) -> None:
    size = island.size
    if islander != "I" + location[1:]:
        _bad(f"{location}'s name place holds {islander}")
    if len(rooms) != ROOMS_PER_LOCATION or not all(0 <= room < size for room in rooms):
        _bad(f"{location} needs {ROOMS_PER_LOCATION} rooms on the ring")
    if any((rooms[i] + 1) % size != rooms[i + 1] for i in range(len(rooms) - 1)):
        _bad(f"{location}'s rooms are not consecutive in ring order")
    if (
        any(island.ring[room] != island.ring[rooms[0]] for room in rooms)
        or island.location_at(rooms[0]) != location
    ):
        _bad(f"{location}'s rooms are not circular spaces of {location}")


def _bad(message: str) -> None:
    raise SetupError(f"the island is malformed: {message}", code=_BAD)


def new_game(
    island: Island,
    seats: Sequence[Seat],
    mode: str,
    *,
    seed: int,
    options: Mapping[str, JSONScalar],
) -> MswState:
    """Pawns on the Start, a Murderer dealt, a first player drawn, and the first victim chosen
    in the room (basic) or slid under a name place by nobody (advanced)."""
    check_seats(SPEC, mode, seats)
    count = len(seats)
    rules = str(options.get("rules", Rules.BASIC.value))
    if rules not in tuple(Rules):
        raise SetupError(f"unknown rules {rules!r}", code="setup/bad-option")
    rounds_option = options.get("rounds", DEFAULT_ROUNDS)
    if not isinstance(rounds_option, int) or isinstance(rounds_option, bool) or rounds_option < 1:
        raise SetupError(
            f"rounds must be a positive number, not {rounds_option!r}", code="setup/bad-option"
        )
    murderer = deal_murderer(seats, mode, seed, options)
    first = rng_for(seed, 0, "first-player").randrange(count)
    advanced = rules == Rules.ADVANCED
    first_victim = rng_for(seed, 0, "first-victim").choice(LOCATION_IDS) if advanced else None
    state = MswState(
        seed=seed,
        step=0,
        mode=mode,
        rules=rules,
        rounds=rounds_option,
        seats=tuple(seats),
        murderer=murderer,
        first_victim=first_victim,
        phase=Phase.SCENE.value,
        turn=first,
        first=first,
        round=1,
        roll=None,
        pawns=(island.start,) * count,
        last_ended_in=(None,) * count,
        last_in={location: () for location in LOCATION_IDS},
        dead=frozenset() if first_victim is None else frozenset({first_victim}),
        kills=(),
        visits=(),
        sightings=((),) * count,
        accusations=(),
        out=frozenset(),
        scene=None if advanced else Commitments.open(range(count)),
        ending=None,
    )
    if advanced:  # no scene: the first turn begins at once; its roll is shown at step 1
        state = turns.begin(island, state, first, 1, [])
    return state


def deal_murderer(
    seats: Sequence[Seat], mode: str, seed: int, options: Mapping[str, JSONScalar]
) -> int:
    """The Murderer's seat: dealt among all, or in solo by the ``play_as`` role of the one
    person at the table (``SPEC``'s solo mode seats exactly one)."""
    rng = rng_for(seed, 0, "identities")
    count = len(seats)
    if mode != Mode.SOLO:
        return rng.randrange(count)
    person = next((index for index, seat in enumerate(seats) if not seat.bot), 0)
    play_as = options.get("play_as", "either")
    if play_as == Role.MURDERER:
        return person
    if play_as == Role.JESSICA:
        return rng.choice([index for index in range(count) if index != person])
    return rng.randrange(count)
