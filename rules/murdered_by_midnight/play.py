"""Applying one legal action: the next state and the events of the turn."""

from __future__ import annotations

from collections.abc import Callable

from rules.core import Action, Event, Outcome, winners_first
from rules.kit.frozen import replace

from . import author, board
from .case import MbmCase
from .spec import ACCUSATION_FIELDS, ENVELOPES, Act, Ending, Ev, Mode
from .state import Accusation, MbmState, Passage, Placement, Question
from .table import envelope_readers, standing_at

Result = tuple[MbmState, list[Event]]
Handled = tuple[MbmState, list[Event], bool]  # the state, its events, whether the turn is over
Handler = Callable[[MbmCase, MbmState, int, Action], Handled]


def play(case: MbmCase, state: MbmState, seat: int, action: Action) -> Result:
    """Apply ``action`` (already checked legal) for ``seat``."""
    state = replace(state, step=state.step + 1)
    state, events, turn_over = _HANDLERS[Act(action.type)](case, state, seat, action)
    if turn_over and state.ended is None:
        state = _next_turn(state)
    if state.ended is not None:
        events.append(Event(Ev.GAME_ENDED, data=outcome(case, state).to_json()))
    return state, events


def outcome(case: MbmCase, state: MbmState) -> Outcome:
    """The end of a finished game: the winners first, inspectors who were put out last."""
    assert state.ended is not None
    return Outcome(
        ending=state.ended,
        winners=state.winners,
        standings=winners_first(len(state.seats), state.winners, losers=sorted(state.eliminated)),
        solution=author.solution_json(case),
    )


def _reveal(case: MbmCase, state: MbmState, seat: int, action: Action) -> Handled:
    at = str(action.params["at"])
    cell = board.parse_cell(at)
    assert cell is not None  # checked legal
    location, *rest = state.deck
    state = replace(state, placed=(*state.placed, Placement(location, *cell)), deck=tuple(rest))
    data = {"location": location, "at": at, "characters": standing_at(case, location)}
    return state, [Event(Ev.LOCATION_REVEALED, actor=seat, data=data)], True


def _move(case: MbmCase, state: MbmState, seat: int, action: Action) -> Handled:
    """One card per turn; the inspector may then ask one question on entering."""
    state, data = _relocate(state, seat, str(action.params["to"]))
    state = replace(state, question_pending=True)
    return state, [Event(Ev.INSPECTOR_MOVED, actor=seat, data=data)], False


def _take_passage(case: MbmCase, state: MbmState, seat: int, action: Action) -> Handled:
    state, data = _relocate(state, seat, str(action.params["to"]))
    return state, [Event(Ev.PASSAGE_TAKEN, actor=seat, data=data)], True


def _open_passage(case: MbmCase, state: MbmState, seat: int, action: Action) -> Handled:
    here, to = state.positions[seat], str(action.params["to"])
    state = replace(state, passages=(*state.passages, Passage(seat, (here, to))))
    state, data = _relocate(state, seat, to)
    return state, [Event(Ev.PASSAGE_OPENED, actor=seat, data=data)], True


def _relocate(state: MbmState, seat: int, to: str) -> tuple[MbmState, dict[str, str]]:
    positions = list(state.positions)
    here, positions[seat] = positions[seat], to
    return replace(state, positions=tuple(positions)), {"from": here, "to": to}


def _ask(state: MbmState, seat: int, action: Action) -> MbmState:
    subject = next((str(value) for value in action.params.values()), None)
    question = Question(seat, action.type, state.positions[seat], subject)
    return replace(state, questions=(*state.questions, question))


def _search(case: MbmCase, state: MbmState, seat: int, action: Action) -> Handled:
    state = _ask(state, seat, action)
    here = state.positions[seat]
    data = {"location": here, "weapons": list(author.weapons_found(case, here))}
    return state, [Event(Ev.LOCATION_SEARCHED, actor=seat, data=data)], True


def _envelope(case: MbmCase, state: MbmState, seat: int, action: Action) -> Handled:
    """Dusting and forensics: everyone sees the envelope handed over; its readers see inside."""
    state = _ask(state, seat, action)
    here, weapon = state.positions[seat], str(action.params["weapon"])
    find = author.find_at(case, weapon, here)
    assert find is not None  # a marker stands for a find here
    event = Event(
        ENVELOPES[Act(action.type)],
        actor=seat,
        data={"weapon": weapon, "location": here},
        secret=author.envelope_contents(case, action.type, find),
        secret_audience=envelope_readers(state, seat),
    )
    return state, [event], True


def _witness(case: MbmCase, state: MbmState, seat: int, action: Action) -> Handled:
    state = _ask(state, seat, action)
    character = str(action.params["character"])
    return state, [witness_event(case, seat, action.type, character)], True


def witness_event(case: MbmCase, seat: int | None, question: str, character: str) -> Event:
    """The witness's answer, said aloud at the table."""
    kind = Ev.WITNESS_SAW if question == Act.ASK_WHAT_THEY_SAW else Ev.WITNESS_SUSPECTS
    data = {"character": character, **author.witness_answer(case, question, character)}
    return Event(kind, actor=seat, data=data)


def _accuse(case: MbmCase, state: MbmState, seat: int, action: Action) -> Handled:
    """Right: the case is solved. Wrong: out in competitive play; the case lost otherwise."""
    fields = {name: str(action.params[name]) for name in ACCUSATION_FIELDS}
    correct = author.is_correct(case, **fields)
    accusation = Accusation(seat=seat, correct=correct, **fields)
    state = replace(state, accusations=(*state.accusations, accusation))
    events = [Event(Ev.ACCUSATION_MADE, actor=seat, data={**fields, "correct": correct})]
    if correct:
        winners = (seat,) if state.mode == Mode.COMPETITIVE else tuple(range(len(state.seats)))
        state = replace(state, winners=winners, ended=Ending.SOLVED)
    elif state.mode == Mode.COMPETITIVE:
        eliminated = state.eliminated | {seat}
        state = replace(state, eliminated=eliminated)
        events.append(Event(Ev.INSPECTOR_ELIMINATED, actor=seat, data={"seat": seat}))
        if len(eliminated) == len(state.seats):
            state = replace(state, ended=Ending.ALL_ELIMINATED)
    else:
        state = replace(state, ended=Ending.WRONG_ACCUSATION)
    return state, events, True


def _end_turn(case: MbmCase, state: MbmState, seat: int, action: Action) -> Handled:
    return state, [Event(Ev.TURN_ENDED, actor=seat)], True


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
    ended = Ending.MIDNIGHT if turns_taken >= state.max_turns else None
    return replace(state, turn=turn, question_pending=False, turns_taken=turns_taken, ended=ended)


_HANDLERS: dict[Act, Handler] = {
    Act.REVEAL_LOCATION: _reveal,
    Act.MOVE: _move,
    Act.TAKE_PASSAGE: _take_passage,
    Act.OPEN_PASSAGE: _open_passage,
    Act.SEARCH: _search,
    Act.DUST_FOR_PRINTS: _envelope,
    Act.FORENSIC_ANALYSIS: _envelope,
    Act.ASK_WHAT_THEY_SAW: _witness,
    Act.ASK_WHO_DID_IT: _witness,
    Act.ACCUSE: _accuse,
    Act.END_TURN: _end_turn,
}
