"""The Murder, She Wrote island generator; importing this package registers the system.

``generate(seed, options)`` returns the envelope parts of an island (:mod:`.maker` makes it,
:mod:`.layout` lays out the ring with z3, :mod:`.verify` proves it playable with its own search
over the moves, :mod:`.reach`) and a small rating; ``verify(envelope)`` is the independent
verifier's hook; ``deduce(view)`` (:mod:`.deduction`) is what a seat can conclude about the
Murderer. The registration serves them with the rules (``rules.murder_she_wrote.SYSTEM``,
whose ``SPEC`` states the modes and their options). The maker and the deduction (z3 with them)
are imported when an island is first made or deduced about, not with the package
(``generator.registry.prepare``).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from generator import registry as generators
from generator.kit import hooks
from generator.kit.retry import GenerationError
from rules import registry
from rules.murder_she_wrote.case import SCHEMA_VERSION, SYSTEM_ID, to_envelope_parts
from rules.murder_she_wrote.game import SYSTEM

from .options import OPTIONS, settings_from_options
from .verify import verify_envelope

__all__ = [
    "FAIRNESS",
    "OPTIONS",
    "SCHEMA_VERSION",
    "SYSTEM_ID",
    "GenerationError",
    "envelope",
    "generate",
    "verify",
]

#: What makes a Murder, She Wrote island fair, and how it is proved.
FAIRNESS = (
    "The island is a ring of 56-72 spaces with nine locations of three rooms, a To space for "
    "each but the Hotel (further than a roll from it), two docks on opposite sides, two Accuse "
    "and two Escape spaces well apart, no two single spaces side by side and no Escape space "
    "within the first roll: z3 lays the ring out under these rules, and an independent check "
    "without z3 reads the island again and searches every roll from the Start, proving that "
    "every room can be landed on, every Accuse and Escape space reached, that a Jessica can "
    "accuse and that a Murderer can visit five locations and flee within the shortest game."
)


generators.makes_cases_with(SYSTEM_ID, f"{__name__}.maker")


def generate(seed: int, options: Mapping[str, Any]) -> dict[str, Any]:
    """The parts of the island for ``seed`` and ``options``, with its rating."""
    from .maker import generate_island

    island, report = generate_island(seed, settings_from_options(options))
    return to_envelope_parts(island) | {"rating": dict(report.rating)}


def deduce(view: Mapping[str, Any]) -> dict[str, Any]:
    """What a seat can conclude about the Murderer from its own view (:mod:`.deduction`)."""
    from .deduction import deduce as conclude

    return conclude(view)


#: What the independent verifier finds wrong with an envelope (nothing for a fair island), after
#: checking it is one of this system's at this schema version.
verify = hooks.checked_verifier(SYSTEM_ID, SCHEMA_VERSION, verify_envelope)


#: ``envelope(seed, options=None)``: the island's whole envelope, as the registry wraps it.
envelope = hooks.envelope_maker(SYSTEM_ID)


registry.register(
    registry.Registration(
        system=SYSTEM,
        generate=generate,
        verify=verify,
        deduce=deduce,
        schema_version=SCHEMA_VERSION,
        fairness=FAIRNESS,
    )
)
