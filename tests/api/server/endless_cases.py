"""A plug-in for the live servers' tests: Toy Culprit's case of seed 4242 never ends.

Imported by a server through ``CASEBOOK_PLUGINS`` so the endless case is
made in the server's own process, as a pathological case of a real system would be.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from typing import Any

import tests.toy  # noqa: F401  (registers Toy Culprit, whatever the plug-ins' order)
from rules import registry

ENDLESS_SEED = 4242
_toy = registry.registration("toy-culprit")
_made_by = _toy.generate
assert _made_by is not None


def generate(seed: int, options: Mapping[str, Any]) -> Mapping[str, Any]:
    assert _made_by is not None
    while seed == ENDLESS_SEED:
        pass
    return _made_by(seed, options)


registry.register(dataclasses.replace(_toy, generate=generate))
