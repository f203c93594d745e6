"""A Jessica's suspect list and where a look would tell something, read cheaply each turn.

The same candidate set as :func:`.suspects.candidates` (the tests check it on whole games),
read with less work, because a bot reads it at every move: a death's window is read from the
slice of the log between the two sightings rather than from the whole log, and who entered a
location since the viewer's last look there is the LAST IN column above her own card ("Look at
the coloured counters to see who has been visiting the location since you last left": each
visit is a look, so her card there is her last look).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from .case import LOCATION_COUNT
from .spec import Status

DEAD = Status.DEAD.value


@dataclass(frozen=True)
class Reading:
    """What a seat's own sightings and the public record tell it now."""

    #: seats that can be the Murderer (the viewer and known Jessicas left out); empty when
    #: the sightings fit no world
    candidates: frozenset[int]
    #: locations the viewer has seen DEAD
    dead: frozenset[str]
    #: locations whose last look by the viewer read ALIVE -> the seats that entered since
    since_alive: Mapping[str, tuple[int, ...]]


def read(view: Mapping[str, Any], excluded: frozenset[int] | None = None) -> Reading:
    """The viewer's reading; ``excluded``: the seats it knows are not the Murderer (default:
    itself and every accuser or seat out, as a Jessica knows)."""
    me = view["seat"]
    if excluded is None:
        excluded = frozenset({me, *view["out"], *(a["seat"] for a in view["accusers"])})
    last_alive: dict[str, int] = {}
    first_dead: dict[str, int] = {}
    last_look: dict[str, bool] = {}
    for sighting in view["seen"]:
        location, time = sighting["location"], sighting["visit"]
        dead = sighting["status"] == DEAD
        last_look[location] = dead
        if not dead:
            last_alive[location] = time
        elif location not in first_dead:
            first_dead[location] = time
    last_in = view["last_in"]
    since_alive: dict[str, tuple[int, ...]] = {}
    for location, dead in last_look.items():
        if not dead:
            cards = last_in[location]
            since_alive[location] = tuple(cards[: cards.index(me)]) if me in cards else ()
    seats = len(view["pawns"])
    return Reading(
        _candidates(seats, view["visits"], last_alive, first_dead, excluded),
        frozenset(first_dead),
        since_alive,
    )


def _candidates(
    seats: int,
    visits: Sequence[Mapping[str, Any]],
    last_alive: Mapping[str, int],
    first_dead: Mapping[str, int],
    excluded: frozenset[int],
) -> frozenset[int]:
    """Every seat (not excluded) whose visits explain every death the viewer found, but at
    most one never seen ALIVE (the first victim); none when no world fits."""
    if len(last_alive) >= LOCATION_COUNT:
        return frozenset()
    found = set(range(seats)) - excluded
    first_looks: list[set[int]] = []
    for location, dead_at in first_dead.items():
        alive_at = last_alive.get(location, -1)
        if alive_at > dead_at:
            return frozenset()  # DEAD before ALIVE: murder is final
        entered = {v["seat"] for v in visits[alive_at + 1 : dead_at] if v["location"] == location}
        if alive_at >= 0:
            found &= entered
        else:
            first_looks.append(entered)
    if len(first_looks) > 1:
        # every first-look death but one (the first victim) is a kill
        found = {seat for seat in found if sum(seat not in entered for entered in first_looks) <= 1}
    return frozenset(found)
