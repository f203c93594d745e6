"""The Murdered by Midnight case generator; importing this package registers it.

``generate(seed, options)`` returns the envelope parts of a case (:mod:`.maker` drafts it,
:mod:`.model` finds its timeline with z3, :mod:`.verify` proves it fair) and its ``rating``
(:mod:`.rating`). Options are described in :mod:`.options`.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from generator import registry
from rules.murdered_by_midnight.case import SCHEMA_VERSION, SYSTEM_ID, to_envelope_parts

from .maker import GenerationError, generate_case
from .options import settings_from_options
from .rating import rate
from .verify import Report, verify

__all__ = ["GenerationError", "Report", "generate", "verify"]


def generate(seed: int, options: Mapping[str, Any]) -> dict[str, Any]:
    """The parts of the case for ``seed`` and ``options``, with its rating."""
    case = generate_case(seed, settings_from_options(options))
    return to_envelope_parts(case) | {"rating": rate(case)}


from .checks import verify_envelope  # noqa: E402  (the hook needs the modules above)

registry.register(SYSTEM_ID, generate, schema_version=SCHEMA_VERSION, verify_fn=verify_envelope)
