"""The Murdered by Midnight case generator; importing this package registers it.

``generate(seed, options)`` returns the envelope parts of a case (:mod:`.maker` drafts it,
:mod:`.model` finds its timeline with z3, :mod:`.verify` proves it fair) and its ``rating``
(:mod:`.rating`). Options are described in :mod:`.options`. Those modules (z3 with them) are
imported when a case is first made or checked, not with the package: a server that makes no
Murdered by Midnight case never holds them (``generator.registry.prepare``).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from generator import registry as generators
from generator.kit.retry import GenerationError
from rules import registry
from rules.murdered_by_midnight import SYSTEM
from rules.murdered_by_midnight.case import SCHEMA_VERSION, SYSTEM_ID, to_envelope_parts
from rules.murdered_by_midnight.reasoning import deductions

from .verify import Report, verify

__all__ = ["GenerationError", "Report", "generate", "verify"]

#: What makes a Murdered by Midnight case fair, and how it is proved.
FAIRNESS = (
    "Exactly one murderer, weapon, motive and time of death fits everything the inspectors can "
    "learn by searching, dusting, forensics and questioning witnesses, and those questions can "
    "all be asked: z3 proves it while generating, and an independent enumeration without z3 "
    "checks it again."
)

generators.makes_cases_with(SYSTEM_ID, f"{__name__}.maker", f"{__name__}.rating")


def generate(seed: int, options: Mapping[str, Any]) -> dict[str, Any]:
    """The parts of the case for ``seed`` and ``options``, with its rating."""
    from .maker import generate_case
    from .options import settings_from_options
    from .rating import rate

    case = generate_case(seed, settings_from_options(options))
    return to_envelope_parts(case) | {"rating": rate(case)}


def verify_envelope(envelope: Mapping[str, Any]) -> list[tuple[str, str]]:
    """What the independent verifier finds wrong with ``envelope`` (:mod:`.checks`)."""
    from .checks import verify_envelope as check

    return check(envelope)


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
