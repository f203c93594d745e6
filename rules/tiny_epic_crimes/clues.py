"""Gains on an Officer Mat: badge levels, clue tokens, solved evidence, Suspect and Force Cards.

When the last clue token an evidence needs is collected, its collector takes the Evidence Token
and peeks (the value goes to them alone), every officer with a token of that clue gains one
Suspect Card, and for Forensics and Getaway the tokens left in the city are discarded.
"""

from __future__ import annotations

import random
from typing import Any

from rules.core import Event

from . import badge, coop, hand_limit, interrogate, legwork, peek
from .case import EVIDENCE_OF_CLUE, TecCase
from .made import event as new_event
from .spec import Ev
from .state import Officer, TecState, evolve


def with_officer(state: TecState, seat: int, officer: Officer, **changes: Any) -> TecState:
    """``state`` with ``officer`` in ``seat``'s place, and any other ``changes`` of its fields
    made at once."""
    officers = list(state.officers)
    officers[seat] = officer
    return evolve(state, officers=tuple(officers), **changes)


def advance_badge(state: TecState, seat: int) -> tuple[TecState, list[Event]]:
    """One Badge Level up; a space with an icon gives its bonus at once (badge.py)."""
    officer = state.officers[seat]
    level = officer.badge + 1
    state = with_officer(state, seat, evolve(officer, badge=level))
    events = [new_event(Ev.BADGE_ADVANCED, seat, {"badge": level})]
    bonus = badge.bonus_at(level)
    if bonus is None:
        return state, events
    data = {"seat": seat, "badge": level, "bonus": bonus.value}
    events.append(Event(Ev.BADGE_BONUS, actor=seat, data=data))
    if bonus == badge.Bonus.SUSPECT:
        state, more = gain_suspect(state, seat)
    elif bonus == badge.Bonus.INTERROGATE:
        state, more = interrogate.owe(state, seat)
    else:  # "Evidence holder picks 1": the Peek exchange
        state, more = peek.offer(state, seat)
    return state, events + more


def collect(
    case: TecCase, state: TecState, seat: int, clue: str, rng: random.Random
) -> tuple[TecState, list[Event]]:
    """A clue token of ``clue`` on ``seat``'s mat: a badge level, and perhaps solved evidence."""
    officer = state.officers[seat]
    clues = {**officer.clues, clue: officer.clues[clue] + 1}
    state = with_officer(state, seat, evolve(officer, clues=clues))
    state, events = advance_badge(state, seat)
    evidence = EVIDENCE_OF_CLUE[clue]
    total = sum(other.clues[clue] for other in state.officers)
    if evidence not in state.solved and total >= case.clues_needed[clue]:
        state, more = _solve(case, state, seat, clue, rng)
        events.extend(more)
    return state, events


def _solve(
    case: TecCase, state: TecState, seat: int, clue: str, rng: random.Random
) -> tuple[TecState, list[Event]]:
    evidence = EVIDENCE_OF_CLUE[clue]
    value = case.suspect(case.solution.murderer).trait(evidence)
    state = evolve(state, solved={**state.solved, evidence: seat})
    if clue == "search":
        state = evolve(state, search_blocks=())
    if clue == "stakeout":
        state = evolve(state, stakeout_blocks=())
    events = [
        Event(
            Ev.EVIDENCE_SOLVED,
            actor=seat,
            data={"evidence": evidence, "holder": seat},
            secret={"value": value},
            secret_audience=frozenset({seat}),
        )
    ]
    for other, officer in enumerate(state.officers):
        # co-op: "players do not gain a Suspect Card for having Clue Tokens"
        if officer.clues[clue] >= 1 and not coop.is_team(state):
            state, more = gain_suspect(state, other, rng)
            events.extend(more)
    return state, events


def gain_suspect(
    state: TecState, seat: int, rng: random.Random | None = None
) -> tuple[TecState, list[Event]]:
    """The top Suspect Card, seen by ``seat`` alone (the deck is never reshuffled, so no rng is
    needed). With the deck empty, "you must do #2": a look at another officer's card is owed
    (interrogate.py), and nothing is gained if nobody else holds one."""
    if not state.suspect_deck.draw_count:
        state = interrogate.owe_look(state, seat)
        return state, [Event(Ev.SUSPECT_GAINED, actor=seat, data={"seat": seat, "gained": False})]
    card = state.suspect_deck.draw_pile[0]
    deck = state.suspect_deck.take_from_draw_pile(card)
    state = evolve(state, suspect_deck=deck, suspects=state.suspects.add(seat, [card]))
    event = Event(
        Ev.SUSPECT_GAINED,
        actor=seat,
        data={"seat": seat, "gained": True},
        secret={"suspect": card},
        secret_audience=frozenset({seat}),
    )
    return state, [event]


def gain_force(state: TecState, seat: int, rng: random.Random) -> tuple[TecState, list[Event]]:
    """A Force Card, or in co-op perhaps Leg Work instead (legwork.py)."""
    if legwork.offered(state, seat):
        return legwork.owe(state, seat)
    return draw_force(state, seat, rng)


def draw_force(state: TecState, seat: int, rng: random.Random) -> tuple[TecState, list[Event]]:
    """A Force Card into the hand, seen by ``seat`` alone; a third one owes a discard."""
    deck = state.force_deck
    if deck.is_empty():
        return state, [Event(Ev.FORCE_GAINED, actor=seat, data={"seat": seat, "gained": False})]
    deck, (card,) = deck.draw(1, rng=rng)
    holder = coop.force_receiver(state, seat)  # a 2-player co-op pool fills both hands
    state = evolve(state, force_deck=deck, forces=state.forces.add(holder, [card]))
    state = hand_limit.over_limit(state, holder)
    event = Event(
        Ev.FORCE_GAINED,
        actor=seat,
        data={"seat": seat, "gained": True},
        secret={"card": card},
        secret_audience=frozenset({seat}),
    )
    return state, [event]
