"""A state as JSON data (``rules.serial``'s), its unchanged parts taken from the states before.

A move changes a few fields of the state (the step, the track, an officer, the mobsters); the
decks, hands, seats and tokens it leaves alone stay the very same objects (``evolve`` copies
references), so their encoding is looked up by identity rather than made again. Encoding a
state through ``serial`` cost 304k instructions a served move (callgrind, the session's solo
fixture); the encoder is written out once, as ``serial`` writes its own: one dict display, a
number read as it is, a text checked in line, every other field looked up first.

Each game's latest state is kept with its encoding (by the game's seed, as a server encodes a
game's states one after another): the next state takes each field that is the very same object
from that encoding, an identity test a field where a look-up cost a hash and two calls, and
looks up only the others. The encoding of a served solo move, 110.1k -> 98.5k instructions.
"""

from __future__ import annotations

import dataclasses
import functools
import typing
from collections.abc import Callable
from typing import Any

from rules import serial
from rules.kit.encoded import ByIdentity
from rules.kit.latest import LatestOfGames

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


def _officers_after(
    officers: tuple[Officer, ...], before: tuple[Officer, ...], made: list[Any]
) -> list[Any]:
    """The officers after those of the state before (``made``, their encoding): each that is
    the very same officer taken from it, the one a move changed encoded afresh."""
    if len(officers) != len(before):  # another game of the same seed
        return _officers(officers)
    return [
        part if officer is was else _OFFICER(officer)
        for officer, was, part in zip(officers, before, made, strict=True)
    ]


#: Fields encoded by a function of their own rather than whole.
_BY_PART: dict[str, Callable[[Any], Any]] = {"officers": _officers}


#: How many games' latest state (by the game's seed) is kept with its encoding: the games a
#: worker serves in turn (the answers it keeps are of 256 games too).
KEPT_GAMES = 256

#: seed -> (the latest state of that game encoded, its encoding), the oldest let go first.
_LATEST: LatestOfGames[tuple[TecState, dict[str, Any]]] = LatestOfGames(KEPT_GAMES)


@functools.cache
def _encoders() -> tuple[
    Callable[[TecState], dict[str, Any]],
    Callable[[TecState, TecState, dict[str, Any]], dict[str, Any]],
]:
    """The encoding of a state, written out for its fields: afresh, and after the state before
    it in its game, whose encoding gives every field that is the very same object (a move
    changes about six of the 28 that are not plain numbers or text)."""
    hints = typing.get_type_hints(TecState)
    scope: dict[str, Any] = {"officers_after": _officers_after}
    fresh, after = [], []
    for number, field in enumerate(dataclasses.fields(TecState)):
        name, kind = field.name, hints[field.name]
        scope[f"encode_{number}"] = _BY_PART.get(name) or serial.encoder(kind)
        if kind in (int, bool):  # ``serial`` writes these as they are
            fresh.append(f"{name!r}: value.{name}")
        elif kind is str:
            fresh.append(f"{name!r}: v if type(v := value.{name}) is str else encode_{number}(v)")
        elif kind == str | None:
            fresh.append(
                f"{name!r}: v if (v := value.{name}) is None or type(v) is str"
                f" else encode_{number}(v)"
            )
        else:  # looked up: an entry of ``ByIdentity`` is (value, encoder, encoding)
            kept = ByIdentity(KEPT)
            scope[f"get_{number}"], scope[f"encoded_{number}"] = kept.entries.get, kept.encoded
            looked_up = (
                f"e[2] if (e := get_{number}(id(v))) is not None"
                f" and e[0] is v else encoded_{number}(encode_{number}, v)"
            )
            fresh.append(f"{name!r}: {looked_up.replace('id(v)', f'id(v := value.{name})', 1)}")
            # after: what the move changed is a new object, met for the first time (the
            # game's latest state, or the data it was read from, holds every other part),
            # so it is encoded without a look-up, and not kept
            scope[f"whole_{number}"] = serial.encoder(kind)
            changed = (
                "officers_after(v, before.officers, made['officers'])"
                if name == "officers"
                else f"whole_{number}(v)"
            )
            after.append(
                f"{name!r}: made[{name!r}] if (v := value.{name}) is before.{name} else {changed}"
            )
            continue
        after.append(fresh[-1])  # a plain value: written as it is either way
    source = (
        f"def encode(value):\n    return {{{', '.join(fresh)}}}\n"
        f"def encode_after(value, before, made):\n    return {{{', '.join(after)}}}\n"
    )
    exec(source, scope)  # the source is built above from field names alone
    return scope["encode"], scope["encode_after"]


def to_json(state: TecState) -> dict[str, Any]:
    """``serial.to_json(state)``, equal in every key and value and in their order. Parts may be
    shared with the encodings of other states: what is returned is read, never changed."""
    encode, encode_after = _encoders()
    latest = _LATEST.get(state.seed)
    encoded = encode(state) if latest is None else encode_after(state, *latest)
    _LATEST.put(state.seed, (state, encoded))
    return encoded


def seed(state: TecState, data: dict[str, Any]) -> None:
    """Take ``data`` as ``state``'s encoding, as if :func:`to_json` had written it: the data a
    decoder read ``state`` from, in the very shape :func:`to_json` writes (``decoding.py``
    checks it), which nothing changes afterwards. The next state of the game then takes every
    field the move left alone from it, an officer too."""
    _LATEST.put(state.seed, (state, data))
