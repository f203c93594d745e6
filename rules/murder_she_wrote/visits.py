"""Visiting a location: the calling card LAST IN, the look under the name place, the token put
back, and when a seat may check at all.

"You have to leave the boundaries of a location for at least one turn before returning to
check whether the islander is dead or alive for the second time." Advanced: "Before returning
to a location which you have already visited, two other players must have entered since your
counter was at the LAST IN position."
"""

from __future__ import annotations

from collections.abc import Iterable

from rules.core import Event

from .case import Island
from .news import event
from .spec import Ev, Phase, Role, Rules, Status
from .state import MswState, Sighting, Visit, evolve

#: Other seats' cards that must lie above one's own before a return (advanced rules).
OTHERS_BEFORE_RETURN = 2

#: Plain values read on every step: an enum member's ``.value`` is a property call.
ALIVE, DEAD, CHECK = Status.ALIVE.value, Status.DEAD.value, Phase.CHECK.value
ADVANCED = Rules.ADVANCED.value
#: The events' types, the members themselves (the very objects events always held).
VISITED, ISLANDER_SEEN, TOKEN_RETURNED = Ev.VISITED, Ev.ISLANDER_SEEN, Ev.TOKEN_RETURNED


def may_check(state: MswState, seat: int, location: str) -> bool:
    """Whether ending a move in ``location`` now lets ``seat`` check its islander."""
    if state.last_ended_in[seat] == location:
        return False
    if state.rules == ADVANCED:
        cards = state.last_in[location]
        if seat in cards and cards.index(seat) < OTHERS_BEFORE_RETURN:
            return False
    return True


def checkable(state: MswState, seat: int, locations: Iterable[str]) -> list[str]:
    """Which of ``locations`` ``seat`` may check now (``may_check`` over many, for views)."""
    ended = state.last_ended_in[seat]
    advanced = state.rules == ADVANCED
    last_in = state.last_in
    found = []
    for location in locations:
        if location == ended:
            continue
        if advanced:
            cards = last_in[location]
            if seat in cards and cards.index(seat) < OTHERS_BEFORE_RETURN:
                continue
        found.append(location)
    return found


def role_of(state: MswState, seat: int) -> Role:
    return Role.MURDERER if seat == state.murderer else Role.JESSICA


def previous_look(state: MswState, seat: int, location: str) -> str | None:
    """What ``seat`` saw at its last look at ``location``, or ``None`` if it never looked."""
    for sighting in reversed(state.sightings[seat]):
        if state.visits[sighting.visit].location == location:
            return sighting.status
    return None


def visit(
    island: Island, state: MswState, seat: int, location: str, events: list[Event]
) -> MswState:
    """The calling card placed LAST IN (an older card of the seat's own removed) and the
    islander's token looked at; the visitor then owes the token back."""
    index = len(state.visits)
    cards = (seat, *(other for other in state.last_in[location] if other != seat))
    status = DEAD if location in state.dead else ALIVE
    islander = island.location_by_id[location].islander
    events.append(
        event(
            VISITED,
            seat,
            {"location": location, "islander": islander, "last_in": list(cards)},
        )
    )
    events.append(
        event(
            ISLANDER_SEEN,
            seat,
            {
                "location": location,
                "islander": islander,
                "status": status,
                "before": previous_look(state, seat, location),
            },
            audience=frozenset({seat}),
        )
    )
    sightings = list(state.sightings)
    sightings[seat] = (*sightings[seat], Sighting(index, status))
    return evolve(
        state,
        phase=CHECK,
        visits=(*state.visits, Visit(seat, location, state.round)),
        last_in={**state.last_in, location: cards},
        sightings=tuple(sightings),
    )


def checking(state: MswState, seat: int) -> tuple[str, str]:
    """The location ``seat`` is checking and the status it saw there."""
    sighting = state.sightings[seat][-1]
    return state.visits[sighting.visit].location, sighting.status


def tokens(state: MswState, seat: int) -> tuple[str, ...]:
    """What the visitor may put back: a Jessica what she saw; the Murderer, who saw ALIVE, a
    DEAD token too. "DEAD tokens cannot be swapped for ALIVE ones - murder is final"."""
    _, seen = checking(state, seat)
    if seat == state.murderer and seen == ALIVE:
        return (ALIVE, DEAD)
    return (seen,)


def return_token(
    island: Island, state: MswState, seat: int, token: str, events: list[Event]
) -> tuple[MswState, str]:
    """The token put back face down; a DEAD one over a living islander is a kill. Returns the
    state and the location, where the visitor's turn ends."""
    location, _ = checking(state, seat)
    killed = token == DEAD and location not in state.dead
    events.append(
        event(
            TOKEN_RETURNED,
            seat,
            {"location": location, "islander": island.location_by_id[location].islander},
            secret={"token": token, "killed": killed},
            secret_audience=frozenset({seat}),
        )
    )
    if killed:
        state = evolve(
            state,
            dead=state.dead | {location},
            kills=(*state.kills, len(state.visits) - 1),
        )
    return state, location
