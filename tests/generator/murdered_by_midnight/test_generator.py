"""The Murdered by Midnight generator: every case it makes passes the independent verifier."""

from __future__ import annotations

import dataclasses
import hashlib
import json
import random
import re
import statistics
import string
from collections import Counter
from typing import Any

import pytest

import generator.murdered_by_midnight as mbm  # (importing it registers the generator)
from generator import registry
from generator.kit import smt
from generator.kit.retry import AttemptsExhausted, GenerationError, Rejected
from generator.kit.runner import CaseSolver, run_with_time_limit
from generator.murdered_by_midnight import content, maker
from generator.murdered_by_midnight.maker import build_case, draft, learnable_facts, neighbours
from generator.murdered_by_midnight.model import (
    RoomCode,
    TimelineSolver,
    Verdict,
    base_text,
    floor_plan,
)
from generator.murdered_by_midnight.options import settings_from_options
from generator.murdered_by_midnight.verify import verify
from rules.murdered_by_midnight.case import SYSTEM_ID, MbmCase, from_envelope
from tests.generator.elsewhere import as_text, made_elsewhere

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
    assert case.times[0] == "18:00" and case.times[-1] == case.discovered_at
    assert all(character.biography.endswith(".") for character in case.characters)
    assert case.solution.murderer in case.suspects
    # the murderer's id does not give them away: across seeds it varies
    murderers = {
        from_envelope(registry.generate(SYSTEM_ID, seed, {})).solution.murderer
        for seed in range(20)
    }
    assert len(murderers) > 3


#: Words an introduction never says: nobody screamed or came running (the tokens stand all over
#: the house), the discovery is narration's sentence from the case's facts, and the people are
#: not all guests (the cook, the butler).
NEVER_INTRODUCED = (
    r"scream|[Ee]very(?:one|body)|running|rush|found|discover|\bbody|door|enter|guest"
)
#: A time in words the reader's clock cannot change.
TIME_IN_WORDS = r"\d|o'clock|half past|quarter|\b[ap]\.?m\b|noon"


def test_every_introduction_pattern_is_atmosphere_without_a_time() -> None:
    """Issue #7: "At {time} a scream brought everyone running" claimed what the state does not
    show and baked a 24-hour time into the case. A pattern fills in the house, the victim and
    the count of the living only; it names no time and no discovery."""
    for pattern in content.INTRODUCTIONS:
        fields = {field for _, field, _, _ in string.Formatter().parse(pattern) if field}
        assert fields <= {"house", "victim", "count"}, pattern
        assert not re.search(TIME_IN_WORDS, pattern), pattern
        assert not re.search(NEVER_INTRODUCED, pattern), pattern
    for pattern in content.TITLES:  # the victim may be the host: nobody is called a guest
        assert not re.search(TIME_IN_WORDS, pattern) and not re.search(NEVER_INTRODUCED, pattern)


def test_a_generated_introduction_holds_to_the_case() -> None:
    """The count is the living; "a reason" holds because every living character has ties to the
    victim; the discovery and its time are the case's fields, not the introduction's words."""
    for seed in range(40):
        case = from_envelope(registry.generate(SYSTEM_ID, seed, OPTION_SETS[seed % 7]))
        text, living = case.introduction, [c.id for c in case.characters if c.id != case.victim]
        assert case.character(case.victim).name in text, text
        assert re.findall(r"\d+", text) == [str(len(living))], text
        assert case.discovered_at not in text and not re.search(NEVER_INTRODUCED, text), text
        if "reason" in text:
            assert all(case.ties.get(c) for c in living), text
        assert case.whereabouts.get(case.discoverer) == case.scene


def test_same_seed_same_bytes_in_process() -> None:
    first = canonical(registry.generate(SYSTEM_ID, 42, {"difficulty": "hard"}))
    for seed in range(10):  # other cases in between must not change it
        registry.generate(SYSTEM_ID, seed, {})
    assert canonical(registry.generate(SYSTEM_ID, 42, {"difficulty": "hard"})) == first
    assert canonical(registry.generate(SYSTEM_ID, 43, {"difficulty": "hard"})) != first


def test_same_seed_same_bytes_in_another_process() -> None:
    seeds = [(5, {}), (42, {"difficulty": "hard"}), (9, {"difficulty": "easy"})]
    here = [as_text(registry.generate(SYSTEM_ID, s, o)) for s, o in seeds]
    assert made_elsewhere(SYSTEM_ID, seeds) == here


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
        ({"cross_reference": "yes"}, "cross_reference must be true or false"),
        ({"cross_reference": 1}, "cross_reference must be true or false"),
        ({"difficulty": "hard", "witness_groups": 2}, "cross_reference needs at least 3"),
        ({"cross_reference": True, "witness_groups": 2}, "cross_reference needs at least 3"),
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


def cross_reference_pattern(case: MbmCase) -> list[str]:
    """Someone was seen near the scene twice, at T0 and T2, and the victim alive elsewhere at T1
    between them, each by another group, so only T2 could be their time of death; that person
    is suspected by some witness (they could have done it). Returns who; fails otherwise."""
    order = {time: i for i, time in enumerate(case.times)}
    alive = [
        g
        for g in case.witness_groups
        if g.saw.person == case.victim and g.saw.location != case.scene
    ]
    assert len(alive) == 1, case.witness_groups
    (victim,) = alive
    assert case.timeline[case.victim][order[victim.saw.time]] == victim.saw.location
    near: dict[str, list[str]] = {}
    for g in case.witness_groups:
        if g.saw.location == case.scene:
            near.setdefault(g.saw.person, []).append(g.saw.time)
    twice = sorted(person for person, times in near.items() if len(times) == 2)
    assert twice, near
    for person in twice:
        early, late = sorted(near[person], key=order.__getitem__)
        assert order[early] < order[victim.saw.time] < order[late]
        assert person in {g.suspects.suspect for g in case.witness_groups}
        if person == case.solution.murderer:
            assert late == case.solution.time
    return twice


@pytest.mark.parametrize(
    "options",
    [
        {"difficulty": "hard"},
        {"cross_reference": True},
        {"difficulty": "easy", "cross_reference": True, "witness_groups": 3},
        {"difficulty": "hard", "characters": 16, "witness_groups": 8},
    ],
)
def test_cross_reference_cases_narrow_the_time_by_two_statements(options: dict[str, Any]) -> None:
    """Whoever was seen near the scene twice is the murderer in some cases and not in others:
    being seen twice gives nobody away."""
    twice_is_murderer = []
    for seed in range(40):
        envelope = registry.generate(SYSTEM_ID, seed, options)
        case = from_envelope(envelope)
        twice = cross_reference_pattern(case)
        report = verify(case, neighbours=neighbours(case))
        assert report.ok, (seed, report.problems)
        twice_is_murderer.append(case.solution.murderer in twice)
        assert envelope["rating"]["cross_references"] == twice_is_murderer[-1]
    assert any(twice_is_murderer)
    if options == {"difficulty": "hard"}:  # one earlier visit, the murderer's or a decoy's
        assert not all(twice_is_murderer)


@pytest.mark.parametrize(
    "options", [{}, {"difficulty": "easy"}, {"difficulty": "hard", "cross_reference": False}]
)
def test_other_cases_never_sight_the_victim(options: dict[str, Any]) -> None:
    for seed in range(20):
        envelope = registry.generate(SYSTEM_ID, seed, options)
        case = from_envelope(envelope)
        assert all(g.saw.person != case.victim for g in case.witness_groups)
        assert envelope["rating"]["cross_references"] == 0


def test_the_z3_uniqueness_proof_uses_the_victims_sighting() -> None:
    """Without the victim's sighting the earlier visit is a second time: z3 finds it."""
    settings = settings_from_options({"difficulty": "hard"})
    for seed in range(30):
        rng = random.Random(seed)
        try:
            d = draft(settings, rng)
        except Rejected:
            continue
        z3_seed = rng.randrange(2**31)
        solver = TimelineSolver(d.problem, random_seed=z3_seed)
        if solver.check() is not Verdict.SAT:
            continue
        grid = solver.timeline()
        facts = learnable_facts(build_case(d, grid))
        assert facts.victim_alive
        if sum(person == d.murderer for person, _ in facts.scene_sightings) < 2:
            continue  # the earlier visit is a decoy's
        assert solver.is_unique(facts)
        again = TimelineSolver(d.problem, random_seed=z3_seed)  # one proof per solver
        assert again.check() is Verdict.SAT
        assert again.timeline() == grid
        assert not again.is_unique(dataclasses.replace(facts, victim_alive=()))
        return
    pytest.fail("no hard draft with the murderer's earlier visit in 30 seeds")


# the generator's own parts ---------------------------------------------------------------------

#: Every reason a draft may be rejected for (the table in maker's docstring).
REASONS = {
    "cross-reference/too-few-groups",
    "cross-reference/too-early",
    "cross-reference/no-fit",
    "weapon/no-path",
    "testimony/no-room",
    "testimony/too-few-groups",
    "testimony/no-sighting",
    "testimony/out-of-sight",
    "evening/no-end",
    "prints/no-holder",
    "timeline/unknown",
    "timeline/unsat",
}


def test_every_rejection_names_a_documented_reason() -> None:
    assert maker.__doc__ is not None
    for reason in REASONS:
        assert f"``{reason}``" in maker.__doc__
    tally: Counter[str] = Counter()
    for options in ({"difficulty": "hard"}, {"locations": 12, "red_herrings": 11}):
        settings = settings_from_options(options)
        for seed in range(25):
            maker.generate_case(seed, settings, rejections=tally)
    assert tally, "these options are known to reject some drafts"
    assert set(tally) <= REASONS


def test_a_generator_that_cannot_succeed_explains_why() -> None:
    settings = dataclasses.replace(  # past the option checks: two groups cannot cross-reference
        settings_from_options({"difficulty": "easy"}), cross_reference=True
    )
    with pytest.raises(AttemptsExhausted) as caught:
        maker.generate_case(5, settings)
    assert isinstance(caught.value, GenerationError)
    assert caught.value.rejections == {"cross-reference/too-few-groups": maker.ATTEMPTS}
    assert "no Murdered by Midnight case for seed 5" in str(caught.value)


@pytest.mark.parametrize("value", [None, [], [7], {"n": 7}, "7", 7.0, True])
@pytest.mark.parametrize("name", ["difficulty", "locations", "characters", "cross_reference"])
def test_options_of_any_json_type_are_refused_cleanly(name: str, value: Any) -> None:
    if name == "cross_reference" and value is True:
        return  # a valid value
    with pytest.raises(registry.CaseOptionsError, match=f"^{name} must be"):
        registry.generate(SYSTEM_ID, 1, {name: value})


def test_options_must_be_an_object() -> None:
    with pytest.raises(registry.CaseOptionsError, match="options must be an object"):
        settings_from_options([("difficulty", "easy")])  # type: ignore[arg-type]


@pytest.mark.parametrize("rooms", [4, 5, 12, 14, 15, 16, 17, 21])
def test_the_room_code_follows_the_floor_plan_in_houses_of_any_size(rooms: int) -> None:
    """``near`` holds exactly for a room and its neighbours, and ``room`` for room codes only,
    also past 16 rooms, where the code needs a wider column."""
    code = RoomCode(rooms)
    solver = CaseSolver(base_text(rooms, 1, 1), logic="QF_BV", rlimit=10**7, random_seed=0)
    plan = floor_plan(rooms)

    def fits(first: int, second: int) -> bool:
        text = smt.assert_(smt.eq("x0_0", smt.bv(first, code.bits))) + smt.assert_(
            smt.eq("x0_1", smt.bv(second, code.bits))
        )
        return solver.check_with(text) is Verdict.SAT

    for a in range(rooms):
        assert code.decode(code.encode(a)) == a
        for b in range(rooms):
            assert fits(code.encode(a), code.encode(b)) == (a == b or b in plan[a]), (a, b)
    valid = {code.encode(room) for room in range(rooms)}
    for value in range(1 << code.bits):
        assert fits(value, value) == (value in valid), value


#: sha256 of the generator's parts (``generate(seed, options)``) for a few seeds: the same seed
#: must give the same case in every version unless a change means to alter cases. Regenerate
#: with ``.venv/bin/python -m tests.generator.murdered_by_midnight.test_generator``.
GOLDEN = {
    "easy/0": "315f64f31cd3a385f30a83f329ba0db078915b25d6843ea3ddaac792fe1cc5b2",
    "easy/1": "2954bf742abe2ceb32ff9ffeb8f42544bfd1e3cd1b5fc594f1ef119ee6834145",
    "easy/17": "7a6ed48a836a9415a0712878058989a3e350e810e65c4c1ad2198144b0cf225c",
    "easy/123456789": "4791922c59e28dd7341d89de7516cf84a1eee50f63ca3a1d0b0c862b93109d76",
    "standard/0": "535b494ea65f0695856b7bf6bf70e1a28aa2964f1240d7254d4fbd008c34f6c6",
    "standard/1": "00e0781b2f4077fe40bec868bc31ab63e42047a67e8effd959fc64ab948e6b5c",
    "standard/17": "af76bfcc4d301515cafa2a9e6a4db1ac3695915073c0d7509a3f2de0f7987a4e",
    "standard/123456789": "2406784b3db9fbea8290c048ac96b3f534c4b66332a38ef0ebbfab26097ed7df",
    "hard/0": "ad28acd6d117e57563eb1a5922e849ced4b9d6263c56c90d6014acb6e4a1c563",
    "hard/1": "d96686fde47ef460dd51492c72e196f9f8812623eeeb1fa2321031bf1fb62128",
    "hard/17": "e9277114323762c3c7467244551a3b35eee4f958cb3b456458dcd84f621c552f",
    "hard/123456789": "38aa4152e2b71a776dde23e6646956e667bd3667613626e58905c5ed3fe60288",
}


def _golden_digests() -> dict[str, str]:
    digests = {}
    for difficulty in ("easy", "standard", "hard"):
        for seed in (0, 1, 17, 123456789):
            parts = mbm.generate(seed, {"difficulty": difficulty})
            text = json.dumps(parts, sort_keys=True, separators=(",", ":"))
            digests[f"{difficulty}/{seed}"] = hashlib.sha256(text.encode()).hexdigest()
    return digests


def test_cases_stay_the_same_for_the_same_seed() -> None:
    assert _golden_digests() == GOLDEN, (
        "cases changed; if that is intended, regenerate GOLDEN with"
        " .venv/bin/python -m tests.generator.murdered_by_midnight.test_generator"
    )


def test_a_case_made_under_a_hard_time_limit_is_the_same_case() -> None:
    """The API can bound untrusted options in wall-clock time; the worker makes the same case."""
    options = {"difficulty": "hard"}
    assert run_with_time_limit(60, mbm.generate, 8, options) == mbm.generate(8, options)


if __name__ == "__main__":
    print("GOLDEN = {")
    for key, digest in _golden_digests().items():
        print(f'    "{key}": "{digest}",')
    print("}")


def test_options_that_cannot_make_a_case_are_refused_in_words_a_person_reads(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The generator giving up is a 422 problem whose detail names the options, never a
    Python repr (a class name in a problem is a leak of the implementation)."""

    def hopeless(settings: Any, rng: random.Random) -> Any:
        raise Rejected("timeline/unsat", "every draft contradicts itself")

    monkeypatch.setattr(maker, "draft", hopeless)
    options = {"locations": 12, "characters": 5, "witness_groups": 1, "red_herrings": 11}
    with pytest.raises(AttemptsExhausted) as refused:
        registry.generate(SYSTEM_ID, 3, options)
    message = refused.value.message
    assert refused.value.status == 422
    assert "locations 12, characters 5" in message and "Settings(" not in message
