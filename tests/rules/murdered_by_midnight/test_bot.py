"""The detective bot's reading of the time of death (docs/rulings.md: the victim seen alive
elsewhere rules a time out), on hand-made notes of the sample case."""

from __future__ import annotations

from typing import Any

from rules.murdered_by_midnight.reasoning import Notes
from tests.rules.murdered_by_midnight.sample_case import sample_case

CASE = sample_case()
PUBLIC: dict[str, Any] = {
    "scene": CASE.scene,  # L1
    "victim": CASE.victim,  # C1
    "discovered_at": CASE.discovered_at,
    "characters": [{"id": c.id} for c in CASE.characters],
}
EARLY = {"person": "C3", "location": "L1", "time": "19:00"}
ALIVE = {"person": "C1", "location": "L2", "time": "20:00"}
DEATH = {"person": "C3", "location": "L1", "time": "21:00"}


def notes(*sightings: dict[str, str], everyone: bool = True) -> Notes:
    """Notes that know the murder weapon, the murderer and the motive, and these sightings."""
    found = Notes()
    found.forensics[("W1", "L3")] = True
    found.prints[("W1", "L3")] = "C3"
    found.suspicions.append({"suspect": "C3", "motive": "M1"})
    found.sightings.extend(sightings)
    living = [c.id for c in CASE.characters if c.id != CASE.victim]
    for character in living if everyone else living[:2]:
        found.asked.add(("ask-what-they-saw", character))
    return found


def time_of(found: Notes) -> str | None:
    solution = found.solution(PUBLIC)
    return None if solution is None else solution["time"]


def test_the_victim_seen_alive_later_rules_the_earlier_visit_out() -> None:
    assert time_of(notes(EARLY, ALIVE, DEATH)) == "21:00"
    assert notes(EARLY, ALIVE, DEATH).times(PUBLIC, "C3") == {"21:00"}


def test_two_visits_without_the_victim_leave_the_time_open() -> None:
    assert time_of(notes(EARLY, DEATH)) is None
    assert notes(EARLY, DEATH).times(PUBLIC, "C3") == {"19:00", "21:00"}


def test_the_victim_seen_at_the_scene_or_before_both_visits_rules_nothing_out() -> None:
    at_scene = {**ALIVE, "location": "L1"}
    before = {**ALIVE, "time": "18:30"}
    assert time_of(notes(EARLY, at_scene, DEATH)) is None
    assert time_of(notes(EARLY, before, DEATH)) is None


def test_one_visit_heard_is_trusted_only_when_nobody_else_could_tell_of_another() -> None:
    """Heard alone, the earlier visit looks like the time of death: the bot waits until every
    living character has told what they saw."""
    assert time_of(notes(EARLY, everyone=False)) is None
    assert time_of(notes(DEATH, everyone=False)) is None
    assert time_of(notes(DEATH)) == "21:00"
