"""What one seat may know: the only door from the true state to a player."""

from __future__ import annotations

from typing import Any

from . import author
from .play import outcome_json
from .state import MbmState, Question
from .table import envelope_readers, has_used_portals, markers_at, standing_at

_ENVELOPES = {"dust-for-prints": "prints-dusted", "forensic-analysis": "forensics-analysed"}


def view(state: MbmState, seat: int | None) -> dict[str, Any]:
    over = state.ended is not None
    shown: dict[str, Any] = {
        "system": "murdered-by-midnight",
        "mode": state.mode,
        "you": seat,
        "case": public_case(state),
        "map": [_card(state, p.location, p.x, p.y) for p in state.placed],
        "deck_count": len(state.deck),
        "passages": [{"seat": p.owner, "from": p.ends[0], "to": p.ends[1]} for p in state.passages],
        "inspectors": [
            {
                "seat": index,
                "name": s.name,
                "bot": s.bot,
                "location": state.positions[index],
                "eliminated": index in state.eliminated,
                "portals_used": has_used_portals(state, index),
            }
            for index, s in enumerate(state.seats)
        ],
        "turn": None if over else state.turn,
        "question_pending": state.question_pending and not over,
        "turns_taken": state.turns_taken,
        "max_turns": state.max_turns,
        "eliminated": sorted(state.eliminated),
        "searches": [_search(state, q) for q in state.questions if q.type == "search"],
        "testimony": [_testimony(state, q) for q in state.questions if q.type.startswith("ask-")],
        "envelopes": [_envelope(state, q, seat) for q in state.questions if q.type in _ENVELOPES],
        "accusations": [
            {
                "seat": a.seat,
                "murderer": a.murderer,
                "weapon": a.weapon,
                "motive": a.motive,
                "time": a.time,
                "correct": a.correct,
            }
            for a in state.accusations
        ],
    }
    if over:
        shown["result"] = outcome_json(state)
    return shown


def public_case(state: MbmState) -> dict[str, Any]:
    """The facts laid face up at setup; every biography card is public (see rulings)."""
    case = state.case
    return {
        "title": case.title,
        "introduction": case.introduction,
        "scene": case.scene,
        "victim": case.victim,
        "discoverer": case.discoverer,
        "discovered_at": case.discovered_at,
        "cause_of_death": case.cause_of_death,
        "characters": [
            {"id": c.id, "name": c.name, "biography": c.biography} for c in case.characters
        ],
        "weapons": [
            {"id": w.id, "name": w.name, "cause_of_death": w.cause_of_death} for w in case.weapons
        ],
        "motives": [{"id": m.id, "name": m.name} for m in case.motives],
        "times": list(case.times),
    }


def _card(state: MbmState, location: str, x: int, y: int) -> dict[str, Any]:
    card = state.case.location(location)
    return {
        "location": location,
        "name": card.name,
        "description": card.description,
        "at": f"{x},{y}",
        "characters": standing_at(state, location),
        "body": state.case.victim if location == state.case.scene else None,
        "weapons": markers_at(state, location),
    }


def _search(state: MbmState, question: Question) -> dict[str, Any]:
    return {
        "seat": question.seat,
        "location": question.location,
        "weapons": list(author.weapons_found(state.case, question.location)),
    }


def _testimony(state: MbmState, question: Question) -> dict[str, Any]:
    assert question.subject is not None
    shown: dict[str, Any] = {
        "seat": question.seat,
        "type": question.type,
        "character": question.subject,
    }
    if question.type == "ask-what-they-saw":
        shown["sighting"] = author.sighting_json(author.what_they_saw(state.case, question.subject))
    else:
        shown["suspicion"] = author.suspicion_json(author.who_did_it(state.case, question.subject))
    return shown


def _envelope(state: MbmState, question: Question, seat: int | None) -> dict[str, Any]:
    """An envelope handed over is public; what it held only for its readers."""
    assert question.subject is not None
    shown: dict[str, Any] = {
        "seat": question.seat,
        "type": _ENVELOPES[question.type],
        "weapon": question.subject,
        "location": question.location,
    }
    if seat is not None and seat in envelope_readers(state, question.seat):
        find = author.find_at(state.case, question.subject, question.location)
        assert find is not None
        if question.type == "dust-for-prints":
            shown["prints"] = author.prints_on(state.case, find)
        else:
            shown["murder_weapon"] = author.is_murder_weapon(state.case, find)
    return shown
