"""The Author's desk: the questions of the game, answered outside any game, for the Author.

Whoever holds a case's author token may read its whole sheet, so they may also ask anything of
it here: "not found in the Library" tells them nothing new. A table that plays asks through a
table session instead (``session.py``), which answers no more than the Author at a table would.
The answers come from ``author.py`` and take the shape of the game's own events; an envelope's
content goes in ``data``, since the asker is the only one who receives it.
"""

from __future__ import annotations

from typing import Any

from rules.core import Action, ActionSpec, Event, RuleError, check_action

from . import author
from .case import MbmCase
from .play import witness_event
from .spec import ACCUSATION_FIELDS, ENVELOPES, WITNESS_QUESTIONS, Act, Ev

#: Who the Author's answers speak of: the inspector at a physical table who asked.
ASKER = "the inspector"


def accusation_choices(case: MbmCase) -> dict[str, tuple[str, ...]]:
    """What an accusation may name: a living character, and a weapon, motive and time of the
    case; anything else is no accusation at all."""
    return {
        "murderer": tuple(c.id for c in case.characters if c.id != case.victim),
        "weapon": tuple(item.id for item in case.weapons),
        "motive": tuple(m.id for m in case.motives),
        "time": case.times,
    }


def author_questions(case: MbmCase) -> list[ActionSpec]:
    """Every question about the case, for its Author, who knows the whole sheet anyway."""
    locations = tuple(item.id for item in case.locations)
    weapons = tuple(item.id for item in case.weapons)
    choices = accusation_choices(case)
    return [
        ActionSpec(Act.SEARCH, {"location": locations}),
        *(ActionSpec(kind, {"location": locations, "weapon": weapons}) for kind in ENVELOPES),
        *(ActionSpec(kind, {"character": choices["murderer"]}) for kind in WITNESS_QUESTIONS),
        ActionSpec(Act.ACCUSE, dict(choices)),
    ]


def author_answer(case: MbmCase, question: Action) -> Event:
    check_action(author_questions(case), question)
    params = {name: str(value) for name, value in question.params.items()}
    kind = Act(question.type)
    if kind == Act.SEARCH:
        found = list(author.weapons_found(case, params["location"]))
        return Event(Ev.LOCATION_SEARCHED, data={"location": params["location"], "weapons": found})
    if kind in ENVELOPES:
        return _envelope(case, kind, params["weapon"], params["location"])
    if kind in WITNESS_QUESTIONS:
        return witness_event(case, None, kind, params["character"])
    fields = {name: params[name] for name in ACCUSATION_FIELDS}
    return Event(Ev.ACCUSATION_MADE, data={**fields, "correct": author.is_correct(case, **fields)})


def _envelope(case: MbmCase, kind: Act, weapon: str, location: str) -> Event:
    find = author.find_at(case, weapon, location)
    if find is None:
        raise RuleError(
            f"{case.weapon(weapon).name} is not found in {case.location(location).name}: "
            "search there first",
            code="author/not-found",
        )
    data: dict[str, Any] = {"weapon": weapon, "location": location}
    return Event(ENVELOPES[kind], data={**data, **author.envelope_contents(case, kind, find)})
