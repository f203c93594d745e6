"""Leg Work, the Detective's and the Analyst's co-op ability: "whenever you would gain a Force
Card, you instead may spend 3 hours to gain a Suspect Card (do not draw the Force Card)".

The choice is owed as a ``leg-work`` decision (decisions.py) between ``force`` (draw the
Force Card after all) and ``suspect``; it is offered only while the Suspect deck has a card and
the officer's tracker, with the hours its turn has spent so far, is at least 3 hours from the
final hour. The 3 hours move the tracker when the choice is made (the turn that earned it is
over by then); an Event Line first passed by them draws an Event Card, as at the end of a turn,
and the tracker never passes the final hour. After the first action of a Double Shift the turn
goes on: the 3 hours join the turn's (the tracker moves with them at its end, so the turn
order stays), up to the final hour, and the turn ends at once if no action can follow.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from rules.core import Event

from . import coop, decisions, roles
from .case import TecCase
from .spec import Act, Ev
from .state import Decision, TecState, evolve
from .turns import current

HOURS = 3
FORCE = "force"
SUSPECT = "suspect"


def offered(state: TecState, officer: int) -> bool:
    """Whether gaining a Force Card gives ``officer`` the choice of Leg Work instead."""
    if not coop.is_team(state) or coop.role(state, officer) not in roles.LEG_WORK_ROLES:
        return False
    spent = state.driven if current(state) == officer else 0
    room = state.final_hour - state.track.position(officer) - spent
    return bool(state.suspect_deck.draw_count) and room >= HOURS


def owe(state: TecState, officer: int) -> tuple[TecState, list[Event]]:
    """The Force Card is not drawn yet: the officer owes the choice."""
    state = decisions.owe(state, Decision(Act.LEG_WORK, officer, (FORCE, SUSPECT)))
    return state, []


def _decide(
    case: TecCase, state: TecState, officer: int, decision: Decision, pick: str, rng: random.Random
) -> tuple[TecState, list[Event]]:
    from . import clues  # clues asks this module when a Force Card is gained
    from . import events as cards_in_play

    if pick == FORCE:
        return clues.draw_force(state, officer, rng)
    if _turn_goes_on(state, officer):
        return _within_turn(case, state, officer, rng)
    before = state.track.position(officer)
    after = min(before + HOURS, coop.last_hour(state, before))
    ahead = max(state.track.positions.values())
    state = evolve(state, track=state.track.advance(officer, after - before))
    events = [Event(Ev.LEG_WORK_DONE, actor=officer, data={"from": before, "to": after})]
    for line in range(max(ahead, 1), after):
        if case.space(line).event_line:
            state, drawn = cards_in_play.draw(case, state, officer, f"line-{line}", rng)
            events.extend(drawn)
    state, gained = clues.gain_suspect(state, officer, rng)
    return state, events + gained


def _turn_goes_on(state: TecState, officer: int) -> bool:
    """Double Shift's first action earned the card and its second is still to come."""
    return current(state) == officer and "extra_action" in state.boosts


def _within_turn(
    case: TecCase, state: TecState, officer: int, rng: random.Random
) -> tuple[TecState, list[Event]]:
    from . import clues, play  # play ends the turn; both reach this module through clues

    start = state.track.position(officer) + state.driven
    room = coop.last_hour(state, start) - start
    spent = max(0, min(HOURS, room))
    state = evolve(state, driven=state.driven + spent)
    events = [Event(Ev.LEG_WORK_DONE, actor=officer, data={"from": start, "to": start + spent})]
    state, gained = clues.gain_suspect(state, officer, rng)
    events.extend(gained)
    if not play.can_act(case, state, officer):  # as after a first action (play.py)
        state, ended = play.end_turn(case, state, officer, 0, rng)
        events.extend(ended)
    return state, events


def _bot(view: Mapping[str, Any], choices: tuple[str, ...], rng: random.Random) -> str:
    """An alibi narrows the suspects; a bot plays no Force Cards it cannot use well."""
    return SUSPECT if SUSPECT in choices else choices[0]


KIND = decisions.register(decisions.Kind(Act.LEG_WORK, "take", _decide, private=False, bot=_bot))
