"""Generated cases, made once per test session (a case takes a few hundredths of a second)."""

from __future__ import annotations

import functools

from generator.tiny_epic_crimes import envelope
from rules.tiny_epic_crimes.case import TecCase, from_envelope


@functools.cache
def case_for(seed: int, players: int = 4) -> TecCase:
    return from_envelope(envelope(seed, {"players": players}))
