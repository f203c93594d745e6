"""Interrogate, from the rulebook: "Choose another player, who holds all of their Suspect Cards
in a hand in front of you showing only their card backs. Pick one card at random to look at by
using the Magnifying Glass. Afterward, return the card to its owner. If it is a card you have
already seen, you do not get to pick another." And gaining an alibi from an empty deck: "Draw
the top Suspect Card from the deck (if there are no cards in the deck, you must do #2). Look at
a Suspect Card from another player: they hold their cards in their hand, backs facing you, and
you pick one to look at.\""""

from __future__ import annotations

import dataclasses
import json
import random

import pytest

from rules.core import Action, RuleError
from rules.kit.deck import Deck
from rules.tiny_epic_crimes import bot, clues, interrogate
from rules.tiny_epic_crimes.game import SYSTEM
from rules.tiny_epic_crimes.state import ActiveEvent, Glimpse, TecState
from tests.rules.tiny_epic_crimes.helpers import CASE, GAME, act, of, start


def with_cards(state: TecState, seat: int, count: int) -> TecState:
    for _ in range(count):
        state, _ = clues.gain_suspect(state, seat, random.Random(0))
    return state


def owed(state: TecState, seat: int = 0) -> TecState:
    after, events = interrogate.owe(state, seat)
    assert not events
    return after


def test_the_interrogator_chooses_among_the_other_officers_holding_cards() -> None:
    state = owed(with_cards(with_cards(start(4), 1, 2), 3, 1), 0)
    assert SYSTEM.to_act(CASE, state) == frozenset({0})
    assert [s.to_json() for s in GAME.legal_actions(state, 0)] == [
        {"type": "interrogate", "params": {"officer": {"kind": "one", "choices": ["1", "3"]}}}
    ]
    assert GAME.legal_actions(state, 1) == []
    with pytest.raises(RuleError):  # seat 2 holds no card, and nobody interrogates itself
        GAME.apply(state, 0, Action("interrogate", {"officer": "2"}))


def test_one_card_picked_at_random_is_shown_to_the_interrogator_alone() -> None:
    state = owed(with_cards(start(3), 1, 3), 0)
    hand = state.suspects.cards_of(1)
    after, events = act(state, 0, "interrogate", officer="1")
    (told,) = of(events, "interrogated")
    (card,) = told.secret["suspects"]
    assert card in hand and after.suspects.cards_of(1) == hand  # returned to its owner
    assert told.data == {"seat": 0, "officer": 1, "looked": 1}
    assert told.secret_audience == frozenset({0})
    assert after.glimpses == (Glimpse(0, 1, card),)
    assert SYSTEM.view(CASE, after, 0)["seen_suspects"] == {"1": [card]}
    for seat in (1, 2):
        assert SYSTEM.view(CASE, after, seat)["seen_suspects"] == {}
        assert told.for_seat(seat) is not None and "suspects" not in told.for_seat(seat)  # type: ignore[operator]
    assert "suspects" not in (told.for_seat(None) or {})


def test_the_card_is_picked_at_random_from_the_whole_hand() -> None:
    state = owed(with_cards(start(3), 1, 3), 0)
    picked = set()
    for step in range(40):
        after, events = act(dataclasses.replace(state, step=step), 0, "interrogate", officer="1")
        picked |= set(of(events, "interrogated")[0].secret["suspects"])
    assert picked == set(state.suspects.cards_of(1))


def test_a_card_already_seen_is_not_picked_again() -> None:
    # "If it is a card you have already seen, you do not get to pick another."
    state = with_cards(start(3), 1, 1)
    (card,) = state.suspects.cards_of(1)
    state = owed(dataclasses.replace(state, glimpses=(Glimpse(0, 1, card),)), 0)
    after, events = act(state, 0, "interrogate", officer="1")
    (told,) = of(events, "interrogated")
    assert told.secret == {"suspects": [card], "already_seen": [card]}
    assert after.glimpses == state.glimpses and after.decisions == ()


def test_nobody_to_interrogate_or_a_press_leak_gives_nothing() -> None:
    state, events = interrogate.owe(start(3), 0)
    assert state.decisions == () and of(events, "interrogation-skipped")[0].data == {
        "seat": 0,
        "reason": "no-cards",
    }
    leak = ActiveEvent("E07", 1, 0, (), (), (), ())  # "no Interrogate"
    blocked = dataclasses.replace(with_cards(start(3), 1, 1), events=(leak,))
    after, events = interrogate.owe(blocked, 0)
    assert after.decisions == () and of(events, "interrogation-skipped")[0].data["reason"] == (
        "forbidden"
    )


def test_good_listener_looks_at_a_second_different_card() -> None:
    # A04: "When you Interrogate, look at a second card."
    state = with_cards(start(3), 1, 3)
    state = owed(dataclasses.replace(state, abilities={0: "A04"}), 0)
    after, events = act(state, 0, "interrogate", officer="1")
    (told,) = of(events, "interrogated")
    first, second = told.secret["suspects"]
    assert first != second and {first, second} <= set(state.suspects.cards_of(1))
    assert told.data["looked"] == 2 and len(after.glimpses) == 2
    single = owed(dataclasses.replace(with_cards(start(3), 1, 1), abilities={0: "A04"}), 0)
    _, events = act(single, 0, "interrogate", officer="1")
    assert of(events, "interrogated")[0].data["looked"] == 1  # one card is all there is


def _empty_deck(state: TecState) -> TecState:
    return dataclasses.replace(state, suspect_deck=Deck())


def test_an_alibi_from_an_empty_deck_is_a_look_at_another_officers_card() -> None:
    # "if there are no cards in the deck, you must do #2"
    state = _empty_deck(with_cards(with_cards(start(3), 1, 2), 2, 1))
    after, events = clues.gain_suspect(state, 0)
    assert of(events, "suspect-gained")[0].data == {"seat": 0, "gained": False}
    (look,) = after.decisions
    assert (look.kind, look.seat, look.choices) == ("look-at-suspect", 0, ("1", "2"))
    done, events = act(after, 0, "look-at-suspect", officer="2")
    (told,) = of(events, "suspect-looked-at")
    assert told.secret["suspects"] == list(state.suspects.cards_of(2))
    assert told.secret_audience == frozenset({0})
    assert done.suspects.cards_of(0) == () and done.suspects.cards_of(2) == (
        state.suspects.cards_of(2)
    )
    assert SYSTEM.view(CASE, done, 0)["seen_suspects"] == {"2": list(state.suspects.cards_of(2))}


def test_an_empty_deck_and_no_other_cards_gain_nothing() -> None:
    state = _empty_deck(with_cards(start(3), 0, 1))
    after, events = clues.gain_suspect(state, 0)
    assert after.decisions == () and of(events, "suspect-gained")[0].data["gained"] is False


def test_which_card_was_seen_never_shows_to_anyone_else() -> None:
    state = owed(with_cards(start(3), 1, 2), 0)
    after, events = act(state, 0, "interrogate", officer="1")
    (card,) = of(events, "interrogated")[0].secret["suspects"]
    other = next(c for c in after.suspects.cards_of(1) if c != card)
    twin = dataclasses.replace(after, glimpses=(Glimpse(0, 1, other),))
    for seat in (1, 2, None):  # the owner is not told which card either
        assert json.dumps(SYSTEM.view(CASE, after, seat)) == json.dumps(
            SYSTEM.view(CASE, twin, seat)
        )
    assert SYSTEM.view(CASE, after, 0) != SYSTEM.view(CASE, twin, 0)


def test_the_bot_interrogates_the_hand_it_has_seen_least_of() -> None:
    state = with_cards(with_cards(start(3), 1, 2), 2, 2)
    seen = state.suspects.cards_of(1)
    state = dataclasses.replace(state, glimpses=(Glimpse(0, 1, seen[0]),))
    state = owed(state, 0)
    view = SYSTEM.view(CASE, state, 0)
    for seed in range(5):
        action = SYSTEM.bot_choose(view, GAME.legal_actions(state, 0), random.Random(seed))
        assert action == Action("interrogate", {"officer": "2"})


def test_the_bot_accuses_none_of_the_suspects_it_has_seen() -> None:
    state = with_cards(start(3), 1, 3)
    glimpses = tuple(Glimpse(0, 1, card) for card in state.suspects.cards_of(1))
    view = SYSTEM.view(CASE, dataclasses.replace(state, glimpses=glimpses), 0)
    picks = {bot.likely_murderer(view, random.Random(seed)) for seed in range(60)}
    assert picks and not picks & set(state.suspects.cards_of(1))
