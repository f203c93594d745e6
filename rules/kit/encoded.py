"""Encodings kept by the identity of the value encoded.

A step of a game changes a few fields of its state; the decks, seats and logs it leaves alone
stay the very same objects, so a state's encoding can take their parts from the encoding of the
state before. States never change, so the same object means the same encoding: comparing by
identity costs nothing, where hashing a state's parts would cost more than encoding them.
"""

from __future__ import annotations

from collections.abc import Callable
from itertools import islice
from typing import Any


class ByIdentity:
    """At most ``size`` entries by the ``id`` of a value, the oldest let go first; each entry
    holds its value too, so that the id is not reused while it is kept.

    A plain dict, whose older half is let go at once when it is full: an ``OrderedDict``'s
    ``popitem`` and insertion cost about 3,500 instructions a keep (callgrind), a dict's
    insertion a few hundred with the halving shared out; and letting the oldest of a plain dict
    go one at a time (``next(iter(entries))``) walks over every slot freed since it last grew."""

    def __init__(self, size: int) -> None:
        self.size = size
        self.entries: dict[int, Any] = {}

    def encoded(self, encode: Callable[[Any], Any], value: Any) -> Any:
        """``encode(value)``, or what it gave for this very object before."""
        found = self.entries.get(id(value))
        if found is not None and found[0] is value and found[1] is encode:
            return found[2]
        made = encode(value)
        self.keep(id(value), (value, encode, made))
        return made

    def seed(self, encode: Callable[[Any], Any], value: Any, made: Any) -> None:
        """Remember ``made`` as ``encode(value)``: a decoder that has the very data a value was
        read from hands it over, so that the first encoding of a state decoded afresh (a move
        after another worker's) takes its unchanged parts from what was read. ``made`` must be
        what ``encode(value)`` gives, and is shared from now on: it is never changed."""
        self.keep(id(value), (value, encode, made))

    def keep(self, key: int, entry: Any) -> None:
        """Keep ``entry`` under ``key`` (an id of an object ``entry`` holds)."""
        entries = self.entries
        if len(entries) >= self.size:
            let_older_half_go(entries, self.size)
        entries[key] = entry


def let_older_half_go(entries: dict[Any, Any], size: int) -> None:
    """Let the entries kept first go, down to half of ``size`` (one walk, in C, that no other
    thread interleaves; one that let some go first leaves them missing here)."""
    for key in list(islice(entries, len(entries) - size // 2)):
        entries.pop(key, None)
