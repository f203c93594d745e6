"""What one seat may know: the only door from the true state to a player."""

from __future__ import annotations

from typing import Any

from rules.kit.memo import per_case

from . import author
from .case import MbmCase
from .play import outcome
from .spec import ENVELOPES, QUESTIONS, WITNESS_QUESTIONS, Act, Mode
from .state import MbmState, Placement, Question
from .table import has_used_portals, searched, standing_at


def view(case: MbmCase, state: MbmState, seat: int | None) -> dict[str, Any]:
    over = state.ended is not None
    searched_now = frozenset(searched(state))
    searches, testimony, envelopes = _questions(case, state, seat)
    shown: dict[str, Any] = {
        "system": "murdered-by-midnight",
        "mode": state.mode,
        "you": seat,
        "case": public_case(case),
        "map": [_card(case, p.location in searched_now, p) for p in state.placed],
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
        "searches": searches,
        "testimony": testimony,
        "envelopes": envelopes,
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


def _card(case: MbmCase, is_searched: bool, placed: Placement) -> dict[str, Any]:
    """A placed map card: its face, its cell, and its weapon markers once searched."""
    key = (placed.location, placed.x, placed.y, is_searched)
    cards = _placed_cards(case)
    card = cards.get(key)
    if card is None:
        card = cards[key] = {
            **_card_faces(case)[placed.location],
            "at": f"{placed.x},{placed.y}",
            "weapons": list(author.weapons_found(case, placed.location)) if is_searched else [],
        }
    return card


#: a map card at a cell, searched or not, shows the same to every view of every game of a case
@per_case
def _placed_cards(case: MbmCase) -> dict[tuple[str, int, int, bool], dict[str, Any]]:
    """The cards shown so far, by location, cell and whether searched: filled as first shown."""
    return {}


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


def _questions(
    case: MbmCase, state: MbmState, seat: int | None
) -> tuple[list[dict[str, Any]], list[dict[str, Any]], list[dict[str, Any]]]:
    """The searches, the testimony and the envelopes asked so far, in order, as ``seat`` sees
    them. Each is a fact of the case, the question and whether ``seat`` reads its envelope, so
    each is made once a case and shown again by every later view of any game of it."""
    parts = _question_parts(case)
    team = state.mode != Mode.COMPETITIVE and seat is not None and 0 <= seat < len(state.seats)
    shown: tuple[list[dict[str, Any]], ...] = ([], [], [])
    for question in state.questions:
        reads = team or question.seat == seat  # table.envelope_readers, without its set
        key = (question.seat, question.type, question.location, question.subject, reads)
        found = parts.get(key)
        if found is None:
            found = parts[key] = _question_part(case, question, reads)
        shown[found[0]].append(found[1])
    return shown[0], shown[1], shown[2]


#: a question's part of a view is the same in every view of every game of the case
@per_case
def _question_parts(case: MbmCase) -> dict[tuple[Any, ...], tuple[int, dict[str, Any]]]:
    """The parts made so far, by question and whether the viewer reads its envelope."""
    return {}


def _question_part(case: MbmCase, question: Question, reads: bool) -> tuple[int, dict[str, Any]]:
    """Which list of the view ``question`` goes in (searches, testimony, envelopes), and its
    entry there."""
    if question.type == Act.SEARCH:
        return 0, _search(case, question)
    if question.type in WITNESS_QUESTIONS:
        return 1, _testimony(case, question)
    return 2, _envelope(case, question, reads)


def _search(case: MbmCase, question: Question) -> dict[str, Any]:
    return {
        "seat": question.seat,
        "location": question.location,
        "weapons": list(author.weapons_found(case, question.location)),
    }


def _testimony(case: MbmCase, question: Question) -> dict[str, Any]:
    assert question.subject is not None
    answer = author.witness_answer(case, question.type, question.subject)
    return {"seat": question.seat, "type": question.type, "character": question.subject, **answer}


def _envelope(case: MbmCase, question: Question, reads: bool) -> dict[str, Any]:
    """An envelope handed over is public; what it held only for its readers."""
    assert question.subject is not None
    shown: dict[str, Any] = {
        "seat": question.seat,
        "type": ENVELOPES[Act(question.type)],
        "weapon": question.subject,
        "location": question.location,
    }
    if reads:
        find = author.find_at(case, question.subject, question.location)
        assert find is not None
        shown.update(author.envelope_contents(case, question.type, find))
    return shown


assert set(QUESTIONS) == {Act.SEARCH, *WITNESS_QUESTIONS, *ENVELOPES}  # every question is shown
