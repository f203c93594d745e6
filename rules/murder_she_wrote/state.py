"""The state of a game: pawns, LAST IN counters, the tokens under the name places, the logs.

Ids only (spaces, locations, seats): the island is handed in beside the state. What each seat
may see of it is decided by ``views.py`` alone; the Murderer, the dead and the kills never
reach another seat's view.
"""

from __future__ import annotations

import dataclasses
import functools
import typing
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from operator import is_
from typing import Any

from rules import serial
from rules.core import Seat
from rules.kit import frozen
from rules.kit.encoded import ByIdentity
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
    """``serial.to_json(state)``, each field by the encoder ``serial`` gives its type, a value
    that is the very object encoded before taken from :data:`_ENCODED` (a step changes a few
    fields: the seats, the LAST IN columns, the dead and most seats' sightings stay the same
    objects), and the log of visits, which a visit lengthens by one, extended from its
    encoding one visit shorter. The data returned shares those parts: it is written (the store
    dumps it), never changed."""
    return _writer()(state)


@functools.cache
def _writer() -> Callable[[MswState], dict[str, Any]]:
    """:func:`state_to_json`'s body, written out once from :func:`_fields`: one dict display
    of every field in order (a loop over the fields cost more than most of them): a number as
    it is, a text checked in line, a value whole through :data:`_ENCODED`, a part by its own
    function."""
    scope: dict[str, Any] = {"_encoded": _encoded}
    parts = []
    for number, (name, how, encode) in enumerate(_fields()):
        scope[f"encode_{number}"] = encode
        if how is _SCALAR and name in _NUMBERS:
            parts.append(f"{name!r}: state.{name}")
        elif how is _SCALAR:
            value = f"v if type(v := state.{name}) is str or v is None else encode_{number}(v)"
            parts.append(f"{name!r}: {value}")
        elif how is _WHOLE:
            parts.append(f"{name!r}: _encoded(encode_{number}, state.{name})")
        else:
            scope[f"part_{number}"] = how
            parts.append(f"{name!r}: part_{number}(state.{name})")
    source = "def write(state):\n    return {" + ", ".join(parts) + "}"
    exec(source, scope)  # the source is built above from the state's field names alone
    write: Callable[[MswState], dict[str, Any]] = scope["write"]
    return write


def _visits(log: tuple[Visit, ...]) -> list[dict[str, Any]]:
    """The log as ``serial`` writes it: the encoding of the same log a few visits shorter (kept
    by its last visit; a move and the bots' answers add up to one visit each) with the new
    visits' rows after it, when there is one."""
    kept, size = _LOGS, len(log)
    encoded = None
    for shorter in range(size - 1, max(0, size - 1 - LOG_STEPS), -1):
        found = kept.entries.get(id(log[shorter - 1]))
        if found is not None and len(found[0]) == shorter and all(map(is_, found[0], log)):
            encoded = [*found[1], *map(_VISIT, log[shorter:])]
            break
    if encoded is None:
        encoded = [_VISIT(each) for each in log]
    if log:
        kept.keep(id(log[-1]), (log, encoded))
    return encoded


#: How many visits shorter a log encoded before may be and still be extended.
LOG_STEPS = 8


def _sightings(per_seat: tuple[tuple[Sighting, ...], ...]) -> list[list[dict[str, Any]]]:
    """Every seat's sightings as ``serial`` writes them, each seat's looked up (a visit adds
    to one seat's)."""
    return [_encoded(_SIGHTINGS, each) for each in per_seat]


#: How many encoded values :func:`state_to_json` keeps, by the identity of the value encoded
#: (and as many logs, by their last visit): a state has about a dozen that are not plain
#: numbers or text, so this holds the last states of some 80 games; the server keeps 64.
_ENCODED = ByIdentity(1024)
_encoded = _ENCODED.encoded
_LOGS = ByIdentity(1024)  # (the log, its encoding) by its last visit

_SCALAR, _WHOLE = object(), object()  # how a field is encoded (else: by the function given)
_SCALARS = (int, str, bool, int | None, str | None)
#: The fields whose value ``serial`` writes as it is (numbers; ``int | None`` too).
_NUMBERS = frozenset(
    each.name
    for each in dataclasses.fields(MswState)
    if typing.get_type_hints(MswState)[each.name] in (int, bool, int | None)
)


@functools.cache
def _fields() -> tuple[tuple[str, Any, serial.Encoder], ...]:
    """Each field of a state: its name, how it is encoded (a plain number or text again each
    time, looking it up would cost more; a value whole; or by a function of its own) and the
    encoder."""
    hints = typing.get_type_hints(MswState)
    by_part: dict[str, serial.Encoder] = {"visits": _visits, "sightings": _sightings}
    made: list[tuple[str, Any, serial.Encoder]] = []
    for each in dataclasses.fields(MswState):
        name, kind = each.name, hints[each.name]
        encode = serial.encoder(kind)
        if kind in _SCALARS:
            made.append((name, _SCALAR, encode))
        else:
            made.append((name, by_part.get(name, _WHOLE), encode))
    return tuple(made)


def state_from_json(data: Mapping[str, Any]) -> MswState:
    state: MswState = serial.from_json(MswState, data)
    return state


_VISIT = serial.encoder(Visit)
_SIGHTINGS = serial.encoder(tuple[Sighting, ...])
