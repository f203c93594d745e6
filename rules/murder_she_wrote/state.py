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
from itertools import repeat
from operator import is_
from typing import Any

from rules import serial
from rules.core import Seat
from rules.kit import frozen, texts
from rules.kit.encoded import ByIdentity
from rules.kit.latest import LatestOfGames
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
    written = _writer()(state)
    _GAMES.put(state.seed, (state, written))
    return written


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
    for shorter in range(size, max(0, size - 1 - LOG_STEPS), -1):
        found = kept.entries.get(id(log[shorter - 1]))
        if found is not None and len(found[0]) == shorter and all(map(is_, found[0], log)):
            if shorter == size:  # the very log: a move without a visit, or a state just read
                rows: list[dict[str, Any]] = found[1]
                return rows
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
    """``serial.from_json(MswState, data)``: the same state, or the same refusal.

    Data in the very shape :func:`state_to_json` writes (every state stored: each record's keys
    in its fields' order, every value of its exact type) is read here. When this worker encoded
    or decoded a state of the same game before (:data:`_GAMES`, by the game's secret seed), it
    is read against that state: a part whose text (``rules.kit.texts``, which tells ``True``, ``1``
    and ``1.0`` apart) is the text of that state's part (the seats, the LAST IN columns, the log and
    each seat's sightings up to where that state's ended) is that state's part, the very
    objects, and only what is new is decoded. The parts read are handed to :data:`_ENCODED` and
    :data:`_LOGS` as their encodings (``ByIdentity.seed``): the data read, equal to what
    encoding them gives (key order included, compared or checked), which nothing changes
    afterwards (the store's JSON reader made it for this call alone; no caller changes the data
    it hands over). Any other data goes to the generic decoder, which accepts or refuses it as
    before."""
    if type(data) is dict and tuple(data) == _NAMES:
        kept = _GAMES.get(data["seed"])
        try:
            return _read(data, *kept) if kept is not None else _read(data, _NOTHING, _NONE)
        except (_Other, *texts.REFUSED):
            pass
    state: MswState = serial.from_json(MswState, data)
    return state


class _Other(Exception):
    """Data not in the shape :func:`state_to_json` writes: the generic decoder reads it."""


def _read(data: dict[str, Any], known: MswState, written: Mapping[str, Any]) -> MswState:
    """:func:`state_from_json` for data in the encoder's shape (:data:`_NAMES` checked) read
    against ``known``, a state of the same game, and its encoding ``written``; :class:`_Other`
    on anything else, before anything is seeded or kept."""
    (
        seed, step, mode, rules, rounds, seats, murderer, first_victim, phase, turn, first,
        round_, roll, pawns, last_ended_in, last_in, dead, kills, visits, sightings,
        accusations, out, scene, ending,
    ) = data.values()  # fmt: skip
    if not (
        tuple(map(type, (seed, step, rounds, murderer, turn, first, round_, mode, rules, phase)))
        == _SCALAR_TYPES
        and tuple(map(type, (seats, pawns, last_ended_in, last_in, dead, kills, visits)))
        == _PART_TYPES
        and tuple(map(type, (sightings, accusations, out))) == _LISTS
        and _STR_OR_NONE.issuperset(map(type, (first_victim, ending)))
        and (roll is None or type(roll) is int)
        and (scene is None or type(scene) is dict)
        and _INT_OR_NONE.issuperset(map(type, pawns))
        and _STR_OR_NONE.issuperset(map(type, last_ended_in))
        and _STR.issuperset(map(type, dead))
        and _INT.issuperset(map(type, kills))
        and _INT.issuperset(map(type, out))
        and _DICT.issuperset(map(type, accusations))
        and _LIST.issuperset(map(type, sightings))
    ):
        raise _Other
    if texts.of(last_in) == texts.of(written["last_in"]):
        columns = known.last_in  # no visit since: the very mapping (its views kept too)
    else:
        if not (
            _STR.issuperset(map(type, last_in)) and _LIST.issuperset(map(type, last_in.values()))
        ):
            raise _Other
        columns = {}
        for location, cards in last_in.items():
            if not _INT.issuperset(map(type, cards)):
                raise _Other
            columns[location] = tuple(cards)
    # The seats, the log and each seat's sightings taken as the known state's, its records
    # followed by the new ones, when they are written byte for byte as its were up to its
    # length (one comparison of them all); else each part decoded (another game with the
    # seed, or data not written by the encoder).
    sizes = [len(rows) for rows in written["sightings"]]
    size = len(written["visits"])
    if (
        len(sightings) == len(sizes)
        and len(visits) >= size
        and all(map(int.__le__, sizes, map(len, sightings)))
        and texts.of([seats, visits[:size], *map(_head, sightings, sizes)])
        == texts.of([written["seats"], written["visits"], *written["sightings"]])
    ):
        table = known.seats
        log = _after(known.visits, visits, size, _VISITS)
        per_seat = tuple(map(_after, known.sightings, sightings, sizes, repeat(_SIGHTING)))
    else:
        table = tuple(_records(seats, Seat, _SEAT_KEYS, _SEAT_TYPES))
        log = tuple(_records(visits, *_VISITS))
        per_seat = tuple([tuple(_records(rows, *_SIGHTING)) for rows in sightings])
    accused = tuple(_records(accusations, *_ACCUSATION))
    if scene is not None:  # the basic rules' first turns, in the room: as serial reads it
        try:
            scene = _SCENE(scene)
        except Exception as error:  # serial's refusal, made by serial below
            raise _Other from error
    state = new(MswState)
    state.__dict__.update(
        {
            "seed": seed,
            "step": step,
            "mode": mode,
            "rules": rules,
            "rounds": rounds,
            "seats": table,
            "murderer": murderer,
            "first_victim": first_victim,
            "phase": phase,
            "turn": turn,
            "first": first,
            "round": round_,
            "roll": roll,
            "pawns": tuple(pawns),
            "last_ended_in": tuple(last_ended_in),
            "last_in": columns,
            "dead": frozenset(dead),
            "kills": tuple(kills),
            "visits": log,
            "sightings": per_seat,
            "accusations": accused,
            "out": frozenset(out),
            "scene": scene,
            "ending": ending,
        }
    )
    seeded, encoders = _ENCODED.seed, _encoders()
    seeded(encoders["seats"], table, seats)
    seeded(encoders["last_in"], columns, last_in)
    for looks, rows in zip(per_seat, sightings, strict=True):
        seeded(_SIGHTINGS, looks, rows)
    if log:
        _LOGS.keep(id(log[-1]), (log, visits))
    _GAMES.put(state.seed, (state, data))
    return state


def _head(rows: list[Any], size: int) -> list[Any]:
    return rows if len(rows) == size else rows[:size]


def _after(
    known: tuple[Any, ...], rows: list[Any], size: int, kind: tuple[type, Any, Any]
) -> tuple[Any, ...]:
    """``known``, whose rows are the first ``size`` of ``rows``, with the records of the rest
    after it (of ``kind``: a record type, its keys and their types)."""
    if len(rows) == size:
        return known
    return (*known, *_records(rows[size:], *kind))


def _records(
    rows: list[Any], kind: type, keys: tuple[str, ...], types: tuple[type, ...]
) -> list[Any]:
    """Each row as a record of ``kind``, as the generic decoder makes it, when its keys are
    ``keys`` in that order and its values of ``types`` exactly; :class:`_Other` else."""
    made = []
    for row in rows:
        if type(row) is not dict or tuple(row) != keys or tuple(map(type, row.values())) != types:
            raise _Other
        record: Any = new(kind)
        record.__dict__.update(row)
        made.append(record)
    return made


new = object.__new__
_NONE: Mapping[str, Any] = {"seats": None, "last_in": None, "visits": [], "sightings": []}
#: No state of the game known: every part decoded.
_NOTHING: MswState = new(MswState)
_NOTHING.__dict__.update({"seats": (), "last_in": {}, "visits": (), "sightings": ()})

#: The latest state of the most recently served games, by their secret seed, with its
#: encoding: as many games as the server keeps decoded states for.
GAMES = 256
_GAMES: LatestOfGames[tuple[MswState, Mapping[str, Any]]] = LatestOfGames(GAMES)


@functools.cache
def _encoders() -> dict[str, serial.Encoder]:
    """Each field's encoder, by name: the very functions :func:`_writer` looks parts up with."""
    return {name: encode for name, _how, encode in _fields()}


_NAMES = tuple(each.name for each in dataclasses.fields(MswState))
_SEAT_KEYS, _SEAT_TYPES = ("name", "bot"), (str, bool)
#: Each record read as rows: its type, its keys in order, their values' types.
_VISITS = (Visit, ("seat", "location", "round"), (int, str, int))
_SIGHTING = (Sighting, ("visit", "status"), (int, str))
_ACCUSATION = (Accusation, ("seat", "suspect", "right", "round"), (int, int, bool, int))
#: The types of the plain fields (seed to phase) and of the parts (seats to visits) read.
_SCALAR_TYPES = (int,) * 7 + (str,) * 3
_PART_TYPES = (list, list, list, dict, list, list, list)
_LISTS = (list, list, list)
_SCENE = serial.decoder(Commitments)
_INT, _STR, _LIST, _DICT = frozenset({int}), frozenset({str}), frozenset({list}), frozenset({dict})
_INT_OR_NONE, _STR_OR_NONE = frozenset({int, type(None)}), frozenset({str, type(None)})


_VISIT = serial.encoder(Visit)
_SIGHTINGS = serial.encoder(tuple[Sighting, ...])
