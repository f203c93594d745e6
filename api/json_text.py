"""JSON written by orjson with any key that is not text written as text, the fast way first.

orjson's option for keys that are not text (``OPT_NON_STR_KEYS``) takes a slower way through
every dict it writes: measured on 2026-12-04, a Murder City view took 109 us with it against
68 us without, a Tiny Epic Crimes state 16.6 us against 10.0. Bodies, states and events almost
never hold such a key, so they are written without the option first, and with it only when
orjson refuses a key: the same bytes either way.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import orjson


def dumps(obj: Any, default: Callable[[Any], Any] | None = None, option: int = 0) -> bytes:
    """``orjson.dumps(obj, default=default, option=option | OPT_NON_STR_KEYS)``, in less time
    when every key is text."""
    try:
        return orjson.dumps(obj, default=default, option=option)
    except orjson.JSONEncodeError:
        return orjson.dumps(obj, default=default, option=option | orjson.OPT_NON_STR_KEYS)
