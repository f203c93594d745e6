"""The Solo Game Mode: "Set up a 2-player, Cooperative game. All rules for a 2-player
Cooperative game apply, and you track each officer's actions and components individually. For
an added challenge, you can set up a 3- or a 4-player game, playing with even more officers."

One person holds one seat; the game keeps an officer per mat and the seat plays whichever is
to act. Officer 0 is the Detective, 1 the Patrol Cop (2 the Analyst, 3 the Sheriff).
"""

from __future__ import annotations

import dataclasses
import random

import pytest

from rules.core import SetupError
from rules.tiny_epic_crimes import clues
from rules.tiny_epic_crimes.case import HQ
from rules.tiny_epic_crimes.spec import Act
from rules.tiny_epic_crimes.state import TecState
from tests.rules.tiny_epic_crimes.coop_helpers import game_for, legal_types, play, solo
from tests.rules.tiny_epic_crimes.helpers import GAME, GAME_2, hours, mobsters, of, officer, seats


def turn_of(state: TecState, who: int, at: int = 1, *, block: str = HQ) -> TecState:
    others = {o: at + 5 for o in range(len(state.officers)) if o != who}
    return mobsters(officer(hours(state, {who: at, **others}), who, block=block), {})


@pytest.mark.parametrize("officers", [2, 3, 4])
def test_one_seat_plays_every_officer(officers: int) -> None:
    """ "you track each officer's actions and components individually\" — 2 officers, or 3 or
    4 "for an added challenge\"."""
    state = solo(officers)
    assert len(state.seats) == 1 and len(state.officers) == officers
    assert len(state.track.positions) == officers
    view = game_for(officers).view(state, 0)
    assert len(view["officers"]) == officers
    assert all(entry["name"] == "Officer 1" for entry in view["officers"])
    assert view["roles"][:2] == ["detective", "patrol-cop"]


def test_two_officers_by_default() -> None:
    """ "Set up a 2-player, Cooperative game\": the default, on the 2-player tokens."""
    state = GAME_2.new_game(seats(1), "solo", 1)
    assert len(state.officers) == 2
    assert state.informant_rows == (1, 3, 5) and state.witness_columns == (2, 3, 4)


def test_all_rules_of_a_two_player_cooperative_game_apply() -> None:
    """The 2-player co-op's mobsters (one Gray Gangster removed), roles, marker and pool."""
    state = solo(2)
    in_play = {c: state.bag[c] + list(state.mobsters.values()).count(c) for c in state.bag}
    assert in_play == {"blue": 5, "red": 5, "gray": 4}
    assert state.final_hour == 48
    view = game_for(2).view(state, 0)
    assert view["team"] is True and view["forces"] == sorted(
        state.forces.cards_of(0) + state.forces.cards_of(1)
    )


def test_the_seat_acts_for_whichever_officer_is_to_act() -> None:
    state = turn_of(solo(2), 1, block="B01")  # the Patrol Cop's turn, on a Search Token
    assert game_for(2).to_act(state) == {0}
    assert game_for(2).view(state, 0)["officer"] == 1
    assert Act.SEARCH_SCENE not in legal_types(state, 0)  # not on the Patrol Cop's mat
    state, events = play(state, 0, "drive", to="B08")
    assert state.officers[1].block == "B08" and state.officers[0].block == HQ
    assert events[0].actor == 0 and events[0].data["officer"] == 1
    state, _ = play(state, 0, "stakeout", hours=1)
    assert state.officers[1].stakeouts == (1,)


def test_whatever_any_officer_learns_the_person_learns() -> None:
    state = turn_of(solo(2), 1, block="B12")  # Stakeout Token 5
    state, events = play(state, 0, "stakeout", hours=1)
    (failed,) = of(events, "staked-out")
    assert failed.for_seat(0)["value"] == 5  # type: ignore[index]
    assert "value" not in failed.for_seat(None)  # type: ignore[operator]
    assert game_for(2).view(state, 0)["stakeouts_seen"] == {"B12": 5}


def test_the_seat_makes_an_officers_owed_choice() -> None:
    state = turn_of(solo(2), 0)
    state, _ = clues.gain_force(state, 0, random.Random(0))  # the Detective owes Leg Work
    assert game_for(2).to_act(state) == {0}
    state, events = play(state, 0, "leg-work", take="suspect")
    assert state.suspects.count(0) == 1 and of(events, "suspect-gained")[0].actor == 0


def test_the_seat_makes_the_teams_one_accusation() -> None:
    """ "A single suspect is chosen by the team\": in solo, by the one person."""
    state = solo(3)
    for o in range(3):
        state = officer(state, o, rested=True)
    assert game_for(3).to_act(state) == {0}
    state, events = play(state, 0, "accuse", murderer=GAME.case.solution.murderer)
    assert events[-1].type == "game-ended"
    outcome = game_for(3).result(state)
    assert outcome is not None and outcome.winners == (0,) and len(outcome.standings) == 1


def test_the_case_must_be_laid_out_for_the_officers() -> None:
    """Two officers play the 2-player tokens, three or four the full rows."""
    with pytest.raises(SetupError) as error:
        GAME_2.new_game(seats(1), "solo", 1, {"officers": 3})
    assert error.value.code == "setup/case-officers"
    with pytest.raises(SetupError) as error:
        GAME.new_game(seats(1), "solo", 1)
    assert error.value.code == "setup/case-officers"
    with pytest.raises(SetupError) as error:
        GAME.new_game(seats(1), "solo", 1, {"officers": 5})
    assert error.value.code == "options/bad-choice"


def test_solo_takes_one_seat() -> None:
    with pytest.raises(SetupError) as error:
        GAME_2.new_game(seats(2), "solo", 1)
    assert error.value.code == "setup/seat-count"


def test_a_spectator_of_a_solo_game_sees_no_card() -> None:
    state = dataclasses.replace(solo(2), solved={"forensics": 0})
    state, _ = clues.gain_suspect(state, 0, random.Random(0))
    shown = game_for(2).view(state, None)
    assert "suspects" not in shown and "evidence" not in shown and shown["officer"] is None
