"""The Tiny Epic Crimes case generator (not registered: the rules of play do not exist yet).

``generate(seed, options)`` returns the envelope parts of a case (:mod:`.maker` makes it,
:mod:`.roster` chooses the suspects with z3, :mod:`.city` lays out the city, :mod:`.verify`
proves it fair) and a small rating; ``verify(envelope)`` is the independent verifier's hook, in
the shape the registry expects. A later session registers both once the game exists:
``Registration(system=..., generate=generate, verify=verify, schema_version=SCHEMA_VERSION,
fairness=FAIRNESS)``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rules.tiny_epic_crimes.case import SCHEMA_VERSION, SYSTEM_ID, to_envelope_parts

from .maker import GenerationError, generate_case
from .options import OPTIONS, settings_from_options
from .verify import verify as verify_case
from .verify import verify_envelope

__all__ = [
    "FAIRNESS",
    "OPTIONS",
    "SCHEMA_VERSION",
    "SYSTEM_ID",
    "GenerationError",
    "envelope",
    "generate",
    "verify",
]

#: What makes a Tiny Epic Crimes case fair, and how it is proved.
FAIRNESS = (
    "The five evidences name exactly one suspect, any four of them already do, every value is "
    "on half the suspects, every clue token an evidence needs is on the board and can be "
    "collected, and the time track leaves the hours to collect them: z3 chooses the roster "
    "under these constraints, and an independent check without z3 reads the whole case again."
)


def generate(seed: int, options: Mapping[str, Any]) -> dict[str, Any]:
    """The parts of the case for ``seed`` and ``options``, with its rating."""
    case = generate_case(seed, settings_from_options(options))
    plans = verify_case(case).plan_hours
    return to_envelope_parts(case) | {"rating": {"plan_hours": dict(plans)}}


def verify(envelope: Mapping[str, Any]) -> list[tuple[str, str]]:
    """What the independent verifier finds wrong with ``envelope`` (nothing for a fair case)."""
    if envelope.get("system", SYSTEM_ID) != SYSTEM_ID:
        return [("envelope/system", f"a case of {envelope.get('system')!r}, not {SYSTEM_ID}")]
    if envelope.get("schema_version", SCHEMA_VERSION) != SCHEMA_VERSION:
        return [("envelope/schema-version", f"schema version {envelope.get('schema_version')!r}")]
    return verify_envelope(envelope)


def envelope(seed: int, options: Mapping[str, Any] | None = None) -> dict[str, Any]:
    """The whole envelope the registry would wrap ``generate``'s parts in (for tools and tests
    until the system is registered)."""
    chosen = dict(options or {})
    parts = generate(seed, chosen)
    return {
        "system": SYSTEM_ID,
        "schema_version": SCHEMA_VERSION,
        "seed": seed,
        "options": chosen,
        **parts,
    }
