"""Applying one legal action: the next state and the events of the turn."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable

from rules.core import Action, Event

from . import author, board
from .case import MbmCase
from .spec import COMPETITIVE
from .state import Accusation, MbmState, Passage, Placement, Question
from .table import envelope_readers, standing_at

Result = tuple[MbmState, list[Event]]


def play(state: MbmState, seat: int, action: Action) -> Result:
    """Apply ``action`` (already checked legal) for ``seat``."""
    state = dataclasses.replace(state, step=state.step + 1)
    handler = _HANDLERS[action.type]
    state, events, turn_over = handler(state, seat, action)
    if turn_over and state.ended is None:
        state = _next_turn(state)
    if state.ended is not None:
        events.append(Event("game-ended", data=outcome_json(state)))
    return state, events


def outcome_json(state: MbmState) -> dict[str, object]:
    return {
        "winners": list(state.winners),
        "reason": state.ended,
        "solution": author.solution_json(state.case),
    }


Handled = tuple[MbmState, list[Event], bool]  # the state, its events, whether the turn is over


def _reveal(state: MbmState, seat: int, action: Action) -> Handled:
    at = str(action.params["at"])
    cell = board.parse_cell(at)
    assert cell is not None  # checked legal
    location, *rest = state.deck
    state = dataclasses.replace(
        state, placed=(*state.placed, Placement(location, *cell)), deck=tuple(rest)
    )
    data = {"location": location, "at": at, "characters": standing_at(state, location)}
    return state, [Event("location-revealed", actor=seat, data=data)], True


def _move(state: MbmState, seat: int, action: Action) -> Handled:
    """One card per turn; the inspector may then ask one question on entering."""
    state, data = _relocate(state, seat, str(action.params["to"]))
    state = dataclasses.replace(state, question_pending=True)
    return state, [Event("inspector-moved", actor=seat, data=data)], False


def _take_passage(state: MbmState, seat: int, action: Action) -> Handled:
    state, data = _relocate(state, seat, str(action.params["to"]))
    return state, [Event("passage-taken", actor=seat, data=data)], True


def _open_passage(state: MbmState, seat: int, action: Action) -> Handled:
    here, to = state.positions[seat], str(action.params["to"])
    state = dataclasses.replace(state, passages=(*state.passages, Passage(seat, (here, to))))
    state, data = _relocate(state, seat, to)
    return state, [Event("passage-opened", actor=seat, data=data)], True


def _relocate(state: MbmState, seat: int, to: str) -> tuple[MbmState, dict[str, str]]:
    positions = list(state.positions)
    here, positions[seat] = positions[seat], to
    return dataclasses.replace(state, positions=tuple(positions)), {"from": here, "to": to}


def _ask(state: MbmState, seat: int, action: Action) -> MbmState:
    subject = next((str(value) for value in action.params.values()), None)
    question = Question(seat, action.type, state.positions[seat], subject)
    return dataclasses.replace(state, questions=(*state.questions, question))


def _search(state: MbmState, seat: int, action: Action) -> Handled:
    state = _ask(state, seat, action)
    here = state.positions[seat]
    data = {"location": here, "weapons": list(author.weapons_found(state.case, here))}
    return state, [Event("location-searched", actor=seat, data=data)], True


def _envelope(state: MbmState, seat: int, action: Action) -> Handled:
    """Dusting and forensics: everyone sees the envelope handed over; its readers see inside."""
    state = _ask(state, seat, action)
    here, weapon = state.positions[seat], str(action.params["weapon"])
    find = author.find_at(state.case, weapon, here)
    assert find is not None  # a marker stands for a find here
    secret: dict[str, object]
    if action.type == "dust-for-prints":
        kind, secret = "prints-dusted", {"prints": author.prints_on(state.case, find)}
    else:
        kind, secret = (
            "forensics-analysed",
            {"murder_weapon": author.is_murder_weapon(state.case, find)},
        )
    event = Event(
        kind,
        actor=seat,
        data={"weapon": weapon, "location": here},
        secret=secret,
        secret_audience=envelope_readers(state, seat),
    )
    return state, [event], True


def _witness(state: MbmState, seat: int, action: Action) -> Handled:
    state = _ask(state, seat, action)
    character = str(action.params["character"])
    event = witness_event(state.case, seat, action.type, character)
    return state, [event], True


def witness_event(case: MbmCase, seat: int | None, kind: str, character: str) -> Event:
    """The witness's answer, said aloud at the table."""
    if kind == "ask-what-they-saw":
        sighting = author.sighting_json(author.what_they_saw(case, character))
        return Event("witness-saw", actor=seat, data={"character": character, "sighting": sighting})
    suspicion = author.suspicion_json(author.who_did_it(case, character))
    return Event(
        "witness-suspects", actor=seat, data={"character": character, "suspicion": suspicion}
    )


def _accuse(state: MbmState, seat: int, action: Action) -> Handled:
    """Right: the case is solved. Wrong: out in competitive play; the case lost otherwise."""
    fields = {name: str(action.params[name]) for name in ("murderer", "weapon", "motive", "time")}
    correct = author.is_correct(state.case, **fields)
    accusation = Accusation(seat=seat, correct=correct, **fields)
    state = dataclasses.replace(state, accusations=(*state.accusations, accusation))
    events = [Event("accusation-made", actor=seat, data={**fields, "correct": correct})]
    if correct:
        winners = (seat,) if state.mode == COMPETITIVE else tuple(range(len(state.seats)))
        state = dataclasses.replace(state, winners=winners, ended="the murderer was confronted")
    elif state.mode == COMPETITIVE:
        eliminated = state.eliminated | {seat}
        state = dataclasses.replace(state, eliminated=eliminated)
        events.append(Event("inspector-eliminated", actor=seat, data={"seat": seat}))
        if len(eliminated) == len(state.seats):
            state = dataclasses.replace(state, ended="every inspector accused wrongly")
    else:
        state = dataclasses.replace(state, ended="the accusation was wrong; the case is lost")
    return state, events, True


def _end_turn(state: MbmState, seat: int, action: Action) -> Handled:
    return state, [Event("turn-ended", actor=seat)], True


def _next_turn(state: MbmState) -> MbmState:
    """The next inspector still in the game, around the table; the turn limit ends the night."""
    count = len(state.seats)
    turn = next(
        (
            (state.turn + offset) % count
            for offset in range(1, count + 1)
            if (state.turn + offset) % count not in state.eliminated
        ),
        state.turn,
    )
    turns_taken = state.turns_taken + 1
    ended = "midnight: the turn limit was reached" if turns_taken >= state.max_turns else None
    return dataclasses.replace(
        state, turn=turn, question_pending=False, turns_taken=turns_taken, ended=ended
    )


_HANDLERS: dict[str, Callable[[MbmState, int, Action], Handled]] = {
    "reveal-location": _reveal,
    "move": _move,
    "take-passage": _take_passage,
    "open-passage": _open_passage,
    "search": _search,
    "dust-for-prints": _envelope,
    "forensic-analysis": _envelope,
    "ask-what-they-saw": _witness,
    "ask-who-did-it": _witness,
    "accuse": _accuse,
    "end-turn": _end_turn,
}
