"""A stored state read back: ``serial.from_json(McState, data)`` for the data the store wrote,
read in one pass, and its parts handed to the state's encoding as what they were read from.

A move after another worker's (about half the moves two workers serve) decodes the game's state
from its stored text, then encodes the state after it: the generic decoder walked every part
with a call per record and per list, and the encoding found none of the fresh objects in
``state._ENCODED`` and wrote every part again. This reader takes the data as the store writes it
(``state.to_json``'s form: every record's keys in its fields' order, every value of its field's
exact type, seats' keys as ``str(seat)``) and checks each part as it reads it; the parts the
encoding keeps by identity (the whole fields, each evidence deck, each desk and limits) are then
seeded (``ByIdentity.seed``) with the very data they were read from, which is what encoding them
gives, since that data is in the encoding's form.

Anything else (data written another way, or broken) is read by ``serial.from_json`` as before,
which decodes or refuses it as it always has, and nothing is seeded: this reader never refuses,
and never takes what the generic decoder would read differently
(``tests/rules/murder_city/test_stored.py`` compares the two on every state of bot games and on
data made wrong in many ways).

The data handed in is shared with the encoding from then on (the seeds): the caller must not
change it afterwards (the server parses a stored text, decodes it and lets the data go), and
nothing here changes it (every dict and list of the state is a copy).
"""

from __future__ import annotations

import dataclasses
import itertools
import typing
from collections import OrderedDict
from collections.abc import Mapping
from typing import Any

from rules import serial
from rules.core import Seat
from rules.kit import texts
from rules.kit.deck import Deck
from rules.kit.hands import Hands

from . import state as states
from .state import Case, Desk, Limits, Marker, McState, Peek, PileLook


class _Other(Exception):
    """Data not in the store's own form: read by ``serial`` instead."""


_OTHER = _Other()
_new = object.__new__
_set = object.__setattr__
_STR = frozenset({str})
_INT = frozenset({int})
_SCALAR_TYPES = frozenset({str, int, float, bool, type(None)})
#: A seat's key as the encoding writes it (``str(seat)``), to the seat: any other text for a
#: seat (``"01"``, ``" 1"``, which ``int`` reads too) is not the store's form.
_SEATS = {str(seat): seat for seat in range(64)}


def from_json(data: Mapping[str, Any]) -> McState:
    """The state ``data`` holds: what ``serial.from_json(McState, data)`` gives (or refuses)."""
    if type(data) is dict:
        try:
            return _read(data)
        except Exception:  # not the store's form (or broken): the generic decoder's answer
            pass
    decoded: McState = serial.from_json(McState, dict(data))
    return decoded


def _fields_of(kind: type) -> tuple[str, ...]:
    return tuple(field.name for field in dataclasses.fields(kind))


def _types_of(kind: type) -> frozenset[tuple[type, ...]]:
    """Every tuple of value types a record of ``kind`` whose fields are all plain numbers,
    text or truth values (or ``None`` where its field allows it) may hold, in field order."""
    hints = typing.get_type_hints(kind)
    allowed = []
    for field in dataclasses.fields(kind):
        plain, optional = serial._plain_scalar(hints[field.name])
        if plain is None:
            raise TypeError(f"{kind.__name__}.{field.name} is not a plain value")
        allowed.append((plain, type(None)) if optional else (plain,))
    return frozenset(itertools.product(*allowed))


def _plain_record(kind: type) -> Any:
    """A reader of a record of plain fields (``_types_of``), in the store's form."""
    names, types = _fields_of(kind), _types_of(kind)

    def read(data: Any) -> Any:
        if type(data) is dict and tuple(data) == names and tuple(map(type, data.values())) in types:
            made: Any = _new(kind)
            _set(made, "__dict__", data.copy())
            return made
        raise _OTHER

    return read


_limits = _plain_record(Limits)
_seat = _plain_record(Seat)
_peek = _plain_record(Peek)


def _texts(data: Any) -> tuple[str, ...]:
    if type(data) is list and _STR.issuperset(map(type, data)):
        return tuple(data)
    raise _OTHER


def _numbers(data: Any) -> tuple[int, ...]:
    if type(data) is list and _INT.issuperset(map(type, data)):
        return tuple(data)
    raise _OTHER


def _list(data: Any) -> list[Any]:
    if type(data) is list:
        return data
    raise _OTHER


_DECK_KEYS = _fields_of(Deck)


def _deck(data: Any) -> Deck:
    if type(data) is dict and tuple(data) == _DECK_KEYS:
        draw, discard = data.values()
        made = _new(Deck)
        _set(made, "__dict__", {"draw_pile": _texts(draw), "discard_pile": _texts(discard)})
        return made
    raise _OTHER


_CASE_KEYS = _fields_of(Case)


def _case(data: Any) -> Case:
    if type(data) is dict and tuple(data) == _CASE_KEYS:
        murder, ports = data.values()
        if (
            type(murder) is str
            and type(ports) is dict
            and _STR.issuperset(map(type, ports))
            and _STR.issuperset(map(type, ports.values()))
        ):
            made = _new(Case)
            _set(made, "__dict__", {"murder": murder, "ports": ports.copy()})
            return made
    raise _OTHER


_DESK_KEYS = _fields_of(Desk)


def _desk(data: Any) -> Desk:
    if type(data) is dict and tuple(data) == _DESK_KEYS:
        jovan, cases, credits, won, hardships, barred = data.values()
        if (
            (jovan is None or type(jovan) is str)
            and type(credits) is int
            and type(won) is int
            and type(barred) is bool
        ):
            made = _new(Desk)
            _set(
                made,
                "__dict__",
                {
                    "jovan": jovan,
                    "cases": tuple([_case(each) for each in _list(cases)]),
                    "credits": credits,
                    "won": won,
                    "hardships": _texts(hardships),
                    "barred": barred,
                },
            )
            return made
    raise _OTHER


_HANDS_KEYS = _fields_of(Hands)


def _hands(data: Any) -> Hands:
    if type(data) is dict and tuple(data) == _HANDS_KEYS:
        held, salt, generation = data.values()
        if type(held) is dict and type(salt) is int and type(generation) is int:
            seats = _SEATS
            made = _new(Hands)
            _set(
                made,
                "__dict__",
                {
                    "held": {seats[seat]: _texts(cards) for seat, cards in held.items()},
                    "salt": salt,
                    "generation": generation,
                },
            )
            return made
    raise _OTHER


def _rolls(data: Any) -> dict[int, int]:
    """A round of the initiative's roll-off: seat -> die."""
    if type(data) is dict and _INT.issuperset(map(type, data.values())):
        seats = _SEATS
        return {seats[seat]: die for seat, die in data.items()}
    raise _OTHER


_MARKER_KEYS = _fields_of(Marker)


def _marker(data: Any) -> Marker:
    if type(data) is dict and tuple(data) == _MARKER_KEYS:
        card, by, on, until, held = data.values()
        if (
            type(card) is str
            and (by is None or type(by) is int)
            and (on is None or type(on) is int)
            and type(until) is str
            and type(held) is dict
            and _STR.issuperset(map(type, held))
            and _SCALAR_TYPES.issuperset(map(type, held.values()))
        ):
            made = _new(Marker)
            _set(
                made,
                "__dict__",
                {"card": card, "by": by, "on": on, "until": until, "data": held.copy()},
            )
            return made
    raise _OTHER


_LOOK_KEYS = _fields_of(PileLook)


def _look(data: Any) -> PileLook:
    if type(data) is dict and tuple(data) == _LOOK_KEYS:
        seat, kind, cards = data.values()
        if type(seat) is int and type(kind) is str:
            made = _new(PileLook)
            _set(made, "__dict__", {"seat": seat, "kind": kind, "cards": _texts(cards)})
            return made
    raise _OTHER


def _unseen(data: Any) -> dict[str, tuple[str, ...]]:
    if type(data) is dict:
        return {kind: _texts(cards) for kind, cards in data.items()}
    raise _OTHER


_NAMES = _fields_of(McState)
#: The keys of a stored state: ``peeks`` and ``looks`` are written only when they hold something.
_STATE_KEYS = frozenset(
    tuple(name for name in _NAMES if name not in left)
    for left in ((), ("peeks",), ("looks",), ("peeks", "looks"))
)
_HINTS = typing.get_type_hints(McState)
#: The fields read by ``serial``'s own decoder for their type (rare, small, or both), not
#: seeded: their data is not checked to be in the encoding's form.
_court = serial.decoder(_HINTS["court"])
_offer = serial.decoder(_HINTS["offer"])
_opening = serial.decoder(_HINTS["opening"])
#: A field's encoder in ``state.to_json``: what its seed is kept under.
_ENCODERS = {name: encode for name, _, encode in states._fields()}
_DESK = serial.encoder(Desk)
_LIMITS = serial.encoder(Limits)
_DECK = states._DECK

_ENCODED = states._ENCODED
_seed = states._ENCODED.seed
#: The parts read before, by their reader and their text (``rules.kit.texts`` of their data): the
#: value read and the data it was read from, which is in the store's form (the reader checked
#: it), so it is what encoding the value gives. A part whose text is here is this very value.
_KEPT: OrderedDict[tuple[Any, str | bytes], tuple[Any, Any]] = OrderedDict()
#: About 35 parts a state (its fields, decks, desks and limits): the parts of some 30 games'
#: states, about 0.8 MB.
KEPT_PARTS = 1024


def _part(read: Any, encode: Any, data: Any, latest: Any, where: Any) -> Any:
    """The value of the part ``data`` (read by ``read``, encoded by ``encode``): the very value
    read before from the same text; else the part at its place (``where``: a field's name, or
    the field's and a seat's or a deck's) in the game's latest state written here (``latest``,
    or ``None``) when its encoding is the same text; else read now. Seeded as encoded by what
    it was read from (or written as), unless the encoding already holds it."""
    if not data and type(data) is list and read in _LISTED:  # an empty list, read as ()
        return ()
    text = texts.of(data)
    key = (read, text)
    found = _KEPT.get(key)
    if found is None:
        was, wrote = _at(latest, where, encode) if latest is not None else (None, None)
        if wrote is not None and texts.of(wrote) == text:
            value, data = was, wrote
        else:
            value = read(data)
        if len(_KEPT) >= KEPT_PARTS:
            try:
                _KEPT.popitem(last=False)
            except KeyError:  # another thread let it go first
                pass
        _KEPT[key] = (value, data)
        made = data
    else:
        value, made = found
        kept = _ENCODED.entries.get(id(value))
        if kept is not None and kept[0] is value and kept[1] is encode:
            return value
    if value:  # not an empty tuple: one object, which every field's encoder meets
        _seed(encode, value, made)
    return value


def _at(latest: McState, where: Any, encode: Any) -> tuple[Any, Any]:
    """The part of the latest state at ``where``, and its encoding by ``encode`` if
    :data:`state._ENCODED` still holds it (else ``None``)."""
    if type(where) is str:
        was = getattr(latest, where)
    else:
        name, at = where
        values = getattr(latest, name)
        if name == "evidence_decks":
            was = values.get(at)
        else:
            was = values[at] if at < len(values) else None
    found = _ENCODED.entries.get(id(was))
    if found is not None and found[0] is was and found[1] is encode:
        return was, found[2]
    return None, None


def _read(data: dict[str, Any]) -> McState:
    """The state from data in the store's form (its parts seeded); else raises."""
    if tuple(data) not in _STATE_KEYS:
        raise _OTHER
    seed, step, mode, turns, turn, phase, at, ended = (
        data["seed"],
        data["step"],
        data["mode"],
        data["turns"],
        data["turn"],
        data["phase"],
        data["at"],
        data["ended"],
    )
    if not (
        type(seed) is int
        and type(step) is int
        and type(mode) is str
        and type(turns) is int
        and type(turn) is int
        and type(phase) is str
        and type(at) is int
        and (ended is None or type(ended) is str)
    ):
        raise _OTHER
    part, encoders, get = _part, _ENCODERS, data.get
    latest = _LATEST.get(seed)
    desk, limit, deck = _DESK, _LIMITS, _DECK
    desks = tuple(
        [
            part(_desk, desk, each, latest, ("desks", seat))
            for seat, each in enumerate(_list(data["desks"]))
        ]
    )
    limits = tuple(
        [
            part(_limits, limit, each, latest, ("limits", seat))
            for seat, each in enumerate(_list(data["limits"]))
        ]
    )
    decks = data["evidence_decks"]
    if type(decks) is not dict:
        raise _OTHER
    evidence_decks = {
        kind: part(_deck, deck, each, latest, ("evidence_decks", kind))
        for kind, each in decks.items()
    }
    attributes = {
        "seed": seed,
        "step": step,
        "mode": mode,
        "seats": part(_seats, encoders["seats"], data["seats"], latest, "seats"),
        "turns": turns,
        "turn": turn,
        "phase": phase,
        "order": part(_numbers, encoders["order"], data["order"], latest, "order"),
        "at": at,
        "initiative": part(
            _initiative, encoders["initiative"], data["initiative"], latest, "initiative"
        ),
        "desks": desks,
        "limits": limits,
        "murder_deck": part(
            _deck, encoders["murder_deck"], data["murder_deck"], latest, "murder_deck"
        ),
        "evidence_decks": evidence_decks,
        "unseen": part(_unseen, encoders["unseen"], data["unseen"], latest, "unseen"),
        "legwork_deck": part(
            _deck, encoders["legwork_deck"], data["legwork_deck"], latest, "legwork_deck"
        ),
        "hardship_deck": part(
            _deck, encoders["hardship_deck"], data["hardship_deck"], latest, "hardship_deck"
        ),
        "evidence": part(_hands, encoders["evidence"], data["evidence"], latest, "evidence"),
        "legwork": part(_hands, encoders["legwork"], data["legwork"], latest, "legwork"),
        "setbacks": part(_texts, encoders["setbacks"], data["setbacks"], latest, "setbacks"),
        "setbacks_drawn_by": part(
            _numbers,
            encoders["setbacks_drawn_by"],
            data["setbacks_drawn_by"],
            latest,
            "setbacks_drawn_by",
        ),
        "markers": part(_markers, encoders["markers"], data["markers"], latest, "markers"),
        "court": _court(data["court"]),
        "offer": _offer(data["offer"]),
        "jovans_left": part(
            _texts, encoders["jovans_left"], data["jovans_left"], latest, "jovans_left"
        ),
        "opening": _opening_of(data["opening"]),
        "ended": ended,
        "peeks": part(_peeks, encoders["peeks"], get("peeks", _NONE), latest, "peeks"),
        "looks": part(_looks, encoders["looks"], get("looks", _NONE), latest, "looks"),
    }
    made = _new(McState)
    _set(made, "__dict__", attributes)
    return made


def _opening_of(data: Any) -> Any:
    return () if type(data) is list and not data else _opening(data)


def _seats(data: Any) -> tuple[Seat, ...]:
    return tuple([_seat(each) for each in _list(data)])


def _initiative(data: Any) -> tuple[dict[int, int], ...]:
    return tuple([_rolls(each) for each in _list(data)])


def _markers(data: Any) -> tuple[Marker, ...]:
    return tuple([_marker(each) for each in _list(data)])


def _peeks(data: Any) -> tuple[Peek, ...]:
    return tuple([_peek(each) for each in _list(data)])


def _looks(data: Any) -> tuple[PileLook, ...]:
    return tuple([_look(each) for each in _list(data)])


_NONE: list[Any] = []
_LATEST = states.LATEST
#: The readers of a list (each reads an empty one as the empty tuple).
_LISTED = frozenset({_seats, _numbers, _texts, _initiative, _markers, _peeks, _looks})
