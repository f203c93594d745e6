"""Applying one legal action: the next state and what happened."""

from __future__ import annotations

import random

from rules.core import Action, Event, rng_for

from . import court, hooks, investigation, memory, setup, turns
from .case import City
from .changes import evolve, next_step, with_limits
from .made import new_event
from .names import Act, Ev, Phase
from .state import McState

_COURT = frozenset(
    {
        Act.PRESENT,
        Act.DECLINE_COURT,
        Act.PROCEED,
        Act.VOLUNTEER,
        Act.CHALLENGE,
        Act.RUBBER_STAMP,
        Act.ENDORSE,
        Act.PASS_WINDOW,
    }
)


def play(city: City, state: McState, seat: int, action: Action) -> tuple[McState, list[Event]]:
    """Apply ``action`` (already checked legal) for ``seat``; the first step also tells what
    setup did."""
    opening = state.opening
    state = evolve(state, step=state.step + 1, opening=()) if opening else next_step(state)
    rng = rng_for(state.seed, state.step, "play")
    kind = action.type
    if kind == Act.CHOOSE_JOVAN:
        state, events = _choose_jovan(city, state, seat, str(action.params["jovan"]), rng)
    elif kind == Act.PLAY_LEGWORK:
        state, events = _play_legwork(city, state, seat, action, rng)
    elif kind == Act.OFFER_TRADE:
        limits = state.limits[seat]
        state = with_limits(state, seat, evolve(limits, offers=limits.offers + 1))
        state, events = hooks.apply_trade("apply_offer", city, state, seat, action)
    elif kind == Act.ANSWER_OFFER:
        state, events = hooks.apply_trade("apply_answer", city, state, seat, action)
    elif kind == Act.END_INVESTIGATION:
        state, events = turns.end_investigation(city, state, rng)
    elif kind in _COURT or (kind == Act.TAKE_HARDSHIP and state.phase == Phase.COURT):
        state, events = court.play(city, state, seat, action, rng)
    else:
        state, events = investigation.play(city, state, seat, action, rng)
    state, more = _case_gone(city, state, rng)
    state = memory.forget_moved(state)
    if opening:
        return state, [*opening, *events, *more]
    return state, events + more if more else events


def _case_gone(city: City, state: McState, rng: random.Random) -> tuple[McState, list[Event]]:
    """If a card (legwork, or a hardship the prosecutor drew) took away the case being heard,
    the court goes on to the next case."""
    heard = state.court
    if state.phase != Phase.COURT or heard is None:
        return state, []
    if any(case.murder == heard.murder for case in state.desks[heard.prosecutor].cases):
        return state, []
    return turns.after_case(city, state, rng)


def _choose_jovan(
    city: City, state: McState, seat: int, jovan: str, rng: random.Random
) -> tuple[McState, list[Event]]:
    state = setup.with_jovan(state, seat, jovan)
    events = [new_event(Ev.JOVAN_CHOSEN, actor=seat, data={"seat": seat, "jovan": jovan})]
    state = evolve(state, at=state.at + 1)
    if state.at < len(state.seats):
        return state, events
    state, begun = setup.begin(city, state, rng)
    return state, events + begun


def _play_legwork(
    city: City, state: McState, seat: int, action: Action, rng: random.Random
) -> tuple[McState, list[Event]]:
    """A legwork card through the hook (counted against the turn's bound)."""
    limits = state.limits[seat]
    state = with_limits(state, seat, evolve(limits, legwork_played=limits.legwork_played + 1))
    return hooks.apply_card(city, state, seat, action)
