"""A table session: the Author's desk for one physical table, remembering what the Author sees.

At a table the Author sees which map cards lie face up, which were searched (the purple
markers), who has accused aloud and who is out. The desk keeps exactly that and nothing else,
so it refuses what the Author would refuse, and every refusal and every list of choices is a
fact of the open table: none depends on the hidden part of the case.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from rules import serial
from rules.core import (
    Action,
    ActionSpec,
    Event,
    GameOverError,
    Outcome,
    RuleError,
    SetupError,
    check_action,
    winners_first,
)

from . import author
from .case import MbmCase
from .play import witness_event
from .spec import ACCUSATION_FIELDS, ENVELOPES, WITNESS_QUESTIONS, Act, Ending, Ev
from .state import Accusation
from .table import markers_at

#: "each Player (1 to 6) will be given a Case Log card".
MAX_INSPECTORS = 6


class EliminatedError(RuleError):
    """The inspector accused wrongly: "the game has ended for them"."""

    code = "desk/eliminated"


@dataclass(frozen=True)
class DeskTable:
    """What the Author of one table has seen so far."""

    inspectors: int
    revealed: tuple[str, ...]  # face-up map cards, the scene first
    searched: tuple[str, ...]  # searched locations (each carries its markers), without repeats
    accusations: tuple[Accusation, ...]
    eliminated: frozenset[int]
    winners: tuple[int, ...]
    ended: str | None  # the spec's Ending, once the table is done


def open_table(case: MbmCase, inspectors: int) -> DeskTable:
    """The scene face up in the middle, the rest of the map face down, nobody out."""
    if not 1 <= inspectors <= MAX_INSPECTORS:
        raise SetupError(
            f"A table seats 1 to {MAX_INSPECTORS} inspectors, not {inspectors}.",
            code="setup/seat-count",
        )
    return DeskTable(inspectors, (case.scene,), (), (), frozenset(), (), None)


def questions(case: MbmCase, table: DeskTable, inspector: int) -> list[ActionSpec]:
    """What ``inspector`` may ask now: nothing once the table is done or it is out."""
    if table.ended is not None or inspector in table.eliminated:
        return []
    revealed = set(table.revealed)
    return _forms(
        case,
        hidden=tuple(item.id for item in case.locations if item.id not in revealed),
        shown=table.revealed,
        found=_found(case, table),
        present=tuple(c for location in table.revealed for c in case.tokens_at(location)),
    )


def answer(
    case: MbmCase, table: DeskTable, inspector: int, question: Action
) -> tuple[DeskTable, list[Event]]:
    """The Author's answer to ``inspector``: a question naming something the case does not
    have is bad input (422); one the open table does not allow is refused by its rule (409)."""
    check_action(every_question(case), question)
    _explain_refusal(case, table, inspector, question)
    check_action(questions(case, table, inspector), question)
    params = {name: str(value) for name, value in question.params.items()}
    kind = Act(question.type)
    if kind == Act.REVEAL_LOCATION:
        return _reveal(case, table, inspector, params["location"])
    if kind == Act.SEARCH:
        return _search(case, table, inspector, params["location"])
    if kind in ENVELOPES:
        return table, [_envelope(case, table, inspector, kind, params["weapon"])]
    if kind in WITNESS_QUESTIONS:
        return table, [witness_event(case, inspector, kind, params["character"])]
    return _accuse(case, table, inspector, {name: params[name] for name in ACCUSATION_FIELDS})


def view(case: MbmCase, table: DeskTable) -> dict[str, Any]:
    """The open table: each face-up card with its tokens and markers, who is out, what was
    accused aloud. Envelopes are not here: only the inspector who asked read one."""
    searched = set(table.searched)
    return {
        "inspectors": table.inspectors,
        "map": [
            {
                "location": location,
                "characters": list(case.tokens_at(location)),
                "searched": location in searched,
                "weapons": markers_at(case, searched, location),
            }
            for location in table.revealed
        ],
        "face_down": len(case.locations) - len(table.revealed),
        "eliminated": sorted(table.eliminated),
        "accusations": [serial.to_json(item) for item in table.accusations],
    }


def outcome(case: MbmCase, table: DeskTable) -> Outcome | None:
    if table.ended is None:
        return None
    return Outcome(
        ending=table.ended,
        winners=table.winners,
        standings=winners_first(table.inspectors, table.winners, losers=sorted(table.eliminated)),
        solution=author.solution_json(case),
    )


def to_json(table: DeskTable) -> dict[str, Any]:
    data: dict[str, Any] = serial.to_json(table)
    return data


def from_json(data: Mapping[str, Any]) -> DeskTable:
    table: DeskTable = serial.from_json(DeskTable, dict(data))
    return table


def _forms(
    case: MbmCase,
    *,
    hidden: tuple[str, ...],
    shown: tuple[str, ...],
    found: tuple[str, ...],
    present: tuple[str, ...],
) -> list[ActionSpec]:
    """The question forms, given which cards are face down and up, which weapons carry a
    marker and whose tokens stand on face-up cards; a form with no choice is left out."""
    forms = [
        ActionSpec(Act.REVEAL_LOCATION, {"location": hidden}),
        ActionSpec(Act.SEARCH, {"location": shown}),
        *(ActionSpec(kind, {"weapon": found}) for kind in ENVELOPES),
        *(ActionSpec(kind, {"character": present}) for kind in WITNESS_QUESTIONS),
        ActionSpec(
            Act.ACCUSE,
            {
                "murderer": present,
                "weapon": tuple(item.id for item in case.weapons),
                "motive": tuple(item.id for item in case.motives),
                "time": case.times,
            },
        ),
    ]
    return [form for form in forms if all(form.params.values())]


def every_question(case: MbmCase) -> list[ActionSpec]:
    """Every question about anything the case has, whatever lies on the table."""
    locations = tuple(item.id for item in case.locations)
    living = tuple(c.id for c in case.characters if c.id != case.victim)
    weapons = tuple(item.id for item in case.weapons)
    return _forms(case, hidden=locations, shown=locations, found=weapons, present=living)


def _found(case: MbmCase, table: DeskTable) -> tuple[str, ...]:
    """Weapons with a marker on the table: found by a search of their card."""
    return tuple(weapon for place in table.searched for weapon in author.weapons_found(case, place))


def _explain_refusal(case: MbmCase, table: DeskTable, inspector: int, question: Action) -> None:
    """Why the Author would refuse ``question`` at this table, in words that name only what
    lies open on it."""
    if table.ended is not None:
        raise GameOverError("This table's case is closed: nothing more can be asked.")
    if inspector in table.eliminated:
        raise EliminatedError(
            "This inspector accused wrongly: the game has ended for them.",
        )
    params = {name: str(value) for name, value in question.params.items()}
    kind = Act(question.type)
    location = params.get("location")
    if kind == Act.REVEAL_LOCATION and location in table.revealed:
        raise RuleError(
            f"{case.location(str(location)).name} is already face up.",
            code="desk/already-revealed",
        )
    if kind == Act.SEARCH and location not in table.revealed:
        raise RuleError(
            f"{case.location(str(location)).name} is not on the table yet: reveal its card first.",
            code="desk/not-revealed",
        )
    weapon = params.get("weapon")
    if kind in ENVELOPES and weapon not in _found(case, table):
        raise RuleError(
            f"Nobody has found {case.weapon(str(weapon)).name} yet: a weapon is examined "
            "where a search turned it up.",
            code="desk/not-found",
        )
    character = params.get("character", params.get("murderer"))
    present = {c for place in table.revealed for c in case.tokens_at(place)}
    if character is not None and character not in present:
        raise RuleError(
            f"{case.character(character).name}'s token is on no face-up card: no inspector "
            "can stand beside it yet.",
            code="desk/not-present",
        )


def _reveal(
    case: MbmCase, table: DeskTable, inspector: int, location: str
) -> tuple[DeskTable, list[Event]]:
    """Where the character tokens stand when the card is turned over."""
    table = dataclasses.replace(table, revealed=(*table.revealed, location))
    data = {"location": location, "characters": list(case.tokens_at(location))}
    return table, [Event(Ev.LOCATION_REVEALED, actor=inspector, data=data)]


def _search(
    case: MbmCase, table: DeskTable, inspector: int, location: str
) -> tuple[DeskTable, list[Event]]:
    if location not in table.searched:
        table = dataclasses.replace(table, searched=(*table.searched, location))
    data = {"location": location, "weapons": list(author.weapons_found(case, location))}
    return table, [Event(Ev.LOCATION_SEARCHED, actor=inspector, data=data)]


def _envelope(case: MbmCase, table: DeskTable, inspector: int, kind: Act, weapon: str) -> Event:
    """The envelope handed to the asker, who alone reads it."""
    find = next(f for f in case.weapon_finds if f.weapon == weapon)
    return Event(
        ENVELOPES[kind],
        actor=inspector,
        data={"weapon": weapon, "location": find.location},
        secret=author.envelope_contents(case, kind, find),
        secret_audience=frozenset({inspector}),
    )


def _accuse(
    case: MbmCase, table: DeskTable, inspector: int, fields: dict[str, str]
) -> tuple[DeskTable, list[Event]]:
    """Right: the case is solved. Wrong: "the game has ended for them"; when every inspector
    is out, nobody won."""
    correct = author.is_correct(case, **fields)
    accusation = Accusation(seat=inspector, correct=correct, **fields)
    table = dataclasses.replace(table, accusations=(*table.accusations, accusation))
    events = [Event(Ev.ACCUSATION_MADE, actor=inspector, data={**fields, "correct": correct})]
    if correct:
        table = dataclasses.replace(table, winners=(inspector,), ended=Ending.SOLVED)
    else:
        table = dataclasses.replace(table, eliminated=table.eliminated | {inspector})
        events.append(Event(Ev.INSPECTOR_ELIMINATED, actor=inspector, data={"seat": inspector}))
        if len(table.eliminated) == table.inspectors:
            table = dataclasses.replace(table, ended=Ending.ALL_ELIMINATED)
    closed = outcome(case, table)
    if closed is not None:
        events.append(Event(Ev.GAME_ENDED, data=closed.to_json()))
    return table, events
