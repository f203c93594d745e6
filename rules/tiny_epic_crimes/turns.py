"""Whose turn it is: the Time Track orders the officers, then everyone accuses at once."""

from __future__ import annotations

from rules.kit.memo import last_answer

from .state import TecState


def resting(state: TecState) -> frozenset[int]:
    return frozenset(seat for seat, officer in enumerate(state.officers) if officer.rested)


def accusing(state: TecState) -> bool:
    """Every car lies on its side: the simultaneous accusation is open."""
    if state.ended is not None:
        return False
    for officer in state.officers:  # a loop, not all(...): asked several times a move and read
        if not officer.rested:
            return False
    return True


@last_answer  # a step asks several times for the one state
def current(state: TecState) -> int | None:
    """The officer whose tracker is furthest behind, the top of a stack first."""
    if state.ended is not None or accusing(state):
        return None
    return _furthest_behind(state)


def _furthest_behind(state: TecState) -> int | None:
    """``state.track.next_to_act(skip=resting(state))`` in one pass over the stack, without
    sorting it: the lowest hour wins, and of markers on one hour the latest to arrive (the top
    of its stack), met first from the end of ``arrivals``. Asked at every move, and by every
    view of another state (``test_speed_paths.py`` checks it against ``next_to_act``)."""
    positions = state.track.positions
    officers = state.officers
    found, lowest = None, 0
    for seat in reversed(state.track.arrivals):
        if not officers[seat].rested:
            hour = positions[seat]
            if found is None or hour < lowest:
                found, lowest = seat, hour
    return found


def to_act(state: TecState) -> frozenset[int]:
    if state.ended is not None:
        return frozenset()
    if state.decisions:  # an owed choice comes before anything else
        return frozenset({state.decisions[0].seat})
    if accusing(state):
        # every seat accuses (in co-op and solo: votes for the team's one accusation)
        return frozenset(range(len(state.seats))) - frozenset(state.accusations)
    seat = current(state)
    return frozenset() if seat is None else frozenset({seat})
