"""The options of the Tiny Epic Crimes generator.

``players`` (1 to 4, default 4): the officers at the table. Two officers, and one (solo plays
the 2-player cooperative game), use the 2-player variant's three Informant and three Witness
Tokens, and three of each then solve Rank and Gang.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from generator.kit.options import IntOption, OptionSet

OPTIONS = OptionSet(
    options=(IntOption("players", 1, 4, default=4, help="officers at the table"),),
)


@dataclass(frozen=True)
class Settings:
    players: int = 4


def settings_from_options(options: Mapping[str, Any]) -> Settings:
    """The settings ``options`` ask for; :class:`~generator.registry.CaseOptionsError` says
    what is wrong."""
    return Settings(**OPTIONS.parse(options))
