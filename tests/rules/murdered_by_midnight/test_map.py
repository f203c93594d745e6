"""The map, moving and secret passages: "Revealing a Map Location", "Move to Another Location",
"Placing a Portal Token"."""

from __future__ import annotations

import pytest

from rules.core import RuleError
from rules.murdered_by_midnight.state import MbmState
from tests.rules.murdered_by_midnight.helpers import GAME, SYSTEM, act, start, types, until_turn

DECK = ("L3", "L4", "L5", "L6", "L2")


def _laid_out() -> MbmState:
    """L1 at 0,0, L3 at 1,0, L4 at 2,0, L5 at 0,1: a row of three and one below the scene."""
    state = start(deck=DECK)
    for at in ("1,0", "2,0", "0,1"):
        state, _ = act(state, 0, "reveal-location", at=at)
    return state


def test_revealing_places_the_top_card_beside_a_free_side() -> None:
    """ "the player can select a card from the deck and place it, face up, next to any Map card
    on the play field as long as new Map card lines up with free side of that location and it
    doesn't overlap another Map card" """
    state = start(deck=DECK)
    reveal = next(s for s in GAME.legal_actions(state, 0) if s.type == "reveal-location")
    assert reveal.params["at"] == ("-1,0", "0,-1", "0,1", "1,0")
    state, events = act(state, 0, "reveal-location", at="1,0")
    assert [e.for_seat(None) for e in events] == [
        {
            "type": "location-revealed",
            "actor": 0,
            "location": "L3",
            "at": "1,0",
            "characters": ["C8"],
        }
    ]
    shown = GAME.view(state, 0)
    assert [(c["location"], c["at"]) for c in shown["map"]] == [("L1", "0,0"), ("L3", "1,0")]
    assert shown["map"][1]["characters"] == ["C8"]  # the token stands on its whereabouts card
    assert shown["deck_count"] == 4
    assert state.turns_taken == 1  # revealing is the whole turn


@pytest.mark.parametrize(
    ("at", "code", "words"),
    [
        ("0,0", "map/occupied", "already holds Library"),
        ("1,1", "map/not-adjacent", "not next to"),
        ("5,5", "map/not-adjacent", "not next to"),
        ("east", "map/bad-cell", "not a grid cell"),
    ],
)
def test_an_overlapping_or_detached_card_is_refused(at: str, code: str, words: str) -> None:
    """ "as long as new Map card lines up with free side of that location and it doesn't
    overlap another Map card already on the playing field" """
    state = start(deck=DECK)
    before = SYSTEM.state_to_json(state)
    with pytest.raises(RuleError, match=words) as caught:
        act(state, 0, "reveal-location", at=at)
    assert caught.value.code == code
    assert SYSTEM.state_to_json(state) == before


def test_no_reveal_once_the_deck_is_empty() -> None:
    """ "If there are any cards left in the Map deck" """
    state = start(deck=DECK)
    for at in ("1,0", "2,0", "3,0", "4,0", "5,0"):
        state, _ = act(state, 0, "reveal-location", at=at)
    assert "reveal-location" not in [s.type for s in GAME.legal_actions(state, 0)]
    with pytest.raises(RuleError) as caught:
        act(state, 0, "reveal-location", at="6,0")
    assert caught.value.code == "map/deck-empty"


def test_moving_one_card_then_one_question_on_entering() -> None:
    """ "A player can only move to one new location during a turn, from one card to another and
    may ask a question when they first enter the new location." """
    state = _laid_out()
    assert next(s for s in GAME.legal_actions(state, 0) if s.type == "move").params["to"] == (
        "L3",
        "L5",
    )
    state, events = act(state, 0, "move", to="L3")
    assert [e.for_seat(None) for e in events] == [
        {"type": "inspector-moved", "actor": 0, "from": "L1", "to": "L3"}
    ]
    assert state.turn == 0 and state.question_pending
    legal = {s.type for s in GAME.legal_actions(state, 0)}
    assert legal == {"search", "ask-what-they-saw", "ask-who-did-it", "end-turn"}
    with pytest.raises(RuleError) as caught:
        act(state, 0, "move", to="L4")
    assert caught.value.code == "turn/already-moved"
    after, events = act(state, 0, "search")
    assert types(events) == ["location-searched"] and not after.question_pending
    assert after.turns_taken == state.turns_taken + 1


def test_ending_the_turn_instead_of_asking() -> None:
    """ "may ask a question": the question after a move is optional."""
    state, _ = act(_laid_out(), 0, "move", to="L5")
    state, events = act(state, 0, "end-turn")
    assert types(events) == ["turn-ended"] and not state.question_pending
    with pytest.raises(RuleError) as caught:
        act(state, 0, "end-turn")
    assert caught.value.code == "turn/nothing-to-end"


def test_moving_to_a_card_not_beside_yours_is_refused() -> None:
    """ "as long as there is another Map card laying on the playing field beside the Player's
    current location" """
    state = _laid_out()
    before = SYSTEM.state_to_json(state)
    with pytest.raises(RuleError, match="Billiard Room is not next to your location") as caught:
        act(state, 0, "move", to="L4")
    assert caught.value.code == "move/not-adjacent"
    for to, code in (("L6", "move/not-on-map"), ("L1", "move/same-location")):
        with pytest.raises(RuleError) as caught:
            act(state, 0, "move", to=to)
        assert caught.value.code == code
    assert SYSTEM.state_to_json(state) == before


def test_opening_a_passage_is_a_whole_turn_without_a_question() -> None:
    """ "they will place one of the Portal Token's on the Map card where their Inspector Pawn
    currently is. Then, they will place the second token on the card that they want to jump
    to. Next, they will move their Inspector Pawn to the new Map card. At this point, their turn
    is over." """
    state = start("competitive", 2, deck=DECK)
    for at in ("1,0", "2,0"):
        state = until_turn(state, 0)
        state, _ = act(state, 0, "reveal-location", at=at)
    state = until_turn(state, 0)
    state, events = act(state, 0, "open-passage", to="L4")
    assert [e.for_seat(1) for e in events] == [
        {"type": "passage-opened", "actor": 0, "from": "L1", "to": "L4"}
    ]
    assert state.positions[0] == "L4" and state.turn == 1 and not state.question_pending
    shown = GAME.view(state, 1)
    assert shown["passages"] == [{"seat": 0, "from": "L1", "to": "L4"}]
    assert shown["inspectors"][0]["portals_used"] is True


def test_one_portal_pair_per_inspector_usable_by_everyone_without_a_question() -> None:
    """ "Each Player is given two matching Portal Token's" … "The created "Secret Passage" will
    stay in effect for the rest of the game and any other Player may use this passage during
    their turn. Again, they will only be able to move during their turn and will not be able to
    ask a question" """
    state = start("competitive", 2, deck=DECK)
    for at in ("1,0", "2,0"):
        state = until_turn(state, 0)
        state, _ = act(state, 0, "reveal-location", at=at)
    state = until_turn(state, 0)
    state, _ = act(state, 0, "open-passage", to="L4")
    # seat 1, still on the scene, takes seat 0's passage: one turn, no question.
    state, events = act(state, 1, "take-passage", to="L4")
    assert types(events) == ["passage-taken"] and state.positions[1] == "L4"
    assert state.turn == 0 and not state.question_pending
    # the passage works both ways and stays; seat 0's pair is spent.
    legal = {s.type: s for s in GAME.legal_actions(state, 0)}
    assert "open-passage" not in legal and legal["take-passage"].params["to"] == ("L1",)
    with pytest.raises(RuleError) as caught:
        act(state, 0, "open-passage", to="L3")
    assert caught.value.code == "passage/used"
    state, _ = act(state, 0, "take-passage", to="L1")
    state, _ = act(state, 1, "open-passage", to="L3")  # seat 1 still has its own pair
    assert len(state.passages) == 2
    with pytest.raises(RuleError, match="no secret passage joins Library to Wine Cellar") as caught:
        act(state, 0, "take-passage", to="L3")
    assert caught.value.code == "passage/none"


def test_a_passage_cannot_be_opened_after_moving() -> None:
    """ "At the start of their turn, the Player will place one of the Portal Token's" """
    state, _ = act(_laid_out(), 0, "move", to="L3")
    with pytest.raises(RuleError) as caught:
        act(state, 0, "open-passage", to="L4")
    assert caught.value.code == "passage/not-at-start"
