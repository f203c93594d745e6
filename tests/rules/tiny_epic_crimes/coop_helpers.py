"""Starting cooperative and solo games of the sample case, for the co-op and solo tests."""

from __future__ import annotations

from rules.core import Action, Event, JSONScalar
from rules.tiny_epic_crimes.state import TecState
from tests.bound import Bound
from tests.rules.tiny_epic_crimes.helpers import GAME, GAME_2, seats, unchosen


def game_for(officers: int) -> Bound:
    """The sample case laid out for ``officers`` (2: the 2-player tokens)."""
    return GAME_2 if officers == 2 else GAME


def coop(count: int = 2, seed: int = 1, *, bot: bool = False) -> TecState:
    """A cooperative game's opening, the Ability Cards dealt at setup left unchosen."""
    state: TecState = game_for(count).new_game(seats(count, bot=bot), "cooperative", seed)
    return unchosen(state)


def solo(officers: int = 2, seed: int = 1, *, bot: bool = False) -> TecState:
    """A solo game's opening, the Ability Cards dealt at setup left unchosen."""
    state: TecState = game_for(officers).new_game(
        seats(1, bot=bot), "solo", seed, {"officers": officers}
    )
    return unchosen(state)


def play(
    state: TecState, seat: int, kind: str, **params: JSONScalar
) -> tuple[TecState, list[Event]]:
    """``seat`` plays an action through the whole protocol (checks, sharing, solo's seat)."""
    after, events = game_for(len(state.officers)).apply(state, seat, Action(kind, params))
    return after, events


def legal_types(state: TecState, seat: int) -> set[str]:
    return {spec.type for spec in game_for(len(state.officers)).legal_actions(state, seat)}
