"""The Murder City case generator; importing this package registers the system.

``generate(seed, options)`` returns the envelope parts of a case (:mod:`.maker` makes it,
:mod:`.model` chooses the cards' numbers with z3, :mod:`.verify` proves it fair) and its
rating, the exact chance of each charge of each murder card at 3 to 12 dice (:mod:`.chances`);
``verify(envelope)`` is the independent verifier's hook. The registration serves them with the
rules (``rules.murder_city.game.SYSTEM``) and the legwork and hardship cards' names for
narration (:data:`CARD_NAMES`). The maker and the chances (z3 with them) are imported when a
case is first made, not with the package (``generator.registry.prepare``).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from generator import registry as generators
from generator.kit import hooks
from generator.kit.retry import GenerationError
from rules import registry
from rules.murder_city.cards import HARDSHIP_BY_ID, LEGWORK_BY_ID
from rules.murder_city.case import SCHEMA_VERSION, SYSTEM_ID, to_envelope_parts
from rules.murder_city.game import SYSTEM

from .options import OPTIONS, settings_from_options
from .verify import verify_envelope

__all__ = [
    "CARD_NAMES",
    "FAIRNESS",
    "OPTIONS",
    "SCHEMA_VERSION",
    "SYSTEM_ID",
    "GenerationError",
    "envelope",
    "generate",
    "verify",
]

#: What makes a Murder City case fair, and how it is proved.
FAIRNESS = (
    "Every murder card needs three different evidence types, each type needed by two to four "
    "murders of every colour; its three charges lie in the rulebook's bands, strictly "
    "decreasing, a harder charge never paying less, every one reachable by three genuine "
    "value-3 cards, and every colour's cards add up to the same thresholds and payouts; every "
    "deck holds six genuine cards of each colour with values 1 to 3 adding up alike, so every "
    "murder has genuine evidence of each type it needs, and three jokers; every type is one "
    "Jovan's pick, another's die and a third's weakness, never a Jovan's own strength: z3 "
    "chooses the numbers under these rules, and an independent check without z3 reads the whole "
    "case again and counts every charge's exact chance at 3 to 12 dice."
)


generators.makes_cases_with(SYSTEM_ID, f"{__name__}.maker", f"{__name__}.chances")


def generate(seed: int, options: Mapping[str, Any]) -> dict[str, Any]:
    """The parts of the case for ``seed`` and ``options``, with its rating."""
    from . import chances
    from .maker import generate_city

    settings_from_options(options)
    city, _ = generate_city(seed)
    return to_envelope_parts(city) | {"rating": chances.rating(city.murders)}


#: What the independent verifier finds wrong with an envelope (nothing for a fair case), after
#: checking it is one of this system's at this schema version.
verify = hooks.checked_verifier(SYSTEM_ID, SCHEMA_VERSION, verify_envelope)


#: Every legwork and hardship card's name by its catalogue id, and its rules text under
#: :data:`TEXT_SUFFIX` (``"S01:text"``: a setback is read aloud): every game deals the same
#: cards, so narration names them without a case.
TEXT_SUFFIX = hooks.TEXT_SUFFIX
CARD_NAMES: dict[str, str] = hooks.card_glossary(
    (*LEGWORK_BY_ID.values(), *HARDSHIP_BY_ID.values())
)


#: ``envelope(seed, options=None)``: the case's whole envelope, as the registry wraps it.
envelope = hooks.envelope_maker(SYSTEM_ID)


registry.register(
    registry.Registration(
        system=SYSTEM,
        generate=generate,
        verify=verify,
        schema_version=SCHEMA_VERSION,
        fairness=FAIRNESS,
        glossary=CARD_NAMES,
    )
)
