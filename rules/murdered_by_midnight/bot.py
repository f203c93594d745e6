"""A patient detective: it learns from its own view and accuses only when sure.

It reads the murder weapon from forensics, the murderer from the prints on it, the motive from
a suspicion naming the murderer and the time from the sightings (:meth:`Notes.times`), then
walks to the murderer's token to confront them. ``rng`` only breaks ties.

The time is the one a witness saw the murderer at the scene, unless a witness saw the victim
alive elsewhere then or later (the cross-reference of docs/rulings.md). A sighting of the
murderer at the scene may be an earlier visit that only an unheard sighting of the victim rules
out, so the bot trusts the time only once every living character has told what they saw.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from rules.core import Action, ActionSpec

from . import board
from .spec import Act


@dataclass
class Notes:
    """What the bot has worked out from its view."""

    searched: set[str] = field(default_factory=set)
    asked: set[tuple[str, str]] = field(default_factory=set)  # (question type, character)
    prints: dict[tuple[str, str], str | None] = field(default_factory=dict)
    forensics: dict[tuple[str, str], bool] = field(default_factory=dict)
    sightings: list[dict[str, str]] = field(default_factory=list)
    suspicions: list[dict[str, str]] = field(default_factory=list)

    @classmethod
    def from_view(cls, view: Mapping[str, Any]) -> Notes:
        notes = cls()
        notes.searched = {s["location"] for s in view["searches"]}
        for item in view["testimony"]:
            notes.asked.add((item["type"], item["character"]))
            if item.get("sighting"):
                notes.sightings.append(item["sighting"])
            if item.get("suspicion"):
                notes.suspicions.append(item["suspicion"])
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
            and all(s["time"] > time for time in alive)  # "HH:MM" sorts as it reads
        }

    def heard_every_sighting(self, case: Mapping[str, Any]) -> bool:
        """Whether every living character has told what they saw (so no sighting is missing)."""
        return all(
            (Act.ASK_WHAT_THEY_SAW, c["id"]) in self.asked
            for c in case["characters"]
            if c["id"] != case["victim"]
        )


def choose(view: Mapping[str, Any], legal: Sequence[ActionSpec], rng: random.Random) -> Action:
    by_type = {spec.type: spec for spec in legal}
    me = view["you"]
    here = view["inspectors"][me]["location"]
    notes = Notes.from_view(view)
    solution = notes.solution(view["case"])
    cards = {card["location"]: card for card in view["map"]}
    if solution is not None:
        accuse = by_type.get(Act.ACCUSE)
        if accuse is not None and solution["murderer"] in accuse.choices("murderer"):
            return Action(Act.ACCUSE, solution)
        if Act.END_TURN in by_type:
            return Action(Act.END_TURN)
        goal = [loc for loc, card in cards.items() if solution["murderer"] in card["characters"]]
        return _travel(view, by_type, here, goal, rng)
    question = _useful_question(by_type, cards[here], notes)
    if question is not None:
        return question
    if Act.END_TURN in by_type:
        return Action(Act.END_TURN)
    goal = [loc for loc, card in cards.items() if _has_work(card, notes)]
    return _travel(view, by_type, here, goal, rng)


def _useful_question(
    by_type: Mapping[str, ActionSpec], card: Mapping[str, Any], notes: Notes
) -> Action | None:
    """The most useful question here that the bot does not know the answer to yet."""
    for kind, param, subject in _work(card, notes):
        spec = by_type.get(kind)
        if spec is not None and (param is None or subject in spec.choices(param)):
            return Action(kind, {} if param is None else {param: subject})
    return None


def _work(card: Mapping[str, Any], notes: Notes) -> list[tuple[str, str | None, str]]:
    location = card["location"]
    work: list[tuple[str, str | None, str]] = []
    for weapon in card["weapons"]:
        key = (weapon, location)
        if notes.murder_find is None and key not in notes.forensics:
            work.append((Act.FORENSIC_ANALYSIS, "weapon", weapon))
        if notes.murder_find == key and key not in notes.prints:
            work.append((Act.DUST_FOR_PRINTS, "weapon", weapon))
    for character in card["characters"]:
        for kind in (Act.ASK_WHO_DID_IT, Act.ASK_WHAT_THEY_SAW):
            if (kind, character) not in notes.asked:
                work.append((kind, "character", character))
    if location not in notes.searched:
        work.append((Act.SEARCH, None, location))
    return work


def _has_work(card: Mapping[str, Any], notes: Notes) -> bool:
    return bool(_work(card, notes))


def _travel(
    view: Mapping[str, Any],
    by_type: Mapping[str, ActionSpec],
    here: str,
    goal: list[str],
    rng: random.Random,
) -> Action:
    """A turn toward the nearest goal: a step, a passage, or a new card when none is near."""
    cells: dict[str, board.Cell] = {}
    for card in view["map"]:
        cell = board.parse_cell(card["at"])
        assert cell is not None
        cells[card["location"]] = cell
    passages = [(p["from"], p["to"]) for p in view["passages"]]
    far = board.distances(cells, passages, here)
    reachable = sorted((far[loc], loc) for loc in goal if loc in far and loc != here)
    reveal = by_type.get(Act.REVEAL_LOCATION)
    if reveal is not None and (not reachable or reachable[0][0] > 1):
        beside = {board.cell_name(c) for c in board.sides(cells[here])}
        near = [at for at in reveal.choices("at") if at in beside]
        return Action(Act.REVEAL_LOCATION, {"at": rng.choice(near or list(reveal.choices("at")))})
    if not reachable:
        return Action(Act.SEARCH)  # nothing left to learn nearby: a harmless turn
    distance, target = reachable[0]
    opener = by_type.get(Act.OPEN_PASSAGE)
    if distance >= 3 and opener is not None and target in opener.choices("to"):
        return Action(Act.OPEN_PASSAGE, {"to": target})
    for kind in (Act.MOVE, Act.TAKE_PASSAGE):
        spec = by_type.get(kind)
        if spec is None:
            continue
        steps = [
            to
            for to in spec.choices("to")
            if far_from(cells, passages, to).get(target) == distance - 1
        ]
        if steps:
            return Action(kind, {"to": rng.choice(sorted(str(s) for s in steps))})
    return Action(Act.SEARCH)


def far_from(
    cells: Mapping[str, board.Cell], passages: list[tuple[str, str]], start: Any
) -> dict[str, int]:
    return board.distances(cells, passages, str(start))
