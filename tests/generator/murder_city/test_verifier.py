"""The independent verifier passes generated cities and names, with a stable code, each broken
rule of a tampered one.

Rulebook, Evidence Cards: "Each Evidence deck contains 33 cards"; "Each Evidence card also has a
value of 1, 2 or 3"; "All jokers are marked "1""; "Jokers do not provide lists of items".
Murder Cards: "Murder One 20/6, Manslaughter 16/4, Aggravated Assault 12/2" (the higher the
charge, the higher the threshold and the payout). Jovan Dataslate Cards: "Each Jovan has a pair
of a Strength and a Weakness". Components: "50 Legwork Cards" and "25 Hardship Cards".
"""

from __future__ import annotations

import copy
import dataclasses
from collections.abc import Callable

import pytest

from generator.murder_city import content, verify
from generator.murder_city.verify import verify as verify_city
from rules.murder_city.case import (
    EVIDENCE_TYPES,
    JOKER,
    Charge,
    City,
    EvidenceCard,
    Jovan,
    MurderCard,
    to_envelope_parts,
)

from .cities import city_of, envelope_of

Mutation = Callable[[City], City]


def codes_of(city: City) -> frozenset[str]:
    return verify_city(city).codes


def replace_murder(city: City, index: int, **changes: object) -> City:
    murders = list(city.murders)
    murders[index] = dataclasses.replace(murders[index], **changes)  # type: ignore[arg-type]
    return dataclasses.replace(city, murders=tuple(murders))


def replace_evidence(city: City, card_id: str, **changes: object) -> City:
    cards = [
        dataclasses.replace(card, **changes) if card.id == card_id else card  # type: ignore[arg-type]
        for card in city.evidence
    ]
    return dataclasses.replace(city, evidence=tuple(cards))


def replace_jovan(city: City, index: int, **changes: object) -> City:
    jovans = list(city.jovans)
    jovans[index] = dataclasses.replace(jovans[index], **changes)  # type: ignore[arg-type]
    return dataclasses.replace(city, jovans=tuple(jovans))


def genuine(city: City, evidence_type: str, colour: str) -> list[EvidenceCard]:
    return [c for c in city.evidence if c.type == evidence_type and c.colour == colour]


def with_charges(card: MurderCard, *pairs: tuple[int, int]) -> tuple[Charge, ...]:
    return tuple(
        Charge(charge.name, t, p) for charge, (t, p) in zip(card.charges, pairs, strict=True)
    )


# the mutations ----------------------------------------------------------------------------------


def drop_a_murder(city: City) -> City:
    return dataclasses.replace(city, murders=city.murders[:-1])


def recolour_a_murder(city: City) -> City:
    other = "green" if city.murders[0].colour != "green" else "red"
    return replace_murder(city, 0, colour=other)


def name_two_murders_alike(city: City) -> City:
    twin = next(m for m in city.murders[1:] if m.colour == city.murders[0].colour)
    return replace_murder(city, 0, name=twin.name)


def name_a_murder_from_another_colour(city: City) -> City:
    other = next(c for c in content.MURDER_TYPES if c != city.murders[0].colour)
    return replace_murder(city, 0, name=content.MURDER_TYPES[other][0])


def need_one_type_twice(city: City) -> City:
    first = city.murders[0].needs[0]
    return replace_murder(city, 0, needs=(first, first, city.murders[0].needs[2]))


def need_alike_within_a_colour(city: City) -> City:
    twin = next(m for m in city.murders[1:] if m.colour == city.murders[0].colour)
    return replace_murder(city, 0, needs=twin.needs)


def reorder_charges(city: City) -> City:
    charges = city.murders[0].charges
    return replace_murder(city, 0, charges=(charges[1], charges[0], charges[2]))


def charge_out_of_band(city: City) -> City:
    card = city.murders[0]
    return replace_murder(city, 0, charges=with_charges(card, (23, 9), (17, 5), (13, 3)))


def charge_out_of_reach(city: City) -> City:
    card = city.murders[0]
    return replace_murder(city, 0, charges=with_charges(card, (73, 59), (17, 5), (13, 3)))


def payouts_not_decreasing(city: City) -> City:
    card = city.murders[0]
    return replace_murder(city, 0, charges=with_charges(card, (20, 6), (18, 6), (12, 2)))


def unbalance_a_colour(city: City) -> City:
    card = city.murders[0]
    (one, man, assault) = ((c.threshold, c.payout) for c in card.charges)
    assault = (13, 3) if assault != (13, 3) else (14, 3)
    return replace_murder(city, 0, charges=with_charges(card, one, man, assault))


def drop_an_evidence_card(city: City) -> City:
    return dataclasses.replace(city, evidence=city.evidence[1:])


def joker_worth_two(city: City) -> City:
    joker = next(c for c in city.evidence if c.colour == JOKER)
    return replace_evidence(city, joker.id, value=2)


def joker_with_an_item(city: City) -> City:
    joker = next(c for c in city.evidence if c.colour == JOKER)
    return replace_evidence(city, joker.id, item="Switchblade")


def joker_made_genuine(city: City) -> City:
    joker = next(c for c in city.evidence if c.colour == JOKER)
    return replace_evidence(city, joker.id, colour="red", item="")


def value_four(city: City) -> City:
    card = genuine(city, "forensics", "blue")[0]
    return replace_evidence(city, card.id, value=4)


def no_value_three(city: City) -> City:
    for card in genuine(city, "forensics", "blue"):
        if card.value == 3:
            city = replace_evidence(city, card.id, value=2)
    return city


def value_raised(city: City) -> City:
    cards = genuine(city, "eyewitness", "red")
    twos = [c for c in cards if c.value == 2]
    ones = [c for c in cards if c.value == 1]
    card = twos[0] if len(twos) > 1 else ones[0] if len(ones) > 1 else None
    assert card is not None
    return replace_evidence(city, card.id, value=card.value + 1)


def item_of_another_colour(city: City) -> City:
    card = genuine(city, "murder-weapon", "brown")[0]
    return replace_evidence(city, card.id, item=content.ITEMS["murder-weapon"]["green"][0])


def item_twice(city: City) -> City:
    first, second = genuine(city, "interrogation", "yellow")[:2]
    return replace_evidence(city, second.id, item=first.item)


def items_telling_the_colour(city: City) -> City:
    cards = genuine(city, "professional-opinion", "green")
    used = {card.item for card in cards}
    spare = [i for i in content.ITEMS["professional-opinion"]["green"] if i not in used]
    for card in cards:
        if card.item not in content.ITEMS["professional-opinion"]["green"]:
            city = replace_evidence(city, card.id, item=spare.pop())
    return city


def no_genuine_red_eyewitness(city: City) -> City:
    for card in genuine(city, "eyewitness", "red"):
        city = replace_evidence(city, card.id, colour=JOKER, value=1, item="")
    return city


def weakness_is_a_strength(city: City) -> City:
    return replace_jovan(city, 0, weakness=city.jovans[0].strength_pick)


def strengths_alike(city: City) -> City:
    return replace_jovan(city, 0, strength_die=city.jovans[0].strength_pick)


def two_jovans_pick_alike(city: City) -> City:
    return replace_jovan(city, 0, strength_pick=city.jovans[1].strength_pick)


def starts_with_its_weakness(city: City) -> City:
    jovan = city.jovans[0]
    starting = (jovan.weakness, *jovan.starting[1:])
    return replace_jovan(city, 0, starting=starting)


def jovans_named_alike(city: City) -> City:
    return replace_jovan(city, 0, name=city.jovans[1].name)


def jovans_start_alike(city: City) -> City:
    twin: Jovan = city.jovans[1]
    return replace_jovan(city, 0, starting=twin.starting)


def short_legwork(city: City) -> City:
    return dataclasses.replace(city, legwork=city.legwork[:-1])


def foreign_hardship(city: City) -> City:
    return dataclasses.replace(city, hardship=("H99", *city.hardship[1:]))


def suspects_of_another_colour(city: City) -> City:
    other = next(c for c in content.SUSPECTS if c != city.murders[0].colour)
    return replace_murder(city, 0, suspects=content.SUSPECTS[other][:3])


def a_need_moved_to_another_type(city: City) -> City:
    card = city.murders[0]
    spare = next(t for t in EVIDENCE_TYPES if t not in card.needs)
    return replace_murder(city, 0, needs=(spare, *card.needs[1:]))


def evidence_ids_swapped(city: City) -> City:
    first, second = city.evidence[0], city.evidence[1]
    city = replace_evidence(city, first.id, id="TMP")
    city = replace_evidence(city, second.id, id=first.id)
    return replace_evidence(city, "TMP", id=second.id)


def a_card_of_no_colour(city: City) -> City:
    return replace_evidence(city, genuine(city, "forensics", "red")[0].id, colour="purple")


def a_genuine_card_recoloured(city: City) -> City:
    card = genuine(city, "forensics", "red")[0]
    return replace_evidence(
        city, card.id, colour="green", item=content.items_of("forensics", "green")[0]
    )


def a_jovan_of_an_unknown_type(city: City) -> City:
    jovan = city.jovans[0]
    return replace_jovan(city, 0, starting=(*jovan.starting[:2], "gossip"))


def starting_shares_unbalanced(city: City) -> City:
    """The one type a Jovan neither starts with nor is weak in replaces a starting type that
    is not its pick: every rule of the Jovan holds, the shares do not."""
    jovan = city.jovans[0]
    (spare,) = (t for t in EVIDENCE_TYPES if t not in (*jovan.starting, jovan.weakness))
    dropped = next(t for t in jovan.starting if t != jovan.strength_pick)
    starting = tuple(spare if t == dropped else t for t in jovan.starting)
    return replace_jovan(city, 0, starting=starting)


def jovans_out_of_order(city: City) -> City:
    return dataclasses.replace(city, jovans=city.jovans[::-1])


def an_arcology_without_a_name(city: City) -> City:
    return dataclasses.replace(city, name="")


MUTATIONS: dict[str, tuple[Mutation, str]] = {
    "drop a murder": (drop_a_murder, "murders/ids"),
    "recolour a murder": (recolour_a_murder, "murders/colours"),
    "two murders named alike": (name_two_murders_alike, "murders/name-twice"),
    "a murder of another colour's name": (name_a_murder_from_another_colour, "murders/name"),
    "a type needed twice": (need_one_type_twice, "murders/needs"),
    "two murders of a colour needing alike": (need_alike_within_a_colour, "murders/needs-twice"),
    "charges out of order": (reorder_charges, "charges/names"),
    "a charge out of its band": (charge_out_of_band, "charges/band"),
    "a charge out of reach": (charge_out_of_reach, "charges/unreachable"),
    "payouts not decreasing": (payouts_not_decreasing, "charges/decreasing"),
    "a colour's charges unbalanced": (unbalance_a_colour, "charges/colour-balance"),
    "an evidence card missing": (drop_an_evidence_card, "evidence/count"),
    "a joker worth two": (joker_worth_two, "evidence/jokers"),
    "a joker naming an item": (joker_with_an_item, "evidence/jokers"),
    "a joker made genuine": (joker_made_genuine, "evidence/jokers"),
    "a value of four": (value_four, "evidence/values"),
    "no value three in a colour": (no_value_three, "evidence/values"),
    "a colour's values raised": (value_raised, "evidence/value-balance"),
    "an item of another colour": (item_of_another_colour, "evidence/item"),
    "an item twice in a colour": (item_twice, "evidence/item-twice"),
    "items that tell their colour": (items_telling_the_colour, "evidence/telling-items"),
    "no genuine red eyewitness": (no_genuine_red_eyewitness, "evidence/need-unmet"),
    "a weakness that is a strength": (weakness_is_a_strength, "jovans/weakness"),
    "two strengths of one type": (strengths_alike, "jovans/strengths"),
    "two Jovans picking alike": (two_jovans_pick_alike, "jovans/cover"),
    "a Jovan starting with its weakness": (starts_with_its_weakness, "jovans/starting"),
    "two Jovans named alike": (jovans_named_alike, "jovans/names"),
    "two Jovans starting alike": (jovans_start_alike, "jovans/alike"),
    "a short legwork deck": (short_legwork, "decks/legwork"),
    "a hardship card not in the catalogue": (foreign_hardship, "decks/hardship"),
    "suspects of another colour": (suspects_of_another_colour, "murders/suspects"),
    "a need moved to another type": (a_need_moved_to_another_type, "murders/needs-share"),
    "evidence ids swapped": (evidence_ids_swapped, "evidence/ids"),
    "a card of no colour": (a_card_of_no_colour, "evidence/colours"),
    "a genuine card recoloured": (a_genuine_card_recoloured, "evidence/genuine-count"),
    "a Jovan of an unknown type": (a_jovan_of_an_unknown_type, "jovans/types"),
    "starting shares unbalanced": (starting_shares_unbalanced, "jovans/starting-share"),
    "Jovans out of order": (jovans_out_of_order, "jovans/ids"),
    "an arcology without a name": (an_arcology_without_a_name, "city/name"),
}


def test_generated_cities_pass() -> None:
    for seed in range(5):
        assert verify_city(city_of(seed)).ok


@pytest.mark.parametrize("name", sorted(MUTATIONS))
def test_each_broken_rule_is_caught(name: str) -> None:
    mutate, code = MUTATIONS[name]
    for seed in (1, 8):
        assert code in codes_of(mutate(city_of(seed))), name


def test_a_tampered_rating_is_caught() -> None:
    envelope = envelope_of(4)
    assert verify(envelope) == []
    tampered = copy.deepcopy(envelope)
    tampered["rating"]["charges"]["M03"]["ways"]["manslaughter"][4] += 1
    assert [code for code, _ in verify(tampered)] == ["rating/chances"]
    tampered = copy.deepcopy(envelope)
    tampered["rating"]["dice"] = [3, 4]
    assert [code for code, _ in verify(tampered)] == ["rating/dice"]


def test_an_envelope_of_a_tampered_city_is_caught() -> None:
    envelope = envelope_of(4) | to_envelope_parts(joker_worth_two(city_of(4)))
    assert "evidence/jokers" in {code for code, _ in verify(envelope)}


def test_a_malformed_or_foreign_envelope_is_a_problem_not_an_error() -> None:
    envelope = envelope_of(4)
    assert [c for c, _ in verify({**envelope, "public": {"name": 3}})] == ["envelope/malformed"]
    assert [c for c, _ in verify({**envelope, "system": "tiny-epic-crimes"})] == ["envelope/system"]
