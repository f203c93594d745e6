"""Reading an island: the board the rulebook describes, or a SetupError."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable

import pytest

from rules.core import SetupError
from rules.murder_she_wrote.case import Island, Kind, Location, Space
from rules.murder_she_wrote.game import SYSTEM
from tests.rules.murder_she_wrote.island import DOCKS, ESCAPE, START, TO, sample_case, sample_island


def with_space(index: int, space: Space) -> Callable[[Island], Island]:
    def change(island: Island) -> Island:
        ring = list(island.ring)
        ring[index] = space
        return dataclasses.replace(island, ring=tuple(ring))

    return change


def hotel_rooms_apart(island: Island) -> Island:
    hotel = island.locations[0]
    moved = Location(hotel.id, hotel.name, hotel.islander, (1, 2, 4))
    return dataclasses.replace(island, locations=(moved, *island.locations[1:]))


def test_the_sample_island_reads() -> None:
    island = SYSTEM.read_case(sample_case())
    assert island == sample_island() and island.start == START and island.docks == DOCKS


@pytest.mark.parametrize(
    "change",
    [
        with_space(DOCKS[0], Space(Kind.PATH)),  # one dock
        with_space(ESCAPE[0], Space(Kind.PATH)),  # one Escape space
        with_space(4, Space(Kind.ACCUSE)),  # three Accuse spaces
        with_space(5, Space(Kind.START)),  # two Starts
        with_space(TO["L2"], Space(Kind.PATH)),  # L2 has no To space
        with_space(5, Space(Kind.TO, "L1")),  # a To space of the Hotel
        with_space(5, Space(Kind.TO, "L3")),  # two To spaces of L3
        with_space(5, Space(Kind.ROOM, "L2")),  # a fourth room of L2
        with_space(4, Space(Kind.PATH, "L2")),  # a path naming a location
        hotel_rooms_apart,  # rooms not consecutive
        lambda island: dataclasses.replace(island, locations=island.locations[:8]),
        lambda island: dataclasses.replace(island, ring=island.ring[:50]),
    ],
)
def test_a_malformed_island_is_refused(change: Callable[[Island], Island]) -> None:
    with pytest.raises(SetupError) as refused:
        SYSTEM.read_case(sample_case(change(sample_island())))
    assert refused.value.code == "setup/bad-case"


def test_another_system_s_case_is_refused() -> None:
    with pytest.raises(SetupError):
        SYSTEM.read_case({**sample_case(), "system": "tiny-epic-crimes"})
    with pytest.raises(SetupError):
        SYSTEM.read_case({**sample_case(), "public": {"name": "x"}})
