"""The Peek exchange: a look at another officer's solved evidence for a look at your alibis.

"You may exchange information with a player who has an Evidence Token. You look at the
Murderer's card in the Evidence envelope that the player has, while that player randomly
selects and looks at one of your Suspect Cards. You must have at least one suspect to do this,
and it may be one that the other player has already seen. Whether or not to do this, and which
envelope to look at (if the other player has more than one token), is your choice; the
evidence's holder cannot refuse it."

Earned by an event's "Peek at 1 Solved Evidence" reward and by the badge track's "Evidence
holder picks 1" space (badge.py). The peeker owes a ``peek`` choice: a solved evidence another
officer holds, or ``none``. The value goes to the peeker alone and stays in
:attr:`TecState.peeked`; the card the holder sees goes to the holder alone and stays in
:attr:`TecState.glimpses`. An active Crooked Alderman (E16) forbids it.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from rules.core import Event

from . import decisions, hazards
from .case import TecCase
from .interrogate import hidden_hands, look, looked_event
from .spec import Act, Ev
from .state import Decision, TecState, evolve

NONE = "none"  # the choice not to exchange


def values(case: TecCase, state: TecState, seat: int) -> dict[str, str]:
    """The solved evidences ``seat`` has peeked at, with their values: its alone."""
    murderer = case.suspect(case.solution.murderer)
    return {e: murderer.trait(e) for e in sorted({e for who, e in state.peeked if who == seat})}


def _unavailable(state: TecState, seat: int) -> str | None:
    """Why ``seat`` cannot peek now, if it cannot."""
    if not hidden_hands(state):
        return "shared"  # co-op: all evidence is shared and the reward is ignored
    if Act.PEEK in hazards.in_force(state).forbidden:  # Crooked Alderman
        return "forbidden"
    if not state.suspects.count(seat):
        return "no-suspect"  # "You must have at least one suspect to do this"
    if not any(holder != seat for holder in state.solved.values()):
        return "no-evidence"
    return None


def offer(state: TecState, seat: int) -> tuple[TecState, list[Event]]:
    """A Peek earned: which evidence to look at (or none) is owed, or the peek is skipped."""
    events = [Event(Ev.PEEK_OWED, actor=seat, data={"seat": seat})]
    reason = _unavailable(state, seat)
    if reason is not None:
        data = {"seat": seat, "reason": reason}
        return state, [*events, Event(Ev.PEEK_SKIPPED, actor=seat, data=data)]
    held = sorted(evidence for evidence, holder in state.solved.items() if holder != seat)
    return decisions.owe(state, Decision(Act.PEEK, seat, (*held, NONE))), events


def _exchange(
    case: TecCase, state: TecState, seat: int, decision: Decision, choice: str, rng: random.Random
) -> tuple[TecState, list[Event]]:
    if choice == NONE:
        data = {"seat": seat, "reason": "declined"}
        return state, [Event(Ev.PEEK_SKIPPED, actor=seat, data=data)]
    holder = state.solved[choice]
    value = case.suspect(case.solution.murderer).trait(choice)
    peeked = tuple(sorted({*state.peeked, (seat, choice)}))
    state = evolve(state, peeked=peeked)
    state, cards, repeats = look(state, holder, seat, 1, rng)  # the holder's random pick
    return state, [
        Event(
            Ev.EVIDENCE_PEEKED,
            actor=seat,
            data={"seat": seat, "holder": holder, "evidence": choice},
            secret={"value": value},
            secret_audience=frozenset({seat}),
        ),
        looked_event(Ev.PEEK_PAID, holder, seat, cards, repeats),
    ]


def bot_evidence(view: Mapping[str, Any], choices: tuple[str, ...], rng: random.Random) -> str:
    """An evidence the bot does not know yet (neither held nor peeked at), else none."""
    known = {*view.get("evidence", {}), *view.get("peeked_evidence", {})}
    unknown = sorted(choice for choice in choices if choice != NONE and choice not in known)
    return rng.choice(unknown) if unknown else NONE


decisions.register(decisions.Kind(Act.PEEK, "evidence", _exchange, private=False, bot=bot_evidence))
