"""Shortcut (F10: "This turn's action costs 1 hour less (at least 1).") on an action whose hours
are risked, while an event makes it cost more (E18: a Call for Backup costs 1 hour more).

Rulebook, Call for Backup: "Risk 1-6"; a turn ends on the 48th hour at most. With the hour
Shortcut takes off, risking 1 hour costs 1 + 1 - 1 = 1: it must be offered with one hour left.
"""

from __future__ import annotations

import dataclasses

from rules.tiny_epic_crimes.state import ActiveEvent
from tests.rules.tiny_epic_crimes.helpers import GAME, act, hours, mobsters, officer, start
from tests.rules.tiny_epic_crimes.test_force import holding


def test_shortcut_keeps_a_risk_offered_that_an_events_extra_hour_would_rule_out() -> None:
    state = hours(officer(start(3), 0, block="B13"), {0: 47, 1: 48, 2: 48})  # one hour left
    fee = ActiveEvent("E18", 1, 40, ("B01",), (), (), ())
    state = dataclasses.replace(mobsters(state, {"B13": "red"}), events=(fee,))
    state = holding(state, 0, "F04", "F10")  # hour 47 is night: Overtime for a day action
    state, _ = act(state, 0, "play-force", card="F04")
    assert "call-for-backup" not in {s.type for s in GAME.legal_actions(state, 0)}  # 1 + 1 > 1
    state, _ = act(state, 0, "play-force", card="F10")
    (backup,) = [s for s in GAME.legal_actions(state, 0) if s.type == "call-for-backup"]
    assert backup.choices("hours") == (1,)
    after, _ = act(state, 0, "call-for-backup", hours=1)
    assert after.track.position(0) == 48
