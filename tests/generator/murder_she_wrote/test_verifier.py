"""The independent verifier passes fair islands and names, with a stable code, what is wrong
with a tampered one: a missing dock, a location of two rooms, spaces side by side, an Escape
space within the first roll, a space no move reaches."""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping

import pytest

from generator.murder_she_wrote import envelope, verify
from generator.murder_she_wrote import reach as reach_module
from generator.murder_she_wrote.maker import generate_island
from generator.murder_she_wrote.options import Settings
from generator.murder_she_wrote.reach import Board, Move
from generator.murder_she_wrote.verify import verify as verify_island
from rules.murder_she_wrote.case import Island, Kind, Location, Space, to_envelope_parts
from tests.rules.murder_she_wrote.island import sample_island

PATH = Space(Kind.PATH)


def island_of(seed: int = 7) -> Island:
    """A long generated island (room to move spaces about)."""
    return generate_island(seed, Settings(size="long"))[0]


def problems_of(island: Island) -> dict[str, str]:
    """Each problem code with its messages, joined."""
    found: dict[str, list[str]] = {}
    for problem in verify_island(island).problems:
        found.setdefault(problem.code, []).append(problem.message)
    return {code: " | ".join(messages) for code, messages in found.items()}


def with_spaces(island: Island, changes: Mapping[int, Space]) -> Island:
    ring = list(island.ring)
    for index, space in changes.items():
        ring[index] = space
    return dataclasses.replace(island, ring=tuple(ring))


def free_paths(island: Island) -> list[int]:
    """Path spaces beside no single space (moving a single space there breaks no spacing)."""
    size, ring = island.size, island.ring
    return [
        i
        for i in range(size)
        if ring[i].kind == Kind.PATH
        and all(ring[(i + d) % size].kind in (Kind.PATH, Kind.ROOM) for d in (-1, 1))
    ]


def test_the_hand_made_island_and_generated_ones_pass() -> None:
    """The rules' hand-made sample island (tests/rules/murder_she_wrote/island.py) and many
    generated islands pass."""
    assert verify_island(sample_island()).ok
    for seed in range(10):
        assert verify_island(island_of(seed)).ok


def test_a_missing_dock() -> None:
    """ "'To the other boat dock' spaces are useful for moving your pawn to the other side of
    the board": two docks, linked."""
    island = island_of()
    found = problems_of(with_spaces(island, {island.docks[0]: PATH}))
    assert "1 dock spaces, not 2" in found["ring/count"]


def test_a_location_of_two_rooms() -> None:
    """ "The circular spaces define each location": each of three consecutive rooms."""
    island = island_of()
    location = island.location_by_id["L4"]
    shorter = dataclasses.replace(location, rooms=location.rooms[:2])
    broken = with_spaces(island, {location.rooms[2]: PATH})
    broken = dataclasses.replace(
        broken,
        locations=tuple(shorter if loc.id == "L4" else loc for loc in island.locations),
    )
    assert "26 room spaces" in problems_of(broken)["ring/count"]
    # the rooms kept but no longer consecutive on the ring
    moved = _rooms(island, "L4", (location.rooms[0], location.rooms[1], location.rooms[0] + 5))
    assert "not 3 consecutive" in problems_of(moved)["locations/rooms"]


def _rooms(island: Island, location_id: str, rooms: tuple[int, ...]) -> Island:
    def change(location: Location) -> Location:
        return (
            dataclasses.replace(location, rooms=rooms) if location.id == location_id else location
        )

    return dataclasses.replace(island, locations=tuple(map(change, island.locations)))


def test_a_location_whose_rooms_the_ring_does_not_hold() -> None:
    island = island_of()
    location = island.location_by_id["L6"]
    shifted = tuple(room + 1 for room in location.rooms)
    assert "the ring's are" in problems_of(_rooms(island, "L6", shifted))["locations/rooms"]


def test_two_escapes_side_by_side() -> None:
    """Two red Escape spaces well apart: moved beside each other, they are both side by side
    and too close."""
    island = island_of()
    first, second = island.spaces_of(Kind.ESCAPE)
    spot = next(i for i in free_paths(island) if (i + 1) % island.size in free_paths(island))
    broken = with_spaces(island, {second: PATH, spot: Space(Kind.ESCAPE)})
    broken = with_spaces(broken, {first: PATH, (spot + 1) % island.size: Space(Kind.ESCAPE)})
    found = problems_of(broken)
    assert "design/adjacent" in found and "design/escape-close" in found


def test_docks_on_the_same_side() -> None:
    island = island_of()
    first, second = island.docks
    near = next(
        i for i in free_paths(island) if 2 <= island.ring_distance(i, first) < island.size // 3
    )
    found = problems_of(with_spaces(island, {second: PATH, near: Space(Kind.DOCK)}))
    assert "design/dock-close" in found


def test_an_escape_within_the_first_roll() -> None:
    """No first move from the Start passes an Escape space (a design rule: the Murderer cannot
    flee at once, and the Escape spaces lie out on the island)."""
    island = island_of()
    near = next(i for i in free_paths(island) if island.ring_distance(i, island.start) <= 6)
    broken = with_spaces(island, {island.spaces_of(Kind.ESCAPE)[0]: PATH, near: Space(Kind.ESCAPE)})
    assert "design/escape-from-start" in problems_of(broken)


def test_a_to_space_beside_its_own_location() -> None:
    """A "To the ..." space one roll from its location would save nobody a turn."""
    island = island_of()
    to_l5 = next(i for i, s in enumerate(island.ring) if s.kind == Kind.TO and s.location == "L5")
    rooms = island.location_by_id["L5"].rooms
    near = next(
        i for i in free_paths(island) if min(island.ring_distance(i, room) for room in rooms) <= 6
    )
    found = problems_of(with_spaces(island, {to_l5: PATH, near: Space(Kind.TO, "L5")}))
    assert "design/to-too-close" in found


def test_a_to_space_for_the_hotel_or_none_for_a_location() -> None:
    island = island_of()
    to_l5 = next(i for i, s in enumerate(island.ring) if s.kind == Kind.TO and s.location == "L5")
    found = problems_of(with_spaces(island, {to_l5: Space(Kind.TO, "L1")}))
    assert "2 To spaces lead to L1" not in found.get("locations/to", "")
    assert "1 To spaces lead to L1, not 0" in found["locations/to"]


def test_the_start_away_from_the_hotel() -> None:
    island = island_of()
    spot = free_paths(island)[len(free_paths(island)) // 2]
    found = problems_of(with_spaces(island, {island.start: PATH, spot: Space(Kind.START)}))
    assert "design/start" in found


def test_names_twice_or_missing() -> None:
    island = island_of()
    twin = dataclasses.replace(island.islanders[3], name=island.islanders[0].name)
    islanders = (*island.islanders[:3], twin, *island.islanders[4:])
    assert "islanders/names" in problems_of(dataclasses.replace(island, islanders=islanders))
    mute = dataclasses.replace(island.islanders[2], calling=" ")
    islanders = (*island.islanders[:2], mute, *island.islanders[3:])
    assert "islanders/calling" in problems_of(dataclasses.replace(island, islanders=islanders))
    same = dataclasses.replace(island.locations[4], name=island.locations[1].name)
    locations = (*island.locations[:4], same, *island.locations[5:])
    assert "locations/names" in problems_of(dataclasses.replace(island, locations=locations))


def test_a_name_place_of_another_islander() -> None:
    island = island_of()
    swapped = dataclasses.replace(island.locations[2], islander="I4")
    locations = (*island.locations[:2], swapped, *island.locations[3:])
    assert "locations/islander" in problems_of(dataclasses.replace(island, locations=locations))


def test_a_ring_too_short_or_too_long() -> None:
    island = island_of()
    longer = dataclasses.replace(island, ring=island.ring + (PATH,) * 20)
    assert "ring/size" in problems_of(longer)


def test_a_space_no_move_reaches(monkeypatch: pytest.MonkeyPatch) -> None:
    """On a ring a roll of 1 reaches every space, so the search's findings are tested with a
    movement that never lands on one room nor passes the Accuse spaces: the verifier must name
    them (and the Jessica who can never accuse)."""
    island = island_of()
    room = island.location_by_id["L3"].rooms[1]
    accuses = set(island.spaces_of(Kind.ACCUSE))
    real = reach_module.moves_from

    def blocked(isle: Island, here: int, board: Board | None = None) -> tuple[Move, ...]:
        return tuple(
            move
            for move in real(isle, here, board)
            if move.end != room and not accuses & move.passed
        )

    monkeypatch.setattr(reach_module, "moves_from", blocked)
    found = problems_of(island)
    assert str(room) in found["reach/room"]
    assert "reach/accuse" in found and "ending/no-accusation" in found
    assert "reach/escape" not in found and "ending/no-escape" not in found


def test_a_murderer_who_can_never_flee(monkeypatch: pytest.MonkeyPatch) -> None:
    """ "To win as the Murderer you must kill at least five of the islanders … and land on or
    pass over one of the red ESCAPE spaces": with no move past an Escape space, the game cannot
    end that way."""
    island = island_of()
    escapes = set(island.spaces_of(Kind.ESCAPE))
    real = reach_module.moves_from

    def no_escape(isle: Island, here: int, board: Board | None = None) -> tuple[Move, ...]:
        return tuple(move for move in real(isle, here, board) if not escapes & move.passed)

    monkeypatch.setattr(reach_module, "moves_from", no_escape)
    found = problems_of(island)
    assert "ending/no-escape" in found and "reach/escape" in found


def test_the_envelope_hook() -> None:
    made = envelope(3)
    assert verify(made) == []
    assert verify({**made, "system": "tiny-epic-crimes"})[0][0] == "envelope/system"
    assert verify({**made, "schema_version": 99})[0][0] == "envelope/schema-version"
    assert verify({**made, "public": {"name": "x"}})[0][0] == "envelope/malformed"
    ring = list(made["public"]["ring"])
    ring[5] = {"kind": "trapdoor", "location": None}
    assert verify({**made, "public": {**made["public"], "ring": ring}})[0][0] == (
        "envelope/malformed"
    )


def test_a_tampered_envelope_is_read_again() -> None:
    """The hook reads the stored island, not a cached one: a dock removed in the envelope is
    found."""
    island = island_of(4)
    broken = with_spaces(island, {island.docks[1]: PATH})
    made = {**envelope(4), **to_envelope_parts(broken)}
    assert "ring/count" in dict(verify(made))
