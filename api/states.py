"""Decoded game states, kept per process: one for each game, valid for the very text it was
stored as.

Decoding a stored state (parsing its JSON and rebuilding the system's frozen dataclasses) was a
fifth of a Midnight read's work, and every read and move of a game does it. A state is a pure
function of its stored text, and the rules never change a state (they make new ones), so one
decoded state serves every request that reads the same text: a kept state is used only when the
game's stored text is exactly the one it was decoded from (or stored as), so it can never stand
for another, whatever the versions.

Each game holds one place, its latest state: a move keeps the state it stored in place of the
one it read, so the next read or move of the game in this process decodes nothing (a client
reading after each move, or polling a game, meets a kept state). Kept by text alone, every move
left the state it replaced behind as well, and 40 games played in turn, each move leaving two
entries, missed all 64 places every time.
"""

from __future__ import annotations

from typing import Any

import orjson

from api.recent import Recent
from rules.core import System

#: Games whose latest state is kept decoded, the most recently used: enough for the games a
#: worker is serving at once. Kept in turn, more games than places miss every time (the HTTP
#: benchmark reads 150-200 games in turn in each worker). A Midnight state in play takes about
#: 11 KB (its text and its objects), so a worker keeps at most about 3 MB; the memory this
#: costs was found in SQLite's page cache (``api.storage.engine.PAGE_CACHE_KIB``), whose
#: default held about 2 MiB a connection (docs/performance.md, "Server memory").
CACHE_SIZE = 256


class DecodedStates:
    """The latest decoded state of the most recently used games; thread-safe."""

    def __init__(self, size: int = CACHE_SIZE) -> None:
        self._kept: Recent[str, tuple[str, Any]] = Recent(size)

    def decode(self, game_id: str, system: System, text: str) -> Any:
        """The state of ``game_id`` stored as ``text``: kept, or decoded by ``system`` and kept."""
        found = self._kept.get(game_id)
        if found is not None and found[0] == text:
            return found[1]
        state = system.state_from_json(orjson.loads(text))
        self.keep(game_id, text, state)
        return state

    def keep(self, game_id: str, text: str, state: Any) -> None:
        """Keep ``state``, just stored (or read) as ``text``, as the latest of ``game_id``."""
        self._kept.put(game_id, (text, state))
