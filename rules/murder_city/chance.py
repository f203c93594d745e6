"""A step's random source, seeded only when something is drawn.

``rules.core.rng_for`` hashes the seed, step and purpose and seeds a generator: about 15 µs,
while most steps of a game (attaching, answering, passing) draw nothing. :class:`StepRandom`
draws exactly what ``rng_for(seed, step, purpose)`` would, but seeds itself on its first draw.
"""

from __future__ import annotations

import hashlib
import random


class StepRandom(random.Random):
    """``rng_for(seed, step, purpose)``, seeded on first use."""

    def __init__(self, seed: int, step: int, purpose: str) -> None:  # no seeding here
        self._key = f"{seed}:{step}:{purpose}"
        self._seeded = False

    def _ready(self) -> None:
        if not self._seeded:
            self._seeded = True
            digest = hashlib.sha256(self._key.encode()).digest()
            super().seed(int.from_bytes(digest[:16], "big"))

    def random(self) -> float:
        self._ready()
        return super().random()

    def getrandbits(self, k: int) -> int:
        self._ready()
        return super().getrandbits(k)
