"""The Murdered by Midnight generator: every case it makes passes the independent verifier."""

from __future__ import annotations

import hashlib
import json
import statistics
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

import generator.murdered_by_midnight  # noqa: F401  (registers the generator)
from generator import registry
from generator.murdered_by_midnight.maker import neighbours
from generator.murdered_by_midnight.verify import verify
from rules.murdered_by_midnight.case import SYSTEM_ID, from_envelope

ROOT = Path(__file__).resolve().parents[2]

OPTION_SETS: list[dict[str, Any]] = [
    {"difficulty": "easy"},
    {},
    {"difficulty": "hard"},
    {"locations": 4, "characters": 5, "witness_groups": 1, "red_herrings": 0},
    {"difficulty": "hard", "locations": 12, "characters": 16, "witness_groups": 8},
    {"locations": 12, "red_herrings": 11},
    {"difficulty": "easy", "witness_groups": 3, "red_herrings": 5},
]


def canonical(envelope: dict[str, Any]) -> str:
    return json.dumps(envelope, sort_keys=True, separators=(",", ":"))


def test_generator_is_built_in() -> None:
    assert "generator.murdered_by_midnight" in registry.BUILT_IN
    assert registry.has_generator(SYSTEM_ID)


def test_500_cases_pass_the_independent_verifier() -> None:
    count = 0
    for seed in range(500):
        options = OPTION_SETS[seed % len(OPTION_SETS)]
        envelope = registry.generate(SYSTEM_ID, seed, options)
        case = from_envelope(envelope)
        report = verify(case, neighbours=neighbours(case))
        assert report.ok, (seed, options, report.problems)
        solution = envelope["solution"]
        assert report.answers == (
            (solution["murderer"], solution["weapon"], solution["motive"], solution["time"]),
        )
        assert envelope["rating"]["questions"] == 5
        count += 1
    assert count == 500


def test_the_counts_follow_the_options() -> None:
    options = {"locations": 9, "characters": 11, "witness_groups": 4, "red_herrings": 6}
    case = from_envelope(registry.generate(SYSTEM_ID, 7, options))
    assert len(case.locations) == 9
    assert len(case.characters) == 11
    assert len(case.witness_groups) == 4
    assert len(case.weapon_finds) == 7
    assert len(case.weapons_with_prints) == 4  # two in three, rounded up


def test_a_case_reads_like_the_authors_sheet() -> None:
    case = from_envelope(registry.generate(SYSTEM_ID, 3, {}))
    assert case.victim == "C1" and case.discoverer == "C2"
    assert case.whereabouts[case.discoverer] == case.scene
    assert case.cause_of_death == case.weapon(case.solution.weapon).cause_of_death
    assert case.times[0] == "18:00" and case.times[-1] == "23:30"
    assert all(character.biography.endswith(".") for character in case.characters)
    assert case.solution.murderer in case.suspects
    # the murderer's id does not give them away: across seeds it varies
    murderers = {
        from_envelope(registry.generate(SYSTEM_ID, seed, {})).solution.murderer
        for seed in range(20)
    }
    assert len(murderers) > 3


def test_same_seed_same_bytes_in_process() -> None:
    first = canonical(registry.generate(SYSTEM_ID, 42, {"difficulty": "hard"}))
    for seed in range(10):  # other cases in between must not change it
        registry.generate(SYSTEM_ID, seed, {})
    assert canonical(registry.generate(SYSTEM_ID, 42, {"difficulty": "hard"})) == first
    assert canonical(registry.generate(SYSTEM_ID, 43, {"difficulty": "hard"})) != first


def test_same_seed_same_bytes_in_another_process() -> None:
    seeds = [(5, {}), (42, {"difficulty": "hard"}), (9, {"difficulty": "easy"})]
    script = (
        "import hashlib, json, sys\n"
        "import generator.murdered_by_midnight\n"
        "from generator import registry\n"
        "for seed, options in json.loads(sys.argv[1]):\n"
        "    envelope = registry.generate('murdered-by-midnight', seed, options)\n"
        "    text = json.dumps(envelope, sort_keys=True, separators=(',', ':'))\n"
        "    print(hashlib.sha256(text.encode()).hexdigest())\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", script, json.dumps(seeds[::-1])],
        cwd=ROOT,
        check=True,
        capture_output=True,
        text=True,
    ).stdout.split()
    here = [
        hashlib.sha256(canonical(registry.generate(SYSTEM_ID, s, o)).encode()).hexdigest()
        for s, o in seeds
    ]
    assert out == here[::-1]


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"difficulty": "nightmare"}, "difficulty must be one of"),
        ({"colour": "red"}, "unknown option colour"),
        ({"locations": 3}, "locations must be between 4 and 12"),
        ({"locations": 13}, "locations must be between 4 and 12"),
        ({"characters": 4}, "characters must be between"),
        ({"characters": "ten"}, "characters must be a whole number"),
        ({"red_herrings": True}, "red_herrings must be a whole number"),
        ({"witness_groups": 0}, "witness_groups must be between"),
        ({"characters": 5, "witness_groups": 3}, "witness_groups must be at most 2"),
        ({"locations": 4, "red_herrings": 4}, "red_herrings must be at most 3"),
    ],
)
def test_bad_options_are_refused(options: dict[str, Any], message: str) -> None:
    with pytest.raises(registry.CaseOptionsError, match=message):
        registry.generate(SYSTEM_ID, 1, options)


def test_the_rating_grows_with_difficulty() -> None:
    scores: dict[str, float] = {}
    for difficulty in ("easy", "standard", "hard"):
        ratings = [
            registry.generate(SYSTEM_ID, seed, {"difficulty": difficulty})["rating"]
            for seed in range(30)
        ]
        for rating in ratings:
            assert rating["questions"] == 5
            assert 0 <= rating["map_reveals"] <= 4  # weapon, two witnesses, murderer
            assert rating["label"] in ("gentle", "tricky", "fiendish")
            assert rating["score"] > rating["questions"]
        scores[difficulty] = statistics.mean(rating["score"] for rating in ratings)
    assert scores["easy"] < scores["standard"] < scores["hard"]


@pytest.mark.parametrize("difficulty", ["easy", "standard", "hard"])
def test_the_cause_of_death_narrows_the_weapon_without_naming_it(difficulty: str) -> None:
    """Setup shows "the Cause of Death card matching the case's details"; "Deduce the Murder
    Weapon: ... verified as the murder weapon by forensic analysis" — so the card alone must not
    give the weapon away: another weapon of the case leaves the same cause."""
    for seed in range(40):
        case = from_envelope(registry.generate(SYSTEM_ID, seed, {"difficulty": difficulty}))
        same_cause = [w for w in case.weapons if w.cause_of_death == case.cause_of_death]
        assert case.solution.weapon in {w.id for w in same_cause}
        assert len(same_cause) >= 2, f"seed {seed}: the cause of death names the weapon"
