"""The Murdered by Midnight case generator; importing this package registers it.

``generate(seed, options)`` returns the envelope parts of a case (:mod:`.maker` drafts it,
:mod:`.model` finds its timeline with z3, :mod:`.verify` proves it fair) and its ``rating``
(:mod:`.rating`). Options are described in :mod:`.options`.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rules import registry
from rules.murdered_by_midnight import SYSTEM
from rules.murdered_by_midnight.case import SCHEMA_VERSION, to_envelope_parts
from rules.murdered_by_midnight.reasoning import deductions

from .maker import GenerationError, generate_case
from .options import settings_from_options
from .rating import rate
from .verify import Report, verify

__all__ = ["GenerationError", "Report", "generate", "verify"]

#: What makes a Murdered by Midnight case fair, and how it is proved.
FAIRNESS = (
    "Exactly one murderer, weapon, motive and time of death fits everything the inspectors can "
    "learn by searching, dusting, forensics and questioning witnesses, and those questions can "
    "all be asked: z3 proves it while generating, and an independent enumeration without z3 "
    "checks it again."
)


def generate(seed: int, options: Mapping[str, Any]) -> dict[str, Any]:
    """The parts of the case for ``seed`` and ``options``, with its rating."""
    case = generate_case(seed, settings_from_options(options))
    return to_envelope_parts(case) | {"rating": rate(case)}


from .checks import verify_envelope  # noqa: E402  (the hook needs the modules above)

registry.register(
    registry.Registration(
        system=SYSTEM,
        generate=generate,
        verify=verify_envelope,
        deduce=deductions,
        schema_version=SCHEMA_VERSION,
        fairness=FAIRNESS,
    )
)
