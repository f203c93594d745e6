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

from typing import Any

from rules.kit.memo import last_answer

from . import visits
from .case import Island
from .legal import destinations
from .setup import LOCATION_IDS
from .spec import Phase, Role, Rules, Status
from .standings import outcome
from .state import MswState


def view(island: Island, state: MswState, seat: int | None) -> dict[str, Any]:
    mine = seat is not None and 0 <= seat < len(state.seats)
    murderer = mine and seat == state.murderer
    playing = state.phase in (Phase.MOVE, Phase.CHECK)
    return {
        "seat": seat if mine else None,
        "role": None if not mine else (Role.MURDERER if murderer else Role.JESSICA).value,
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


@last_answer  # views share the rows of one log (read views, never change them)
def _visits(log: tuple[Any, ...]) -> list[dict[str, Any]]:
    return [{"seat": v.seat, "location": v.location, "round": v.round} for v in log]


def _seen(state: MswState, seat: int | None) -> list[dict[str, Any]]:
    assert seat is not None
    return [
        {"visit": s.visit, "location": state.visits[s.visit].location, "status": s.status}
        for s in state.sightings[seat]
    ]


def _known_dead(state: MswState) -> list[str]:
    """The Murderer's knowledge: its kills, its own first victim (basic), and what it saw."""
    known = {state.visits[visit].location for visit in state.kills}
    if state.scene is None and state.rules == Rules.BASIC and state.first_victim is not None:
        known.add(state.first_victim)
    for sighting in state.sightings[state.murderer]:
        if sighting.status == Status.DEAD:
            known.add(state.visits[sighting.visit].location)
    return sorted(known)


def _may_check(island: Island, state: MswState, seat: int | None) -> list[str]:
    assert seat is not None
    if seat in state.out or state.phase == Phase.OVER:
        return []
    return visits.checkable(state, seat, LOCATION_IDS)


def _moves(island: Island, state: MswState) -> list[dict[str, Any]]:
    """Where the roll may take the seat on turn (public: the board and the die are open), with
    what ending there means: a visit, an Accuse or Escape space on the way."""
    if state.phase != Phase.MOVE:
        return []
    found = destinations(island, state).values()
    entered = {d.location for d in found if d.location is not None}
    visiting = set(visits.checkable(state, state.turn, sorted(entered)))
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
