"""Decoded game states, kept per process by the very text they were stored as.

Decoding a stored state (parsing its JSON and rebuilding the system's frozen dataclasses) was a
fifth of a Midnight read's work, and every read and move of a game does it. A state is a pure
function of its stored text, and the rules never change a state (they make new ones), so one
decoded state serves every request that reads the same text. Keyed by the text itself, a kept
state can never stand for another: nothing about versions or games is assumed.

A move keeps the state it stored, under the text it wrote, so the next read or move of the game
in this process decodes nothing: a client reading after each move on a keep-alive connection,
or polling a game, meets a kept state.
"""

from __future__ import annotations

from typing import Any

import orjson

from api.recent import Recent
from rules.core import System

#: States kept decoded, the most recently used: enough for the games a worker is serving at
#: once. A Midnight state in play takes about 11 KB (its text and its objects), so a worker
#: keeps at most about 0.7 MB; at 256 the server held 1.1 MiB more in the memory benchmark's
#: small Toy Culprit states alone, which its target could not spare (docs/performance.md).
CACHE_SIZE = 64


class DecodedStates:
    """The most recently used decoded states, by system and stored text; thread-safe."""

    def __init__(self, size: int = CACHE_SIZE) -> None:
        self._kept: Recent[tuple[str, str], Any] = Recent(size)

    def decode(self, system_id: str, system: System, text: str) -> Any:
        """The state stored as ``text``: kept, or decoded by ``system`` and kept."""
        found = self._kept.get((system_id, text))
        if found is None:
            found = system.state_from_json(orjson.loads(text))
            self.keep(system_id, text, found)
        return found

    def keep(self, system_id: str, text: str, state: Any) -> None:
        """Keep ``state``, which was just stored as ``text``."""
        self._kept.put((system_id, text), state)
