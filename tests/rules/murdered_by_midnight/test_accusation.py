"""Confronting the murderer: "Solving the Murder" and "Ending the Game"."""

from __future__ import annotations

import pytest

from rules.core import NotYourTurnError, RuleError, Standing
from rules.murdered_by_midnight.spec import Ending
from rules.murdered_by_midnight.state import MbmState
from tests.hidden_information import shown_events
from tests.rules.murdered_by_midnight.helpers import GAME, SYSTEM, act, start, types, until_turn

DECK = ("L4", "L3", "L5", "L6", "L2")
RIGHT = {"murderer": "C3", "weapon": "W1", "motive": "M1", "time": "21:00"}
WRONG = {**RIGHT, "motive": "M2"}
SOLUTION = {"murderer": "C3", "weapon": "W1", "motive": "M1", "time": "21:00"}


def _everyone_facing_dorian(mode: str, count: int) -> MbmState:
    """The Billiard Room (L4, where Dorian Vane stands) south of the scene; all inspectors in."""
    state = start(mode, count, deck=DECK)
    state, _ = act(state, 0, "reveal-location", at="0,1")
    for seat in range(count):
        state = until_turn(state, seat)
        state, _ = act(state, seat, "move", to="L4")
        state, _ = act(state, seat, "end-turn")
    return until_turn(state, 0)


def test_an_accusation_needs_the_murderer_s_token_here() -> None:
    """ "If a player thinks they've solved the case and their Inspector Pawn is in the same
    location as the murderer's Token, they can confront the murderer" """
    state = start(deck=DECK)
    accuse = next(s for s in GAME.legal_actions(state, 0) if s.type == "accuse")
    assert accuse.params["murderer"] == ("C2",)
    before = SYSTEM.state_to_json(state)
    with pytest.raises(RuleError, match="Dorian Vane is not in Library") as caught:
        act(state, 0, "accuse", **RIGHT)
    assert caught.value.code == "accuse/not-present"
    assert SYSTEM.state_to_json(state) == before


def test_an_accusation_is_a_turn_of_its_own() -> None:
    """An accusation is one turn's action, not a question asked on entering (ruling)."""
    state = start(deck=DECK)
    state, _ = act(state, 0, "reveal-location", at="0,1")
    state, _ = act(state, 0, "move", to="L4")
    with pytest.raises(RuleError) as caught:
        act(state, 0, "accuse", **RIGHT)
    assert caught.value.code == "accuse/after-move"


@pytest.mark.parametrize(("mode", "count"), [("solo", 1), ("co-op", 3), ("competitive", 3)])
def test_all_four_right_solves_the_case_and_reveals_it(mode: str, count: int) -> None:
    """ "The Author will check accusation against the Character, Weapon, Motive and Time in the
    Case Details. If they all match, the player will be informed that they solved the case and
    that the game has ended." """
    state = _everyone_facing_dorian(mode, count)
    state = until_turn(state, count - 1)
    state, events = act(state, count - 1, "accuse", **RIGHT)
    assert types(events) == ["accusation-made", "game-ended"]
    assert events[0].data == {**RIGHT, "correct": True}
    outcome = GAME.result(state)
    assert outcome is not None and outcome.solution == SOLUTION
    assert outcome.ending == Ending.SOLVED
    expected = (count - 1,) if mode == "competitive" else tuple(range(count))
    assert outcome.winners == expected
    # the solver (or the whole team) first; in competitive play everyone else shares 2nd place
    if mode == "competitive":
        ranks = [(count - 1, 1), *((seat, 2) for seat in range(count - 1))]
    else:
        ranks = [(seat, 1) for seat in range(count)]
    assert [(standing.seat, standing.rank) for standing in outcome.standings] == ranks
    assert GAME.to_act(state) == frozenset()
    for seat in (*range(count), None):
        assert GAME.view(state, seat)["result"]["solution"] == SOLUTION
        assert GAME.legal_actions(state, 0) == []
    with pytest.raises(RuleError) as caught:
        act(state, 0, "search")
    assert caught.value.code == "game/over"


def test_a_wrong_accusation_ends_the_game_for_that_inspector_only() -> None:
    """ "If the player has any of the details of the murder wrong, they are told that they're not
    correct and that the game has ended for them. This is done to eliminate random guessing." """
    state = _everyone_facing_dorian("competitive", 3)
    state, events = act(state, 0, "accuse", **WRONG)
    assert types(events) == ["accusation-made", "inspector-eliminated"]
    assert shown_events(events, 2)[0]["correct"] is False
    assert state.eliminated == frozenset({0}) and GAME.result(state) is None
    assert state.turn == 1
    state, _ = act(state, 1, "search")
    state, _ = act(state, 2, "search")
    assert state.turn == 1  # the eliminated inspector is skipped
    assert GAME.legal_actions(state, 0) == []
    with pytest.raises(NotYourTurnError):
        act(state, 0, "accuse", **RIGHT)
    assert GAME.view(state, 1)["eliminated"] == [0]
    state, _ = act(state, 1, "accuse", **RIGHT)
    outcome = GAME.result(state)
    assert outcome is not None and outcome.ending == Ending.SOLVED and outcome.winners == (1,)
    # the winner first, the inspector still in the game next, the one who was put out last
    assert outcome.standings == (Standing(1, 1, 1.0), Standing(2, 2, 0.0), Standing(0, 3, 0.0))


def test_the_game_ends_when_every_inspector_is_out() -> None:
    """ "The game ends when a player solves the murder or all players have been eliminated" …
    "In the event all of the players are eliminated, the Author will state that no one won and
    will reveal the correct details of the case." """
    state = _everyone_facing_dorian("competitive", 2)
    state, _ = act(state, 0, "accuse", **WRONG)
    state, events = act(state, 1, "accuse", **{**RIGHT, "time": "20:00"})
    assert types(events) == ["accusation-made", "inspector-eliminated", "game-ended"]
    assert events[-1].for_seat(None) == {
        "type": "game-ended",
        "actor": None,
        "ending": "all-eliminated",
        "winners": [],
        "standings": [
            {"seat": 0, "rank": 1, "score": 0.0},
            {"seat": 1, "rank": 1, "score": 0.0},
        ],
        "solution": SOLUTION,
    }


@pytest.mark.parametrize(("mode", "count"), [("solo", 1), ("co-op", 3)])
def test_a_wrong_team_accusation_loses_the_case(mode: str, count: int) -> None:
    """The team plays as one inspector: "the game has ended for them" ends it for all (ruling)."""
    state = _everyone_facing_dorian(mode, count)
    state, events = act(state, 0, "accuse", **WRONG)
    assert types(events) == ["accusation-made", "game-ended"]
    outcome = GAME.result(state)
    assert outcome is not None and outcome.winners == () and outcome.solution == SOLUTION
    assert outcome.ending == Ending.WRONG_ACCUSATION
    assert outcome.standings == tuple(Standing(seat, 1, 0.0) for seat in range(count))


@pytest.mark.parametrize(("turn_limit", "turns"), [(None, 400), (100, 100), (200, 200)])
def test_midnight_ends_a_game_nobody_solves(turn_limit: int | None, turns: int) -> None:
    """A turn limit ends a game that would otherwise never end; nobody wins (ruling). The limit
    is the game's ``turn_limit`` option, 400 turns of all inspectors together by default."""
    options = {} if turn_limit is None else {"turn_limit": turn_limit}
    state = start("co-op", 2, options=options)
    assert state.max_turns == turns
    for _ in range(turns - 1):
        state, events = act(state, state.turn, "search")
    assert GAME.result(state) is None and types(events) == ["location-searched"]
    state, events = act(state, state.turn, "search")
    assert types(events) == ["location-searched", "game-ended"]
    outcome = GAME.result(state)
    assert outcome is not None and outcome.winners == () and outcome.solution == SOLUTION
    assert outcome.ending == Ending.MIDNIGHT and events[-1].data["ending"] == "midnight"
    assert GAME.view(state, 0)["result"] == outcome.to_json()
