"""The Badge Level Track's bonuses, from the rulebook: "advance your Badge 1 space on its track
on your Officer Mat. If it lands on a space with an icon, then immediately gain that bonus: Gain
a Suspect Card / Interrogate / Evidence holder picks 1" and "If your Rank ever exceeds "9," then
flip the badge to its "10+" side and place it back on the large badge image."

The track itself is casebook's (docs/rulings.md): icons on spaces 2 (Suspect), 3 (Interrogate),
5 (Evidence holder picks 1), 6, 7 and 9 in the same order; 0, 1, 4 and 8 are bare."""

from __future__ import annotations

import dataclasses
import random

import pytest

from rules.tiny_epic_crimes import badge, clues
from rules.tiny_epic_crimes.badge import Bonus
from rules.tiny_epic_crimes.game import SYSTEM
from rules.tiny_epic_crimes.state import TecState
from tests.rules.tiny_epic_crimes.helpers import (
    CASE,
    GAME,
    act,
    me,
    mobsters,
    of,
    officer,
    start,
)


def on_level(state: TecState, seat: int, level: int) -> TecState:
    return officer(state, seat, badge=level)


def with_cards(state: TecState, seat: int, count: int) -> TecState:
    for _ in range(count):
        state, _ = clues.gain_suspect(state, seat, random.Random(0))
    return state


def test_each_bonus_the_rulebook_names_is_on_the_track_below_ten() -> None:
    # "If it lands on a space with an icon": the three icons, each twice on spaces 1-9
    on_track = [badge.bonus_at(level) for level in range(1, 10)]
    for bonus in Bonus:
        assert on_track.count(bonus) == 2
    assert badge.bonus_at(0) is None and badge.bonus_at(1) is None


@pytest.mark.parametrize("level", [1, 4, 8])
def test_a_bare_space_gives_nothing_more(level: int) -> None:
    state = on_level(start(3), 0, level - 1)
    after, events = clues.advance_badge(state, 0)
    assert me(after, 0).badge == level
    assert [e.type for e in events] == ["badge-advanced"]
    assert after.suspects == state.suspects and after.decisions == state.decisions


@pytest.mark.parametrize("level", [2, 6])
def test_the_suspect_space_gains_a_suspect_card_at_once(level: int) -> None:
    # "Gain a Suspect Card": the top card of the deck, to the officer alone
    state = on_level(start(3), 1, level - 1)
    top = state.suspect_deck.draw_pile[0]
    after, events = clues.advance_badge(state, 1)
    assert after.suspects.cards_of(1) == (top,)
    assert after.suspect_deck.draw_count == state.suspect_deck.draw_count - 1
    (bonus,) = of(events, "badge-bonus")
    assert bonus.data == {"seat": 1, "badge": level, "bonus": "suspect"}
    (gained,) = of(events, "suspect-gained")
    assert gained.secret == {"suspect": top} and gained.secret_audience == frozenset({1})


@pytest.mark.parametrize("level", [3, 7])
def test_the_interrogate_space_owes_the_officer_an_interrogation(level: int) -> None:
    # "Interrogate, see pg 14": whom to interrogate is the officer's choice, made next
    state = with_cards(on_level(start(3), 0, level - 1), 2, 2)
    after, events = clues.advance_badge(state, 0)
    assert of(events, "badge-bonus")[0].data["bonus"] == "interrogate"
    (owed,) = after.decisions
    assert (owed.kind, owed.seat, owed.choices) == ("interrogate", 0, ("2",))


@pytest.mark.parametrize("level", [5, 9])
def test_the_evidence_holder_space_owes_a_peek_exchange(level: int) -> None:
    # "Evidence holder picks 1": a Peek at another officer's solved evidence, whose holder
    # picks one of the officer's Suspect Cards to look at
    state = dataclasses.replace(start(3), solved={"weapon": 1})
    state = with_cards(on_level(state, 0, level - 1), 0, 1)
    after, events = clues.advance_badge(state, 0)
    assert of(events, "badge-bonus")[0].data["bonus"] == "peek"
    assert of(events, "peek-owed")[0].data == {"seat": 0}
    (owed,) = after.decisions
    assert (owed.kind, owed.seat, owed.choices) == ("peek", 0, ("weapon", "none"))


def test_past_nine_the_badge_flips_and_starts_again_on_the_large_badge() -> None:
    # "If your Rank ever exceeds 9, then flip the badge to its 10+ side and place it back on
    # the large badge image": 10 is the image again, 12 the Suspect space again
    assert not badge.flipped(9) and badge.flipped(10)
    assert badge.space_of(10) == 0 and badge.bonus_at(10) is None
    assert [badge.bonus_at(level) for level in range(11, 20)] == [
        badge.bonus_at(level) for level in range(1, 10)
    ]
    state = on_level(start(3), 0, 9)
    after, events = clues.advance_badge(state, 0)
    assert me(after, 0).badge == 10 and not of(events, "badge-bonus")
    after, events = clues.advance_badge(on_level(after, 0, 11), 0)
    assert me(after, 0).badge == 12 and of(events, "badge-bonus")[0].data["bonus"] == "suspect"
    assert SYSTEM.view(CASE, after, 2)["officers"][0]["badge"] == 12  # the rank, for all


def test_a_clue_action_landing_on_the_suspect_space_pays_it() -> None:
    # "When you collect any type of Clue Token … advance your Badge 1 space": a second clue
    state = on_level(mobsters(start(3), {"B06": "red"}), 0, 1)
    state = officer(state, 0, block="B06")
    after, events = act(state, 0, "catch-informant")
    assert me(after, 0).badge == 2 and len(after.suspects.cards_of(0)) == 1
    assert [e.type for e in events][:4] == [
        "informant-caught",
        "badge-advanced",
        "badge-bonus",
        "suspect-gained",
    ]


def test_an_interrogation_earned_by_an_action_is_made_after_the_turn() -> None:
    # the choice is owed by the action's officer, before the next officer's turn
    state = with_cards(on_level(mobsters(start(3), {"B06": "red"}), 0, 2), 1, 1)
    state = officer(state, 0, block="B06")
    after, _ = act(state, 0, "catch-informant")
    assert SYSTEM.to_act(CASE, after) == frozenset({0})
    assert [spec.type for spec in GAME.legal_actions(after, 0)] == ["interrogate"]
    done, _ = act(after, 0, "interrogate", officer="1")
    assert done.decisions == () and SYSTEM.to_act(CASE, done) == frozenset({1})
