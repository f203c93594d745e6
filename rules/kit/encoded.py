"""Encodings kept by the identity of the value encoded.

A step of a game changes a few fields of its state; the decks, seats and logs it leaves alone
stay the very same objects, so a state's encoding can take their parts from the encoding of the
state before. States never change, so the same object means the same encoding: comparing by
identity costs nothing, where hashing a state's parts would cost more than encoding them.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any


class ByIdentity:
    """At most ``size`` entries by the ``id`` of a value, the oldest let go first; each entry
    holds its value too, so that the id is not reused while it is kept."""

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

    def keep(self, key: int, entry: Any) -> None:
        """Keep ``entry`` under ``key`` (an id of an object ``entry`` holds)."""
        entries = self.entries
        if len(entries) >= self.size:
            entries.pop(next(iter(entries)), None)  # the oldest (a thread may have let it go)
        entries[key] = entry
