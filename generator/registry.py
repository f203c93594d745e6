"""Case generators, keyed by system id.

A generator turns ``(seed, options)`` into the parts of a case: its ``public`` setup, its
``solution``, optionally the rest of its hidden truth (``secret``) and a difficulty ``rating``.
:func:`generate` wraps them in the envelope every case shares, so the same seed and options
always give the same case, byte for byte.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

CaseParts = Mapping[str, Any]
GenerateFn = Callable[[int, Mapping[str, Any]], CaseParts]
#: ``(code, reason)`` pairs: what an independent check finds wrong with a case envelope.
Problems = list[tuple[str, str]]
VerifyFn = Callable[[Mapping[str, Any]], Problems]

SEED_LIMIT = 2**63


class CaseOptionsError(ValueError):
    """The options cannot make a case (unknown option, value out of range)."""

    code = "case/bad-options"


@dataclass(frozen=True)
class Generator:
    system: str
    generate: GenerateFn
    schema_version: int = 1
    verify: VerifyFn | None = None


_GENERATORS: dict[str, Generator] = {}

#: The modules of the generators that ship with casebook; each registers itself on import.
BUILT_IN: tuple[str, ...] = ("generator.murdered_by_midnight",)


def load(modules: tuple[str, ...] = BUILT_IN) -> None:
    """Import ``modules`` so that each registers its generator."""
    for name in modules:
        importlib.import_module(name)


def register(
    system_id: str,
    generate_fn: GenerateFn,
    *,
    schema_version: int = 1,
    verify_fn: VerifyFn | None = None,
) -> None:
    """Make ``generate_fn`` the case generator of ``system_id``.

    ``verify_fn(envelope)``, if given, is the system's independent check of a case: it returns
    ``(code, reason)`` pairs, none for a fair case; :func:`verify` calls it.
    """
    _GENERATORS[system_id] = Generator(system_id, generate_fn, schema_version, verify_fn)


def unregister(system_id: str) -> None:
    _GENERATORS.pop(system_id, None)


def has_generator(system_id: str) -> bool:
    return system_id in _GENERATORS


def has_verifier(system_id: str) -> bool:
    generator = _GENERATORS.get(system_id)
    return generator is not None and generator.verify is not None


def generate(system_id: str, seed: int, options: Mapping[str, Any] | None = None) -> dict[str, Any]:
    """The case of ``system_id`` for ``seed`` and ``options``, in the shared envelope."""
    if not 0 <= seed < SEED_LIMIT:
        raise CaseOptionsError(f"seed must be between 0 and {SEED_LIMIT - 1}")
    try:
        generator = _GENERATORS[system_id]
    except KeyError:
        raise CaseOptionsError(f"no case generator for {system_id!r}") from None
    options = dict(options or {})
    parts = generator.generate(seed, options)
    return {
        "system": system_id,
        "schema_version": generator.schema_version,
        "seed": seed,
        "options": options,
        "public": dict(parts["public"]),
        "solution": dict(parts["solution"]),
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
    generator = _GENERATORS.get(system_id) if isinstance(system_id, str) else None
    if generator is None:
        known = ", ".join(sorted(_GENERATORS)) or "none"
        raise CaseOptionsError(f"no case generator for {system_id!r}; known systems: {known}")
    if generator.verify is None:
        raise CaseOptionsError(f"{system_id} has no case verifier")
    version = envelope.get("schema_version")
    if version != generator.schema_version:
        return [
            (
                "envelope/schema-version",
                f"schema version {version!r}, but {system_id} cases are version"
                f" {generator.schema_version}",
            )
        ]
    return list(generator.verify(envelope))
