"""The systems casebook can play, keyed by system id."""

from __future__ import annotations

import importlib

from rules.core import System

_SYSTEMS: dict[str, System] = {}

#: The modules of the systems that ship with casebook; each registers itself on import.
BUILT_IN: tuple[str, ...] = ("rules.murdered_by_midnight",)


class UnknownSystemError(LookupError):
    """No system is registered under that id."""

    code = "system/unknown"


def register(system: System) -> System:
    """Make ``system`` available under ``system.SPEC.id``; registering it again is harmless."""
    _SYSTEMS[system.SPEC.id] = system
    return system


def unregister(system_id: str) -> None:
    """Forget a system; for tests that register one of their own."""
    _SYSTEMS.pop(system_id, None)


def load(modules: tuple[str, ...] = BUILT_IN) -> None:
    """Import ``modules`` so that each registers its system (plugins name theirs by config)."""
    for name in modules:
        importlib.import_module(name)


def get(system_id: str) -> System:
    """The system ``system_id``, or :class:`UnknownSystemError` naming the known ones."""
    try:
        return _SYSTEMS[system_id]
    except KeyError:
        known = ", ".join(sorted(_SYSTEMS)) or "none"
        raise UnknownSystemError(f"no system {system_id!r}; known systems: {known}") from None


def all_systems() -> list[System]:
    """Every registered system, sorted by id so listings are stable."""
    return [_SYSTEMS[key] for key in sorted(_SYSTEMS)]
