"""The Force Card hand limit, from the rulebook: "You can hold a maximum of 2 Force Cards. If you
gain a third, you must discard that new card or one from your hand." The choice is owed at once:
nothing else is played until its officer has made it."""

from __future__ import annotations

import random

import pytest

from rules.core import Action, RuleError
from rules.tiny_epic_crimes import clues
from rules.tiny_epic_crimes.game import SYSTEM
from rules.tiny_epic_crimes.state import TecState
from tests.rules.tiny_epic_crimes.helpers import GAME, act, of, start
from tests.rules.tiny_epic_crimes.test_force import holding


def third_card(state: TecState, seat: int) -> TecState:
    after, events = clues.gain_force(state, seat, random.Random(0))
    assert of(events, "force-gained")[0].secret_audience == frozenset({seat})
    return after


def test_a_third_card_owes_a_discard_among_all_three_before_anything_else() -> None:
    state = third_card(holding(start(3), 1, "F01", "F03"), 1)
    hand = tuple(sorted(state.forces.cards_of(1)))
    assert len(hand) == 3
    assert SYSTEM.to_act(GAME.case, state) == frozenset({1})  # seat 0's turn waits
    assert [spec.to_json() for spec in GAME.legal_actions(state, 1)] == [
        {"type": "discard-force", "params": {"card": {"kind": "one", "choices": list(hand)}}}
    ]
    assert GAME.legal_actions(state, 0) == []
    with pytest.raises(RuleError):
        GAME.apply(state, 0, Action("coffee-break", {}))


@pytest.mark.parametrize("position", [0, 1, 2])
def test_the_officer_discards_the_new_card_or_one_from_the_hand(position: int) -> None:
    state = third_card(holding(start(3), 1, "F01", "F03"), 1)
    hand = sorted(state.forces.cards_of(1))
    card = hand[position]
    after, events = act(state, 1, "discard-force", card=card)
    assert sorted(after.forces.cards_of(1)) == [c for c in hand if c != card]
    assert after.force_deck.discard_pile[0] == card  # face up for all
    assert of(events, "force-discarded")[0].data == {"seat": 1, "card": card}
    assert after.decisions == () and SYSTEM.to_act(GAME.case, after) == frozenset({0})


def test_a_discard_is_offered_only_when_owed_and_only_among_the_hand() -> None:
    state = holding(start(3), 0, "F01")
    with pytest.raises(RuleError) as none_owed:
        GAME.apply(state, 0, Action("discard-force", {"card": "F01"}))
    assert none_owed.value.code == "decision/none"
    owed = third_card(holding(start(3), 0, "F01", "F03"), 0)
    with pytest.raises(RuleError) as other_action:
        GAME.apply(owed, 0, Action("coffee-break", {}))
    assert other_action.value.code == "decision/owed"
    not_held = next(c for c in ("F05", "F06", "F07") if c not in owed.forces.cards_of(0))
    with pytest.raises(RuleError):
        GAME.apply(owed, 0, Action("discard-force", {"card": not_held}))


def test_two_cards_gained_at_once_owe_two_discards_one_after_the_other() -> None:
    state = third_card(third_card(holding(start(3), 2, "F01", "F03"), 2), 2)
    assert len(state.forces.cards_of(2)) == 4 and len(state.decisions) == 1
    first = sorted(state.forces.cards_of(2))[0]
    state, _ = act(state, 2, "discard-force", card=first)
    (second,) = state.decisions
    assert second.choices == tuple(sorted(state.forces.cards_of(2))) and first not in second.choices
    state, _ = act(state, 2, "discard-force", card=second.choices[0])
    assert len(state.forces.cards_of(2)) == 2 and state.decisions == ()


def test_only_the_owner_sees_the_choices() -> None:
    state = third_card(holding(start(3), 1, "F01", "F03"), 1)
    mine = SYSTEM.view(GAME.case, state, 1)["decisions"]
    theirs = SYSTEM.view(GAME.case, state, 0)["decisions"]
    assert mine == [
        {"kind": "discard-force", "seat": 1, "choices": sorted(state.forces.cards_of(1))}
    ]
    assert theirs == [{"kind": "discard-force", "seat": 1}]
    assert SYSTEM.view(GAME.case, state, None)["decisions"] == theirs


def test_a_bot_makes_the_owed_choice_from_its_view() -> None:
    state = third_card(holding(start(3), 1, "F01", "F03"), 1)
    legal = GAME.legal_actions(state, 1)
    action = SYSTEM.bot_choose(SYSTEM.view(GAME.case, state, 1), legal, random.Random(3))
    assert action.type == "discard-force" and action.params["card"] in state.forces.cards_of(1)
