"""The options of the Murder, She Wrote generator.

``size`` (default ``any``): how long the island's ring is. ``short`` is 56-61 spaces,
``medium`` 62-66, ``long`` 67-72, ``any`` 56-72; the seed picks the length within the range. A
longer ring spreads the locations further apart, so visits and escapes take more turns.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from generator.kit.options import ChoiceOption, OptionSet
from rules.murder_she_wrote.case import MAX_RING, MIN_RING

#: The ring lengths of each ``size``, inclusive.
SIZES: Mapping[str, tuple[int, int]] = {
    "any": (MIN_RING, MAX_RING),
    "short": (MIN_RING, 61),
    "medium": (62, 66),
    "long": (67, MAX_RING),
}

OPTIONS = OptionSet(
    options=(
        ChoiceOption(
            "size",
            tuple(SIZES),
            default="any",
            help="the ring's length: short 56-61 spaces, medium 62-66, long 67-72, any 56-72",
        ),
    ),
)


@dataclass(frozen=True)
class Settings:
    size: str = "any"

    @property
    def ring_lengths(self) -> tuple[int, int]:
        """The shortest and longest ring this size allows."""
        return SIZES[self.size]


def settings_from_options(options: Mapping[str, Any]) -> Settings:
    """The settings ``options`` ask for; :class:`~generator.registry.CaseOptionsError` says
    what is wrong."""
    return Settings(**OPTIONS.parse(options))
