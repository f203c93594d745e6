"""Generated cities for the tests, made once per process (a case takes a fifth of a second)."""

from __future__ import annotations

import functools
from typing import Any

from generator.murder_city import envelope
from generator.murder_city.maker import generate_city
from rules.murder_city.case import City


@functools.cache
def city_of(seed: int = 7) -> City:
    return generate_city(seed)[0]


def envelope_of(seed: int = 7) -> dict[str, Any]:
    """The case's envelope as the registry wraps the generator's parts."""
    return envelope(seed)
