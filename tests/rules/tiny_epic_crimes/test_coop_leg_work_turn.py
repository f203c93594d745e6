"""Leg Work earned in the middle of a Double Shift turn.

Rulebook: Leg Work, "whenever you would gain a Force Card, you instead may spend 3 hours to
gain a Suspect Card (do not draw the Force Card)"; Double Shift (F05): "Take a second action
this turn." The 3 hours are spent by the turn that is still going on, so they join its hours
and the tracker moves with them at the turn's end (docs/rulings.md); the turn order stays.
"""

from __future__ import annotations

import dataclasses

from rules.tiny_epic_crimes.state import TecState
from tests.rules.tiny_epic_crimes.coop_helpers import coop, game_for, legal_types, play
from tests.rules.tiny_epic_crimes.helpers import hours, mobsters, of, officer


def _double_shift_backup(at: int, final: int = 48) -> TecState:
    """The Detective (seat 0) on hour ``at``, the others 5 hours on, a mobster on its block:
    Double Shift played, then a sure Call for Backup (6 hours) gains a Force Card, which owes
    the Leg Work choice while the second action is still to come."""
    state = hours(coop(3), {0: at, 1: at + 5, 2: at + 5})
    state = mobsters(officer(state, 0, block="B13"), {"B13": "red"})
    forces = state.forces.remove(0, state.forces.cards_of(0)).add(0, ("F05",))
    state = dataclasses.replace(state, forces=forces, final_hour=final)
    state, _ = play(state, 0, "play-force", card="F05")
    state, events = play(state, 0, "call-for-backup", hours=6)
    assert of(events, "second-action") and state.decisions[0].kind == "leg-work"
    return state


def test_leg_work_in_a_double_shift_turn_joins_the_turns_hours() -> None:
    state = _double_shift_backup(10)
    after, events = play(state, 0, "leg-work", take="suspect")
    assert after.suspects.count(0) == 1 and after.track.position(0) == 10
    assert of(events, "leg-work-done")[0].data == {"from": 16, "to": 19}
    assert game_for(3).to_act(after) == {0} and "coffee-break" in legal_types(after, 0)
    done, _ = play(after, 0, "coffee-break")  # 6 + 3 + 1 hours
    assert done.track.position(0) == 20


def test_leg_work_that_uses_the_turns_last_hours_ends_it() -> None:
    # hour 30, final hour 39: 6 hours of backup, then 3 of Leg Work reach the final hour
    state = _double_shift_backup(30, final=39)
    after, _ = play(state, 0, "leg-work", take="suspect")
    assert after.track.position(0) == 39 and after.driven == 0 and not after.drove
    assert game_for(3).to_act(after) != {0} or legal_types(after, 0) <= {"rest-your-case"}
    for seat in game_for(3).to_act(after):
        assert legal_types(after, seat), "the officer to act has something to do"
