"""Make a Murder City case: the numbers with z3, the words from the pools, then the proof.

1. **Numbers** (:mod:`.model`, z3): the needs and charges of the 25 murder cards, the values of
   the genuine evidence, the Jovans' strengths, weaknesses and starting types, with the seed's
   hints.
2. **Permutations**: the seed shuffles what no design rule tells apart: which colour gets which
   block of five murder cards, which type each model type is (for the murders, the decks and
   the Jovans separately), the cards' order within a colour, the values within a colour of a
   deck, the order of a murder's three needs (means, motive, opportunity), the Jovans' order,
   and each deck's catalogue order (so an evidence id does not tell its colour).
3. **Words** (:mod:`.content`): the arcology, each murder's type and three possible suspects
   from its colour's pools, each genuine card's item (five of its colour's own items and one it
   shares with a neighbouring colour), the Jovans' names and titles.
4. **Proof**: the independent verifier (:mod:`.verify`) reads the finished case; a case it
   rejects is a bug, not a bad draw (:class:`GenerationError`).

Every draw comes from the attempt's ``random.Random`` (the kit's
:func:`~generator.kit.retry.retry`), in a fixed order, so the same seed gives the same case.

===================  ==========================================================
reason               the draft is rejected when
===================  ==========================================================
``numbers/unknown``  z3 finds no cards within its effort bound
``numbers/unsat``    the seed's hints leave no cards the design rules allow
===================  ==========================================================
"""

from __future__ import annotations

import random
from collections import Counter

from generator.kit import names
from generator.kit.retry import GenerationError, retry
from rules.murder_city import cards
from rules.murder_city.case import (
    CHARGES,
    COLOURS,
    DECK_PREFIX,
    EVIDENCE_TYPES,
    JOKER,
    JOKER_VALUE,
    MURDERS_PER_COLOUR,
    Charge,
    City,
    EvidenceCard,
    Jovan,
    MurderCard,
)

from . import content
from .design import JOKERS_PER_DECK
from .model import Numbers, solve_numbers
from .verify import Report, verify

__all__ = ["ATTEMPTS", "GenerationError", "build_city", "generate_city"]

ATTEMPTS = 8
SUSPECTS_PER_CARD = 3


def _permutation(rng: random.Random, items: tuple[str, ...]) -> tuple[str, ...]:
    return tuple(rng.sample(items, len(items)))


def murder_cards(rng: random.Random, numbers: Numbers) -> tuple[MurderCard, ...]:
    """The 25 murder cards, five a colour in colour order, ``M01`` … ``M25``."""
    colours = _permutation(rng, COLOURS)  # the colour of the model's block k
    types = _permutation(rng, EVIDENCE_TYPES)  # the type of the model's type t
    blocks = {colour: k for k, colour in enumerate(colours)}
    made: list[MurderCard] = []
    for colour in COLOURS:
        k = blocks[colour]
        members = rng.sample(range(k * MURDERS_PER_COLOUR, (k + 1) * MURDERS_PER_COLOUR), 5)
        kinds = names.sample(rng, content.MURDER_TYPES[colour], MURDERS_PER_COLOUR)
        for m, kind in zip(members, kinds, strict=True):
            needs = [types[t] for t in numbers.needs[m]]
            rng.shuffle(needs)
            charges = tuple(
                Charge(name, threshold, payout)
                for name, (threshold, payout) in zip(CHARGES, numbers.charges[m], strict=True)
            )
            made.append(
                MurderCard(
                    id=f"M{len(made) + 1:02d}",
                    name=kind,
                    colour=colour,
                    suspects=names.sample(rng, content.SUSPECTS[colour], SUSPECTS_PER_CARD),
                    needs=(needs[0], needs[1], needs[2]),
                    charges=(charges[0], charges[1], charges[2]),
                )
            )
    return tuple(made)


def _items(rng: random.Random, evidence_type: str, colour: str, count: int) -> list[str]:
    """``count`` different items for one colour of one deck: one shared with a neighbouring
    colour, the rest the colour's own."""
    own = names.sample(rng, content.ITEMS[evidence_type][colour], count - 1)
    shared = names.choose(rng, content.shared_items(evidence_type, colour))
    items = [*own, shared]
    rng.shuffle(items)
    return items


def evidence_cards(rng: random.Random, numbers: Numbers) -> tuple[EvidenceCard, ...]:
    """The five decks of 33, deck by deck in :data:`EVIDENCE_TYPES` order, each deck's cards in
    the seed's order and numbered from 01."""
    types = _permutation(rng, EVIDENCE_TYPES)
    decks = {evidence_type: t for t, evidence_type in enumerate(types)}
    made: list[EvidenceCard] = []
    for evidence_type in EVIDENCE_TYPES:
        rows = numbers.values[decks[evidence_type]]
        colours = _permutation(rng, COLOURS)
        faces: list[tuple[str, int, str]] = []
        for colour, row in zip(colours, rows, strict=True):
            values = list(row)
            rng.shuffle(values)
            items = _items(rng, evidence_type, colour, len(values))
            faces += [(colour, v, item) for v, item in zip(values, items, strict=True)]
        faces += [(JOKER, JOKER_VALUE, "")] * JOKERS_PER_DECK
        rng.shuffle(faces)
        prefix = DECK_PREFIX[evidence_type]
        made += [
            EvidenceCard(f"{prefix}{n:02d}", evidence_type, colour, value, item)
            for n, (colour, value, item) in enumerate(faces, 1)
        ]
    return tuple(made)


def jovans(rng: random.Random, numbers: Numbers) -> tuple[Jovan, ...]:
    """The five Jovans, ``J1`` … ``J5``, named from the pools."""
    types = _permutation(rng, EVIDENCE_TYPES)
    rows = rng.sample(numbers.jovans, len(numbers.jovans))
    people = names.person_names(
        rng, len(rows), given=content.JOVAN_GIVEN, family=content.JOVAN_FAMILY
    )
    titles = names.sample(rng, content.JOVAN_TITLES, len(rows))
    made = []
    for n, ((pick, die, weak, starting), person, title) in enumerate(
        zip(rows, people, titles, strict=True), 1
    ):
        starts = sorted((types[t] for t in starting), key=EVIDENCE_TYPES.index)
        made.append(
            Jovan(
                id=f"J{n}",
                name=person,
                title=title,
                strength_pick=types[pick],
                strength_die=types[die],
                weakness=types[weak],
                starting=(starts[0], starts[1], starts[2]),
            )
        )
    return tuple(made)


def build_city(rng: random.Random) -> City:
    """One draft of a case, drawn from ``rng`` (the numbers first, then the cards)."""
    numbers = solve_numbers(rng)
    return City(
        name=names.choose(rng, content.ARCOLOGIES),
        murders=murder_cards(rng, numbers),
        evidence=evidence_cards(rng, numbers),
        jovans=jovans(rng, numbers),
        legwork=cards.legwork_deck(),
        hardship=cards.hardship_deck(),
    )


def generate_city(seed: int, *, rejections: Counter[str] | None = None) -> tuple[City, Report]:
    """The case of ``seed`` and the independent verifier's report on it (its rating).

    :class:`~generator.kit.retry.AttemptsExhausted` when every draft is rejected;
    :class:`GenerationError` when a finished case fails the verifier (a bug).
    """

    def attempt(rng: random.Random) -> tuple[City, Report]:
        city = build_city(rng)
        report = verify(city)
        if not report.ok:
            raise GenerationError(f"seed {seed}: the verifier rejects the case: {report.problems}")
        return city, report

    return retry(
        attempt,
        seed=seed,
        attempts=ATTEMPTS,
        what=f"Murder City case for seed {seed}",
        rejections=rejections,
    )
