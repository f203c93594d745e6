"""The 2-player variant's ghost officer, from the rulebook: "For Standard Gameplay: At the start
of the game, deal 4 face-down Suspect Cards to a separate pile between both players with an
unused Car Token on top. This marks it as the alibis for a "ghost officer." When Interrogating,
you may shuffle these cards, and draw one to peek at instead of choosing from the other
player's cards, returning the card face-down to the pile when done.\""""

from __future__ import annotations

import dataclasses
import json
import random

from rules.kit.deck import Deck
from rules.tiny_epic_crimes import clues, interrogate
from rules.tiny_epic_crimes.game import SYSTEM
from rules.tiny_epic_crimes.state import Glimpse, TecState
from tests.rules.tiny_epic_crimes.helpers import GAME_2, act, of, seats, start


def test_two_officers_deal_four_face_down_alibis_to_a_ghost() -> None:
    state = start(2)
    assert len(state.ghost) == 4 and len(set(state.ghost)) == 4
    assert GAME_2.case.solution.murderer not in state.ghost  # alibis: innocent
    assert not set(state.ghost) & set(state.suspect_deck.draw_pile)
    assert state.suspect_deck.draw_count == 15 - 4
    for seat in (0, 1, None):
        shown = SYSTEM.view(GAME_2.case, state, seat)
        assert shown["ghost_pile"] == 4
        assert "ghost" not in json.dumps(shown.get("seen_suspects", {}))


def test_three_or_more_officers_and_the_cooperative_game_have_no_ghost() -> None:
    assert start(3).ghost == () and start(4).ghost == ()
    cooperative: TecState = GAME_2.new_game(seats(2), "cooperative", 1)
    assert cooperative.ghost == ()  # "For Standard Gameplay"


def test_interrogating_may_draw_from_the_ghost_pile_instead() -> None:
    state, _ = interrogate.owe(start(2), 0)  # seat 1 holds no card: the ghost only
    assert state.decisions[0].choices == ("ghost",)
    with_card, _ = clues.gain_suspect(start(2), 1)
    state, _ = interrogate.owe(with_card, 0)
    assert state.decisions[0].choices == ("1", "ghost")
    after, events = act(state, 0, "interrogate", officer="ghost")
    (told,) = of(events, "interrogated")
    (card,) = told.secret["suspects"]
    assert card in state.ghost and told.data == {"seat": 0, "officer": "ghost", "looked": 1}
    assert told.secret_audience == frozenset({0})
    assert after.ghost == state.ghost  # returned face down to the pile
    assert after.glimpses == (Glimpse(0, None, card),)
    assert SYSTEM.view(GAME_2.case, after, 0)["seen_suspects"] == {"ghost": [card]}
    assert SYSTEM.view(GAME_2.case, after, 1)["seen_suspects"] == {}


def test_the_ghost_card_is_drawn_at_random() -> None:
    state, _ = interrogate.owe(start(2), 0)
    drawn = set()
    for step in range(40):
        _, events = act(dataclasses.replace(state, step=step), 0, "interrogate", officer="ghost")
        drawn |= set(of(events, "interrogated")[0].secret["suspects"])
    assert drawn == set(state.ghost)


def test_only_interrogation_reaches_the_ghost() -> None:
    # an empty deck's alibi is "a Suspect Card from another player": never the ghost's
    state = dataclasses.replace(start(2), suspect_deck=Deck())
    after, _ = clues.gain_suspect(state, 0)
    assert after.decisions == ()


def test_bots_interrogate_the_ghost_and_play_two_player_games_to_the_end() -> None:
    state: TecState = GAME_2.new_game(seats(2, bot=True), "standard", 3)
    rng = random.Random(3)
    ghosted = 0
    while GAME_2.result(state) is None:
        (actor,) = sorted(SYSTEM.to_act(GAME_2.case, state))[:1]
        view = SYSTEM.view(GAME_2.case, state, actor)
        action = SYSTEM.bot_choose(view, GAME_2.legal_actions(state, actor), rng)
        state, events = GAME_2.apply(state, actor, action)
        ghosted += sum(1 for e in of(events, "interrogated") if e.data["officer"] == "ghost")
    assert any(g.owner is None for g in state.glimpses) == (ghosted > 0)
