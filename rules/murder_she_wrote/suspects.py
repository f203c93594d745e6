"""Who can still be the Murderer, worked out from one seat's view: the suspect list bots use.

A seat *m* can be the Murderer when some world fits what the viewer saw: one first victim (a
location dead from the start) and kills at some of *m*'s visits, such that every sighting reads
the token that world leaves there. Per location, the viewer's sightings read ALIVE up to some
time and DEAD from some later time; the death must fall in the window between the last ALIVE
and the first DEAD sighting, so either *m* entered in that window, or the location was never
seen ALIVE and is the first victim. There is one first victim, so at most one death may be left
to it (docs/murder-she-wrote.md, "Deduction"). Accusers are Jessicas (the Murderer may not
accuse), seats out of the game are out because they accused, and a Jessica knows she is one.

Everything here is a single pass over the public log, because bots call it every turn; the z3
model in ``generator/murder_she_wrote/deduction.py`` gives the same sets with reasons, and the
tests check both against brute-force enumeration of worlds.

The Murderer knows its kills and (basic rules) the first victim, so it knows what every Jessica
saw at every visit: :func:`exposure` and :func:`suspicion_after_kill` give each Jessica's
candidates as she can work them out, so a bot Murderer can cover its tracks.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from .case import LOCATION_COUNT
from .spec import Role, Status

#: Plain values read on every step: an enum member's ``.value`` is a property call.
DEAD, MURDERER = Status.DEAD.value, Role.MURDERER.value

#: The public log as pairs: ``visits[time] == (seat, location)``.
Log = Sequence[tuple[int, str]]
#: One sighting: (the visit's time, its location, whether the token read DEAD).
Look = tuple[int, str, bool]

LOCATIONS: tuple[str, ...] = tuple(f"L{number}" for number in range(1, LOCATION_COUNT + 1))


@dataclass(frozen=True)
class Clue:
    """A death the viewer noticed: the location's islander was ALIVE at ``alive_at`` (``None``:
    never seen ALIVE, so it may be the first victim) and DEAD at ``dead_at``; only the seats in
    ``entered_between`` visited it in between (the viewer excluded: it is a Jessica)."""

    location: str
    alive_at: int | None
    dead_at: int
    entered_between: tuple[int, ...]


@dataclass(frozen=True)
class Knowledge:
    """What a seat's view proves, for bots that stalk and accuse."""

    candidates: frozenset[int]
    #: every location the viewer has seen DEAD, in the order of its first DEAD sighting
    clues: tuple[Clue, ...]
    #: locations last seen ALIVE by the viewer -> the seats that entered since (a death there
    #: would be theirs): the places worth checking again
    since_alive: Mapping[str, tuple[int, ...]]
    #: locations the viewer has seen ALIVE and not yet DEAD -> the time of its last ALIVE look
    last_alive: Mapping[str, int]


# the core ---------------------------------------------------------------------------------


def _windows(looks: Iterable[Look]) -> tuple[dict[str, int], dict[str, int]] | None:
    """The last ALIVE and first DEAD time of each location, or ``None`` when no world fits
    (DEAD before ALIVE: murder is final; or every location seen ALIVE: no first victim)."""
    last_alive: dict[str, int] = {}
    first_dead: dict[str, int] = {}
    for time, location, dead in looks:
        if dead:
            if time < first_dead.get(location, time + 1):
                first_dead[location] = time
        elif time > last_alive.get(location, -1):
            last_alive[location] = time
    for location, dead_at in first_dead.items():
        if last_alive.get(location, -1) > dead_at:
            return None
    if len(last_alive) >= LOCATION_COUNT:
        return None
    return last_alive, first_dead


def fits_no_world(looks: Iterable[Look]) -> bool:
    """Whether no world shows these sightings, whoever the Murderer (a view the rules cannot
    make: DEAD before ALIVE, or all nine islanders seen ALIVE)."""
    return _windows(looks) is None


def _entered(
    visits: Log, last_alive: Mapping[str, int], first_dead: Mapping[str, int]
) -> dict[str, set[int]]:
    """For each location seen DEAD, the seats that visited it in its window."""
    entered: dict[str, set[int]] = {location: set() for location in first_dead}
    if not first_dead:
        return entered
    end = max(first_dead.values())
    for time in range(min(end, len(visits))):
        seat, location = visits[time]
        dead_at = first_dead.get(location)
        if dead_at is not None and last_alive.get(location, -1) < time < dead_at:
            entered[location].add(seat)
    return entered


def candidates_from(
    seat_count: int, visits: Log, looks: Iterable[Look], excluded: Collection[int] = ()
) -> frozenset[int]:
    """The seats (not ``excluded``) that can be the Murderer given ``looks`` at the ``visits``."""
    windows = _windows(looks)
    if windows is None:
        return frozenset()
    last_alive, first_dead = windows
    entered = _entered(visits, last_alive, first_dead)
    found = set()
    for seat in range(seat_count):
        if seat in excluded:
            continue
        unexplained = [location for location, seats in entered.items() if seat not in seats]
        if len(unexplained) > 1 or any(location in last_alive for location in unexplained):
            continue
        found.add(seat)
    return frozenset(found)


# reading a view ---------------------------------------------------------------------------


def log_of(view: Mapping[str, Any]) -> list[tuple[int, str]]:
    """The public visit log of a view as (seat, location) pairs."""
    return [(visit["seat"], visit["location"]) for visit in view["visits"]]


def looks_of(view: Mapping[str, Any]) -> list[Look]:
    """The viewer's own sightings."""
    return [
        (sighting["visit"], sighting["location"], sighting["status"] == DEAD)
        for sighting in view["seen"]
    ]


def known_jessicas(view: Mapping[str, Any]) -> frozenset[int]:
    """Seats the public record proves Jessicas: every accuser (the Murderer may not accuse) and
    every seat out of the game (a seat is out only by accusing wrongly)."""
    return frozenset(accuser["seat"] for accuser in view["accusers"]) | frozenset(view["out"])


def is_murderer(view: Mapping[str, Any]) -> bool:
    return view["seat"] is not None and view["role"] == MURDERER


def candidates(view: Mapping[str, Any]) -> frozenset[int]:
    """The seats that can still be the Murderer for the viewer. The Murderer knows itself; a
    Jessica excludes herself; a spectator reads the public record only."""
    seat = view["seat"]
    if is_murderer(view):
        return frozenset({seat})
    excluded = set(known_jessicas(view))
    if seat is not None:
        excluded.add(seat)
    return candidates_from(len(view["pawns"]), log_of(view), looks_of(view), excluded)


def knowledge(view: Mapping[str, Any]) -> Knowledge:
    """The candidates, each death the viewer noticed with who entered in its window, and who
    entered each location since the viewer last saw it ALIVE."""
    visits = log_of(view)
    looks = looks_of(view)
    windows = _windows(looks)
    last_alive, first_dead = windows if windows is not None else ({}, {})
    entered = _entered(visits, last_alive, first_dead)
    clues = tuple(
        Clue(location, last_alive.get(location), dead_at, tuple(sorted(entered[location])))
        for location, dead_at in sorted(first_dead.items(), key=lambda item: item[1])
    )
    since: dict[str, set[int]] = {
        location: set() for location in last_alive if location not in first_dead
    }
    for time, (seat, location) in enumerate(visits):
        if location in since and time > last_alive[location] and seat != view["seat"]:
            since[location].add(seat)
    return Knowledge(
        candidates(view),
        clues,
        {location: tuple(sorted(seats)) for location, seats in since.items()},
        {location: last_alive[location] for location in since},
    )


# what the Murderer can work out about the Jessicas ---------------------------------------


def possible_first_victims(view: Mapping[str, Any]) -> tuple[str, ...]:
    """The Murderer's view: the locations that may hold the first victim. Only the Murderer
    kills, so a location it saw DEAD with no kill of its own before is the first victim (and
    the basic rules' first victim is among ``known_dead``); else any location it never saw
    ALIVE (it saw its kills' islanders ALIVE)."""
    _require_murderer(view)
    killed_at = _kill_times(view)
    for time, location, dead in looks_of(view):
        if dead and not any(at < time for at in killed_at.get(location, ())):
            return (location,)
    kill_locations = set(killed_at)
    for location in view.get("known_dead", ()):
        if location not in kill_locations:
            return (location,)
    seen_alive = {location for _, location, dead in looks_of(view) if not dead}
    return tuple(location for location in LOCATIONS if location not in seen_alive | kill_locations)


def _kill_times(view: Mapping[str, Any]) -> dict[str, list[int]]:
    visits = view["visits"]
    times: dict[str, list[int]] = {}
    for time in view["kills"]:
        times.setdefault(visits[time]["location"], []).append(time)
    return times


def looks_in_world(visits: Log, seat: int, first_victim: str, kills: Collection[int]) -> list[Look]:
    """What ``seat`` saw at each of its visits, in the world with that first victim and kills."""
    death: dict[str, int] = {first_victim: -1}
    for time in sorted(kills):
        death.setdefault(visits[time][1], time)
    return [
        (time, location, death.get(location, time) < time)
        for time, (visitor, location) in enumerate(visits)
        if visitor == seat
    ]


def exposure(view: Mapping[str, Any]) -> dict[int, frozenset[int]]:
    """The Murderer's view: each Jessica still in the game -> the seats she can still suspect
    (the Murderer among them, always). Under the advanced rules the Murderer may not know the
    first victim; each Jessica's set is then the smallest over the first victims it cannot rule
    out (the worst case for the Murderer)."""
    return _suspicion(view, log_of(view), list(view["kills"]), None)


def suspicion_after_kill(
    view: Mapping[str, Any], location: str, *, kill: bool = True
) -> dict[int, frozenset[int]]:
    """The Murderer's view, at or after a visit to ``location``: each Jessica still in the game
    -> the seats she would suspect if the Murderer killed there at its latest visit (or, with
    ``kill=False``, left the islander as it is) and she were the next to look there."""
    _require_murderer(view)
    visits = log_of(view)
    own = [
        time for time, (seat, at) in enumerate(visits) if seat == view["seat"] and at == location
    ]
    if not own:
        raise ValueError(f"the Murderer has not visited {location}")
    kills = list(view["kills"])
    if kill and own[-1] not in kills:
        kills.append(own[-1])
    return _suspicion(view, visits, kills, location)


def _suspicion(
    view: Mapping[str, Any], visits: Log, kills: list[int], next_look: str | None
) -> dict[int, frozenset[int]]:
    _require_murderer(view)
    public_jessicas = known_jessicas(view)
    murderer = view["seat"]
    seat_count = len(view["pawns"])
    first_victims = possible_first_victims(view)
    found: dict[int, frozenset[int]] = {}
    for jessica in range(seat_count):
        if jessica == murderer or jessica in view["out"]:
            continue
        log = list(visits) if next_look is None else [*visits, (jessica, next_look)]
        excluded = public_jessicas | {jessica}
        worst: frozenset[int] | None = None
        for first_victim in first_victims:
            looks = looks_in_world(log, jessica, first_victim, kills)
            suspects = candidates_from(seat_count, log, looks, excluded)
            if worst is None or len(suspects) < len(worst):
                worst = suspects
        found[jessica] = worst if worst is not None else frozenset()
    return found


def pretended_candidates(view: Mapping[str, Any]) -> frozenset[int]:
    """The Murderer's view: whom it would suspect were it a Jessica ("you can pretend to be
    JESSICA and stalk players too"): its own sightings read with itself excluded, or, when only
    its own kills explain them, every other seat not known to be a Jessica."""
    _require_murderer(view)
    seat_count = len(view["pawns"])
    excluded = known_jessicas(view) | {view["seat"]}
    found = candidates_from(seat_count, log_of(view), looks_of(view), excluded)
    return found or frozenset(range(seat_count)) - excluded


def _require_murderer(view: Mapping[str, Any]) -> None:
    if not is_murderer(view):
        raise ValueError("only the Murderer's view knows the kills")
