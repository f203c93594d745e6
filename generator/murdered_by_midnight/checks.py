"""The verifier hook of the registry: an envelope in, ``(code, reason)`` pairs out.

It reads the envelope back into an :class:`MbmCase` and runs :func:`.verify.verify` with the
generator's floor plan, exactly as generation does; an envelope that is not a case at all is
one ``envelope/malformed`` problem rather than an exception.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rules.murdered_by_midnight.case import MbmCase, from_envelope

from .maker import neighbours
from .verify import verify


def verify_envelope(envelope: Mapping[str, Any]) -> list[tuple[str, str]]:
    """Every problem the independent verifier finds in ``envelope`` (none for a fair case)."""
    try:
        case: MbmCase = from_envelope(envelope)
        plan = neighbours(case)
    except (KeyError, TypeError, ValueError, AttributeError, IndexError) as error:
        return [("envelope/malformed", f"not a Murdered by Midnight case: {_describe(error)}")]
    report = verify(case, neighbours=plan)
    return [(problem.code, problem.message) for problem in report.problems]


def _describe(error: Exception) -> str:
    if isinstance(error, KeyError):
        return f"missing {error.args[0]!r}" if error.args else "a field is missing"
    return str(error) or type(error).__name__
