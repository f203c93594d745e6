"""The state of a game: where the cards, pawns and portals are, and what has been asked.

The state names the case's things by id and never holds the case: every function that needs
the Author's sheet is handed the decoded case beside the state. Answers are not stored either:
each is a pure function of the case (``author.py``), so the state keeps only who asked what,
where. That keeps the record and the case from ever disagreeing, and a stored move small.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from rules import serial
from rules.core import Seat
from rules.kit import texts
from rules.kit.encoded import ByIdentity
from rules.kit.latest import LatestOfGames


@dataclass(frozen=True)
class Placement:
    """A map card face up on the table at grid cell (x, y); the scene is at (0, 0)."""

    location: str
    x: int
    y: int


@dataclass(frozen=True)
class Passage:
    """A secret passage: the portal pair of ``owner`` joining two map cards, for everyone."""

    owner: int
    ends: tuple[str, str]


@dataclass(frozen=True)
class Question:
    """A question put to the Author: its type, where, and about which weapon or character."""

    seat: int
    type: str  # one of spec.QUESTIONS
    location: str
    subject: str | None  # weapon id, character id, or None for a search


@dataclass(frozen=True)
class Accusation:
    seat: int
    murderer: str
    weapon: str
    motive: str
    time: str
    correct: bool


@dataclass(frozen=True)
class MbmState:
    seed: int
    step: int
    mode: str
    seats: tuple[Seat, ...]
    placed: tuple[Placement, ...]
    deck: tuple[str, ...]  # face-down map cards, top first
    positions: tuple[str, ...]  # each inspector's location id
    passages: tuple[Passage, ...]
    questions: tuple[Question, ...]
    accusations: tuple[Accusation, ...]
    turn: int
    question_pending: bool  # the inspector has moved and may still ask one question
    turns_taken: int
    max_turns: int
    eliminated: frozenset[int]
    winners: tuple[int, ...]
    ended: str | None  # the spec's Ending, once the game is over


#: The encodings of the records (seats, placements, passages, questions, accusations) and of
#: the tuples holding them, kept by identity: a move adds a question or a placement and leaves
#: every other record, and most tuples, the very same objects (``rules/kit/encoded.py``).
_KEPT = ByIdentity(4096)
_kept = _KEPT.encoded


def _records(encode: Callable[[Any], Any]) -> Callable[[tuple[Any, ...]], list[Any]]:
    """An encoder of a tuple of records whose items are taken from the kept encodings."""
    return lambda records: [_kept(encode, record) for record in records]


_seats, _placed, _passages, _questions, _accusations = (
    _records(serial.encoder(kind)) for kind in (Seat, Placement, Passage, Question, Accusation)
)
_text, _optional_text = serial.encoder(str), serial.encoder(str | None)
_texts, _numbers = serial.encoder(tuple[str, ...]), serial.encoder(frozenset[int])


def to_json(state: MbmState) -> dict[str, Any]:
    """``serial.to_json(state)``, the same keys in the same order, the records' parts kept: the
    data returned shares them, and is written (the store dumps it), never changed."""
    written = _encoded(state)
    _LATEST.put(state.seed, (state, written))
    return written


def _encoded(state: MbmState) -> dict[str, Any]:
    return {
        "seed": state.seed,
        "step": state.step,
        "mode": _text(state.mode),
        "seats": _kept(_seats, state.seats),
        "placed": _kept(_placed, state.placed),
        "deck": _texts(state.deck),
        "positions": _texts(state.positions),
        "passages": _kept(_passages, state.passages),
        "questions": _kept(_questions, state.questions),
        "accusations": _kept(_accusations, state.accusations),
        "turn": state.turn,
        "question_pending": state.question_pending,
        "turns_taken": state.turns_taken,
        "max_turns": state.max_turns,
        "eliminated": _numbers(state.eliminated),
        "winners": list(state.winners),
        "ended": _optional_text(state.ended),
    }


def from_json(data: Mapping[str, Any]) -> MbmState:
    """``serial.from_json(MbmState, data)``: the same state, or the same refusal.

    A state read after another worker's move is mostly the state this worker last wrote of the
    same game (:data:`_LATEST`) with a record or two more: the records whose text (``repr``) is that
    state's, at the head of each tuple of records, are taken from it, the very objects, and
    only the rest is decoded (and checked) by ``serial``."""
    seed = data.get("seed") if type(data) is dict else None
    found = _LATEST.get(seed) if type(seed) is int else None
    state = None if found is None else _read_after(data, *found)
    if state is None:
        state = serial.from_json(MbmState, dict(data))
    return state


#: The games whose latest state this worker keeps for :func:`from_json`, at most: as many as
#: the server keeps decoded (``api/states.py``), which mostly holds the very same states.
GAMES = 256

#: The latest state of each game encoded here, with its encoding (which nothing changes: see
#: :func:`to_json`), by the game's secret seed (a game with the same seed would share nothing
#: it should not: records are taken on equal text alone).
_LATEST: LatestOfGames[tuple[MbmState, Mapping[str, Any]]] = LatestOfGames(GAMES)

#: The fields that hold tuples of records, which a move lengthens or leaves alone.
_RECORD_FIELDS = ("seats", "placed", "passages", "questions", "accusations")


def _read_after(
    data: Mapping[str, Any], known: MbmState, written: Mapping[str, Any]
) -> MbmState | None:
    """The state ``data`` encodes, its tuples of records headed by those of ``known`` (whose
    data was ``written``) as far as their text is the same; ``None``: none are."""
    rest = dict(data)
    heads: dict[str, tuple[Any, ...]] = {}
    for name in _RECORD_FIELDS:
        read, before = rest.get(name), written.get(name)
        if type(read) is not list or type(before) is not list or not before:
            continue
        count = len(before)
        # their text, not ==: ``True == 1``, and serial refuses a flag where a number belongs
        if len(read) >= count and texts.of(read[:count]) == texts.of(before):
            heads[name] = getattr(known, name)
            rest[name] = read[count:]
    if not heads:
        return None
    state: MbmState = serial.from_json(MbmState, rest)
    for name, head in heads.items():
        object.__setattr__(state, name, head + getattr(state, name))
    return state
