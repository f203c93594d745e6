"""Game End: The Accusation. "Once all players have laid their cars down, it is time for
everyone to make their accusations", shielded and revealed at once; the winner is the one
correct officer, or among several the highest Badge Level, then the most time remaining (fewest
hours spent), then the most Evidence Tokens; "If any players are still tied, they share the
victory. If no one accused the correct suspect, all players lose."""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping

import pytest

from rules.core import AccusationChoices, Action, RuleError, System
from rules.tiny_epic_crimes.game import SYSTEM
from rules.tiny_epic_crimes.state import TecState
from tests.rules.tiny_epic_crimes.helpers import CASE, GAME, act, hours, officer, start

RIGHT = CASE.solution.murderer
WRONG = "A" if RIGHT != "A" else "B"


def all_rested(
    count: int = 3,
    *,
    at: Mapping[int, int] | None = None,
    badges: Mapping[int, int] | None = None,
    solved: Mapping[str, int] | None = None,
) -> TecState:
    state = hours(start(count), at or dict.fromkeys(range(count), 45))
    for seat in range(count):
        state = officer(state, seat, rested=True, badge=(badges or {}).get(seat, 0))
    return dataclasses.replace(state, solved=dict(solved or {}))


def accuse(state: TecState, choices: Mapping[int, str]) -> TecState:
    for seat, letter in choices.items():
        state, _ = act(state, seat, "accuse", murderer=letter)
    return state


def test_every_officer_accuses_once_all_cars_are_down() -> None:
    state = all_rested()
    assert GAME.to_act(state) == frozenset({0, 1, 2})
    (spec,) = GAME.legal_actions(state, 1)
    assert spec.type == "accuse" and len(spec.choices("murderer")) == 16


def test_no_accusation_while_a_car_is_still_driving() -> None:
    state = officer(all_rested(), 2, rested=False)
    assert GAME.to_act(state) == frozenset({2})
    with pytest.raises(RuleError) as error:
        GAME.apply(state, 2, Action("accuse", {"murderer": RIGHT}))
    assert error.value.code == "accuse/not-yet"


def test_accusations_stay_shielded_until_all_are_made() -> None:
    state, events = act(all_rested(), 0, "accuse", murderer=RIGHT)
    assert GAME.result(state) is None
    assert GAME.view(state, 0)["accusation"] == RIGHT
    assert GAME.view(state, 1)["accusation"] is None and GAME.view(state, 1)["accused"] == [0]
    assert "murderer" not in (events[0].for_seat(1) or {})
    assert GAME.to_act(state) == frozenset({1, 2})
    with pytest.raises(RuleError) as error:
        GAME.apply(state, 0, Action("accuse", {"murderer": WRONG}))
    assert error.value.code == "action/not-your-turn"


def test_the_one_correct_officer_wins() -> None:
    state = accuse(all_rested(), {0: WRONG, 1: RIGHT, 2: WRONG})
    outcome = GAME.result(state)
    assert outcome is not None and outcome.ending == "solved" and outcome.winners == (1,)
    assert outcome.solution == {"murderer": RIGHT}
    assert {s.seat: s.rank for s in outcome.standings} == {1: 1, 0: 2, 2: 2}
    assert GAME.to_act(state) == frozenset()


def test_nobody_correct_everybody_loses() -> None:
    state = accuse(all_rested(), {0: WRONG, 1: WRONG, 2: WRONG})
    outcome = GAME.result(state)
    assert outcome is not None and outcome.ending == "unsolved" and outcome.winners == ()


def test_the_highest_badge_breaks_a_tie() -> None:
    state = accuse(all_rested(badges={0: 3, 1: 5, 2: 9}), {0: RIGHT, 1: RIGHT, 2: WRONG})
    outcome = GAME.result(state)
    assert outcome is not None and outcome.winners == (1,)
    assert [s.seat for s in outcome.standings][:2] == [1, 0]


def test_then_the_most_time_remaining() -> None:
    state = all_rested(badges={0: 4, 1: 4, 2: 4}, at={0: 44, 1: 46, 2: 43})
    outcome = GAME.result(accuse(state, {0: RIGHT, 1: RIGHT, 2: WRONG}))
    assert outcome is not None and outcome.winners == (0,)  # 43 is wrong, so it does not count


def test_then_the_most_evidence_tokens() -> None:
    state = all_rested(
        badges={0: 4, 1: 4}, at={0: 45, 1: 45, 2: 45}, solved={"rank": 1, "gang": 1, "weapon": 0}
    )
    outcome = GAME.result(accuse(state, {0: RIGHT, 1: RIGHT, 2: RIGHT}))
    assert outcome is not None and outcome.winners == (1,)


def test_officers_still_tied_share_the_victory() -> None:
    state = all_rested(badges={0: 2, 1: 2, 2: 7})
    outcome = GAME.result(accuse(state, {0: RIGHT, 1: RIGHT, 2: WRONG}))
    assert outcome is not None and outcome.winners == (0, 1)
    assert [(s.seat, s.rank) for s in outcome.standings] == [(0, 1), (1, 1), (2, 3)]


def test_the_reveal_shows_every_accusation_and_the_murderer() -> None:
    state, _ = act(all_rested(2 + 1), 0, "accuse", murderer=WRONG)
    state, _ = act(state, 1, "accuse", murderer=RIGHT)
    state, events = act(state, 2, "accuse", murderer=RIGHT)
    revealed = next(e for e in events if e.type == "accusations-revealed")
    assert revealed.data == {"accusations": {"0": WRONG, "1": RIGHT, "2": RIGHT}, "murderer": RIGHT}
    assert events[-1].type == "game-ended"
    assert GAME.view(state, 2)["accusations"] == {"0": WRONG, "1": RIGHT, "2": RIGHT}
    with pytest.raises(RuleError) as error:
        GAME.apply(state, 0, Action("coffee-break"))
    assert error.value.code == "game/over"


def test_the_system_names_what_an_accusation_may_say() -> None:
    # "place your Car on the suspect you believe to be the Murderer": one of the 16 letters
    choices = SYSTEM.accusation_choices(CASE)
    assert choices == {"murderer": tuple("ABCDEFGHIJKLMNOP")}
    assert isinstance(SYSTEM, AccusationChoices) and isinstance(SYSTEM, System)
