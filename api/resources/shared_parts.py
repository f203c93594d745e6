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

from api import json_text

#: How many shared parts are kept with their bytes, and how many values met once are remembered
#: (each a reference, so that its id is not reused meanwhile): a value a system builds afresh
#: for each view only passes through the second.
KEPT = 256
MET = 64


class SharedParts:
    """The encoded bytes of the view values met twice as the same object."""

    def __init__(self, encode: Callable[[Any], bytes], size: int = KEPT, met: int = MET) -> None:
        self._encode = encode
        self._size, self._met_size = size, met
        #: By ``id``: a shared value and its bytes; a value met once.
        self._kept: dict[int, tuple[Any, orjson.Fragment]] = {}
        self._met: dict[int, Any] = {}
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
        key = id(value)
        with self._lock:
            kept = self._kept.get(key)
            if kept is not None and kept[0] is value:
                return kept[1]
            if self._met.get(key) is not value:
                _put(self._met, key, value, self._met_size)
                return None
            del self._met[key]
        try:
            fragment = orjson.Fragment(json_text.compact(self._encode(value)))
        except orjson.JSONEncodeError:
            return None  # left to the whole body's writing (and its fallback)
        with self._lock:
            _put(self._kept, key, (value, fragment), self._size)
        return fragment


def _put(kept: dict[int, Any], key: int, value: Any, size: int) -> None:
    """``kept[key] = value``, the oldest let go beyond ``size``."""
    kept.pop(key, None)
    if len(kept) >= size:
        del kept[next(iter(kept))]
    kept[key] = value
