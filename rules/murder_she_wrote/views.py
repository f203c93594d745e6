"""What one seat may know: the only door from the true state to a player.

Public: the pawns, who is out, the LAST IN counters, the log of visits, who accused and whether
rightly, the round, the roll and where it may take the seat on turn. Private to a seat: its own
role, what it saw under the name places, and for the Murderer its kills and the dead it knows
of. Hidden from all until the game is over (``result`` then reveals the Murderer and the first
victim): the Murderer, the dead, the first victim (advanced: even from the Murderer), whom a
wrong accuser named. Every key is there for every seat, so the shape of a view never tells a
role.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from operator import is_
from typing import Any

from rules.kit.encoded import ByIdentity

from . import visits
from .case import Island
from .legal import destinations
from .setup import LOCATION_IDS
from .spec import Phase, Role, Rules, Status
from .standings import outcome
from .state import MswState, Visit


def view(island: Island, state: MswState, seat: int | None) -> dict[str, Any]:
    """Every part at once, written out; :class:`.bot_view.BotView` makes the same parts one by
    one (:data:`PARTS`), and ``test_views.py`` checks the two agree part for part."""
    mine = seat is not None and 0 <= seat < len(state.seats)
    murderer = mine and seat == state.murderer
    playing = state.phase in _PLAYING
    return {
        "seat": seat if mine else None,
        "role": None if not mine else (MURDERER if murderer else JESSICA),
        "rules": state.rules,
        "mode": state.mode,
        "round": state.round,
        "rounds": state.rounds,
        "phase": state.phase,
        "turn": state.turn if playing else None,
        "roll": state.roll,
        "pawns": list(state.pawns),
        "out": sorted(state.out),
        "last_in": {location: list(cards) for location, cards in state.last_in.items()},
        "visits": _visits(state.visits),
        "accusers": [{"seat": a.seat, "right": a.right} for a in state.accusations],
        "seen": _seen(state, seat) if mine else [],
        "known_dead": _known_dead(state) if murderer else [],
        "kills": list(state.kills) if murderer else [],
        "may_check": _may_check(island, state, seat) if mine else [],
        "moves": _moves(island, state),
        "scene": _scene(state, seat),
        "result": None if state.ending is None else outcome(state).to_json(),
    }


MURDERER, JESSICA = Role.MURDERER.value, Role.JESSICA.value


def _plain_parts(state: MswState, seat: int) -> dict[str, Any]:
    """The parts read straight from the state's fields, made at once: every bot decision
    reads most of them, and one dict display costs less than a lookup that misses each."""
    mine = 0 <= seat < len(state.seats)
    return {
        "seat": seat if mine else None,
        "role": None if not mine else (MURDERER if seat == state.murderer else JESSICA),
        "rules": state.rules,
        "mode": state.mode,
        "round": state.round,
        "rounds": state.rounds,
        "phase": state.phase,
        "turn": state.turn if state.phase in _PLAYING else None,
        "roll": state.roll,
    }


def _move_parts(island: Island, state: MswState, seat: int) -> dict[str, Any]:
    """The parts every bot's move reads (a Jessica's and the Murderer's alike: its suspects,
    where to look, where it may go), made at once as :func:`view` makes them: a part made
    on a missed lookup costs two Python calls more."""
    mine = 0 <= seat < len(state.seats)
    return {
        "pawns": list(state.pawns),
        "out": sorted(state.out),
        "last_in": _last_in(state.last_in),
        "visits": _visits(state.visits),
        "accusers": [{"seat": a.seat, "right": a.right} for a in state.accusations],
        "seen": _seen(state, seat) if mine else [],
        "moves": _moves(island, state),
    }


_PLAYING = (Phase.MOVE.value, Phase.CHECK.value)
_MOVING, _OVER = Phase.MOVE.value, Phase.OVER.value
_BASIC, _DEAD = Rules.BASIC.value, Status.DEAD.value
_UNMADE = object()  # a part not made yet (a part may be None)


def _mine(state: MswState, seat: int | None) -> bool:
    return seat is not None and 0 <= seat < len(state.seats)


def _murderer(state: MswState, seat: int | None) -> bool:
    return _mine(state, seat) and seat == state.murderer


Part = Callable[[Island, MswState, "int | None"], Any]

#: Each part of a view, in the view's order, as :func:`view` writes it.
PARTS: dict[str, Part] = {
    "seat": lambda island, state, seat: seat if _mine(state, seat) else None,
    "role": lambda island, state, seat: (
        None if not _mine(state, seat) else (MURDERER if seat == state.murderer else JESSICA)
    ),
    "rules": lambda island, state, seat: state.rules,
    "mode": lambda island, state, seat: state.mode,
    "round": lambda island, state, seat: state.round,
    "rounds": lambda island, state, seat: state.rounds,
    "phase": lambda island, state, seat: state.phase,
    "turn": lambda island, state, seat: state.turn if state.phase in _PLAYING else None,
    "roll": lambda island, state, seat: state.roll,
    "pawns": lambda island, state, seat: list(state.pawns),
    "out": lambda island, state, seat: sorted(state.out),
    "last_in": lambda island, state, seat: _last_in(state.last_in),
    "visits": lambda island, state, seat: _visits(state.visits),
    "accusers": lambda island, state, seat: [
        {"seat": a.seat, "right": a.right} for a in state.accusations
    ],
    "seen": lambda island, state, seat: _seen(state, seat) if _mine(state, seat) else [],
    "known_dead": lambda island, state, seat: _known_dead(state) if _murderer(state, seat) else [],
    "kills": lambda island, state, seat: list(state.kills) if _murderer(state, seat) else [],
    "may_check": lambda island, state, seat: (
        _may_check(island, state, seat) if _mine(state, seat) else []
    ),
    "moves": lambda island, state, seat: _moves(island, state),
    "scene": lambda island, state, seat: _scene(state, seat),
    "result": lambda island, state, seat: (
        None if state.ending is None else outcome(state).to_json()
    ),
}


def _last_in(last_in: Mapping[str, tuple[int, ...]]) -> dict[str, list[int]]:
    """The LAST IN columns as lists, kept by the identity of the state's mapping: a column
    changes only at a visit, so the steps between (and the next request of the game, whose
    state the server keeps) share them; views read them, never change them."""
    found: dict[str, list[int]] = _COLUMNS.encoded(_columns, last_in)
    return found


def _columns(last_in: Mapping[str, tuple[int, ...]]) -> dict[str, list[int]]:
    return {location: list(cards) for location, cards in last_in.items()}


def _visits(log: tuple[Visit, ...]) -> list[dict[str, Any]]:
    """The log's rows, shared by the views of the same log (they read them, never change
    them): kept by the log's last visit, and a log a few visits longer than one kept (a visit
    adds one) copies its rows and makes the new ones only. The very log kept (every step
    without a visit carries it on) is found without comparing its visits."""
    size = len(log)
    if not size:
        return []
    entries = _LOGS.entries
    found = entries.get(id(log[-1]))
    if found is not None and found[0] is log:
        kept: list[dict[str, Any]] = found[1]
        return kept
    for shorter in range(size, max(0, size - LOG_STEPS), -1):
        found = entries.get(id(log[shorter - 1]))
        if found is not None and len(found[0]) == shorter and all(map(is_, found[0], log)):
            if shorter == size:
                rows: list[dict[str, Any]] = found[1]
                return rows
            rows = [*found[1], *[_row(visit) for visit in log[shorter:]]]
            break
    else:
        rows = [_row(visit) for visit in log]
    _LOGS.keep(id(log[-1]), (log, rows))
    return rows


def _row(visit: Visit) -> dict[str, Any]:
    return {"seat": visit.seat, "location": visit.location, "round": visit.round}


#: How many visits shorter a log kept may be and still be lengthened.
LOG_STEPS = 8
#: The rows of logs by their last visit, the columns by the state's mapping: as many as the
#: states of some hundreds of games (the server keeps one state a game for 64).
_LOGS = ByIdentity(256)
_COLUMNS = ByIdentity(256)


def _seen(state: MswState, seat: int | None) -> list[dict[str, Any]]:
    """The seat's own looks, kept by the identity of its sightings: a seat's sightings change
    only at its own visits, so the other seats' steps between, and the next request of the
    game, share them (views read them, never change them). A look names an earlier visit,
    so the rows hold for the log they were read from and for any log that lengthens it (the
    same visit object last where that log ended)."""
    assert seat is not None
    looks, log = state.sightings[seat], state.visits
    if not looks:
        return []
    found = _LOOKS.entries.get(id(looks))
    if found is not None and found[0] is looks:
        read = found[1]
        if read is log or (len(read) <= len(log) and log[len(read) - 1] is read[-1]):
            rows: list[dict[str, Any]] = found[2]
            return rows
    rows = [
        {"visit": look.visit, "location": log[look.visit].location, "status": look.status}
        for look in looks
    ]
    _LOOKS.keep(id(looks), (looks, log, rows))
    return rows


#: The rows of a seat's sightings by their identity, with the log they were read against.
_LOOKS = ByIdentity(256)


def _known_dead(state: MswState) -> list[str]:
    """The Murderer's knowledge: its kills, its own first victim (basic), and what it saw."""
    known = {state.visits[visit].location for visit in state.kills}
    if state.scene is None and state.rules == _BASIC and state.first_victim is not None:
        known.add(state.first_victim)
    for sighting in state.sightings[state.murderer]:
        if sighting.status == _DEAD:
            known.add(state.visits[sighting.visit].location)
    return sorted(known)


def _may_check(island: Island, state: MswState, seat: int | None) -> list[str]:
    assert seat is not None
    if seat in state.out or state.phase == _OVER:
        return []
    return visits.checkable(state, seat, LOCATION_IDS)


def _moves(island: Island, state: MswState) -> list[dict[str, Any]]:
    """Where the roll may take the seat on turn (public: the board and the die are open), with
    what ending there means: a visit, an Accuse or Escape space on the way."""
    if state.phase != _MOVING:
        return []
    found = destinations(island, state).values()
    entered = {d.location for d in found if d.location is not None}
    visiting = set(visits.checkable(state, state.turn, entered))  # a set: no order to keep
    return [
        {
            "to": d.space,
            "location": d.location,
            "via": d.via,
            "visit": d.location in visiting,
            "accuse": d.accuse,
            "escape": d.escape is not None,
        }
        for d in found
    ]


def _scene(state: MswState, seat: int | None) -> dict[str, Any] | None:
    if state.scene is None:
        return None
    shown = state.scene.view_for(seat)
    return {"committed": list(shown.committed), "waiting": list(shown.waiting), "mine": shown.mine}
