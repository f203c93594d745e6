"""The parts of a view a system hands out as the very same object read after read, written from
bytes encoded once.

Murder City's view carries its city's public form (``public_city``, built once per city and
shared by every view of it): about nine tenths of a 23 KB body, which orjson wrote again, keys
sorted, on every read (650k of a read's 2.6M instructions under callgrind). A value of a view
met a second time as the same object is encoded once, with the options the whole body is
written with, and put in the body as an ``orjson.Fragment``: the same bytes, once.

A system may share a part of its views only if it never changes it afterwards (every view of
that city would show the change anyway); a part built afresh for each view is never the same
object twice while this holds it, so it is only remembered and let go.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Mapping
from typing import Any

import orjson

#: How many parts are remembered: each a reference to a value the views share (or a value
#: met once and kept until pushed out), and the bytes of the shared ones.
KEPT = 256


class SharedParts:
    """The encoded bytes of the view values met twice as the same object."""

    def __init__(self, encode: Callable[[Any], bytes], size: int = KEPT) -> None:
        self._encode = encode
        self._size = size
        #: By ``id``: the value itself (so that its id is not reused meanwhile) and its bytes
        #: once met twice.
        self._kept: dict[int, tuple[Any, orjson.Fragment | None]] = {}
        self._lock = threading.Lock()

    def written(self, view: Mapping[str, Any]) -> Mapping[str, Any]:
        """``view`` with each of its shared dict values as the fragment of its bytes."""
        shown: dict[str, Any] | None = None
        for key, value in view.items():
            if type(value) is not dict:
                continue
            fragment = self._fragment(value)
            if fragment is not None:
                if shown is None:
                    shown = dict(view)
                shown[key] = fragment
        return view if shown is None else shown

    def _fragment(self, value: dict[str, Any]) -> orjson.Fragment | None:
        with self._lock:
            found = self._kept.get(id(value))
            if found is None or found[0] is not value:
                if len(self._kept) >= self._size:
                    del self._kept[next(iter(self._kept))]  # the oldest
                self._kept[id(value)] = (value, None)
                return None
            if found[1] is not None:
                return found[1]
        try:
            fragment = orjson.Fragment(self._encode(value))
        except orjson.JSONEncodeError:
            return None  # left to the whole body's writing (and its fallback)
        with self._lock:
            if self._kept.get(id(value), (None,))[0] is value:
                self._kept[id(value)] = (value, fragment)
        return fragment
