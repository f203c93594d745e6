"""The island's words are original and never repeat on one island.

The common brief: "All game text is original (names of places, islanders, prose). Never
reproduce the published game's texts or the TV series' names." The rulebook names islanders
("David King, Victoria Masters etc", "Roberto Ravelli"): none of them appears here.
"""

from __future__ import annotations

from generator.murder_she_wrote import content
from generator.murder_she_wrote.maker import generate_island
from generator.murder_she_wrote.options import Settings

#: Names of the published game and the series that must never appear.
FORBIDDEN = ("cabot", "fletcher", "king", "masters", "ravelli", "victoria", "roberto", "david")


def all_words() -> list[str]:
    words = [*content.ISLANDS, *content.GIVEN_NAMES, *content.FAMILY_NAMES]
    for name, callings in (*content.HOTELS, *content.PLACES):
        words += [name, *callings]
    return words


def test_no_published_name() -> None:
    for word in all_words():
        assert not any(bad in word.lower() for bad in FORBIDDEN), word


def test_the_pools_hold_no_duplicates_and_enough_names() -> None:
    for pool in (content.ISLANDS, content.GIVEN_NAMES, content.FAMILY_NAMES):
        assert len(set(pool)) == len(pool) >= 9
    places = [name for name, _ in (*content.HOTELS, *content.PLACES)]
    assert len(set(places)) == len(places) and len(content.PLACES) >= 8
    assert all(name.startswith("the ") for name in places)
    assert all(callings and len(set(callings)) == len(callings) for _, callings in content.PLACES)


def test_every_island_names_its_people_and_places_once_with_fitting_callings() -> None:
    """Nine islanders, nine locations (the first a Hotel), no name twice on an island, and each
    islander's calling one of its own place's."""
    callings = dict((*content.HOTELS, *content.PLACES))
    hotels = dict(content.HOTELS)
    seen_islands = set()
    for seed in range(30):
        island, _ = generate_island(seed, Settings())
        seen_islands.add(island.name)
        people = [islander.name for islander in island.islanders]
        places = [location.name for location in island.locations]
        assert len(set(people)) == 9 and len(set(places)) == 9
        assert len({name.split()[0] for name in people}) == 9
        assert len({name.split()[1] for name in people}) == 9
        assert places[0] in hotels and not set(places[1:]) & set(hotels)
        for location, islander in zip(island.locations, island.islanders, strict=True):
            assert location.islander == islander.id
            assert islander.calling in callings[location.name]
    assert len(seen_islands) >= 10
