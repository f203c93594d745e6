"""The latest of something for each game a worker serves, by the game's secret seed.

A state read after another worker's move takes the parts it shares with the latest state this
worker wrote or read of the game (``rules/*/state.py``); each system keeps those here.
"""

from __future__ import annotations

from itertools import islice
from typing import TypeVar

V = TypeVar("V")


class LatestOfGames(dict[int, V]):
    """A dict of at most ``size`` games: when it is full, the games kept first go, half of them
    at once. (Letting one go at a time, ``next(iter(...))`` walks every slot freed since the
    dict last grew, and an ``OrderedDict``'s ``popitem`` and insertion cost about 3,500
    instructions: ``rules/kit/encoded.py``.)"""

    def __init__(self, size: int) -> None:
        super().__init__()
        self.size = size

    def put(self, seed: int, value: V) -> None:
        """Keep ``value`` as the latest of the game of ``seed``."""
        if len(self) >= self.size and seed not in self:
            for older in list(islice(self, self.size // 2)):
                self.pop(older, None)  # (another thread may have let it go)
        self[seed] = value
