"""The independent verifier of a Murder City case.

Written without z3 and without the generator's model or its dice arithmetic: it imports the
case types, the design numbers (:mod:`.design`), the word pools (:mod:`.content`) and the
legwork and hardship catalogue, reads a :class:`City` as someone printing the cards would, and
checks

1. the murder cards: 25, ``M01`` … ``M25``, five of each colour, each with a name and three
   suspects from its colour's pools (no name twice), three different evidence types it needs,
   each type needed by 2-4 of a colour's five murders and 15 in all, no two of a colour needing
   the same three;
2. the charges: Murder One, Manslaughter, Aggravated Assault in that order, each in its band
   (a higher threshold never paying less), thresholds and payouts strictly decreasing, every
   threshold reachable by a full case's dice and by three genuine value-3 cards alone, every
   colour's cards adding up to the same thresholds and payouts;
3. the evidence: five decks of 33 numbered from 01 with their prefix, three jokers a deck
   (worth 1, no item), six genuine cards of each colour a deck, every value 1-3 among them,
   the same sum of values in every colour of a deck, each item one of its colour's (different
   within a colour of a deck) and at least one a colour shares with another; every murder card
   has genuine evidence of its colour for each type it needs;
4. the Jovans: five, ``J1`` … ``J5``, different names and titles; every type the discard-pile
   strength of one, the die strength of one and the weakness of one; a weakness never one of
   the Jovan's strengths, nor its two strengths one type; three different starting types with
   its pick and without its weakness; every type the starting type of three; no two alike;
5. the legwork (50) and hardship (25) decks: the catalogue's cards, each as often as it says;
6. the exact chance of every charge at 3 to 12 dice (:attr:`Report.ways`), counted by
   inclusion and exclusion over the dice (not the generator's convolution), and, from the
   envelope, the rating's figures against them.

Each problem has a stable ``code`` and a sentence.
"""

from __future__ import annotations

import functools
import itertools
from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass, field
from math import comb
from typing import Any

from rules.murder_city import cards
from rules.murder_city.case import (
    CHARGES,
    COLOURS,
    DECK_PREFIX,
    EVIDENCE_PER_DECK,
    EVIDENCE_TYPES,
    HARDSHIP_DECK,
    JOKER,
    JOKER_VALUE,
    JOVAN_COUNT,
    LEGWORK_DECK,
    MURDERS_PER_COLOUR,
    PORTS,
    VALUES,
    City,
    MurderCard,
    from_envelope,
)

from . import content
from .design import (
    BANDS,
    FULL_CASE_DICE,
    GENUINE_CASE_DICE,
    GENUINE_PER_COLOUR,
    JOKERS_PER_DECK,
    NEED_SHARE,
    NEEDS_PER_TYPE,
    VALUE_SUMS,
)

FACES = 6
#: The dice counts whose chances the verifier counts (and the rating lists).
DICE_COUNTS: tuple[int, ...] = tuple(range(3, 13))


@dataclass(frozen=True)
class Problem:
    code: str
    message: str


@dataclass(frozen=True)
class Report:
    problems: tuple[Problem, ...]
    #: murder card id -> charge -> ways out of 6**dice, one per :data:`DICE_COUNTS`
    ways: Mapping[str, Mapping[str, tuple[int, ...]]] = field(default_factory=dict)

    @property
    def ok(self) -> bool:
        return not self.problems

    @property
    def codes(self) -> frozenset[str]:
        return frozenset(problem.code for problem in self.problems)


def ways_of_total(dice: int, total: int) -> int:
    """In how many rolls of ``dice`` six-sided dice the faces add up to ``total``: the
    inclusion-exclusion count over the dice showing more than six."""
    if dice == 0:
        return int(total == 0)
    return sum(
        (-1) ** j * comb(dice, j) * comb(total - FACES * j - 1, dice - 1)
        for j in range(dice + 1)
        if total - FACES * j - 1 >= dice - 1
    )


@functools.cache
def ways_reaching(dice: int, threshold: int) -> int:
    """In how many rolls of ``dice`` dice the total is ``threshold`` or more."""
    return sum(ways_of_total(dice, s) for s in range(max(threshold, dice), FACES * dice + 1))


def charge_ways(card: MurderCard) -> dict[str, tuple[int, ...]]:
    """Per charge of ``card``, the rolls at each of :data:`DICE_COUNTS` whose total reaches
    its threshold and not the one above."""
    found: dict[str, tuple[int, ...]] = {}
    above = [0] * len(DICE_COUNTS)
    for charge in card.charges:
        reaching = [ways_reaching(dice, charge.threshold) for dice in DICE_COUNTS]
        found[charge.name] = tuple(r - a for r, a in zip(reaching, above, strict=True))
        above = reaching
    return found


def verify(city: City) -> Report:
    """Every problem of ``city`` (none for a fair one) and the exact chances of its charges."""
    checker = _Checker(city)
    checker.check_murders()
    checker.check_charges()
    checker.check_evidence()
    checker.check_jovans()
    checker.check_decks()
    ways = {}
    if not checker.problems:
        ways = {card.id: charge_ways(card) for card in city.murders}
    return Report(tuple(checker.problems), ways)


def verify_envelope(envelope: Mapping[str, Any]) -> list[tuple[str, str]]:
    """The registry's verifier hook: ``(code, reason)`` pairs, none for a fair case; a rating
    in the envelope must give the chances the verifier counts."""
    try:
        city = from_envelope(envelope)
    except (KeyError, TypeError, ValueError, AttributeError) as error:
        return [("envelope/malformed", f"not a Murder City case: {error!r}")]
    report = verify(city)
    problems = [(problem.code, problem.message) for problem in report.problems]
    if report.ok:
        problems += check_rating(envelope.get("rating") or {}, report)
    return problems


def check_rating(rating: Mapping[str, Any], report: Report) -> list[tuple[str, str]]:
    """The rating's chances against the verifier's count (a rating without chances passes)."""
    if "charges" not in rating:
        return []
    if list(rating.get("dice", ())) != list(DICE_COUNTS) or rating.get("faces") != FACES:
        return [("rating/dice", f"the rating's dice {rating.get('dice')!r} are not 3 to 12 d6")]
    listed = rating["charges"]
    problems = []
    for card_id, ways in report.ways.items():
        entry = listed.get(card_id) if isinstance(listed, Mapping) else None
        for charge, counted in ways.items():
            given = None if entry is None else entry.get("ways", {}).get(charge)
            if given is None or [int(w) for w in given] != list(counted):
                problems.append(
                    (
                        "rating/chances",
                        f"{card_id} {charge}: the rating gives {given}, not {counted}",
                    )
                )
    return problems


class _Checker:
    def __init__(self, city: City) -> None:
        self.city = city
        self.problems: list[Problem] = []

    def problem(self, code: str, message: str) -> None:
        self.problems.append(Problem(code, message))

    # murder cards -----------------------------------------------------------------------------

    def check_murders(self) -> None:
        murders = self.city.murders
        expected = [f"M{n:02d}" for n in range(1, len(COLOURS) * MURDERS_PER_COLOUR + 1)]
        if [card.id for card in murders] != expected:
            self.problem("murders/ids", "the murder cards are not M01 … M25 in order")
        colours = Counter(card.colour for card in murders)
        if colours != Counter(dict.fromkeys(COLOURS, MURDERS_PER_COLOUR)):
            self.problem("murders/colours", f"not five murder cards of each colour: {colours}")
        for name, count in Counter(card.name for card in murders).items():
            if count > 1:
                self.problem("murders/name-twice", f"{name!r} names {count} murder cards")
        for card in murders:
            self.check_murder(card)
        self.check_needs_share()

    def check_murder(self, card: MurderCard) -> None:
        if card.colour not in COLOURS:
            self.problem("murders/colours", f"{card.id} has no murder colour: {card.colour!r}")
            return
        if card.name not in content.MURDER_TYPES[card.colour]:
            self.problem("murders/name", f"{card.id} {card.name!r} is no {card.colour} murder")
        suspects = card.suspects
        if len(suspects) != 3 or len(set(suspects)) != 3:
            self.problem("murders/suspects", f"{card.id} has not three different suspects")
        stray = [s for s in suspects if s not in content.SUSPECTS[card.colour]]
        if stray:
            self.problem("murders/suspects", f"{card.id}: {stray} suspect no {card.colour} murder")
        if len(card.needs) != PORTS or len(set(card.needs)) != PORTS:
            self.problem("murders/needs", f"{card.id} does not need three different types")
        if any(need not in EVIDENCE_TYPES for need in card.needs):
            self.problem("murders/needs", f"{card.id} needs an unknown type: {card.needs}")

    def check_needs_share(self) -> None:
        low, high = NEED_SHARE
        totals: Counter[str] = Counter()
        for colour in COLOURS:
            cards_of = [card for card in self.city.murders if card.colour == colour]
            shares = Counter(need for card in cards_of for need in card.needs)
            totals.update(shares)
            for evidence_type in EVIDENCE_TYPES:
                if not low <= shares[evidence_type] <= high:
                    self.problem(
                        "murders/needs-share",
                        f"{shares[evidence_type]} {colour} murders need {evidence_type},"
                        f" not {low}-{high}",
                    )
            for a, b in itertools.combinations(cards_of, 2):
                if set(a.needs) == set(b.needs):
                    self.problem("murders/needs-twice", f"{a.id} and {b.id} need the same types")
        for evidence_type in EVIDENCE_TYPES:
            if totals[evidence_type] != NEEDS_PER_TYPE:
                self.problem(
                    "murders/needs-share",
                    f"{totals[evidence_type]} murders need {evidence_type}, not {NEEDS_PER_TYPE}",
                )

    # charges ----------------------------------------------------------------------------------

    def check_charges(self) -> None:
        for card in self.city.murders:
            names = tuple(charge.name for charge in card.charges)
            if names != CHARGES:
                self.problem("charges/names", f"{card.id}'s charges are {names}")
                continue
            for charge, band in zip(card.charges, BANDS, strict=True):
                low, high = band.thresholds
                if not low <= charge.threshold <= high:
                    self.problem(
                        "charges/band", f"{card.id} {charge.name} needs {charge.threshold}"
                    )
                elif charge.payout not in band.payouts_for(charge.threshold):
                    self.problem(
                        "charges/band",
                        f"{card.id} {charge.name} pays {charge.payout} for {charge.threshold}",
                    )
                if charge.threshold > FACES * GENUINE_CASE_DICE:
                    self.problem(
                        "charges/unreachable",
                        f"{card.id} {charge.name}: {charge.threshold} is out of reach",
                    )
                if charge.threshold > FACES * FULL_CASE_DICE or charge.threshold < 1:
                    self.problem(
                        "charges/unreachable",
                        f"{card.id} {charge.name}: no full case reaches {charge.threshold}",
                    )
            for upper, lower in itertools.pairwise(card.charges):
                if not (upper.threshold > lower.threshold and upper.payout > lower.payout):
                    self.problem(
                        "charges/decreasing",
                        f"{card.id}: {upper.name} {upper.threshold}/{upper.payout} is not above"
                        f" {lower.name} {lower.threshold}/{lower.payout}",
                    )
        self.check_charge_balance()

    def check_charge_balance(self) -> None:
        for index, name in enumerate(CHARGES):
            for part in ("threshold", "payout"):
                totals = {
                    colour: sum(
                        getattr(card.charges[index], part)
                        for card in self.city.murders
                        if card.colour == colour and len(card.charges) > index
                    )
                    for colour in COLOURS
                }
                if len(set(totals.values())) > 1:
                    self.problem(
                        "charges/colour-balance", f"{name} {part}s add up differently: {totals}"
                    )

    # evidence ---------------------------------------------------------------------------------

    def check_evidence(self) -> None:
        evidence = self.city.evidence
        if len(evidence) != EVIDENCE_PER_DECK * len(EVIDENCE_TYPES):
            self.problem("evidence/count", f"{len(evidence)} evidence cards, not 165")
        for evidence_type in EVIDENCE_TYPES:
            self.check_deck(evidence_type)
        for card in self.city.murders:
            for need in card.needs:
                if not any(
                    e.type == need and e.colour == card.colour and e.value in VALUES
                    for e in evidence
                ):
                    self.problem(
                        "evidence/need-unmet", f"no genuine {card.colour} {need} for {card.id}"
                    )

    def check_deck(self, evidence_type: str) -> None:
        deck = [card for card in self.city.evidence if card.type == evidence_type]
        prefix = DECK_PREFIX[evidence_type]
        if [card.id for card in deck] != [
            f"{prefix}{n:02d}" for n in range(1, EVIDENCE_PER_DECK + 1)
        ]:
            self.problem("evidence/ids", f"the {evidence_type} deck is not {prefix}01 … 33")
        jokers = [card for card in deck if card.colour == JOKER]
        if len(jokers) != JOKERS_PER_DECK:
            self.problem("evidence/jokers", f"{len(jokers)} {evidence_type} jokers, not 3")
        for card in jokers:
            if card.value != JOKER_VALUE or card.item:
                self.problem("evidence/jokers", f"joker {card.id} is worth {card.value}, names")
        for card in deck:
            if card.colour != JOKER and card.colour not in COLOURS:
                self.problem("evidence/colours", f"{card.id} has no colour: {card.colour!r}")
        for colour in COLOURS:
            self.check_colour(evidence_type, colour, [c for c in deck if c.colour == colour])

    def check_colour(self, evidence_type: str, colour: str, genuine: list[Any]) -> None:
        where = f"{colour} {evidence_type}"
        if len(genuine) != GENUINE_PER_COLOUR:
            self.problem("evidence/genuine-count", f"{len(genuine)} {where} cards, not 6")
        values = [card.value for card in genuine]
        if any(v not in VALUES for v in values):
            self.problem("evidence/values", f"{where} values {values} are not 1-3")
        elif set(values) != set(VALUES):
            self.problem("evidence/values", f"{where} values {values} lack one of 1, 2, 3")
        total = sum(values)
        low, high = VALUE_SUMS
        if not low <= total <= high:
            self.problem("evidence/value-balance", f"{where} values add up to {total}")
        others = [c for c in self.city.evidence if c.type == evidence_type and c.colour in COLOURS]
        first = next((c for c in COLOURS if c != colour), colour)
        reference = sum(c.value for c in others if c.colour == first)
        if total != reference:
            self.problem(
                "evidence/value-balance", f"{where} values add up to {total}, {first} {reference}"
            )
        items = [card.item for card in genuine]
        allowed = content.items_of(evidence_type, colour)
        for card in genuine:
            if card.item not in allowed:
                self.problem("evidence/item", f"{card.id} {card.item!r} fits no {colour} murder")
        if len(set(items)) != len(items):
            self.problem("evidence/item-twice", f"{where} names an item twice: {items}")
        ambiguous = [
            item
            for item in items
            if any(item in content.items_of(evidence_type, c) for c in COLOURS if c != colour)
        ]
        if genuine and not ambiguous:
            self.problem("evidence/telling-items", f"every {where} item tells its colour")

    # Jovans -----------------------------------------------------------------------------------

    def check_jovans(self) -> None:
        jovans = self.city.jovans
        if [j.id for j in jovans] != [f"J{n}" for n in range(1, JOVAN_COUNT + 1)]:
            self.problem("jovans/ids", "the Jovans are not J1 … J5 in order")
        for part in ("name", "title"):
            values = [getattr(j, part) for j in jovans]
            if len(set(values)) != len(values) or not all(values):
                self.problem("jovans/names", f"the Jovans' {part}s repeat or are empty: {values}")
        for part in ("strength_pick", "strength_die", "weakness"):
            values = [getattr(j, part) for j in jovans]
            if sorted(values) != sorted(EVIDENCE_TYPES):
                self.problem("jovans/cover", f"the Jovans' {part} types are {values}")
        starts: Counter[str] = Counter()
        for jovan in jovans:
            kinds = (jovan.strength_pick, jovan.strength_die, jovan.weakness, *jovan.starting)
            if any(kind not in EVIDENCE_TYPES for kind in kinds):
                self.problem("jovans/types", f"{jovan.id} names an unknown type: {kinds}")
            if jovan.weakness in (jovan.strength_pick, jovan.strength_die):
                self.problem("jovans/weakness", f"{jovan.id}'s weakness is one of its strengths")
            if jovan.strength_pick == jovan.strength_die:
                self.problem("jovans/strengths", f"{jovan.id}'s two strengths are one type")
            if len(set(jovan.starting)) != PORTS:
                self.problem("jovans/starting", f"{jovan.id} starts with {jovan.starting}")
            if jovan.strength_pick not in jovan.starting or jovan.weakness in jovan.starting:
                self.problem(
                    "jovans/starting",
                    f"{jovan.id} starts with {jovan.starting}: not its pick, or its weakness",
                )
            starts.update(set(jovan.starting))
        expected = JOVAN_COUNT * PORTS // len(EVIDENCE_TYPES)
        if any(starts[t] != expected for t in EVIDENCE_TYPES):
            self.problem("jovans/starting-share", f"the starting types are not 3 each: {starts}")
        sets = [frozenset(j.starting) for j in jovans]
        if len(set(sets)) != len(sets):
            self.problem("jovans/alike", "two Jovans start with the same types")

    # legwork and hardship ---------------------------------------------------------------------

    def check_decks(self) -> None:
        for what, deck, size, catalogue in (
            ("legwork", self.city.legwork, LEGWORK_DECK, cards.legwork_deck()),
            ("hardship", self.city.hardship, HARDSHIP_DECK, cards.hardship_deck()),
        ):
            if len(deck) != size or Counter(deck) != Counter(catalogue):
                self.problem(f"decks/{what}", f"the {what} deck is not the catalogue's {size}")
        if not self.city.name:
            self.problem("city/name", "the arcology has no name")
