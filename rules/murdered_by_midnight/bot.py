"""A patient detective: it learns from its own view and accuses only when sure.

It reads what its view proves through :class:`~.reasoning.Notes` (the murder weapon from
forensics, the murderer from the prints on it, the motive from a suspicion naming the murderer,
the time from the sightings), then walks to the murderer's token to confront them. ``rng`` only
breaks ties.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from rules.core import Action, ActionSpec

from . import board
from .reasoning import Notes
from .spec import Act


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
