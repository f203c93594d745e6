"""Generated cities are the rulebook's components under the design rules, the same for a seed.

Rulebook, Components: "25 Murder Cards ... 165 Evidence Cards ... divided into 5 different
decks: Eyewitness, Forensics, Interrogation, Murder Weapon and Professional Opinion."
Evidence Cards: "Each Evidence deck contains 33 cards. These cards come in various colours
matching the colours of the Murder cards: red, green, blue, yellow and brown." "Each Evidence
card also has a value of 1, 2 or 3." "Some Evidence cards in each deck are jokers (wild). They
have no set colour ... Jokers do not provide lists of items" "All jokers are marked "1"".
Murder Cards: "Murder One 20/6, Manslaughter 16/4, Aggravated Assault 12/2 ... you need to roll
20+ to achieve Murder One ..., 16-19 to achieve Manslaughter, and 12-15 to achieve Aggravated
Assault." Jovan Dataslate Cards: "Each Jovan has a pair of a Strength and a Weakness";
"For example, the Jovan Corporate Liaison must pay to draw a Murder Weapon card."
"""

from __future__ import annotations

import json
from collections import Counter

import pytest

from generator.murder_city import generate, verify
from generator.murder_city.maker import generate_city
from generator.registry import CaseOptionsError
from rules.murder_city import cards
from rules.murder_city.case import (
    CHARGES,
    COLOURS,
    EVIDENCE_TYPES,
    JOKER,
    City,
    from_envelope,
)

from .cities import city_of, envelope_of


def test_the_same_seed_gives_the_same_city_byte_for_byte() -> None:
    first = json.dumps(envelope_of(11), sort_keys=True)
    again = json.dumps(envelope_of(11), sort_keys=True)
    assert first == again
    assert first != json.dumps(envelope_of(12), sort_keys=True)


def test_many_seeds_verify_from_their_envelopes() -> None:
    for seed in range(40):
        made = envelope_of(seed)
        assert verify(made) == [], seed
        assert from_envelope(made) == generate_city(seed)[0]


def test_the_components_count_as_the_rulebook_says() -> None:
    city = city_of()
    assert len(city.murders) == 25
    assert Counter(card.colour for card in city.murders) == dict.fromkeys(COLOURS, 5)
    assert len(city.evidence) == 165
    assert Counter(card.type for card in city.evidence) == dict.fromkeys(EVIDENCE_TYPES, 33)
    assert len(city.jovans) == 5
    assert len(city.legwork) == 50 and len(city.hardship) == 25
    assert Counter(city.legwork) == Counter(cards.legwork_deck())


def test_jokers_are_wild_worth_one_and_name_nothing() -> None:
    for card in city_of().evidence:
        assert card.value in (1, 2, 3)
        if card.colour == JOKER:
            assert card.value == 1 and card.item == ""
        else:
            assert card.colour in COLOURS and card.item
    jokers = Counter(card.type for card in city_of().evidence if card.colour == JOKER)
    assert set(jokers) == set(EVIDENCE_TYPES) and all(jokers.values())


def test_charges_decrease_from_murder_one_down_around_the_rulebook_examples() -> None:
    for seed in range(10):
        for card in city_of(seed).murders:
            assert tuple(charge.name for charge in card.charges) == CHARGES
            (one, man, assault) = card.charges
            assert one.threshold > man.threshold > assault.threshold
            assert one.payout > man.payout > assault.payout
            assert 20 <= one.threshold <= 22 and 6 <= one.payout <= 8
            assert 16 <= man.threshold <= 18 and 4 <= man.payout <= 6
            assert 12 <= assault.threshold <= 14 and 2 <= assault.payout <= 4
            # three value-3 cards roll nine dice: every charge can be reached with them
            assert one.threshold <= 9 * 6


def test_every_need_has_genuine_evidence_of_its_colour() -> None:
    """ "A match between the colour of an Evidence card and the colour of a Murder card means
    the evidence directly relates to that murder": every murder can be proved honestly."""
    for seed in range(10):
        city = city_of(seed)
        for murder in city.murders:
            assert len(set(murder.needs)) == 3
            for need in murder.needs:
                values = {
                    e.value for e in city.evidence if (e.type, e.colour) == (need, murder.colour)
                }
                assert values == {1, 2, 3}


def test_values_are_balanced_across_colours() -> None:
    city = city_of(3)
    for evidence_type in EVIDENCE_TYPES:
        sums: Counter[str] = Counter()
        for card in city.evidence:
            if card.type == evidence_type and card.colour != JOKER:
                sums[card.colour] += card.value
        assert len(set(sums.values())) == 1 and set(sums) == set(COLOURS)


def test_jovans_strengths_and_weaknesses_cover_every_type() -> None:
    for seed in range(10):
        jovans = city_of(seed).jovans
        for part in ("strength_pick", "strength_die", "weakness"):
            assert sorted(getattr(j, part) for j in jovans) == sorted(EVIDENCE_TYPES)
        for jovan in jovans:
            assert jovan.weakness not in (jovan.strength_pick, jovan.strength_die)
            assert len(set(jovan.starting)) == 3 and jovan.weakness not in jovan.starting


def test_seeds_vary_the_numbers_not_only_the_names() -> None:
    def numbers(city: City) -> tuple[object, ...]:
        return (
            tuple((m.colour, m.needs, m.charges) for m in city.murders),
            tuple((e.colour, e.value) for e in city.evidence),
            tuple((j.strength_pick, j.strength_die, j.weakness, j.starting) for j in city.jovans),
        )

    seen = {numbers(city_of(seed)) for seed in range(10)}
    assert len(seen) == 10
    charges = {card.charges for seed in range(10) for card in city_of(seed).murders}
    assert len(charges) >= 15


def test_a_case_takes_no_options() -> None:
    with pytest.raises(CaseOptionsError):
        generate(1, {"players": 4})
