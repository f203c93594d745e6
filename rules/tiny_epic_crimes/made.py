"""Events made as ``Event(...)`` makes them, with the new object's ``__dict__`` set whole.

A frozen dataclass's ``__init__`` sets each of an event's six fields through
``object.__setattr__``; a solo move tells about 3.6 events, and each is made twice (the rules
make it for the officer, ``solo.as_seat_events`` makes it again for the seat). Made here, the
seat's copy is the same value for a fraction of the cost (issue #12).
``test_speed_paths.py`` checks it against ``Event(...)``.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from typing import Any

from rules.core import Event

_new = object.__new__
_set = object.__setattr__

#: ``Event``'s fields, in order: filled directly only while it is a plain frozen dataclass with
#: exactly these (else every event is made by its own ``__init__``).
FIELDS = ("type", "actor", "data", "secret", "audience", "secret_audience")
PLAIN = (
    tuple(field.name for field in dataclasses.fields(Event)) == FIELDS
    and "__slots__" not in vars(Event)
    and not hasattr(Event, "__post_init__")
)


def event(
    type: str,
    actor: int | None,
    data: Mapping[str, Any],
    secret: Mapping[str, Any],
    audience: frozenset[int] | None,
    secret_audience: frozenset[int],
) -> Event:
    """``Event(type, actor, data, secret, audience, secret_audience)``."""
    if not PLAIN:
        return Event(type, actor, data, secret, audience, secret_audience)
    made: Event = _new(Event)
    _set(
        made,
        "__dict__",
        {
            "type": type,
            "actor": actor,
            "data": data,
            "secret": secret,
            "audience": audience,
            "secret_audience": secret_audience,
        },
    )
    return made
