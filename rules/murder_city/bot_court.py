"""The bot in the court phase: which case to present and whether to present at all, the
hearing (a bribe for a bluffed case), volunteering to listen, and the window before the roll
(dice for its own trial, against a leader's, the hardship's die when it pays)."""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from rules.core import Action, ActionSpec

from . import bot_legwork
from .bot_read import HARDSHIP_COST, Reading, conviction_chance
from .names import Act, Benefit

#: A case goes to court when it is this likely to convict, or when the turns run out.
PRESENT_CHANCE = 0.3
#: A bot volunteers to hear a leader's case this often (the hardship is the price).
VOLUNTEER_SHARE = 0.1


def present(read: Reading, by_type: Mapping[str, list[ActionSpec]], rng: random.Random) -> Action:
    specs = by_type.get(Act.PRESENT, [])
    if Act.PLAY_LEGWORK in by_type:
        played = bot_legwork.at_court_turn(read, by_type[Act.PLAY_LEGWORK], len(specs))
        if played is not None:
            return played
    if specs:
        best = max(
            specs,
            key=lambda s: (
                read.case_worth(read.case(str(s.choices("murder")[0]))),
                s.choices("murder"),
            ),
        )
        murder = str(best.choices("murder")[0])
        case = read.case(murder)
        chance = conviction_chance(read.murders[murder], read.case_dice(case))
        must = Act.DECLINE_COURT not in by_type
        if must or chance >= PRESENT_CHANCE or read.last_turn():
            suspect = rng.choice(list(best.choices("suspect")))
            return Action(Act.PRESENT, {"murder": murder, "suspect": suspect})
    return Action(Act.DECLINE_COURT)


def hearing(
    read: Reading, by_type: Mapping[str, list[ActionSpec]], court: Mapping[str, Any]
) -> Action:
    if Act.PLAY_LEGWORK in by_type:
        played = bot_legwork.in_hearing(read, by_type[Act.PLAY_LEGWORK], court)
        if played is not None:
            return played
    return Action(Act.PROCEED)


def volunteer(read: Reading, court: Mapping[str, Any], rng: random.Random) -> Action:
    prosecutor = int(court["prosecutor"])
    eager = (  # the leader looked for only when the bot can pay; the draw only then too
        read.credits(read.me) >= 3
        and prosecutor == read.leader()
        and rng.random() < VOLUNTEER_SHARE
    )
    return Action(Act.VOLUNTEER, {"listen": eager})


def window(
    read: Reading, by_type: Mapping[str, list[ActionSpec]], court: Mapping[str, Any]
) -> Action:
    if Act.PLAY_LEGWORK in by_type:
        played = bot_legwork.before_roll(read, by_type[Act.PLAY_LEGWORK], court)
        if played is not None:
            return played
    if Act.TAKE_HARDSHIP in by_type and bot_legwork.worth_of_die(read, court) > HARDSHIP_COST:
        return Action(Act.TAKE_HARDSHIP, {"benefit": Benefit.DIE.value})
    return Action(Act.PASS_WINDOW)
