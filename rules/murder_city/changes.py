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
    new: T = _new(kind)
    _set(new, "__dict__", attributes)
    return new


_new = object.__new__
_set = object.__setattr__


def next_step(state: McState) -> McState:
    """The state counted one step on: ``evolve(state, step=state.step + 1)`` without the
    keyword machinery (every step makes one)."""
    attributes = state.__dict__.copy()
    attributes["step"] = state.step + 1
    new = _new(McState)
    _set(new, "__dict__", attributes)
    return new


def with_desk(state: McState, seat: int, desk: Desk) -> McState:
    """``state`` with ``seat``'s desk replaced (as ``next_step``, without ``evolve``'s keywords:
    most steps make one or two)."""
    desks = state.desks
    attributes = state.__dict__.copy()
    attributes["desks"] = (*desks[:seat], desk, *desks[seat + 1 :])
    new = _new(McState)
    _set(new, "__dict__", attributes)
    return new


def with_limits(state: McState, seat: int, limits: Limits) -> McState:
    """``state`` with ``seat``'s limits replaced, as :func:`with_desk`."""
    every = state.limits
    attributes = state.__dict__.copy()
    attributes["limits"] = (*every[:seat], limits, *every[seat + 1 :])
    new = _new(McState)
    _set(new, "__dict__", attributes)
    return new
