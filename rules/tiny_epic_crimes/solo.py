"""Solo: one person plays every officer of a cooperative game.

"Set up a 2-player, Cooperative game. All rules for a 2-player Cooperative game apply, and you
track each officer's actions and components individually. For an added challenge, you can set
up a 3- or a 4-player game." The platform gives the person one seat; the game keeps an officer
per mat (option ``officers``: 2, 3 or 4) and the seat acts for whichever officer is to act: the
one whose turn it is, the one owing a choice, and at the end the seat makes the team's one
accusation. Events name that seat as their actor and the officer in ``officer``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from rules.core import Event, JSONScalar, Seat, SetupError

from .made import event as new_event
from .spec import Mode
from .state import TecState
from .turns import accusing, current

DEFAULT_OFFICERS = 2
THE_SEAT = 0


def is_solo(state: TecState) -> bool:
    return state.mode == Mode.SOLO


def officer_count(mode: str, seats: Sequence[Seat], options: Mapping[str, JSONScalar]) -> int:
    """How many officers the game keeps: one per seat, or in solo the ``officers`` option."""
    if mode != Mode.SOLO:
        return len(seats)
    count = options.get("officers", DEFAULT_OFFICERS)
    if not isinstance(count, int) or isinstance(count, bool) or not 2 <= count <= 4:
        raise SetupError("solo plays 2, 3 or 4 officers", code="options/bad-choice")
    return count


def acting(state: TecState, seat: int) -> int:
    """The officer ``seat`` plays now: itself, or in solo whoever is to act."""
    if not is_solo(state):
        return seat
    if state.decisions:
        return state.decisions[0].seat
    if accusing(state) or state.ended is not None:
        return seat  # the team's one accusation is the seat's
    officer = current(state)
    return seat if officer is None else officer


def seat_of(state: TecState, officer: int) -> int:
    """The seat that plays ``officer``."""
    return THE_SEAT if is_solo(state) else officer


_THE_SEAT_ONLY = frozenset({THE_SEAT})


def seats_to_act(state: TecState) -> frozenset[int]:
    """A solo game's seats to act, as :func:`to_act` gives them from ``turns.to_act``, without
    working out which officer's turn it is: while the game runs and before the accusation,
    some officer always is (every car down is the accusation), and the seat acts for it."""
    if state.ended is not None:
        return frozenset()
    if state.decisions or not accusing(state):
        return _THE_SEAT_ONLY
    voters = frozenset(range(len(state.seats))) - frozenset(state.accusations)
    return _THE_SEAT_ONLY if voters else frozenset()


def to_act(state: TecState, officers: frozenset[int]) -> frozenset[int]:
    """Seats to act, from the officers (or voters) the rules wait for."""
    if not is_solo(state) or not officers:
        return officers
    return frozenset({THE_SEAT})


def as_seat_events(state: TecState, events: Sequence[Event]) -> list[Event]:
    """Events with seats, not officers: the actor is the person's seat, the officer named in
    ``officer``; what any officer learns, the person learns."""
    if not is_solo(state):
        return list(events)
    seat = _THE_SEAT_ONLY
    out = []
    for event in events:
        data = dict(event.data)
        actor = event.actor
        if actor is not None:
            data["officer"] = actor
        out.append(  # made directly: ``Event(...)`` sets each field through a call
            new_event(
                event.type,
                None if actor is None else THE_SEAT,
                data,
                event.secret,
                None if event.audience is None else seat,
                seat if event.secret_audience else _NOBODY,
            )
        )
    return out


_NOBODY: frozenset[int] = frozenset()
