"""The options of the Murder City generator: none.

Every case has the rulebook's numbers of cards (25 murder cards, five evidence decks of 33, five
Jovans, 50 legwork and 25 hardship cards), and the design rules fix the rest, so a seed alone
chooses a case; an unknown option is refused.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from generator.kit.options import OptionSet

OPTIONS = OptionSet(options=())


def settings_from_options(options: Mapping[str, Any]) -> dict[str, Any]:
    """The (empty) settings ``options`` ask for; :class:`~generator.registry.CaseOptionsError`
    for any option at all."""
    return OPTIONS.parse(options)
