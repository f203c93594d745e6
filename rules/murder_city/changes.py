"""New states and records made from old ones, compiled (``tools/compile_rules.py``): a step
makes dozens of them, so these few functions are on every step's path. They live apart from
:mod:`.state`, whose classes ``rules.serial`` reads by their type hints and so stay
interpreted."""

from __future__ import annotations

import dataclasses
from typing import Any, TypeVar

from .state import Desk, Limits, McState

T = TypeVar("T")


def evolve(value: T, **changes: Any) -> T:
    """``dataclasses.replace`` without running ``__init__`` again, for :mod:`.state`'s frozen
    dataclasses (none has a ``__post_init__`` to skip): a step makes dozens of new values.
    The new value's ``__dict__`` is set whole (one copy of the old one, then the changes), not
    filled key by key. Every field is in an instance's ``__dict__``, so a name that is not a
    field shows as one entry more. The other systems use ``rules.kit.frozen.replace``, which
    also checks for a class that is not plain; with it, and with it behind :func:`next_step`,
    :func:`with_desk` and :func:`with_limits`, a four-bot step cost 11-22 k instructions more
    (602 k a step, callgrind, 2026-12-03), so this system keeps its own."""
    kind: type[Any] = type(value)
    before = value.__dict__
    attributes = before.copy()
    attributes.update(changes)
    if len(attributes) != len(before):
        wrong = sorted(set(changes) - {field.name for field in dataclasses.fields(kind)})
        raise TypeError(f"{kind.__name__} has no field {wrong[0]!r}")
    made: T = _made(kind, attributes)
    return made


_new = object.__new__
_set = object.__setattr__


def _made(kind: type[Any], attributes: dict[str, Any]) -> Any:
    """A ``kind`` whose ``__dict__`` is ``attributes``, made without its ``__init__``."""
    new = _new(kind)
    _set(new, "__dict__", attributes)
    return new


def next_step(state: McState) -> McState:
    """The state counted one step on: ``evolve(state, step=state.step + 1)`` without the
    keyword machinery (every step makes one)."""
    attributes = state.__dict__.copy()
    attributes["step"] = state.step + 1
    made: McState = _made(McState, attributes)
    return made


def with_desk(state: McState, seat: int, desk: Desk) -> McState:
    """``state`` with ``seat``'s desk replaced (as ``next_step``, without ``evolve``'s keywords:
    most steps make one or two)."""
    return _with_seat(state, "desks", seat, desk)


def with_limits(state: McState, seat: int, limits: Limits) -> McState:
    """``state`` with ``seat``'s limits replaced, as :func:`with_desk`."""
    return _with_seat(state, "limits", seat, limits)


def _with_seat(state: McState, field: str, seat: int, value: Any) -> McState:
    """``state`` with item ``seat`` of its tuple ``field`` (one item a seat) replaced."""
    attributes = state.__dict__.copy()
    every = attributes[field]
    attributes[field] = (*every[:seat], value, *every[seat + 1 :])
    made: McState = _made(McState, attributes)
    return made
