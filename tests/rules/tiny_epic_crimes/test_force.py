"""Playing Force Cards, from the rulebook: "Each has a powerful effect for an officer. When one
is used, place it into a face-up discard pile"."""

from __future__ import annotations

import dataclasses
import json

import pytest

from rules.core import Action, RuleError
from rules.tiny_epic_crimes.game import SYSTEM
from rules.tiny_epic_crimes.state import TecState
from tests.rules.tiny_epic_crimes.helpers import GAME, act, mobsters, of, officer, start


def holding(state: TecState, seat: int, *cards: str) -> TecState:
    forces = state.forces
    forces = forces.remove(seat, forces.cards_of(seat)).add(seat, cards)
    return dataclasses.replace(state, forces=forces)


def test_warrant_apprehends_a_mobster_next_to_the_officer_and_the_turn_goes_on() -> None:
    state = holding(mobsters(start(3), {"B08": "red", "B01": "blue"}), 0, "F03")
    bag = sum(state.bag.values())
    after, events = act(state, 0, "play-force", card="F03")
    assert after.mobsters == {"B01": "blue"} and sum(after.bag.values()) == bag + 1
    assert after.forces.cards_of(0) == () and after.force_deck.discard_pile[0] == "F03"
    assert of(events, "force-played")[0].data["card"] == "F03"
    assert after.track == state.track and SYSTEM.to_act(GAME.case, after) == frozenset({0})
    assert any(spec.type == "coffee-break" for spec in GAME.legal_actions(after, 0))


def test_dragnet_apprehends_every_mobster_in_the_officers_row() -> None:
    state = holding(mobsters(start(3), {"B11": "red", "B14": "blue", "B09": "gray"}), 0, "F11")
    after, _ = act(state, 0, "play-force", card="F11")
    assert after.mobsters == {"B09": "gray"}


def test_a_card_with_nothing_to_do_or_not_held_is_not_offered() -> None:
    state = holding(mobsters(start(3), {"B01": "blue"}), 0, "F03", "F11")
    assert not any(spec.type == "play-force" for spec in GAME.legal_actions(state, 0))
    with pytest.raises(RuleError) as refused:
        GAME.apply(state, 0, Action("play-force", {"card": "F03"}))
    assert refused.value.code == "force/cannot-play"
    other = holding(mobsters(start(3), {"B08": "red"}), 1, "F03")
    with pytest.raises(RuleError):
        GAME.apply(holding(other, 0), 0, Action("play-force", {"card": "F03"}))


def test_another_officers_force_cards_never_show_until_played() -> None:
    state = holding(holding(mobsters(start(3), {"B08": "red"}), 0, "F03"), 1, "F11")
    for seat, own, hidden in ((0, "F03", "F11"), (1, "F11", "F03")):
        shown = json.dumps(GAME.view(state, seat))
        assert own in shown and hidden not in shown
    legal = json.dumps([spec.params for spec in GAME.legal_actions(state, 0)], default=str)
    assert "F11" not in legal
    after, _ = act(state, 0, "play-force", card="F03")
    assert "F03" in json.dumps(GAME.view(after, 1))  # face up on the discard pile


def test_squad_car_drives_three_blocks_for_no_hours() -> None:
    state = holding(start(3), 0, "F01")
    state, _ = act(state, 0, "play-force", card="F01")
    after, _ = act(state, 0, "drive", to="B01")  # four blocks from the HQ: one hour
    assert after.driven == 1
    with pytest.raises(RuleError):  # only before the drive
        GAME.apply(holding(after, 0, "F01"), 0, Action("play-force", {"card": "F01"}))


def test_overtime_allows_a_nighttime_action_by_day() -> None:
    state = holding(mobsters(officer(start(3), 0, block="B11"), {}), 0, "F04")  # day, stakeout
    assert not any(spec.type == "stakeout" for spec in GAME.legal_actions(state, 0))
    state, _ = act(state, 0, "play-force", card="F04")
    after, events = act(state, 0, "stakeout", hours=5)
    assert of(events, "staked-out")


def test_shortcut_takes_an_hour_off_the_action_but_never_below_one() -> None:
    state = holding(mobsters(officer(start(3), 0, block="B01"), {}), 0, "F10")
    played, _ = act(state, 0, "play-force", card="F10")
    after, _ = act(played, 0, "search-scene")
    assert after.track.position(0) == 1  # 2 hours less 1
    after, _ = act(played, 0, "coffee-break")
    assert after.track.position(0) == 1  # 1 hour stays 1
    nxt, _ = act(after, 1, "coffee-break")  # the boost ends with the turn
    assert nxt.boosts == {}
