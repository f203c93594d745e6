"""The negative effects of active events, from the rulebook: each event "has a unique setup, a
negative effect, and a requirement"; the effect is in force while the event is active."""

from __future__ import annotations

import dataclasses

import pytest

from rules.core import Action, RuleError
from rules.tiny_epic_crimes import hazards
from rules.tiny_epic_crimes.state import ActiveEvent, TecState
from tests.rules.tiny_epic_crimes.helpers import (
    GAME,
    NIGHT,
    act,
    hours,
    mobsters,
    of,
    officer,
    start,
)


def active(state: TecState, card: str, tokens: tuple[str, ...] = ()) -> TecState:
    return dataclasses.replace(state, events=(ActiveEvent(card, 1, 0, tokens, (), (), ()),))


def _day(block: str) -> TecState:
    return officer(mobsters(start(3), {"B09": "red"}), 0, block=block)


def _night(block: str) -> TecState:
    return hours(_day(block), {0: NIGHT, 1: NIGHT + 2, 2: NIGHT + 2})


COSTS = {
    # card: (state, action, params, hours without the event, extra)
    "E02": (_day("B09"), "catch-informant", {}, 2, 1),
    "E04": (_night("B11"), "stakeout", {"hours": 3}, 3, 1),
    "E06": (_night("B09"), "bring-in-for-holding", {}, 2, 1),
    "E08": (_day("B01"), "search-scene", {}, 2, 1),
    "E13": (_day("B09"), "catch-informant", {}, 2, 2),
    "E17": (_day("B09"), "arrest", {}, 1, 1),
    "E18": (_day("B09"), "call-for-backup", {"hours": 2}, 2, 1),
}


@pytest.mark.parametrize("card", sorted(COSTS))
def test_an_action_costs_more_hours_while_the_event_is_active(card: str) -> None:
    state, kind, params, base, extra = COSTS[card]
    start_hour = state.track.position(0)
    plain, _ = act(state, 0, kind, **params)
    assert plain.track.position(0) == start_hour + base
    after, _ = act(active(state, card), 0, kind, **params)
    assert after.track.position(0) == start_hour + base + extra


def test_a_risked_action_offers_only_what_the_extra_hours_leave() -> None:
    state = active(hours(_night("B11"), {0: 44, 1: 46, 2: 46}), "E04")  # 4 hours left, 1 extra
    (spec,) = [s for s in GAME.legal_actions(state, 0) if s.type == "stakeout"]
    assert spec.choices("hours") == (1, 2, 3)


FORBIDS = {
    "E03": (_day("B01"), "search-scene", {}),
    "E11": (_night("B09"), "catch-witness", {}),
    "E12": (_night("B11"), "stakeout", {"hours": 1}),
    "E15": (_night("B09"), "bring-in-for-holding", {}),
}


@pytest.mark.parametrize("card", sorted(FORBIDS))
def test_an_action_the_event_forbids_is_refused(card: str) -> None:
    state, kind, params = FORBIDS[card]
    assert any(s.type == kind for s in GAME.legal_actions(state, 0))
    blocked = active(state, card)
    assert not any(s.type == kind for s in GAME.legal_actions(blocked, 0))
    with pytest.raises(RuleError) as refused:
        GAME.apply(blocked, 0, Action(kind, params))
    assert refused.value.code == "event/forbidden"


@pytest.mark.parametrize("card, action", [("E07", "interrogate"), ("E16", "peek")])
def test_forbidding_what_comes_later_is_in_force_already(card: str, action: str) -> None:
    assert action in hazards.in_force(active(start(3), card)).forbidden
    assert action not in hazards.in_force(start(3)).forbidden


def test_the_parade_closes_its_blocks_to_cars() -> None:
    state = active(start(3), "E05", ("B09", "B13"))
    (drive,) = [s for s in GAME.legal_actions(state, 0) if s.type == "drive"]
    assert "B09" not in drive.choices("to") and "B08" in drive.choices("to")
    with pytest.raises(RuleError) as refused:
        GAME.apply(state, 0, Action("drive", {"to": "B13"}))
    assert refused.value.code == "event/no-drive"


@pytest.mark.parametrize("card, toll", [("E01", 1), ("E09", 2), ("E14", 1)])
def test_driving_onto_the_events_block_costs_its_toll(card: str, toll: int) -> None:
    state = active(start(3), card, ("B09",))
    plain, _ = act(start(3), 0, "drive", to="B09")
    after, events = act(state, 0, "drive", to="B09")
    assert after.driven == plain.driven + toll == 2 + toll
    assert of(events, "drove")[0].data["hours"] == 2 + toll
    other, _ = act(state, 0, "drive", to="B08")  # another block pays no toll
    assert other.driven == act(start(3), 0, "drive", to="B08")[0].driven


def test_the_crime_wave_adds_a_mobster_roll_to_every_turn() -> None:
    state = mobsters(start(3), {})
    _, plain = act(state, 0, "coffee-break")
    _, wave = act(active(state, "E10"), 0, "coffee-break")
    assert len(of(wave, "mobster-roll")) > len(of(plain, "mobster-roll"))
