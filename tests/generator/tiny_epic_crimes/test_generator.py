"""generate() and the envelope: deterministic, every case verified, options checked, and the
system registered with its generator, verifier and rules."""

from __future__ import annotations

import json
import random
from collections import Counter

import pytest

from generator import registry as generators
from generator.kit.retry import Rejected
from generator.registry import CaseOptionsError
from generator.tiny_epic_crimes import OPTIONS, SYSTEM_ID, envelope, generate, verify
from generator.tiny_epic_crimes.maker import generate_case
from generator.tiny_epic_crimes.options import Settings
from generator.tiny_epic_crimes.roster import FULL, RosterDesign, Rows, solve_roster
from rules import registry
from rules.tiny_epic_crimes.case import from_envelope
from tests.generator.elsewhere import as_text, made_elsewhere


def test_the_parts_are_the_ones_the_registry_wraps() -> None:
    parts = generate(1, {})
    assert set(parts) == {"public", "secret", "solution", "rating"}
    assert set(parts["solution"]) == {"murderer"}
    assert set(parts["rating"]["plan_hours"]) == {"search", "stakeout"}


def test_the_same_seed_gives_the_same_bytes() -> None:
    first = json.dumps(envelope(21, {"players": 3}), sort_keys=True)
    assert first == json.dumps(envelope(21, {"players": 3}), sort_keys=True)
    assert first != json.dumps(envelope(22, {"players": 3}), sort_keys=True)


def test_the_same_seed_gives_the_same_bytes_in_another_process() -> None:
    """Another interpreter (another hash seed, nothing cached) makes the same cases, in the
    reverse order."""
    seeds: list[tuple[int, dict[str, int]]] = [(3, {}), (8, {"players": 2}), (13, {"players": 1})]
    here = [as_text(envelope(seed, options)) for seed, options in seeds]
    assert made_elsewhere(SYSTEM_ID, seeds) == here


def test_every_case_of_many_seeds_verifies_and_the_murderer_varies() -> None:
    murderers: Counter[str] = Counter()
    for seed in range(60):
        made = envelope(seed, {"players": 1 + seed % 4})
        assert verify(made) == []
        murderers[from_envelope(made).solution.murderer] += 1
    assert len(murderers) >= 12 and max(murderers.values()) <= 12


@pytest.mark.parametrize("options", [{"players": 0}, {"players": 5}, {"players": "4"}, {"x": 1}])
def test_bad_options_are_refused(options: dict[str, object]) -> None:
    with pytest.raises(CaseOptionsError):
        generate(1, options)
    assert OPTIONS.parse({}) == {"players": 4}


def test_a_rejected_roster_is_drawn_again(monkeypatch: pytest.MonkeyPatch) -> None:
    calls = []

    def flaky(rng: random.Random, design: RosterDesign = FULL) -> Rows:
        calls.append(1)
        if len(calls) == 1:
            raise Rejected("roster/unknown", "a test")
        return solve_roster(rng, design)

    monkeypatch.setattr("generator.tiny_epic_crimes.maker.solve_roster", flaky)
    rejections: Counter[str] = Counter()
    case = generate_case(5, Settings(), rejections=rejections)
    assert rejections == {"roster/unknown": 1} and len(calls) == 2
    assert case.solution.murderer in "ABCDEFGHIJKLMNOP"


def test_importing_the_generator_registers_the_system() -> None:
    entry = registry.registration(SYSTEM_ID)
    assert entry.generate is generate and entry.verify is verify
    assert entry.system.SPEC.id == SYSTEM_ID and entry.fairness
    assert "generator.tiny_epic_crimes" in generators.BUILT_IN


def test_a_game_s_own_case_is_laid_out_for_its_table() -> None:
    """ "2-Player Game Variant … In this game, only 3 Informant Tokens are needed to solve Rank,
    and only 3 Witness Tokens are needed to solve Gang": a game of two officers that makes its
    own case makes it for two players."""
    for seats in (2, 3, 4):
        options = generators.for_table(SYSTEM_ID, {}, mode="standard", seats=seats)
        made = generators.generate(SYSTEM_ID, 7, options)
        assert made["public"]["players"] == seats and generators.verify(made) == []
        if seats == 2:
            assert made["public"]["clues_needed"]["informant"] == 3


def test_one_person_playing_several_officers_gets_a_case_for_the_officers() -> None:
    """Solo: "Set up a 2-player, Cooperative game … For an added challenge, you can set up a 3-
    or a 4-player game": the case is laid out for the officers played, not the one seat."""
    for officers in (2, 3):
        options = generators.for_table(
            SYSTEM_ID, {}, mode="solo", seats=1, game_options={"officers": officers}
        )
        assert options == {"players": officers}
