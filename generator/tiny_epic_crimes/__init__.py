"""The Tiny Epic Crimes case generator; importing this package registers the system.

``generate(seed, options)`` returns the envelope parts of a case (:mod:`.maker` makes it,
:mod:`.roster` chooses the suspects with z3, :mod:`.city` lays out the city, :mod:`.verify`
proves it fair) and a small rating; ``verify(envelope)`` is the independent verifier's hook.
The registration serves them with the rules (``rules.tiny_epic_crimes.SYSTEM``, whose ``SPEC``
states the modes and their options), the case options a table's size needs
(:func:`table_options`) and the cards' names for narration (:data:`CARD_NAMES`). The maker (z3
with it) is imported when a case is first made, not with the package
(``generator.registry.prepare``).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from generator import registry as generators
from generator.kit import hooks
from generator.kit.retry import GenerationError
from rules import registry
from rules.tiny_epic_crimes.cards import ABILITIES, EVENTS, FORCE_CARDS
from rules.tiny_epic_crimes.case import SCHEMA_VERSION, SYSTEM_ID, to_envelope_parts
from rules.tiny_epic_crimes.game import SYSTEM

from .options import OPTIONS, settings_from_options
from .verify import verify as verify_case
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
    "table_options",
    "verify",
]

#: What makes a Tiny Epic Crimes case fair, and how it is proved.
FAIRNESS = (
    "The five evidences name exactly one suspect, any four of them already do, every value is "
    "on half the suspects, every clue token an evidence needs is on the board and can be "
    "collected, and the time track leaves the hours to collect them: z3 chooses the roster "
    "under these constraints, and an independent check without z3 reads the whole case again."
)


generators.makes_cases_with(SYSTEM_ID, f"{__name__}.maker")


def generate(seed: int, options: Mapping[str, Any]) -> dict[str, Any]:
    """The parts of the case for ``seed`` and ``options``, with its rating."""
    from .maker import generate_case

    case = generate_case(seed, settings_from_options(options))
    plans = verify_case(case).plan_hours
    return to_envelope_parts(case) | {"rating": {"plan_hours": dict(plans)}}


#: What the independent verifier finds wrong with an envelope (nothing for a fair case), after
#: checking it is one of this system's at this schema version.
verify = hooks.checked_verifier(SYSTEM_ID, SCHEMA_VERSION, verify_envelope)


#: The game option of a mode in which one person plays several officers (solo).
OFFICERS_OPTION = "officers"


def table_options(mode: str, seats: int, game_options: Mapping[str, Any]) -> dict[str, Any]:
    """A game that makes its own case lays it out for its officers: two (and one) use the
    2-player variant's clue tokens. The officers are the seats, or the mode's ``officers``
    option where one person plays several (solo)."""
    return {"players": int(game_options.get(OFFICERS_OPTION, seats))}


#: Every card's name by its id (``"E03"``, ``"F10"``, ``"A01"``) and its text by the id and
#: :data:`TEXT_SUFFIX` (``"E03:text"``): every game deals the same cards, so narration names them
#: and reads them aloud without a case.
TEXT_SUFFIX = hooks.TEXT_SUFFIX
CARD_NAMES: dict[str, str] = hooks.card_glossary((*EVENTS, *FORCE_CARDS, *ABILITIES))


#: ``envelope(seed, options=None)``: the case's whole envelope, as the registry wraps it.
envelope = hooks.envelope_maker(SYSTEM_ID)


registry.register(
    registry.Registration(
        system=SYSTEM,
        generate=generate,
        verify=verify,
        schema_version=SCHEMA_VERSION,
        fairness=FAIRNESS,
        table_options=table_options,
        glossary=CARD_NAMES,
    )
)
