"""The systems casebook can play, each registered once with everything it brings.

A :class:`Registration` gathers a system's rules, its case generator and independent verifier,
its deductions, its templates and what makes its cases fair. A system's generator package
registers it on import (the generator is the layer that sees both the rules and the solver);
plugins do the same from their own module. :func:`override` is the supported way for a test to
swap one part for a while.
"""

from __future__ import annotations

import contextlib
import dataclasses
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from rules.core import System
from rules.errors import UnknownSystemError

#: ``(seed, options) -> parts``: ``public``, optional ``solution``, ``secret`` and ``rating``.
GenerateFn = Callable[[int, Mapping[str, Any]], Mapping[str, Any]]
#: ``(envelope) -> [(code, reason)]``: what an independent check finds wrong; empty if fair.
VerifyFn = Callable[[Mapping[str, Any]], list[tuple[str, str]]]
#: ``(view) -> conclusions``: what a seat can conclude from its own view of a game, and only it.
DeduceFn = Callable[[Mapping[str, Any]], Mapping[str, Any]]
#: ``(mode, seats, game options) -> case options``: what a case needs to be played by that table.
TableOptionsFn = Callable[[str, int, Mapping[str, Any]], Mapping[str, Any]]


@dataclass(frozen=True)
class Registration:
    """Everything casebook knows about one system."""

    system: System
    generate: GenerateFn | None = None
    verify: VerifyFn | None = None
    deduce: DeduceFn | None = None
    #: The version of the case envelopes ``generate`` makes; a verifier refuses others.
    schema_version: int = 1
    #: What makes a case of this system fair, and how ``verify`` proves it (for docs and API).
    fairness: str = ""
    #: A folder of Jinja templates for a system that does not ship with casebook.
    templates: Path | None = None
    #: The case options a table (its mode, seats and game options) needs, when a game makes its
    #: own case (Tiny Epic Crimes lays out fewer clue tokens for two officers); ``None``: none.
    table_options: TableOptionsFn | None = None
    #: Display names by id of what every game of the system shares (its cards), for narration;
    #: a case's own names (:func:`narration.public_glossary`) come on top.
    glossary: Mapping[str, str] = field(default_factory=dict)

    @property
    def id(self) -> str:
        return self.system.SPEC.id


_REGISTRATIONS: dict[str, Registration] = {}


def register(registration: Registration) -> Registration:
    """Make a system available under its id; registering it again replaces it."""
    _REGISTRATIONS[registration.id] = registration
    return registration


def unregister(system_id: str) -> None:
    """Forget a system; for tests that register one of their own."""
    _REGISTRATIONS.pop(system_id, None)


@contextlib.contextmanager
def override(system_id: str, **parts: Any) -> Iterator[Registration]:
    """Replace some parts of a registration (``generate=...``, ``system=...``) for a while."""
    before = registration(system_id)
    changed = dataclasses.replace(before, **parts)
    _REGISTRATIONS[system_id] = changed
    try:
        yield changed
    finally:
        _REGISTRATIONS[system_id] = before


def registration(system_id: str) -> Registration:
    """The registration of ``system_id``; :class:`UnknownSystemError` names the known ones."""
    try:
        return _REGISTRATIONS[system_id]
    except KeyError:
        known = ", ".join(sorted(_REGISTRATIONS)) or "none"
        raise UnknownSystemError(
            f"There is no system {system_id!r}; the systems are: {known}.",
            fields=[("/system", f"Unknown system; the systems are: {known}.")],
        ) from None


def get(system_id: str) -> System:
    """The rules of ``system_id``."""
    return registration(system_id).system


def is_registered(system_id: str) -> bool:
    return system_id in _REGISTRATIONS


def all_registrations() -> list[Registration]:
    """Every registration, sorted by id so listings are stable."""
    return [_REGISTRATIONS[key] for key in sorted(_REGISTRATIONS)]


def all_systems() -> list[System]:
    return [item.system for item in all_registrations()]
