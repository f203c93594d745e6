"""The independent verifier accepts fair cases and names what is wrong with unfair ones."""

from __future__ import annotations

import dataclasses

import pytest

import generator.murdered_by_midnight  # noqa: F401  (registers the generator)
from generator import registry
from generator.murdered_by_midnight.maker import neighbours
from generator.murdered_by_midnight.verify import verify
from rules.murdered_by_midnight.case import (
    SYSTEM_ID,
    MbmCase,
    Sighting,
    Suspicion,
    WeaponFind,
    WitnessGroup,
    from_envelope,
)
from tests.rules.murdered_by_midnight.sample_case import sample_case


@pytest.fixture(scope="module")
def good() -> MbmCase:
    return from_envelope(registry.generate(SYSTEM_ID, 11, {}))


def test_the_sample_case_passes() -> None:
    report = verify(sample_case())
    assert report.ok, report.problems
    assert report.answers == (("C3", "W1", "M1", "21:00"),)


def test_a_generated_case_passes_with_its_floor_plan(good: MbmCase) -> None:
    assert verify(good, neighbours=neighbours(good)).ok


def _add_group(case: MbmCase, saw: Sighting, suspects: Suspicion) -> MbmCase:
    """Move one witness of the last multi-witness group (or any group) into a new group."""
    groups = list(case.witness_groups)
    index = max(range(len(groups)), key=lambda i: len(groups[i].witnesses))
    donor = groups[index]
    if len(donor.witnesses) > 1:
        groups[index] = dataclasses.replace(donor, witnesses=donor.witnesses[1:])
        groups.append(WitnessGroup(donor.witnesses[:1], saw, suspects))
    else:  # rewrite the donor's testimony instead
        groups[index] = WitnessGroup(donor.witnesses, saw, suspects)
    return dataclasses.replace(case, witness_groups=tuple(groups))


def _other_motive(case: MbmCase) -> str:
    return next(m.id for m in case.motives if m.id != case.solution.motive)


def _true_sighting_of_someone(case: MbmCase) -> Sighting:
    innocent = next(s for s in case.suspects if s != case.solution.murderer)
    return Sighting(innocent, case.timeline[innocent][0], case.times[0])


def test_a_second_motive_for_the_murderer_is_rejected(good: MbmCase) -> None:
    bad = _add_group(
        good,
        _true_sighting_of_someone(good),
        Suspicion(good.solution.murderer, _other_motive(good)),
    )
    report = verify(bad)
    assert "fair/second-motive" in report.codes
    assert "fair/ambiguous" in report.codes


def test_a_second_time_at_the_scene_is_rejected() -> None:
    case = sample_case()
    murderer = case.solution.murderer
    # make the murderer also stand at the scene at 19:00, and have someone see it
    slots = list(case.timeline[murderer])
    slots[case.times.index("19:00")] = case.scene
    timeline = {**case.timeline, murderer: tuple(slots)}
    case = dataclasses.replace(case, timeline=timeline)
    bad = _add_group(case, Sighting(murderer, case.scene, "19:00"), Suspicion("C4", "M2"))
    report = verify(bad)
    assert "fair/second-time" in report.codes
    assert "fair/ambiguous" in report.codes
    assert "timeline/false-sighting" not in report.codes


def test_a_second_murder_weapon_is_rejected(good: MbmCase) -> None:
    # another weapon at the murder weapon's L number: forensics by location calls it too
    herring = (good.weapons_with_prints + good.weapons_without_prints)[0]
    moved = WeaponFind(herring.weapon, good.murder_weapon.location, herring.prints)
    bad = dataclasses.replace(
        good,
        weapons_with_prints=tuple(moved if f == herring else f for f in good.weapons_with_prints),
        weapons_without_prints=tuple(
            moved if f == herring else f for f in good.weapons_without_prints
        ),
    )
    report = verify(bad)
    assert "fair/second-murder-weapon" in report.codes
    assert "sheet/shared-location" in report.codes


def test_the_murder_weapon_listed_twice_is_rejected() -> None:
    case = sample_case()
    twice = WeaponFind(case.murder_weapon.weapon, "L4", "C4")
    bad = dataclasses.replace(case, weapons_with_prints=(*case.weapons_with_prints, twice))
    report = verify(bad)
    assert "fair/second-murder-weapon" in report.codes
    assert "sheet/weapon-twice" in report.codes


def test_a_false_sighting_is_rejected(good: MbmCase) -> None:
    group = good.witness_groups[0]
    saw = group.saw
    elsewhere = next(
        loc.id
        for loc in good.locations
        if loc.id != good.timeline[saw.person][good.times.index(saw.time)]
    )
    groups = (
        dataclasses.replace(group, saw=Sighting(saw.person, elsewhere, saw.time)),
        *good.witness_groups[1:],
    )
    report = verify(dataclasses.replace(good, witness_groups=groups))
    assert "timeline/false-sighting" in report.codes


def test_a_missing_murderer_token_is_rejected(good: MbmCase) -> None:
    whereabouts = {c: place for c, place in good.whereabouts.items() if c != good.solution.murderer}
    report = verify(dataclasses.replace(good, whereabouts=whereabouts))
    assert "fair/murderer-token" in report.codes
    assert "whereabouts/coverage" in report.codes
    assert "fair/no-answer" in report.codes


@pytest.mark.parametrize(
    ("change", "code"),
    [
        (lambda c: {"discovered_at": c.solution.time}, "times/discovery"),
        (lambda c: {"cause_of_death": "old age"}, "sheet/cause-of-death"),
        (lambda c: {"scene": "L99"}, "ids/unknown"),
        (lambda c: {"timeline": {k: v[:-1] for k, v in c.timeline.items()}}, "timeline/coverage"),
        (
            lambda c: {
                "suspects": c.suspects[1:]
                if c.suspects[0] == c.solution.murderer
                else c.suspects[:1]
            },
            "sheet/roles",
        ),
        (
            lambda c: {
                "whereabouts": {
                    **c.whereabouts,
                    c.discoverer: c.locations[-1].id
                    if c.locations[-1].id != c.scene
                    else c.locations[0].id,
                }
            },
            "whereabouts/discoverer",
        ),
    ],
)
def test_structural_problems_are_named(good: MbmCase, change: object, code: str) -> None:
    bad = dataclasses.replace(good, **change(good))  # type: ignore[operator]
    assert code in verify(bad).codes


def test_movement_is_checked_against_a_floor_plan(good: MbmCase) -> None:
    plan = neighbours(good)
    character = good.suspects[0]
    slots = list(good.timeline[character])
    far = next(loc for loc in plan if loc != slots[0] and loc not in plan[slots[0]])
    slots[1] = far
    bad = dataclasses.replace(good, timeline={**good.timeline, character: tuple(slots)})
    assert "timeline/movement" in verify(bad, neighbours=plan).codes


@pytest.fixture(scope="module")
def hard() -> MbmCase:
    """A hard case in which the earlier visit near the scene is the murderer's (in others it
    is a decoy's)."""
    for seed in range(11, 71):
        case = from_envelope(registry.generate(SYSTEM_ID, seed, {"difficulty": "hard"}))
        if len(_murderer_at_scene(case)) == 2:
            return case
    pytest.fail("no hard case in 60 seeds where the murderer was seen near the scene twice")


def _victim_group(case: MbmCase) -> int:
    return next(i for i, g in enumerate(case.witness_groups) if g.saw.person == case.victim)


def _with_sighting(case: MbmCase, index: int, saw: Sighting) -> MbmCase:
    groups = list(case.witness_groups)
    groups[index] = dataclasses.replace(groups[index], saw=saw)
    return dataclasses.replace(case, witness_groups=tuple(groups))


def _murderer_at_scene(case: MbmCase) -> list[str]:
    return sorted(
        g.saw.time
        for g in case.witness_groups
        if (g.saw.person, g.saw.location) == (case.solution.murderer, case.scene)
    )


def test_a_cross_reference_case_passes(hard: MbmCase) -> None:
    report = verify(hard, neighbours=neighbours(hard))
    assert report.ok, report.problems
    early, death = _murderer_at_scene(hard)
    assert death == hard.solution.time
    assert early < hard.witness_groups[_victim_group(hard)].saw.time < death


def test_without_the_victims_sighting_two_times_remain(hard: MbmCase) -> None:
    """The victim's sighting is what rules the earlier visit out; replaced by a true sighting of
    someone innocent, both visits fit."""
    bad = _with_sighting(hard, _victim_group(hard), _true_sighting_of_someone(hard))
    report = verify(bad, neighbours=neighbours(bad))
    assert "fair/second-time" in report.codes
    assert "fair/ambiguous" in report.codes
    assert sorted(answer[3] for answer in report.answers) == _murderer_at_scene(hard)


def test_the_victims_sighting_before_both_visits_rules_nothing_out(hard: MbmCase) -> None:
    early, _ = _murderer_at_scene(hard)
    before = hard.times[hard.times.index(early) - 1] if early != hard.times[0] else None
    if before is None:
        pytest.skip("the earlier visit is at the first slot")
    # a true sighting: wherever the timeline has the victim then, unless at the scene
    place = hard.timeline[hard.victim][hard.times.index(before)]
    away = place if place != hard.scene else None
    if away is None:
        pytest.skip("the victim was at the scene just before the earlier visit")
    bad = _with_sighting(hard, _victim_group(hard), Sighting(hard.victim, away, before))
    report = verify(bad)
    assert "fair/second-time" in report.codes
    assert "timeline/false-sighting" not in report.codes


def test_the_victims_sighting_after_the_death_is_rejected(hard: MbmCase) -> None:
    """Moved after T2 it is false (the body lies at the scene) and rules every time out."""
    saw = hard.witness_groups[_victim_group(hard)].saw
    later = hard.times[hard.times.index(hard.solution.time) + 1]
    bad = _with_sighting(hard, _victim_group(hard), Sighting(hard.victim, saw.location, later))
    report = verify(bad)
    assert not report.ok
    assert "timeline/false-sighting" in report.codes
    assert "fair/no-answer" in report.codes
    assert report.answers == ()


def test_a_sighting_of_the_victim_at_the_scene_rules_nothing_out(hard: MbmCase) -> None:
    """Only a sighting away from the scene proves the victim alive (the rule of the ruling)."""
    groups = list(hard.witness_groups)
    index = _victim_group(hard)
    early, _ = _murderer_at_scene(hard)
    groups[index] = dataclasses.replace(
        groups[index], saw=Sighting(hard.victim, hard.scene, groups[index].saw.time)
    )
    report = verify(dataclasses.replace(hard, witness_groups=tuple(groups)))
    assert "fair/second-time" in report.codes
    assert early in {answer[3] for answer in report.answers}


def test_someone_beside_the_murderer_at_the_death_is_rejected(good: MbmCase) -> None:
    """Nobody but the murderer is with the victim at the time of death (docs/rulings.md)."""
    death = good.times.index(good.solution.time)
    witness = good.witness_groups[0].witnesses[0]
    slots = list(good.timeline[witness])
    slots[death] = good.scene
    bad = dataclasses.replace(good, timeline={**good.timeline, witness: tuple(slots)})
    assert "timeline/crowded-scene" in verify(bad).codes


def test_a_motive_that_is_none_of_the_suspects_ties_is_rejected(good: MbmCase) -> None:
    """A suspicion gives the suspect one of their own ties as the motive (docs/rulings.md)."""
    group = good.witness_groups[0]
    suspect = group.suspects.suspect
    foreign = next(m.id for m in good.motives if m.id not in good.ties[suspect])
    groups = (
        dataclasses.replace(group, suspects=Suspicion(suspect, foreign)),
        *good.witness_groups[1:],
    )
    assert "sheet/motive-tie" in verify(dataclasses.replace(good, witness_groups=groups)).codes
    assert "sheet/motive-tie" not in verify(good).codes


def test_the_verifier_counts_what_each_skipped_step_leaves(good: MbmCase) -> None:
    report = verify(good, neighbours=neighbours(good))
    assert set(report.without) == {"forensics", "dusting", "suspicions", "sightings"}
    assert min(report.without.values()) >= 2
    assert report.without["sightings"] == good.times.index(good.discovered_at) * len(report.answers)
