"""What a look at a location is worth to a seat that hunts the Murderer (or pretends to).

"Visit locations more than once so that you have the opportunity to see whether a murder has
been committed since your previous visit. Look at the coloured counters to see who has been
visiting the location since you last left." A look is worth most where suspects entered since
the seat last saw the islander ALIVE (a death there would be theirs), more when only some of the
suspects did (a death would split them), and more again right after a suspect left (stalking:
"you should stalk them in turn round the board"). A location never looked at is worth a first
look (without one, no later death there can be placed in a window); a location already seen
DEAD is worth nothing: murder is final.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping
from typing import Any

#: Worth of a first look, of a look where only non-suspects entered, and the extras.
FIRST_LOOK = 0.6
NOTHING_NEW = 0.05
FRESH_WINDOW = 1.0
PER_SUSPECT = 0.25
SPLITS = 0.5
STALKS = 0.5


def location_worth(
    view: Mapping[str, Any],
    since_alive: Mapping[str, Collection[int]],
    suspects: Collection[int],
    dead: Collection[str],
) -> Callable[[str], float]:
    """The worth of a look at each location for the viewer, who suspects ``suspects``, knows
    ``dead`` dead, and saw ALIVE at its last look the locations of ``since_alive`` (with the
    seats that entered since)."""
    last_in = view["last_in"]
    me = view["seat"]
    many = len(suspects)
    remembered: dict[str, float] = {}

    def worth(location: str) -> float:
        found = remembered.get(location)
        if found is not None:
            return found
        cards = last_in.get(location)
        stalked = bool(cards) and cards[0] != me and cards[0] in suspects
        if location in dead:
            found = 0.0
        elif location in since_alive:
            entered = sum(seat in suspects for seat in since_alive[location])
            if not entered:
                found = NOTHING_NEW
            else:
                found = FRESH_WINDOW + PER_SUSPECT * entered
                found += SPLITS * (entered < many) + STALKS * stalked
        else:
            found = FIRST_LOOK + STALKS / 2 * stalked
        remembered[location] = found
        return found

    return worth
