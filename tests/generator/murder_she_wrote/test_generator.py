"""generate() and the envelope: the same seed gives the same island, every island of many seeds
verifies, the options choose the ring's length, and the system is registered."""

from __future__ import annotations

import json
import random
from collections import Counter

import pytest

from generator import registry as generators
from generator.kit.retry import Rejected
from generator.murder_she_wrote import OPTIONS, SYSTEM_ID, deduce, envelope, generate, verify
from generator.murder_she_wrote.layout import draft_preferences, room_var, solve_layout
from generator.murder_she_wrote.maker import generate_island
from generator.murder_she_wrote.options import SIZES, Settings
from generator.registry import CaseOptionsError
from rules import registry
from rules.murder_she_wrote.case import HOTEL, MAX_RING, MIN_RING, Kind, from_envelope
from tests.generator.elsewhere import as_text, made_elsewhere


def test_the_parts_are_the_ones_the_registry_wraps() -> None:
    """The island is all public: nothing of a case is hidden (the Murderer is dealt in a game)."""
    parts = generate(1, {})
    assert set(parts) == {"public", "rating"}
    assert set(parts["rating"]) == {"ring", "turns_to_accuse", "murderer_turns", "escape_distance"}
    assert parts["rating"]["ring"] == len(parts["public"]["ring"])


def test_the_same_seed_gives_the_same_bytes() -> None:
    first = json.dumps(envelope(21, {"size": "short"}), sort_keys=True)
    assert first == json.dumps(envelope(21, {"size": "short"}), sort_keys=True)
    assert first != json.dumps(envelope(22, {"size": "short"}), sort_keys=True)


def test_the_same_seed_gives_the_same_bytes_in_another_process() -> None:
    """Another interpreter (another hash seed, nothing cached) makes the same islands, in the
    reverse order."""
    seeds: list[tuple[int, dict[str, str]]] = [(3, {}), (8, {"size": "long"}), (13, {})]
    here = [as_text(envelope(seed, options)) for seed, options in seeds]
    assert made_elsewhere(SYSTEM_ID, seeds) == here


def test_every_island_of_many_seeds_verifies_and_the_islands_vary() -> None:
    """Every island verifies; the seed varies the length, the order of the locations round the
    ring and where the special spaces lie."""
    sizes: Counter[int] = Counter()
    orders, rings = set(), set()
    for seed in range(80):
        made = envelope(seed)
        assert verify(made) == [], seed
        island = from_envelope(made)
        sizes[island.size] += 1
        first_rooms = {location.id: location.rooms[0] for location in island.locations}
        orders.add(tuple(sorted(first_rooms, key=first_rooms.__getitem__)))
        rings.add(tuple(space.kind for space in island.ring))
    assert min(sizes) < 60 and max(sizes) > 68 and len(sizes) >= 12
    assert len(orders) >= 75 and len(rings) == 80


@pytest.mark.parametrize("size", sorted(SIZES))
def test_the_size_option_chooses_the_ring_s_length(size: str) -> None:
    shortest, longest = SIZES[size]
    assert MIN_RING <= shortest <= longest <= MAX_RING
    for seed in range(6):
        made = envelope(seed, {"size": size})
        assert shortest <= len(made["public"]["ring"]) <= longest
        assert verify(made) == []


@pytest.mark.parametrize("options", [{"size": "huge"}, {"size": 60}, {"ring": 60}, {"size": None}])
def test_bad_options_are_refused(options: dict[str, object]) -> None:
    with pytest.raises(CaseOptionsError):
        generate(1, options)
    assert OPTIONS.parse({}) == {"size": "any"}


def test_the_start_is_beside_the_hotel_and_the_locations_keep_the_seed_s_order() -> None:
    """ "All pawns in play are placed around the Start at the Hotel." """
    island = from_envelope(envelope(5))
    assert island.ring[island.start].kind == Kind.START
    hotel = island.location_by_id[HOTEL].rooms
    assert min(island.ring_distance(island.start, room) for room in hotel) == 1


def test_a_rejected_layout_is_drawn_again(monkeypatch: pytest.MonkeyPatch) -> None:
    calls = []

    def flaky(rng: random.Random, size: int) -> dict[str, int]:
        calls.append(size)
        if len(calls) == 1:
            raise Rejected("layout/unknown", "a test")
        return solve_layout(rng, size)

    monkeypatch.setattr("generator.murder_she_wrote.maker.solve_layout", flaky)
    rejections: Counter[str] = Counter()
    island, report = generate_island(5, Settings(), rejections=rejections)
    assert rejections == {"layout/unknown": 1} and len(calls) == 2
    assert report.ok and report.rating["ring"] == island.size


def test_the_layout_keeps_the_drawn_order_of_the_locations() -> None:
    """The seed fixes the locations' clockwise order (a random choice fed to z3), and the same
    seed gives the same layout."""
    orders = set()
    for seed in range(6):
        wanted = draft_preferences(random.Random(seed), 60).order
        values = solve_layout(random.Random(seed), 60)  # draws the same preferences first
        firsts = [values[room_var(k)] for k in wanted]
        assert firsts == sorted(firsts) and values == solve_layout(random.Random(seed), 60)
        orders.add(wanted)
    assert len(orders) == 6


def test_importing_the_generator_registers_the_system() -> None:
    entry = registry.registration(SYSTEM_ID)
    assert entry.generate is generate and entry.verify is verify
    assert entry.system.SPEC.id == SYSTEM_ID and entry.fairness
    assert entry.deduce is deduce
    assert "generator.murder_she_wrote" in generators.BUILT_IN


def test_the_rules_read_a_generated_island() -> None:
    """The rules' own check of a stored island accepts every generated one."""
    system = registry.get(SYSTEM_ID)
    for seed in range(10):
        island = system.read_case(envelope(seed))
        assert island == from_envelope(envelope(seed))
