"""What a seat may do now, and why anything else is refused.

:func:`legal_actions` lists every choice; :func:`explain_refusal` turns the common mistakes
into errors with their own codes and a sentence a player understands, before the generic check.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from rules.core import Action, ActionSpec, RuleError

from . import board
from .case import MbmCase
from .spec import ENVELOPES, WITNESS_QUESTIONS, Act
from .state import MbmState
from .table import (
    cells,
    has_used_portals,
    is_placed,
    markers_at,
    name_of,
    passage_pairs,
    searched,
    standing_at,
)


def legal_actions(case: MbmCase, state: MbmState, seat: int) -> list[ActionSpec]:
    if state.ended is not None or seat != state.turn:
        return []
    here = state.positions[seat]
    return [spec for _, make in _MAKERS for spec in make(case, state, seat, here)]


def legal_actions_of(case: MbmCase, state: MbmState, seat: int, kind: str) -> list[ActionSpec]:
    """The specs of :func:`legal_actions` whose type is ``kind``, in its order, making only
    those: checking a move needs the forms of its own type, not every choice of the turn."""
    if state.ended is not None or seat != state.turn:
        return []
    make = _MAKER_OF.get(kind)
    return [] if make is None else make(case, state, seat, state.positions[seat])


Maker = Callable[[MbmCase, MbmState, int, str], list[ActionSpec]]


def _reveal(case: MbmCase, state: MbmState, seat: int, here: str) -> list[ActionSpec]:
    if state.question_pending or not state.deck:
        return []
    free = board.free_cells(cells(state))
    return [ActionSpec(Act.REVEAL_LOCATION, {"at": tuple(free)})] if free else []


def _move(case: MbmCase, state: MbmState, seat: int, here: str) -> list[ActionSpec]:
    if state.question_pending:
        return []
    beside = board.neighbours(cells(state), here)
    return [ActionSpec(Act.MOVE, {"to": tuple(beside)})] if beside else []


def _take_passage(case: MbmCase, state: MbmState, seat: int, here: str) -> list[ActionSpec]:
    if state.question_pending:
        return []
    linked = board.passage_ends(passage_pairs(state), here)
    return [ActionSpec(Act.TAKE_PASSAGE, {"to": tuple(linked)})] if linked else []


def _open_passage(case: MbmCase, state: MbmState, seat: int, here: str) -> list[ActionSpec]:
    if state.question_pending or has_used_portals(state, seat):
        return []
    others = sorted(p.location for p in state.placed if p.location != here)
    return [ActionSpec(Act.OPEN_PASSAGE, {"to": tuple(others)})] if others else []


def _search(case: MbmCase, state: MbmState, seat: int, here: str) -> list[ActionSpec]:
    return [ActionSpec(Act.SEARCH)]


def _envelopes(case: MbmCase, state: MbmState, seat: int, here: str) -> list[ActionSpec]:
    markers = tuple(markers_at(case, searched(state), here))
    return [ActionSpec(kind, {"weapon": markers}) for kind in ENVELOPES] if markers else []


def _witnesses(case: MbmCase, state: MbmState, seat: int, here: str) -> list[ActionSpec]:
    present = tuple(standing_at(case, here))
    if not present:
        return []
    return [ActionSpec(kind, {"character": present}) for kind in WITNESS_QUESTIONS]


def _end_turn(case: MbmCase, state: MbmState, seat: int, here: str) -> list[ActionSpec]:
    return [ActionSpec(Act.END_TURN)] if state.question_pending else []


def _accuse(case: MbmCase, state: MbmState, seat: int, here: str) -> list[ActionSpec]:
    present = tuple(standing_at(case, here))
    if state.question_pending or not present:
        return []
    choices = {
        "murderer": present,
        "weapon": tuple(w.id for w in case.weapons),
        "motive": tuple(m.id for m in case.motives),
        "time": case.times,
    }
    return [ActionSpec(Act.ACCUSE, choices)]


#: Each kind of action with the maker of its forms, in the order the choices are listed: the
#: moves of the turn's start, the questions, then ending the turn or accusing.
_MAKERS: tuple[tuple[tuple[str, ...], Maker], ...] = (
    ((Act.REVEAL_LOCATION,), _reveal),
    ((Act.MOVE,), _move),
    ((Act.TAKE_PASSAGE,), _take_passage),
    ((Act.OPEN_PASSAGE,), _open_passage),
    ((Act.SEARCH,), _search),
    (tuple(ENVELOPES), _envelopes),
    (tuple(WITNESS_QUESTIONS), _witnesses),
    ((Act.END_TURN,), _end_turn),
    ((Act.ACCUSE,), _accuse),
)


def _only(kind: str, make: Maker) -> Maker:
    """``make`` narrowed to the forms of ``kind`` (a maker of several kinds of question)."""

    def made(case: MbmCase, state: MbmState, seat: int, here: str) -> list[ActionSpec]:
        return [spec for spec in make(case, state, seat, here) if spec.type == kind]

    return made


_MAKER_OF: dict[str, Maker] = {
    kind: make if len(kinds) == 1 else _only(kind, make)
    for kinds, make in _MAKERS
    for kind in kinds
}


def explain_refusal(case: MbmCase, state: MbmState, seat: int, action: Action) -> None:
    """Raise a :class:`RuleError` with a specific code if ``action`` breaks a rule we name."""
    here = state.positions[seat]
    params = action.params
    kind = action.type
    if state.question_pending and kind in (Act.REVEAL_LOCATION, Act.MOVE, Act.TAKE_PASSAGE):
        raise RuleError(
            "you have already moved this turn: ask one question here or end your turn",
            code="turn/already-moved",
        )
    if kind == Act.REVEAL_LOCATION:
        _explain_reveal(case, state, params.get("at"))
    elif kind == Act.MOVE:
        to = params.get("to")
        if isinstance(to, str):
            _explain_destination(case, state, here, to, "move")
            if to not in board.neighbours(cells(state), here):
                raise RuleError(
                    f"{name_of(case, to)} is not next to your location", code="move/not-adjacent"
                )
    elif kind == Act.TAKE_PASSAGE:
        to = params.get("to")
        if isinstance(to, str) and to not in board.passage_ends(passage_pairs(state), here):
            raise RuleError(
                f"no secret passage joins {name_of(case, here)} to {name_of(case, to)}",
                code="passage/none",
            )
    elif kind == Act.OPEN_PASSAGE:
        _explain_open_passage(case, state, seat, here, params.get("to"))
    elif kind in ENVELOPES:
        weapon = params.get("weapon")
        if isinstance(weapon, str) and weapon not in markers_at(case, searched(state), here):
            raise RuleError(
                f"there is no weapon marker for {name_of(case, weapon)} in {name_of(case, here)}",
                code="weapon/not-here",
            )
    elif kind in WITNESS_QUESTIONS:
        _explain_witness(case, here, params.get("character"))
    elif kind == Act.ACCUSE:
        _explain_accusation(case, state, here, params.get("murderer"))
    elif kind == Act.END_TURN and not state.question_pending:
        raise RuleError(
            "end-turn only follows a move; otherwise your action is your turn",
            code="turn/nothing-to-end",
        )


def _explain_reveal(case: MbmCase, state: MbmState, at: Any) -> None:
    if not state.deck:
        raise RuleError("every map card is already on the table", code="map/deck-empty")
    if not isinstance(at, str):
        return
    cell = board.parse_cell(at)
    if cell is None:
        raise RuleError(f'{at!r} is not a grid cell like "1,0"', code="map/bad-cell")
    grid = cells(state)
    holder = next((loc for loc, spot in grid.items() if spot == cell), None)
    if holder is not None:
        raise RuleError(
            f"{at} already holds {name_of(case, holder)}: map cards may not overlap",
            code="map/occupied",
        )
    if not board.is_beside_a_card(grid, cell):
        raise RuleError(f"{at} is not next to a free side of any map card", code="map/not-adjacent")


def _explain_destination(case: MbmCase, state: MbmState, here: str, to: str, verb: str) -> None:
    if to == here:
        raise RuleError(f"you are already in {name_of(case, here)}", code=f"{verb}/same-location")
    if not is_placed(state, to):
        raise RuleError(
            f"{name_of(case, to)} is not face up on the table", code=f"{verb}/not-on-map"
        )


def _explain_open_passage(case: MbmCase, state: MbmState, seat: int, here: str, to: Any) -> None:
    if state.question_pending:
        raise RuleError(
            "a secret passage is opened at the start of a turn, as the whole turn",
            code="passage/not-at-start",
        )
    if has_used_portals(state, seat):
        raise RuleError("you have already placed your portal pair", code="passage/used")
    if isinstance(to, str):
        _explain_destination(case, state, here, to, "passage")


def _explain_witness(case: MbmCase, here: str, character: Any) -> None:
    if not isinstance(character, str):
        return
    if character == case.victim:
        raise RuleError("the victim cannot answer any more questions", code="witness/victim")
    if character not in standing_at(case, here):
        raise RuleError(
            f"{name_of(case, character)} is not in {name_of(case, here)}",
            code="witness/not-present",
        )


def _explain_accusation(case: MbmCase, state: MbmState, here: str, murderer: Any) -> None:
    if state.question_pending:
        raise RuleError(
            "an accusation is a whole turn: you have already moved this turn",
            code="accuse/after-move",
        )
    if murderer == case.victim:
        raise RuleError("the victim cannot be the murderer", code="accuse/victim")
    if isinstance(murderer, str) and murderer not in standing_at(case, here):
        raise RuleError(
            f"{name_of(case, murderer)} is not in {name_of(case, here)}: "
            "confront the murderer where they stand",
            code="accuse/not-present",
        )
