"""The latest of something for each game a worker serves, by the game's secret seed.

A state read after another worker's move takes the parts it shares with the latest state this
worker wrote or read of the game (``rules/*/state.py``); each system keeps those here.
"""

from __future__ import annotations

from typing import TypeVar

from rules.kit.encoded import let_older_half_go

V = TypeVar("V")


class LatestOfGames(dict[int, V]):
    """A dict of at most ``size`` games: when it is full, the games kept first go, half of them
    at once, as :class:`rules.kit.encoded.ByIdentity` lets its entries go, and for the same
    reasons."""

    def __init__(self, size: int) -> None:
        super().__init__()
        self.size = size

    def put(self, seed: int, value: V) -> None:
        """Keep ``value`` as the latest of the game of ``seed``."""
        if len(self) >= self.size and seed not in self:
            let_older_half_go(self, self.size)
        self[seed] = value
