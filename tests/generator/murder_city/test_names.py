"""The city's words are original and never repeat within a pool or a case.

The brief: "Never the published game's card names (no "Dead Parent", "Hard-Boiled Detective",
"Analytical Alien", "Ceramic Knife", "Failed Brakes" etc.)". The rulebook's examples name more:
"Dead Spouse", "Vagrant", "Corporate Liaison".
"""

from __future__ import annotations

from collections import Counter

from generator.murder_city import content
from rules.murder_city.case import COLOURS, EVIDENCE_TYPES, JOKER

from .cities import city_of

FORBIDDEN = (
    "dead parent",
    "dead spouse",
    "hard-boiled",
    "analytical alien",
    "ceramic knife",
    "failed brakes",
    "vagrant",
    "corporate liaison",
)


def all_words() -> list[str]:
    words = [*content.ARCOLOGIES, *content.JOVAN_GIVEN, *content.JOVAN_FAMILY]
    words += content.JOVAN_TITLES
    for colour in COLOURS:
        words += [*content.MURDER_TYPES[colour], *content.SUSPECTS[colour]]
        for evidence_type in EVIDENCE_TYPES:
            words += content.ITEMS[evidence_type][colour]
    for shared in content.SHARED_ITEMS.values():
        words += [item for item, _, _ in shared]
    return words


def test_no_published_name() -> None:
    for word in all_words():
        assert not any(bad in word.lower() for bad in FORBIDDEN), word


def test_the_pools_hold_no_duplicates_and_enough_words() -> None:
    for pool in (content.ARCOLOGIES, content.JOVAN_GIVEN, content.JOVAN_FAMILY):
        assert len(set(pool)) == len(pool) >= 5
    assert len(set(content.JOVAN_TITLES)) == len(content.JOVAN_TITLES) >= 5
    murders = [name for colour in COLOURS for name in content.MURDER_TYPES[colour]]
    assert len(set(murders)) == len(murders)
    for colour in COLOURS:
        assert len(content.MURDER_TYPES[colour]) >= 5 and len(content.SUSPECTS[colour]) >= 3
        for evidence_type in EVIDENCE_TYPES:
            items = content.items_of(evidence_type, colour)
            assert len(set(items)) == len(items) >= 6


def test_an_item_may_fit_two_colours_so_a_story_proves_none() -> None:
    """Each colour shares items of every type with two neighbours, never more than two
    colours to an item."""
    for evidence_type in EVIDENCE_TYPES:
        fits = Counter(
            item for colour in COLOURS for item in content.items_of(evidence_type, colour)
        )
        assert max(fits.values()) == 2
        for colour in COLOURS:
            assert len(content.shared_items(evidence_type, colour)) == 2


def test_every_case_names_its_cards_once_and_from_their_colour() -> None:
    seen = set()
    for seed in range(15):
        city = city_of(seed)
        seen.add(city.name)
        assert len({m.name for m in city.murders}) == 25
        assert len({j.name for j in city.jovans}) == 5 and len({j.title for j in city.jovans}) == 5
        for murder in city.murders:
            assert murder.name in content.MURDER_TYPES[murder.colour]
        for card in city.evidence:
            if card.colour != JOKER:
                assert card.item in content.items_of(card.type, card.colour)
    assert len(seen) >= 6
