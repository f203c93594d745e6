"""Drive and every action of Step 2, each from its section of the rulebook.

The sample grid: row 1 is B01-B05, row 2 B06-B10, row 3 B11 B12 HQ B13 B14, row 4 B15-B19,
row 5 B20-B24. Search Tokens lie on B01-B07 (B01, B03, B05, B07 succeed), Stakeout Tokens on
B08-B12 numbered 1 to 5. Hours 1-6 are day, 7-12 night.
"""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Callable
from typing import Any

import pytest

from rules.core import Action, RuleError
from rules.tiny_epic_crimes.case import HQ
from rules.tiny_epic_crimes.game import SYSTEM
from rules.tiny_epic_crimes.state import TecState
from tests.rules.tiny_epic_crimes.helpers import (
    DAY,
    GAME,
    NIGHT,
    act,
    hours,
    me,
    mobsters,
    of,
    officer,
    start,
)


def refused(state: TecState, seat: int, kind: str, **params: object) -> str:
    """The refusal's code; the state is checked to be unchanged."""
    before = json.dumps(SYSTEM.state_to_json(state))
    with pytest.raises(RuleError) as error:
        GAME.apply(state, seat, Action(kind, dict(params)))
    assert json.dumps(SYSTEM.state_to_json(state)) == before
    return error.value.code


def solo_turn(
    count: int = 3, at: int = 1, *, block: str = HQ, placed: dict[str, str] | None = None
) -> TecState:
    """Seat 0 to act on hour ``at``, its car on ``block``, the other trackers further on."""
    state = hours(start(count), {0: at, **{seat: at + 5 for seat in range(1, count)}})
    state = officer(state, 0, block=block)
    return mobsters(state, placed if placed is not None else {})


# -------------------------------------------------------------------------------------------
# Drive


def test_driving_costs_an_hour_a_block_paid_with_the_action() -> None:
    # "Each block moved costs 1 hour … after performing an action … advance your Time Tracker"
    state = solo_turn()
    state, events = act(state, 0, "drive", to="B01")  # HQ (3,3) to (1,1): 4 blocks
    assert me(state, 0).block == "B01" and of(events, "drove")[0].data["hours"] == 4
    assert state.track.position(0) == 1  # not yet moved
    state, _ = act(state, 0, "coffee-break")
    assert state.track.position(0) == 1 + 4 + 1


def test_drive_is_step_one_once_a_turn() -> None:
    state, _ = act(solo_turn(), 0, "drive", to="B13")
    assert refused(state, 0, "drive", to="B14") == "drive/already"


def test_a_drive_that_leaves_no_hour_for_the_action_is_refused() -> None:
    # "Your tracker cannot go beyond the 48-hour mark"
    state = solo_turn(at=45)
    assert refused(state, 0, "drive", to="B01") == "time/past-48"
    assert refused(state, 0, "drive", to="nowhere") == "action/bad-choice"
    assert "B13" in GAME.legal_actions(state, 0)[0].choices("to")


# -------------------------------------------------------------------------------------------
# Arrest and Coffee Break


def test_arrest_puts_the_mobster_on_its_colour_spot_for_an_hour() -> None:
    state = solo_turn(block="B13", placed={"B13": "red"})
    state, events = act(state, 0, "arrest")
    assert me(state, 0).arrested == ("red",) and "B13" not in state.mobsters
    assert of(events, "arrested")[0].data == {"block": "B13", "colour": "red"}
    assert state.track.position(0) == 2


def test_a_second_mobster_of_a_colour_goes_back_to_the_bag() -> None:
    state = officer(solo_turn(block="B13", placed={"B13": "red"}), 0, arrested=("red",))
    bag = state.bag["red"]
    state, events = act(state, 0, "arrest")
    assert me(state, 0).arrested == ("red",)
    pulled = sum(1 for e in of(events, "mobster-roll") if e.data.get("colour") == "red")
    assert state.bag["red"] == bag + 1 - pulled  # back in the bag, less any the roll pulled


def test_three_colours_on_the_mat_advance_the_badge_and_return_to_the_bag() -> None:
    state = officer(solo_turn(block="B13", placed={"B13": "gray"}), 0, arrested=("red", "blue"))
    state, events = act(state, 0, "arrest")
    assert me(state, 0).arrested == () and me(state, 0).badge == 1
    assert of(events, "badge-advanced")


def test_arrest_needs_a_mobster_on_the_block() -> None:
    assert (
        refused(solo_turn(block="B13", placed={"B14": "red"}), 0, "arrest") == "mobster/none-here"
    )


def test_a_coffee_break_spends_one_hour_doing_nothing() -> None:
    state = solo_turn()
    after, events = act(state, 0, "coffee-break")
    assert after.track.position(0) == 2 and of(events, "coffee-break")
    assert after.officers == state.officers


# -------------------------------------------------------------------------------------------
# Call for Backup (daytime): risk 1-6 hours against one die


def _backup(risk: int, want_success: bool) -> tuple[TecState, dict[str, Any], TecState]:
    """A Call for Backup at B13 (mobsters on it and next to it), from the first seed whose die
    gives the wanted result."""
    for seed in range(60):
        state = hours(start(3, seed), {0: 1, 1: 6, 2: 6})
        state = mobsters(
            officer(state, 0, block="B13"),
            {"B13": "red", "B14": "blue", "B09": "gray", "B24": "red"},
        )
        after, events = act(state, 0, "call-for-backup", hours=risk)
        data = dict(of(events, "backup-called")[0].data)
        if data["success"] == want_success:
            return state, data, after
    raise AssertionError("no seed gave that roll")


def test_backup_succeeds_on_a_die_at_most_the_hours_risked() -> None:
    state, data, after = _backup(4, True)
    assert isinstance(data["die"], int) and data["die"] <= 4
    assert sorted(data["apprehended"]) == ["blue", "gray", "red"]  # B13, B14, B09; not B24
    assert after.forces.count(0) == 2  # "then gain a Force Card"
    assert after.track.position(0) == 1 + 4


def test_failed_backup_takes_only_the_mobster_on_the_block() -> None:
    state, data, after = _backup(2, False)
    assert isinstance(data["die"], int) and data["die"] > 2
    assert data["apprehended"] == ["red"]
    assert after.forces.count(0) == 1
    assert after.track.position(0) == 1 + 2  # "Succeed or fail, advance … the hours you risked"


def test_backup_offers_one_to_six_hours_by_day_only() -> None:
    state = solo_turn(block="B13", placed={"B14": "blue"})
    spec = next(s for s in GAME.legal_actions(state, 0) if s.type == "call-for-backup")
    assert spec.choices("hours") == (1, 2, 3, 4, 5, 6)
    assert refused(state, 0, "call-for-backup", hours=7) == "action/bad-choice"
    night = solo_turn(at=NIGHT, block="B13", placed={"B14": "blue"})
    assert refused(night, 0, "call-for-backup", hours=3) == "time/day-only"
    alone = solo_turn(block="B13", placed={"B24": "blue"})
    assert refused(alone, 0, "call-for-backup", hours=3) == "mobster/none-near"


# -------------------------------------------------------------------------------------------
# Catch Informant (day, the row) and Catch Witness (night, the column)


def test_catch_informant_takes_the_mobster_and_the_row_s_token_for_two_hours() -> None:
    state = solo_turn(block="B13", placed={"B13": "gray"})
    state, events = act(state, 0, "catch-informant")
    assert 3 not in state.informant_rows and me(state, 0).clues["informant"] == 1
    assert me(state, 0).badge == 1 and "B13" not in state.mobsters
    assert of(events, "informant-caught")[0].data["row"] == 3
    assert state.track.position(0) == 3


def test_catch_informant_needs_day_a_mobster_and_a_token_in_the_row() -> None:
    assert (
        refused(solo_turn(at=NIGHT, block="B13", placed={"B13": "red"}), 0, "catch-informant")
        == "time/day-only"
    )
    assert refused(solo_turn(block="B13"), 0, "catch-informant") == "mobster/none-here"
    state = solo_turn(block="B13", placed={"B13": "red"})
    gone = dataclasses.replace(state, informant_rows=(1, 2, 4, 5))
    assert refused(gone, 0, "catch-informant") == "clue/no-informant"


def test_catch_witness_takes_the_column_s_token_by_night() -> None:
    state = solo_turn(at=NIGHT, block="B13", placed={"B13": "blue"})
    state, events = act(state, 0, "catch-witness")
    assert 4 not in state.witness_columns and me(state, 0).clues["witness"] == 1
    assert me(state, 0).badge == 1 and state.track.position(0) == NIGHT + 2
    day = solo_turn(block="B13", placed={"B13": "blue"})
    assert refused(day, 0, "catch-witness") == "time/night-only"


# -------------------------------------------------------------------------------------------
# Search Scene (day) and Stakeout (night)


def test_search_scene_flips_the_token_and_advances_the_badge_either_way() -> None:
    state, events = act(solo_turn(block="B01"), 0, "search-scene")  # B01 succeeds
    assert of(events, "scene-searched")[0].data == {"block": "B01", "success": True}
    assert me(state, 0).clues["search"] == 1 and me(state, 0).badge == 1
    assert "B01" not in state.search_blocks and state.track.position(0) == 3
    state, events = act(solo_turn(block="B02"), 0, "search-scene")  # B02 fails
    assert of(events, "scene-searched")[0].data["success"] is False
    assert me(state, 0).clues["search"] == 0 and me(state, 0).failed_searches == 1
    assert me(state, 0).badge == 1


def test_search_scene_is_daytime_on_a_block_with_a_token() -> None:
    assert refused(solo_turn(at=NIGHT, block="B01"), 0, "search-scene") == "time/day-only"
    assert refused(solo_turn(block="B13"), 0, "search-scene") == "clue/no-search-token"


def test_a_stakeout_succeeds_when_the_hours_risked_reach_the_number() -> None:
    state = solo_turn(at=NIGHT, block="B10")  # token 3
    after, events = act(state, 0, "stakeout", hours=3)
    shown = of(events, "staked-out")[0]
    assert shown.data == {"block": "B10", "hours": 3, "success": True, "value": 3}
    assert me(after, 0).stakeouts == (3,) and me(after, 0).badge == 1
    assert "B10" not in after.stakeout_blocks and after.track.position(0) == NIGHT + 3


def test_a_failed_stakeout_keeps_the_number_from_the_others() -> None:
    # "Return the token face-down to the block, and do not tell the other players the number.
    # You do not advance on your Badge Level."
    state = solo_turn(at=NIGHT, block="B12")  # token 5
    after, events = act(state, 0, "stakeout", hours=2)
    event = of(events, "staked-out")[0]
    assert event.for_seat(0) is not None and event.for_seat(0)["value"] == 5  # type: ignore[index]
    assert "value" not in (event.for_seat(1) or {}) and "value" not in (event.for_seat(None) or {})
    assert "B12" in after.stakeout_blocks and me(after, 0).badge == 0
    assert after.track.position(0) == NIGHT + 2
    assert GAME.view(after, 0)["stakeouts_seen"] == {"B12": 5}
    assert GAME.view(after, 1).get("stakeouts_seen") == {}


def test_a_stakeout_risks_one_to_five_hours_by_night() -> None:
    state = solo_turn(at=NIGHT, block="B12")
    spec = next(s for s in GAME.legal_actions(state, 0) if s.type == "stakeout")
    assert spec.choices("hours") == (1, 2, 3, 4, 5)
    assert refused(solo_turn(block="B12"), 0, "stakeout", hours=5) == "time/night-only"
    late = solo_turn(at=45, block="B12")  # hour 45 is night
    spec_late = next(s for s in GAME.legal_actions(late, 0) if s.type == "stakeout")
    assert spec_late.choices("hours") == (1, 2, 3)  # never past hour 48
    assert refused(late, 0, "stakeout", hours=4) == "action/bad-choice"


# -------------------------------------------------------------------------------------------
# Bring in for Holding (night, two turns)


def _hold(state: TecState) -> TecState:
    state, events = act(state, 0, "bring-in-for-holding")
    assert of(events, "mobster-held")
    return state


def test_bring_in_for_holding_holds_a_mobster_then_books_it_at_the_hq() -> None:
    state = _hold(solo_turn(at=NIGHT, block="B13", placed={"B13": "red"}))
    assert me(state, 0).holding == "red" and "B13" not in state.mobsters
    assert state.track.position(0) == NIGHT + 2
    state = hours(state, {0: NIGHT + 2, 1: NIGHT + 8, 2: NIGHT + 8})
    assert refused(state, 0, "bring-in-for-holding") == "holding/not-at-hq"
    state = officer(state, 0, block=HQ)
    state, events = act(state, 0, "bring-in-for-holding")
    assert me(state, 0).holding is None and me(state, 0).clues["holding"] == 1
    assert "red" not in state.holding_tokens and me(state, 0).badge == 1
    assert of(events, "mobster-booked")[0].data == {"colour": "red", "token": True}


def test_a_taken_holding_token_gives_a_force_card_instead() -> None:
    state = officer(solo_turn(at=NIGHT), 0, holding="red", block=HQ)
    state = dataclasses.replace(state, holding_tokens=("blue", "gray"))
    after, events = act(state, 0, "bring-in-for-holding")
    assert me(after, 0).badge == 0 and after.forces.count(0) == 2
    assert of(events, "force-gained")


def test_bring_in_for_holding_is_a_night_action() -> None:
    state = officer(solo_turn(block=HQ), 0, holding="red")
    assert refused(state, 0, "bring-in-for-holding") == "time/night-only"


# -------------------------------------------------------------------------------------------
# The 48-hour limit and Rest Your Case


def test_no_action_may_take_the_tracker_past_hour_48() -> None:
    state = solo_turn(at=47, block="B13", placed={"B13": "red"})  # hour 47 is night
    assert refused(state, 0, "catch-witness") == "time/past-48"
    # a dealt Force Card that would help is offered too: not what this test is about
    assert [s.type for s in GAME.legal_actions(state, 0) if s.type != "play-force"] == [
        "arrest",
        "coffee-break",
        "rest-your-case",
    ]
    state = solo_turn(at=48)
    assert [spec.type for spec in GAME.legal_actions(state, 0)] == ["rest-your-case"]
    assert refused(state, 0, "coffee-break") == "time/past-48"


def test_rest_your_case_is_offered_from_hour_43() -> None:
    assert refused(solo_turn(at=42), 0, "rest-your-case") == "rest/too-early"
    state, events = act(solo_turn(at=43), 0, "rest-your-case")
    assert me(state, 0).rested and of(events, "case-rested")
    assert state.track.position(0) == 43
    assert 0 not in GAME.to_act(state)


def test_the_seat_not_on_turn_is_refused_and_the_state_unchanged() -> None:
    assert refused(solo_turn(), 1, "coffee-break") == "action/not-your-turn"


ACTS: list[tuple[str, Callable[[], TecState]]] = [
    ("arrest", lambda: solo_turn(block="B13", placed={"B13": "red"})),
    ("coffee-break", lambda: solo_turn()),
]


@pytest.mark.parametrize(("kind", "make"), ACTS)
def test_apply_never_changes_its_input(kind: str, make: Callable[[], TecState]) -> None:
    state = make()
    before = json.dumps(SYSTEM.state_to_json(state))
    act(state, 0, kind)
    assert json.dumps(SYSTEM.state_to_json(state)) == before


def test_day_and_night_follow_the_tracker_at_the_start_of_the_turn() -> None:
    # "your tracker must be on a daytime space at the start of your turn": driving does not
    # change it
    state = solo_turn(at=DAY - 1, block="B13", placed={"B01": "red"})  # hour 12: night
    state, _ = act(state, 0, "drive", to="B01")
    assert refused(state, 0, "catch-informant") == "time/day-only"
