"""The text of JSON data, to tell parts of stored states apart by what they are written as.

A state read after another worker's move takes the parts it shares with a state the worker
already holds (``rules/*/state.py``): a part is that state's part when its text is the same.
``==`` would not do: ``True == 1 == 1.0``, where the generic decoder refuses a flag or a
fraction for a number. The text keeps every value's type and every mapping's key order.

``rules`` keeps to the standard library, so the text is ``json``'s by default; the server
sets orjson's, several times cheaper, when it starts (``api/app.py``). Texts are only ever
compared with texts made in the same process, by the same writer: a text kept from before a
change of writer simply matches nothing (``str`` against ``bytes``).
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

#: The writer of :func:`of`: compact ``json``, unless the server set another.
_json = json.JSONEncoder(check_circular=False, separators=(",", ":"), allow_nan=False).encode

#: Errors a writer raises for data that is not JSON (orjson's are ``TypeError``s).
REFUSED = (TypeError, ValueError, OverflowError)

of: Callable[[Any], str | bytes] = _json


def use(writer: Callable[[Any], str | bytes]) -> None:
    """Write texts with ``writer`` from now on: one that keeps every value's type and every
    mapping's key order, and refuses what is not JSON data."""
    global of
    of = writer
