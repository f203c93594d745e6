"""Events: what happened, as structured data first and prose second."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True)
class Event:
    """Something that happened, with who may learn of it.

    ``audience`` is who learns that the event happened at all (``None``: everyone, spectators
    included). ``secret`` holds the fields only ``secret_audience`` may read; everyone else in
    the audience sees the event and its place in the log without them (a sealed envelope that
    was handed over, not what it held).
    """

    type: str
    actor: int | None = None
    data: Mapping[str, Any] = field(default_factory=dict)
    secret: Mapping[str, Any] = field(default_factory=dict)
    audience: frozenset[int] | None = None
    secret_audience: frozenset[int] = frozenset()

    def is_visible_to(self, seat: int | None) -> bool:
        return self.audience is None or (seat is not None and seat in self.audience)

    def for_seat(self, seat: int | None) -> dict[str, Any] | None:
        """The event as ``seat`` may see it (``None`` is a spectator), or ``None`` if hidden."""
        if not self.is_visible_to(seat):
            return None
        shown: dict[str, Any] = {"type": self.type, "actor": self.actor, **self.data}
        if seat is not None and seat in self.secret_audience:
            shown.update(self.secret)
        return shown

    def to_json(self) -> dict[str, Any]:
        return {
            "type": self.type,
            "actor": self.actor,
            "data": dict(self.data),
            "secret": dict(self.secret),
            "audience": None if self.audience is None else sorted(self.audience),
            "secret_audience": sorted(self.secret_audience),
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Event:
        audience = data.get("audience")
        return cls(
            type=data["type"],
            actor=data.get("actor"),
            data=dict(data.get("data") or {}),
            secret=dict(data.get("secret") or {}),
            audience=None if audience is None else frozenset(audience),
            secret_audience=frozenset(data.get("secret_audience") or ()),
        )


_new = object.__new__
_set = object.__setattr__
_NOBODY: frozenset[int] = frozenset()


def new_event(
    type: str,
    actor: int | None = None,
    data: Mapping[str, Any] | None = None,
    secret: Mapping[str, Any] | None = None,
    audience: frozenset[int] | None = None,
    secret_audience: frozenset[int] = _NOBODY,
) -> Event:
    """``Event(type, actor, data, secret, audience, secret_audience)``, with a fresh dict for a
    mapping left out: the same value, made with its ``__dict__`` set whole. The frozen
    dataclass's ``__init__`` sets each of the six fields through ``object.__setattr__``, and
    the systems make several events a step (issue #12)."""
    made: Event = _new(Event)
    _set(
        made,
        "__dict__",
        {
            "type": type,
            "actor": actor,
            "data": {} if data is None else data,
            "secret": {} if secret is None else secret,
            "audience": audience,
            "secret_audience": secret_audience,
        },
    )
    return made
