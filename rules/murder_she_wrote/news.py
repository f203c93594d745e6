"""The events a step tells, made as ``rules.events.Event(...)`` makes them, faster.

A move and the bots' answers make about seven events; a frozen dataclass's ``__init__`` sets
each of an event's six fields through ``object.__setattr__``, where filling its ``__dict__``
at once gives the same object for a fraction of the cost (issue #12). The events told at every
move and visit are made here; ``test_news.py`` checks them against ``Event(...)``.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from typing import Any

from rules.core import Event

_new = object.__new__
_set = object.__setattr__

#: ``Event``'s fields, in order: filled directly only while it is a plain frozen dataclass
#: with exactly these (else every event is made by its own ``__init__``).
FIELDS = ("type", "actor", "data", "secret", "audience", "secret_audience")
_PLAIN = (
    tuple(field.name for field in dataclasses.fields(Event)) == FIELDS
    and "__slots__" not in vars(Event)
    and not hasattr(Event, "__post_init__")
)


def event(
    type: str,
    actor: int | None,
    data: Mapping[str, Any],
    *,
    secret: Mapping[str, Any] | None = None,
    audience: frozenset[int] | None = None,
    secret_audience: frozenset[int] = frozenset(),
) -> Event:
    """``Event(type, actor, data, secret=secret or {}, audience=..., secret_audience=...)``."""
    if not _PLAIN:
        return Event(type, actor, data, {} if secret is None else secret, audience, secret_audience)
    made: Event = _new(Event)
    _set(
        made,
        "__dict__",
        {
            "type": type,
            "actor": actor,
            "data": data,
            "secret": {} if secret is None else secret,
            "audience": audience,
            "secret_audience": secret_audience,
        },
    )
    return made
