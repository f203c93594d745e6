"""A state as JSON data (``rules.serial``'s), its unchanged parts taken from the states before.

A move changes a few fields of the state (the step, the track, an officer, the mobsters); the
decks, hands, seats and tokens it leaves alone stay the very same objects (``evolve`` copies
references), so their encoding is looked up by identity rather than made again. Encoding a
state through ``serial`` cost 304k instructions a served move (callgrind, the session's solo
fixture); the encoder is written out once, as ``serial`` writes its own: one dict display, a
number read as it is, a text checked in line, every other field looked up first.
"""

from __future__ import annotations

import dataclasses
import functools
import typing
from collections.abc import Callable
from typing import Any

from rules import serial
from rules.kit.encoded import ByIdentity

from .state import Officer, TecState

#: How many encodings of each field (and of single officers) are kept, by the identity of the
#: value encoded: the latest parts of some sixty games, and all of a game's unchanged ones from
#: the states before. One store a field: an empty tuple is one object for every field that
#: holds one, which a store shared by every field would encode again at each of them.
KEPT = 64

_KEPT_OFFICERS = ByIdentity(4 * KEPT)
_OFFICER = serial.encoder(Officer)


def _officers(officers: tuple[Officer, ...]) -> list[Any]:
    """The officers as ``serial`` writes them, each one looked up (a move changes one)."""
    encoded = _KEPT_OFFICERS.encoded
    return [encoded(_OFFICER, officer) for officer in officers]


#: Fields encoded by a function of their own rather than whole.
_BY_PART: dict[str, Callable[[Any], Any]] = {"officers": _officers}


@functools.cache
def _encoder() -> Callable[[TecState], dict[str, Any]]:
    """The encoding of a state, written out for its fields."""
    hints = typing.get_type_hints(TecState)
    scope: dict[str, Any] = {}
    parts = []
    for number, field in enumerate(dataclasses.fields(TecState)):
        name, kind = field.name, hints[field.name]
        scope[f"encode_{number}"] = _BY_PART.get(name) or serial.encoder(kind)
        if kind in (int, bool):  # ``serial`` writes these as they are
            parts.append(f"{name!r}: value.{name}")
        elif kind is str:
            parts.append(f"{name!r}: v if type(v := value.{name}) is str else encode_{number}(v)")
        elif kind == str | None:
            parts.append(
                f"{name!r}: v if (v := value.{name}) is None or type(v) is str"
                f" else encode_{number}(v)"
            )
        else:  # looked up: an entry of ``ByIdentity`` is (value, encoder, encoding)
            kept = ByIdentity(KEPT)
            scope[f"get_{number}"], scope[f"encoded_{number}"] = kept.entries.get, kept.encoded
            parts.append(
                f"{name!r}: e[2] if (e := get_{number}(id(v := value.{name}))) is not None"
                f" and e[0] is v else encoded_{number}(encode_{number}, v)"
            )
    source = f"def encode(value):\n    return {{{', '.join(parts)}}}"
    exec(source, scope)  # the source is built above from field names alone
    encode: Callable[[TecState], dict[str, Any]] = scope["encode"]
    return encode


def to_json(state: TecState) -> dict[str, Any]:
    """``serial.to_json(state)``, equal in every key and value and in their order. Parts may be
    shared with the encodings of other states: what is returned is read, never changed."""
    return _encoder()(state)
