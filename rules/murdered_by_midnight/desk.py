"""The Author's desk: the questions of the game, answered outside any game.

Tables that play with printed components ask here what they would ask the Author. The answers
come from ``author.py`` and take the shape of the game's own events; an envelope's content goes
in ``data``, since the asker is the only one who receives it.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rules.core import Action, ActionSpec, Event, RuleError, check_action

from . import author
from .case import MbmCase
from .play import witness_event
from .setup import read_case


def author_questions(envelope: Mapping[str, Any]) -> list[ActionSpec]:
    return questions_for(read_case(envelope))


def questions_for(case: MbmCase) -> list[ActionSpec]:
    locations = tuple(item.id for item in case.locations)
    weapons = tuple(item.id for item in case.weapons)
    living = tuple(c.id for c in case.characters if c.id != case.victim)
    return [
        ActionSpec("search", {"location": locations}),
        ActionSpec("dust-for-prints", {"location": locations, "weapon": weapons}),
        ActionSpec("forensic-analysis", {"location": locations, "weapon": weapons}),
        ActionSpec("ask-what-they-saw", {"character": living}),
        ActionSpec("ask-who-did-it", {"character": living}),
        ActionSpec(
            "accuse",
            {
                "murderer": living,
                "weapon": weapons,
                "motive": tuple(m.id for m in case.motives),
                "time": case.times,
            },
        ),
    ]


def author_answer(envelope: Mapping[str, Any], question: Action) -> Event:
    case = read_case(envelope)
    check_action(questions_for(case), question)
    params = {name: str(value) for name, value in question.params.items()}
    kind = question.type
    if kind == "search":
        found = list(author.weapons_found(case, params["location"]))
        return Event("location-searched", data={"location": params["location"], "weapons": found})
    if kind in ("dust-for-prints", "forensic-analysis"):
        return _envelope(case, kind, params["weapon"], params["location"])
    if kind in ("ask-what-they-saw", "ask-who-did-it"):
        return witness_event(case, None, kind, params["character"])
    fields = {name: params[name] for name in ("murderer", "weapon", "motive", "time")}
    return Event("accusation-made", data={**fields, "correct": author.is_correct(case, **fields)})


def _envelope(case: MbmCase, kind: str, weapon: str, location: str) -> Event:
    find = author.find_at(case, weapon, location)
    if find is None:
        raise RuleError(
            f"{case.weapon(weapon).name} is not found in {case.location(location).name}: "
            "search there first",
            code="author/not-found",
        )
    data: dict[str, Any] = {"weapon": weapon, "location": location}
    if kind == "dust-for-prints":
        return Event("prints-dusted", data={**data, "prints": author.prints_on(case, find)})
    return Event(
        "forensics-analysed", data={**data, "murder_weapon": author.is_murder_weapon(case, find)}
    )
