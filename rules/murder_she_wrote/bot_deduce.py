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

from rules.kit.encoded import ByIdentity

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
    seen, visits, seats = view["seen"], view["visits"], len(view["pawns"])
    kept = _READ.entries.get(id(seen))
    if (
        kept is not None
        and kept[0] is seen
        and kept[1] == excluded
        and kept[2] == seats
        and _lengthens(visits, kept[3])
    ):
        candidates, dead, alive_last = kept[4]
    else:
        candidates, dead, alive_last = _looks(seen, seats, visits, excluded)
        if seen:  # an empty list is made afresh for every view: nothing to find it by
            read_from = (len(visits), visits[-1])
            _READ.keep(id(seen), (seen, excluded, seats, read_from, (candidates, dead, alive_last)))
    last_in = view["last_in"]
    since_alive: dict[str, tuple[int, ...]] = {}
    for location in alive_last:
        cards = last_in[location]
        since_alive[location] = tuple(cards[: cards.index(me)]) if me in cards else ()
    return Reading(candidates, dead, since_alive)


def _looks(
    seen: Sequence[Mapping[str, Any]],
    seats: int,
    visits: Sequence[Mapping[str, Any]],
    excluded: frozenset[int],
) -> tuple[frozenset[int], frozenset[str], tuple[str, ...]]:
    """What the sightings ``seen`` tell: the candidates, the locations seen DEAD, and those
    whose last look read ALIVE (in the order first looked at)."""
    last_alive: dict[str, int] = {}
    first_dead: dict[str, int] = {}
    last_look: dict[str, bool] = {}
    for sighting in seen:
        location, time = sighting["location"], sighting["visit"]
        dead = sighting["status"] == DEAD
        last_look[location] = dead
        if not dead:
            last_alive[location] = time
        elif location not in first_dead:
            first_dead[location] = time
    return (
        _candidates(seats, visits, last_alive, first_dead, excluded),
        frozenset(first_dead),
        tuple(location for location, dead in last_look.items() if not dead),
    )


def _lengthens(visits: Sequence[Mapping[str, Any]], read_from: tuple[int, Any]) -> bool:
    """Whether ``visits`` is the log a reading was made from, or that log lengthened: its row
    at the old end is the very row it ended with (``views._visits`` shares the rows of a log
    with the logs that lengthen it)."""
    size, last = read_from
    return len(visits) >= size and visits[size - 1] is last


#: What a seat's sightings tell, kept by the identity of the view's rows of them
#: (``views._seen`` keeps them while the seat's sightings stay the same), with the log they
#: were read against: every death's window lies between two of the seat's own sightings, so
#: while the log only lengthens the candidates change with the sightings or the seats
#: excluded alone. Who entered since a look (the LAST IN columns) is read again every time.
#: As many as the seats of some hundred games.
_READ = ByIdentity(512)


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
