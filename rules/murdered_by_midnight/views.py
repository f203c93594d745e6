"""What one seat may know: the only door from the true state to a player."""

from __future__ import annotations

from typing import Any

from rules.kit.memo import per_case

from . import author
from .case import MbmCase
from .play import outcome
from .spec import ENVELOPES, QUESTIONS, WITNESS_QUESTIONS, Act
from .state import MbmState, Question
from .table import envelope_readers, has_used_portals, markers_at, searched, standing_at


def view(case: MbmCase, state: MbmState, seat: int | None) -> dict[str, Any]:
    over = state.ended is not None
    searched_now = frozenset(searched(state))
    shown: dict[str, Any] = {
        "system": "murdered-by-midnight",
        "mode": state.mode,
        "you": seat,
        "case": public_case(case),
        "map": [_card(case, searched_now, p.location, p.x, p.y) for p in state.placed],
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
        "searches": [_search(case, q) for q in state.questions if q.type == Act.SEARCH],
        "testimony": [_testimony(case, q) for q in state.questions if q.type in WITNESS_QUESTIONS],
        "envelopes": [
            _envelope(case, state, q, seat) for q in state.questions if q.type in ENVELOPES
        ],
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
        shown["result"] = outcome(case, state).to_json()
    return shown


#: every view of a game repeats the facts laid face up, so they are made once a case (views are
#: read and sent, never changed): the API then writes them from bytes encoded once
@per_case
def public_case(case: MbmCase) -> dict[str, Any]:
    """The facts laid face up at setup; every biography card is public (see rulings)."""
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


def _card(
    case: MbmCase, searched_now: frozenset[str], location: str, x: int, y: int
) -> dict[str, Any]:
    return {
        **_card_faces(case)[location],
        "at": f"{x},{y}",
        "weapons": markers_at(case, searched_now, location),
    }


#: what a map card shows face up is a fact of the case; its place and markers are the game's
@per_case
def _card_faces(case: MbmCase) -> dict[str, dict[str, Any]]:
    """Each location's face: its name, description, the characters there and the body."""
    return {
        card.id: {
            "location": card.id,
            "name": card.name,
            "description": card.description,
            "characters": standing_at(case, card.id),
            "body": case.victim if card.id == case.scene else None,
        }
        for card in case.locations
    }


def _search(case: MbmCase, question: Question) -> dict[str, Any]:
    return {
        "seat": question.seat,
        "location": question.location,
        "weapons": list(author.weapons_found(case, question.location)),
    }


def _testimony(case: MbmCase, question: Question) -> dict[str, Any]:
    assert question.subject is not None
    answers = _witness_answers(case)
    key = (question.type, question.subject)
    answer = answers.get(key)
    if answer is None:
        answer = answers[key] = author.witness_answer(case, question.type, question.subject)
    return {"seat": question.seat, "type": question.type, "character": question.subject, **answer}


#: a witness's answer is a fact of the case, asked again by every read of every game of it
@per_case
def _witness_answers(case: MbmCase) -> dict[tuple[str, str], dict[str, Any]]:
    """The answers told so far, by question and character: filled as they are first told."""
    return {}


def _envelope(
    case: MbmCase, state: MbmState, question: Question, seat: int | None
) -> dict[str, Any]:
    """An envelope handed over is public; what it held only for its readers."""
    assert question.subject is not None
    shown: dict[str, Any] = {
        "seat": question.seat,
        "type": ENVELOPES[Act(question.type)],
        "weapon": question.subject,
        "location": question.location,
    }
    if seat is not None and seat in envelope_readers(state, question.seat):
        find = author.find_at(case, question.subject, question.location)
        assert find is not None
        shown.update(author.envelope_contents(case, question.type, find))
    return shown


assert set(QUESTIONS) == {Act.SEARCH, *WITNESS_QUESTIONS, *ENVELOPES}  # every question is shown
