"""Murdered by Midnight: the Author, the map, the envelopes and the confrontation.

Importing the package registers the system under ``murdered-by-midnight``.
"""

from rules.registry import register

from .game import SYSTEM, MurderedByMidnight
from .spec import SPEC

register(SYSTEM)

__all__ = ["SPEC", "SYSTEM", "MurderedByMidnight"]
