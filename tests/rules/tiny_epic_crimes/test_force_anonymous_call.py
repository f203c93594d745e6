"""Anonymous Call (F09), from its card: "Interrogate another officer." and the rulebook's
Interrogate: "Choose another player, who holds all of their Suspect Cards in a hand in front of
you showing only their card backs. Pick one card at random to look at … Afterward, return the
card to its owner." Force Cards: "When one is used, place it into a face-up discard pile"."""

from __future__ import annotations

import dataclasses
import json
import random

import pytest

from rules.core import Action, RuleError
from rules.tiny_epic_crimes import clues, force
from rules.tiny_epic_crimes.cards import FORCE_CARDS
from rules.tiny_epic_crimes.game import SYSTEM
from rules.tiny_epic_crimes.state import ActiveEvent, TecState
from tests.rules.tiny_epic_crimes.coop_helpers import coop, game_for
from tests.rules.tiny_epic_crimes.coop_helpers import legal_types as coop_legal
from tests.rules.tiny_epic_crimes.helpers import CASE, GAME, act, of, start
from tests.rules.tiny_epic_crimes.test_force import holding

ANONYMOUS_CALL = "F09"


def with_cards(state: TecState, seat: int, count: int) -> TecState:
    for _ in range(count):
        state, _ = clues.gain_suspect(state, seat, random.Random(0))
    return state


def offered(state: TecState, seat: int = 0) -> set[str]:
    return {
        str(card)
        for spec in GAME.legal_actions(state, seat)
        if spec.type == "play-force"
        for card in spec.choices("card")
    }


def test_every_force_card_can_be_played() -> None:
    # "Each has a powerful effect for an officer": none is left unplayable.
    assert force.PLAYABLE == {card.id for card in FORCE_CARDS}


def test_anonymous_call_owes_an_interrogate_and_the_turn_goes_on() -> None:
    state = holding(with_cards(with_cards(start(4), 1, 2), 3, 1), 0, ANONYMOUS_CALL)
    assert ANONYMOUS_CALL in offered(state)
    after, events = act(state, 0, "play-force", card=ANONYMOUS_CALL)
    assert of(events, "force-played")[0].data["card"] == ANONYMOUS_CALL
    assert after.forces.cards_of(0) == () and after.force_deck.discard_pile[0] == ANONYMOUS_CALL
    # whom to interrogate: the other officers holding cards
    assert [s.to_json() for s in GAME.legal_actions(after, 0)] == [
        {"type": "interrogate", "params": {"officer": {"kind": "one", "choices": ["1", "3"]}}}
    ]
    hand = after.suspects.cards_of(3)
    looked, events = act(after, 0, "interrogate", officer="3")
    (told,) = of(events, "interrogated")
    assert told.secret["suspects"] == list(hand) and told.secret_audience == frozenset({0})
    assert looked.suspects.cards_of(3) == hand  # returned to its owner
    # the card came before the action: the same officer acts on, its tracker unmoved
    assert looked.track == state.track and SYSTEM.to_act(CASE, looked) == frozenset({0})
    assert "coffee-break" in {spec.type for spec in GAME.legal_actions(looked, 0)}


def test_what_the_call_shows_stays_with_its_officer() -> None:
    state = holding(with_cards(start(3), 1, 2), 0, ANONYMOUS_CALL)
    after, _ = act(state, 0, "play-force", card=ANONYMOUS_CALL)
    after, events = act(after, 0, "interrogate", officer="1")
    (card,) = of(events, "interrogated")[0].secret["suspects"]
    assert SYSTEM.view(CASE, after, 0)["seen_suspects"] == {"1": [card]}
    for seat in (1, 2):
        assert SYSTEM.view(CASE, after, seat)["seen_suspects"] == {}
        shown = of(events, "interrogated")[0].for_seat(seat) or {}
        assert "suspects" not in shown


def test_good_listener_looks_at_two_cards_on_an_anonymous_call() -> None:
    # A04: "When you Interrogate, look at a second card."
    state = holding(with_cards(start(3), 1, 3), 0, ANONYMOUS_CALL)
    state = dataclasses.replace(state, abilities={0: "A04"})
    after, _ = act(state, 0, "play-force", card=ANONYMOUS_CALL)
    _, events = act(after, 0, "interrogate", officer="1")
    first, second = of(events, "interrogated")[0].secret["suspects"]
    assert first != second


def test_the_call_is_not_offered_when_an_interrogate_would_see_nothing() -> None:
    nobody = holding(start(3), 0, ANONYMOUS_CALL)  # no other officer holds a Suspect Card
    assert ANONYMOUS_CALL not in offered(nobody)
    with pytest.raises(RuleError) as refused:
        GAME.apply(nobody, 0, Action("play-force", {"card": ANONYMOUS_CALL}))
    assert refused.value.code == "force/cannot-play"
    # Press Leak: "no Interrogate"
    leak = ActiveEvent("E07", 1, 0, (), (), (), ())
    blocked = dataclasses.replace(with_cards(nobody, 1, 1), events=(leak,))
    assert ANONYMOUS_CALL not in offered(blocked)
    assert ANONYMOUS_CALL in offered(with_cards(nobody, 1, 1))


def test_the_call_is_not_offered_in_cooperative_play() -> None:
    # "Throw all secrecy out the window": every Suspect Card lies face up, nothing to look at.
    state = coop(2)
    forces = state.forces.remove(0, state.forces.cards_of(0)).add(0, (ANONYMOUS_CALL,))
    state = with_cards(dataclasses.replace(state, forces=forces), 1, 1)
    assert state.suspects.count(1) == 1 and "coffee-break" in coop_legal(state, 0)
    forms = game_for(2).legal_actions(state, 0)
    assert ANONYMOUS_CALL not in json.dumps([spec.params for spec in forms], default=str)
