"""Make a Murder, She Wrote island: the ring with z3, the names from the pools, then the proof.

1. **Ring** (:mod:`.layout`, z3): the seed picks the ring's length within the ``size`` option,
   the locations' clockwise order and the targets; z3 lays out the ring by the design rules.
2. **Names** (:mod:`.content`): the island, the Hotel and eight other places, nine islanders
   (a given and a family name each, none twice) and each one's calling, fitting its place.
3. **Proof**: the independent verifier (:mod:`.verify`) reads the finished island; an island it
   rejects is a bug, not a bad draw (:class:`GenerationError`).

Every draw comes from the attempt's ``random.Random`` (the kit's
:func:`~generator.kit.retry.retry`), in a fixed order, so the same seed and options give the
same island.

===================  ==========================================================
reason               the draft is rejected when
===================  ==========================================================
``layout/unknown``   z3 finds no ring within its effort bound
``layout/unsat``     the design rules admit no ring of that length in that order
===================  ==========================================================
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Mapping

from generator.kit import names
from generator.kit.retry import GenerationError, retry
from rules.murder_she_wrote.case import LOCATION_COUNT, Island, Islander, Location

from . import content
from .layout import ring_of, rooms_of, solve_layout
from .options import Settings
from .verify import Report, verify

__all__ = ["ATTEMPTS", "GenerationError", "build_island", "generate_island"]

ATTEMPTS = 8


def islanders_and_locations(
    rng: random.Random, rooms: Mapping[str, tuple[int, ...]]
) -> tuple[tuple[Location, ...], tuple[Islander, ...]]:
    """The nine locations (the Hotel first) and their islanders, named from the pools."""
    hotels, places = dict(content.HOTELS), dict(content.PLACES)
    chosen = [names.choose(rng, hotels), *names.sample(rng, places, LOCATION_COUNT - 1)]
    callings = {**hotels, **places}
    people = names.person_names(
        rng, LOCATION_COUNT, given=content.GIVEN_NAMES, family=content.FAMILY_NAMES
    )
    locations, islanders = [], []
    for number, (place, person) in enumerate(zip(chosen, people, strict=True), 1):
        locations.append(Location(f"L{number}", place, f"I{number}", rooms[f"L{number}"]))
        islanders.append(Islander(f"I{number}", person, rng.choice(callings[place])))
    return tuple(locations), tuple(islanders)


def build_island(rng: random.Random, settings: Settings) -> Island:
    """One draft of an island, drawn from ``rng`` (the ring first, then the names)."""
    shortest, longest = settings.ring_lengths
    size = rng.randint(shortest, longest)
    values = solve_layout(rng, size)
    locations, islanders = islanders_and_locations(rng, rooms_of(size, values))
    return Island(
        name=names.choose(rng, content.ISLANDS),
        ring=ring_of(size, values),
        locations=locations,
        islanders=islanders,
    )


def generate_island(
    seed: int, settings: Settings, *, rejections: Counter[str] | None = None
) -> tuple[Island, Report]:
    """The island of ``seed`` and the independent verifier's report on it (its rating).

    :class:`~generator.kit.retry.AttemptsExhausted` when every draft is rejected;
    :class:`GenerationError` when a finished island fails the verifier (a bug).
    """

    def attempt(rng: random.Random) -> tuple[Island, Report]:
        island = build_island(rng, settings)
        report = verify(island)
        if not report.ok:
            raise GenerationError(
                f"seed {seed}: the verifier rejects the island: {report.problems}"
            )
        return island, report

    return retry(
        attempt,
        seed=seed,
        attempts=ATTEMPTS,
        what=f"Murder, She Wrote island for seed {seed} of size {settings.size}",
        rejections=rejections,
    )
