"""The state of a game: pawns, LAST IN counters, the tokens under the name places, the logs.

Ids only (spaces, locations, seats): the island is handed in beside the state. What each seat
may see of it is decided by ``views.py`` alone; the Murderer, the dead and the kills never
reach another seat's view.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from rules import serial
from rules.core import Seat
from rules.kit import frozen
from rules.kit.simultaneous import Commitments

#: A state with some fields changed (``rules.kit.frozen.replace``), as every module here says it.
evolve = frozen.replace


@dataclass(frozen=True)
class Visit:
    """A calling card placed LAST IN: public. Its index in ``MswState.visits`` is its time."""

    seat: int
    location: str
    round: int


@dataclass(frozen=True)
class Sighting:
    """What one seat saw under a name place at one of its own visits: private to that seat."""

    visit: int  # index in MswState.visits
    status: str  # Status: "alive" or "dead"


@dataclass(frozen=True)
class Accusation:
    """Public: who accused and whether it was right; whom, only the accuser knows."""

    seat: int
    suspect: int
    right: bool
    round: int


@dataclass(frozen=True)
class MswState:
    seed: int  # the game's secret seed
    step: int
    mode: str
    rules: str  # Rules
    rounds: int  # the turn limit
    seats: tuple[Seat, ...]
    murderer: int  # hidden: dealt from the seed
    first_victim: str | None  # hidden: a location; None until the basic scene is set
    phase: str  # Phase
    turn: int  # the seat on turn (the visitor during a check)
    first: int  # the seat that begins every round
    round: int  # 1-based
    roll: int | None  # the roll of the turn under way
    pawns: tuple[int | None, ...]  # each seat's space; None once out of the game
    #: the location each seat's last finished turn ended in (the leave-for-a-turn rule)
    last_ended_in: tuple[str | None, ...]
    last_in: Mapping[str, tuple[int, ...]]  # location -> seats, LAST IN first
    dead: frozenset[str]  # hidden: locations whose name place holds a DEAD token
    kills: tuple[int, ...]  # hidden: the visits at which the Murderer silenced an islander
    visits: tuple[Visit, ...]
    sightings: tuple[tuple[Sighting, ...], ...]  # per seat, private
    accusations: tuple[Accusation, ...]
    out: frozenset[int]  # seats out of the game (a wrong accusation)
    scene: Commitments | None  # the basic setup's turns in the room, until the scene is set
    ending: str | None  # Ending, once over


def state_to_json(state: MswState) -> dict[str, Any]:
    data: dict[str, Any] = serial.to_json(state)
    return data


def state_from_json(data: Mapping[str, Any]) -> MswState:
    state: MswState = serial.from_json(MswState, data)
    return state
