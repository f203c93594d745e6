"""Murdered by Midnight: the Author, the map, the envelopes and the confrontation.

The generator package (``generator.murdered_by_midnight``) registers the system with its case
generator and verifier.
"""

from rules.compiled import refuse_stale

from .game import SYSTEM, MurderedByMidnight
from .spec import SPEC

__all__ = ["SPEC", "SYSTEM", "MurderedByMidnight"]

refuse_stale(__file__, __name__)  # its hot modules may be compiled (tools/compile_rules.py)
