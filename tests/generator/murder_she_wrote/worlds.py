"""Random Murder, She Wrote logs read from a true world, and brute-force enumeration of worlds.

The rulebook's world: one Murderer among the seats, one first victim dead before play ("choose
your first victim from one of the locations"; advanced: "8 ALIVE tokens and 1 DEAD token"), and
kills only by the Murderer at its own visits, of an islander it saw ALIVE ("DEAD tokens cannot
be swapped for ALIVE ones - murder is final"). A visitor reads the token before returning one.

:func:`brute_force_candidates` knows nothing of windows or first-victim counting: it tries every
Murderer, every first victim and every subset of that seat's visits as its kills, and keeps the
Murderers of the worlds in which every sighting of the viewer reads what it read. The logs are
small (a Murderer visits at most a few times) so that this stays fast enough for thousands.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from rules.murder_she_wrote.case import LOCATION_COUNT

LOCATIONS = tuple(f"L{number}" for number in range(1, LOCATION_COUNT + 1))


@dataclass(frozen=True)
class World:
    """The whole truth of a small random game."""

    seat_count: int
    murderer: int
    first_victim: str
    visits: tuple[tuple[int, str], ...]  # (seat, location); the index is the time
    rounds: tuple[int, ...]  # the round of each visit
    kills: frozenset[int]  # visits at which the Murderer silenced the islander it saw ALIVE
    accusers: frozenset[int]  # Jessicas who accused wrongly (and so are out)
    rules: str = "basic"
    watcher: int = 0  # a Jessica who visits more often than the others: the viewer worth testing

    def dead_at(self, location: str, time: int) -> bool:
        """Whether the token at ``location`` reads DEAD to the visitor at ``time``."""
        if location == self.first_victim:
            return True
        return any(kill < time and self.visits[kill][1] == location for kill in self.kills)


#: The seats of the rulebook's examples by their colours, and three of the island's locations.
RED, BLUE, YELLOW, GREEN = 0, 1, 2, 3
HOTEL, CHURCH, HARBOUR = "L1", "L2", "L3"

#: "Roberto Ravelli was alive when you visited the Hotel last time, but now he's dead and only
#: the blue and yellow players have entered the Hotel after you left. You can therefore deduce
#: that the Murderer is one of two players." Red looks at the Hotel (alive), Green goes to the
#: Church, Blue and Yellow enter the Hotel (Blue kills), Red comes back (dead).
HOTEL_EXAMPLE = World(
    seat_count=4,
    murderer=BLUE,
    first_victim=HARBOUR,
    visits=((RED, HOTEL), (GREEN, CHURCH), (BLUE, HOTEL), (YELLOW, HOTEL), (RED, HOTEL)),
    rounds=(1, 1, 1, 1, 2),
    kills=frozenset({2}),
    accusers=frozenset(),
)

#: Two bodies Red finds at its first looks (the Hotel, then the Church): one was the first
#: victim, the other killed by someone who had been there, and only Green entered either before.
TWO_FIRST_LOOKS = World(
    seat_count=4,
    murderer=GREEN,
    first_victim=HOTEL,
    visits=((GREEN, CHURCH), (BLUE, HARBOUR), (RED, HOTEL), (RED, CHURCH)),
    rounds=(1, 1, 1, 2),
    kills=frozenset({0}),
    accusers=frozenset(),
)


def random_viewer(world: World, rng: random.Random, *, watcher_share: float) -> int | None:
    """Whose view of ``world`` to read: mostly its watcher (a share ``watcher_share``), else any
    seat, now and then a spectator (``None``)."""
    viewer: int | None = (
        world.watcher if rng.random() < watcher_share else rng.randrange(world.seat_count)
    )
    if rng.random() < 0.05:
        viewer = None
    return viewer


def random_world(
    rng: random.Random, *, max_visits: int = 18, max_murderer_visits: int = 6
) -> World:
    """A random game's truth: 3-6 seats, visits among a few locations (so that seats cross each
    other's paths), one Jessica (the watcher) looking often, the Murderer visiting often and
    killing some of the islanders it finds ALIVE."""
    seat_count = rng.randint(3, 6)
    murderer = rng.randrange(seat_count)
    watcher = rng.choice([seat for seat in range(seat_count) if seat != murderer])
    used = rng.sample(LOCATIONS, rng.randint(2, 4))
    first_victim = rng.choice(used) if rng.random() < 0.6 else rng.choice(LOCATIONS)
    visits: list[tuple[int, str]] = []
    rounds: list[int] = []
    murderer_visits = 0
    for time in range(rng.randint(3, max_visits)):
        draw = rng.random()
        seat = watcher if draw < 0.3 else murderer if draw < 0.5 else rng.randrange(seat_count)
        if seat == murderer:
            if murderer_visits == max_murderer_visits:
                seat = (seat + 1) % seat_count
            else:
                murderer_visits += 1
        visits.append((seat, rng.choice(used)))
        rounds.append(1 + time // seat_count)
    kills: set[int] = set()
    dead = {first_victim}
    kill_chance = rng.choice((0.2, 0.5, 0.8))
    for time, (seat, location) in enumerate(visits):
        if seat == murderer and location not in dead and rng.random() < kill_chance:
            kills.add(time)
            dead.add(location)
    jessicas = [seat for seat in range(seat_count) if seat != murderer]
    accusers = frozenset(seat for seat in jessicas if rng.random() < 0.15)
    rules = rng.choice(("basic", "advanced"))
    return World(
        seat_count,
        murderer,
        first_victim,
        tuple(visits),
        tuple(rounds),
        frozenset(kills),
        accusers,
        rules,
        watcher,
    )


def view_of(world: World, seat: int | None) -> dict[str, Any]:
    """The keys of ``views.view`` that deduction reads, for ``seat`` (``None``: a spectator)."""
    murderer = seat is not None and seat == world.murderer
    seen = [
        {
            "visit": time,
            "location": location,
            "status": "dead" if world.dead_at(location, time) else "alive",
        }
        for time, (visitor, location) in enumerate(world.visits)
        if visitor == seat
    ]
    known_dead: set[str] = set()
    if murderer:
        known_dead = {world.visits[kill][1] for kill in world.kills}
        known_dead |= {
            location
            for time, (visitor, location) in enumerate(world.visits)
            if visitor == seat and world.dead_at(location, time)
        }
        if world.rules == "basic":
            known_dead.add(world.first_victim)
    return {
        "seat": seat,
        "role": None if seat is None else ("murderer" if murderer else "jessica"),
        "rules": world.rules,
        "visits": [
            {"seat": visitor, "location": location, "round": world.rounds[time]}
            for time, (visitor, location) in enumerate(world.visits)
        ],
        "seen": seen,
        "accusers": [{"seat": accuser, "right": False} for accuser in sorted(world.accusers)],
        "out": sorted(world.accusers),
        "pawns": [None if s in world.accusers else 0 for s in range(world.seat_count)],
        "known_dead": sorted(known_dead),
        "kills": sorted(world.kills) if murderer else [],
    }


def brute_force_candidates(view: dict[str, Any]) -> frozenset[int]:
    """Every seat that is the Murderer of some world agreeing with everything the viewer knows:
    its role, the public accusers (only Jessicas accuse) and every one of its sightings."""
    seat_count = len(view["pawns"])
    viewer = view["seat"]
    if viewer is not None and view["role"] == "murderer":
        return frozenset({viewer})
    jessicas = {accuser["seat"] for accuser in view["accusers"]} | set(view["out"])
    if viewer is not None:
        jessicas.add(viewer)
    visits = [(visit["seat"], visit["location"]) for visit in view["visits"]]
    sightings = [(s["visit"], s["location"], s["status"]) for s in view["seen"]]
    found = set()
    for murderer in range(seat_count):
        if murderer in jessicas:
            continue
        own = [time for time, (seat, _) in enumerate(visits) if seat == murderer]
        if any(
            _fits(
                visits, sightings, first_victim, {own[i] for i in range(len(own)) if mask >> i & 1}
            )
            for first_victim in LOCATIONS
            for mask in range(1 << len(own))
        ):
            found.add(murderer)
    return frozenset(found)


def _fits(
    visits: list[tuple[int, str]],
    sightings: list[tuple[int, str, str]],
    first_victim: str,
    kills: set[int],
) -> bool:
    """Whether the world (first victim, kills) is possible and shows the viewer its sightings."""

    def dead(location: str, time: int) -> bool:
        return location == first_victim or any(
            kill < time and visits[kill][1] == location for kill in kills
        )

    if any(dead(visits[kill][1], kill) for kill in kills):  # a kill needs an ALIVE islander
        return False
    return all(dead(location, time) == (status == "dead") for time, location, status in sightings)
