"""Cases of every registered system: generate, wrap in the shared envelope, verify.

A system's :class:`~rules.registry.Registration` names its generator ``(seed, options) ->
parts``: its ``public`` setup, optionally its ``solution`` (Murder City has no hidden culprit),
the rest of its hidden truth (``secret``) and a difficulty ``rating``. :func:`generate` wraps
them in the envelope every case shares, so the same seed and options always give the same case,
byte for byte. :func:`load` imports the generator packages, each of which registers its system.

A package imports what makes its cases (z3, the solver models) only when it first makes one,
and names those modules here (:func:`makes_cases_with`): a server's master, whose pages every
worker shares, then never holds them, and a worker imports them once (:func:`prepare`), before
it forks the child that makes a case, so no child imports them again.
"""

from __future__ import annotations

import importlib
from collections.abc import Mapping, Sequence
from typing import Any

from rules import registry
from rules.errors import InvalidInputError
from rules.options import OptionSpec, case_options

#: ``(code, reason)`` pairs: what an independent check finds wrong with a case envelope.
Problems = list[tuple[str, str]]

SEED_LIMIT = 2**63

#: The packages of the systems that ship with casebook; each registers itself on import.
BUILT_IN: tuple[str, ...] = (
    "generator.murdered_by_midnight",
    "generator.tiny_epic_crimes",
    "generator.murder_she_wrote",
    "generator.murder_city",
)


class CaseOptionsError(InvalidInputError):
    """The options cannot make a case (unknown option, value out of range)."""

    code = "case/bad-options"


def load(modules: Sequence[str] = BUILT_IN) -> None:
    """Import ``modules`` so that each registers its system (plugins name theirs by config)."""
    for name in modules:
        importlib.import_module(name)


#: The modules each system's generator imports when it first makes a case, by system id.
_MAKERS: dict[str, tuple[str, ...]] = {}


def makes_cases_with(system_id: str, *modules: str) -> None:
    """Name the modules that ``system_id``'s generator imports only when called."""
    _MAKERS[system_id] = modules


def prepare(system_id: str) -> None:
    """Import what making a case of ``system_id`` takes, now and once in this process: a child
    forked afterwards to make a case finds it loaded."""
    for name in _MAKERS.get(system_id, ()):
        importlib.import_module(name)


def has_generator(system_id: str) -> bool:
    return registry.is_registered(system_id) and (
        registry.registration(system_id).generate is not None
    )


def has_verifier(system_id: str) -> bool:
    return registry.is_registered(system_id) and (
        registry.registration(system_id).verify is not None
    )


def table_options(
    system_id: str, mode: str, seats: int, game_options: Mapping[str, Any] | None = None
) -> dict[str, Any]:
    """The case options a table needs (the registration's ``table_options``): its ``mode``,
    number of ``seats`` and the mode's ``game_options``; empty for a system whose cases fit
    every table."""
    entry = registry.registration(system_id)
    if entry.table_options is None:
        return {}
    return dict(entry.table_options(mode, seats, dict(game_options or {})))


def generate_for_table(
    system_id: str,
    seed: int,
    mode_options: Sequence[OptionSpec],
    resolved: Mapping[str, Any],
    *,
    mode: str,
    seats: int,
) -> dict[str, Any]:
    """The case of ``seed`` that a game making its own case plays: the game options its mode
    marks ``for_case`` (``mode_options``, ``resolved`` as the game will play them), overruled by
    what the table needs (:func:`table_options`)."""
    chosen = case_options(mode_options, resolved)
    options = for_table(system_id, chosen, mode=mode, seats=seats, game_options=resolved)
    return generate(system_id, seed, options)


def for_table(
    system_id: str,
    chosen: Mapping[str, Any] | None,
    *,
    mode: str,
    seats: int,
    game_options: Mapping[str, Any] | None = None,
) -> dict[str, Any]:
    """The ``chosen`` case options for a case of ``system_id`` that this table can play, for a
    game that makes its own case: the table's needs (:func:`table_options`) win over a choice."""
    return {**dict(chosen or {}), **table_options(system_id, mode, seats, game_options)}


def generate(system_id: str, seed: int, options: Mapping[str, Any] | None = None) -> dict[str, Any]:
    """The case of ``system_id`` for ``seed`` and ``options``, in the shared envelope."""
    if not 0 <= seed < SEED_LIMIT:
        raise CaseOptionsError(f"seed must be between 0 and {SEED_LIMIT - 1}")
    entry = registry.registration(system_id)
    if entry.generate is None:
        raise CaseOptionsError(f"{system_id} has no case generator")
    options = dict(options or {})
    parts = entry.generate(seed, options)
    solution = parts.get("solution")
    return {
        "system": system_id,
        "schema_version": entry.schema_version,
        "seed": seed,
        "options": options,
        "public": dict(parts["public"]),
        "solution": None if solution is None else dict(solution),
        "secret": dict(parts.get("secret", {})),
        "rating": dict(parts.get("rating", {})),
    }


def verify(envelope: Mapping[str, Any]) -> Problems:
    """What the independent verifier of the envelope's system finds wrong (empty: fair).

    :class:`CaseOptionsError` when the envelope names no system with a verifier; a schema
    version other than the generator's is a problem of the case, as the verifier would be
    reading a sheet it does not know.
    """
    system_id = envelope.get("system")
    if not isinstance(system_id, str) or not registry.is_registered(system_id):
        known = ", ".join(item.id for item in registry.all_registrations()) or "none"
        raise CaseOptionsError(f"no case generator for {system_id!r}; known systems: {known}")
    entry = registry.registration(system_id)
    if entry.verify is None:
        raise CaseOptionsError(f"{system_id} has no case verifier")
    version = envelope.get("schema_version")
    if version != entry.schema_version:
        return [
            (
                "envelope/schema-version",
                f"schema version {version!r}, but {system_id} cases are version"
                f" {entry.schema_version}",
            )
        ]
    return list(entry.verify(envelope))
