"""What a seat's view proves about the case: the reasoning the rulebook's deduction steps take.

The bot and the deductions a seat may ask for (``GET /v1/games/{id}/deductions``) both read a
view through :class:`Notes`, so the detective's reasoning is written once. The generator's
independent verifier keeps its own copy of these rules on purpose: it must not trust this one.

The time of death is one at which a witness saw the murderer at the scene, unless a witness saw
the victim alive elsewhere then or later (the cross-reference of docs/rulings.md). A sighting of
the murderer at the scene may be an earlier visit that only an unheard sighting of the victim
rules out, so the time is settled only once every living character has told what they saw.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any, Protocol, TypeVar

from .spec import Act


class _Ordered(Protocol):
    def __gt__(self, other: Any, /) -> bool: ...


T = TypeVar("T", bound=_Ordered)


def is_possible_death(time: T, victim_seen_alive: Iterable[T]) -> bool:
    """The cross-reference rule (docs/rulings.md): the body lies at the scene from the death on,
    so a death at ``time`` is possible only after every time a witness saw the victim alive away
    from the scene. Times are anything ordered as the evening runs: slot numbers for the
    generator, "HH:MM" for a view. The generator states the same rule for z3 in its model; its
    independent verifier keeps its own copy on purpose."""
    return all(time > alive for alive in victim_seen_alive)


@dataclass
class Notes:
    """What a seat has learned, read off its view."""

    searched: set[str] = field(default_factory=set)
    asked: set[tuple[str, str]] = field(default_factory=set)  # (question type, character)
    prints: dict[tuple[str, str], str | None] = field(default_factory=dict)
    forensics: dict[tuple[str, str], bool] = field(default_factory=dict)
    sightings: list[dict[str, str]] = field(default_factory=list)
    suspicions: list[dict[str, str]] = field(default_factory=list)
    witnesses: set[str] = field(default_factory=set)  # characters who answered: not suspects

    @classmethod
    def from_view(cls, view: Mapping[str, Any]) -> Notes:
        notes = cls()
        notes.searched = {s["location"] for s in view["searches"]}
        for item in view["testimony"]:
            notes.asked.add((item["type"], item["character"]))
            if item.get("sighting"):
                notes.sightings.append(item["sighting"])
                notes.witnesses.add(item["character"])
            if item.get("suspicion"):
                notes.suspicions.append(item["suspicion"])
                notes.witnesses.add(item["character"])
        for item in view["envelopes"]:
            key = (item["weapon"], item["location"])
            if "prints" in item:
                notes.prints[key] = item["prints"]
            if "murder_weapon" in item:
                notes.forensics[key] = item["murder_weapon"]
        return notes

    @property
    def murder_find(self) -> tuple[str, str] | None:
        return next((key for key, found in self.forensics.items() if found), None)

    @property
    def murderer(self) -> str | None:
        find = self.murder_find
        return None if find is None else self.prints.get(find)

    def solution(self, case: Mapping[str, Any]) -> dict[str, str] | None:
        """The four Case Details, if the notes prove each one; otherwise ``None``."""
        find, murderer = self.murder_find, self.murderer
        if find is None or murderer is None:
            return None
        motives = {s["motive"] for s in self.suspicions if s["suspect"] == murderer}
        if len(motives) != 1 or not self.heard_every_sighting(case):
            return None
        times = self.times(case, murderer)
        if len(times) != 1:
            return None
        return {
            "murderer": murderer,
            "weapon": find[0],
            "motive": motives.pop(),
            "time": times.pop(),
        }

    def times(self, case: Mapping[str, Any], murderer: str) -> set[str]:
        """The times of death the sightings heard allow: a time a witness saw ``murderer`` at
        the scene, after every time a witness saw the victim alive away from it."""
        scene, victim = case["scene"], case["victim"]
        alive = [
            s["time"] for s in self.sightings if s["person"] == victim and s["location"] != scene
        ]
        return {
            s["time"]
            for s in self.sightings
            if s["person"] == murderer
            and s["location"] == scene
            and s["time"] < case["discovered_at"]  # the death came before the body was found
            and is_possible_death(s["time"], alive)  # "HH:MM" sorts as it reads
        }

    def heard_every_sighting(self, case: Mapping[str, Any]) -> bool:
        """Whether every living character has told what they saw (so no sighting is missing)."""
        return all(
            (Act.ASK_WHAT_THEY_SAW, c["id"]) in self.asked
            for c in case["characters"]
            if c["id"] != case["victim"]
        )


def deductions(view: Mapping[str, Any]) -> dict[str, Any]:
    """What a seat's view proves: for each Case Detail, what remains possible and whether it is
    settled, and the whole solution once every detail is proved.

    Sound from any view: a possibility is removed only by something the seat has learned (a
    forensic verdict, the prints on the murder weapon, a witness's answer — the murderer and
    the suspects saw nothing —, the victim seen alive, the discovery of the body).
    """
    case = view["case"]
    notes = Notes.from_view(view)
    living = [c["id"] for c in case["characters"] if c["id"] != case["victim"]]
    weapons = _possible_weapons(case, notes)
    murderers = (
        [notes.murderer] if notes.murderer else [c for c in living if c not in notes.witnesses]
    )
    motives = [m["id"] for m in case["motives"]]
    if notes.murderer:
        named = {s["motive"] for s in notes.suspicions if s["suspect"] == notes.murderer}
        motives = [m for m in motives if m in named] or motives
    times = _possible_times(case, notes)
    return {
        "murderer": _detail(murderers),
        "weapon": _detail(weapons),
        "motive": _detail(motives),
        "time": _detail(times),
        "solution": notes.solution(case),
    }


def _possible_weapons(case: Mapping[str, Any], notes: Notes) -> list[str]:
    if notes.murder_find is not None:
        return [notes.murder_find[0]]
    ruled_out = {weapon for (weapon, _), found in notes.forensics.items() if not found}
    return [
        w["id"]
        for w in case["weapons"]
        if w["cause_of_death"] == case["cause_of_death"] and w["id"] not in ruled_out
    ]


def _possible_times(case: Mapping[str, Any], notes: Notes) -> list[str]:
    """Times before the discovery and after every sighting of the victim alive elsewhere; once
    every sighting is heard and the murderer known, only those at which they were at the scene."""
    scene, victim = case["scene"], case["victim"]
    alive = [s["time"] for s in notes.sightings if s["person"] == victim and s["location"] != scene]
    times = [t for t in case["times"] if t < case["discovered_at"] and is_possible_death(t, alive)]
    murderer = notes.murderer
    if murderer is not None and notes.heard_every_sighting(case):
        at_scene = notes.times(case, murderer)
        times = [t for t in times if t in at_scene]
    return times


def _detail(possible: list[str]) -> dict[str, Any]:
    return {"possible": possible, "settled": possible[0] if len(possible) == 1 else None}
