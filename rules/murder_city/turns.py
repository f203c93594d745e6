"""The turn: initiative, the legwork deal, the investigation and court phases in initiative
order, the end of a turn and of the game; and whom the game waits for."""

from __future__ import annotations

import random

from rules.core import Event
from rules.kit.dice import roll
from rules.kit.turns import clockwise_from

from . import draws, hooks, presentable
from .case import City
from .changes import evolve, with_desk, with_limits
from .made import new_event
from .names import Ending, Ev, Phase, Stage
from .recall import last_for_state
from .spec import EVIDENCE_DISCARDS, EVIDENCE_DRAWS, HAND_LIMIT
from .standings import outcome
from .state import Limits, McState


def roll_initiative(
    state: McState, rng: random.Random
) -> tuple[int, tuple[dict[int, int], ...], list[Event]]:
    """The seat with most credits wins; tied seats roll a die each, the highest ties re-roll.
    The winner, the roll-off rounds and their events."""
    credits = [desk.credits for desk in state.desks]
    tied = [seat for seat, c in enumerate(credits) if c == max(credits)]
    rounds: list[dict[int, int]] = []
    events: list[Event] = []
    while len(tied) > 1:
        faces = roll(rng, count=len(tied)).faces
        rolls = dict(zip(tied, faces, strict=True))
        rounds.append(rolls)
        events.append(
            new_event(
                Ev.INITIATIVE_ROLLED,
                data={"round": len(rounds), "rolls": {str(s): d for s, d in rolls.items()}},
            )
        )
        best = max(faces)
        tied = [seat for seat in tied if rolls[seat] == best]
    return tied[0], tuple(rounds), events


def start_turn(city: City, state: McState, rng: random.Random) -> tuple[McState, list[Event]]:
    """A new turn: initiative, each seat's legwork card in initiative order, then the first
    seat's investigation turn."""
    turn = state.turn + 1
    count = len(state.seats)
    desks = tuple(evolve(desk, barred=False) for desk in state.desks)
    state = evolve(
        state,
        turn=turn,
        desks=desks,
        limits=tuple(Limits() for _ in range(count)),
        phase=Phase.INVESTIGATION,
        at=0,
        court=None,
        offer=None,
    )
    events = [new_event(Ev.TURN_STARTED, data={"turn": turn, "turns": state.turns})]
    winner, rounds, rolled = roll_initiative(state, rng)
    order = clockwise_from(winner, count)
    state = evolve(state, order=order, initiative=rounds)
    events.extend(rolled)
    credits = {str(seat): desk.credits for seat, desk in enumerate(state.desks)}
    events.append(
        new_event(
            Ev.INITIATIVE_WON,
            actor=winner,
            data={"winner": winner, "order": list(order), "credits": credits},
        )
    )
    for seat in order:
        state, drawn = draws.draw_legwork(city, state, seat, 1, "turn", rng)
        events.extend(drawn)
    state, more = begin_investigation(city, state)
    return state, events + more


def begin_investigation(city: City, state: McState) -> tuple[McState, list[Event]]:
    """The seat at ``at`` starts its investigation turn: its draws and discards for the turn."""
    seat = state.order[state.at]
    limits = state.limits[seat]
    draws_left = max(0, EVIDENCE_DRAWS + hooks.adjust(city, state, seat, "evidence-draws"))
    discards = max(0, EVIDENCE_DISCARDS + hooks.adjust(city, state, seat, "evidence-discards"))
    limits = evolve(limits, draws_left=draws_left, discards_left=discards)
    state = with_limits(state, seat, limits)
    return state, [new_event(Ev.INVESTIGATION_TURN, actor=seat, data={"seat": seat})]


def end_investigation(
    city: City, state: McState, rng: random.Random
) -> tuple[McState, list[Event]]:
    """The seat on turn is done; the next seat investigates, or the court phase begins."""
    seat = state.order[state.at]
    limits = evolve(state.limits[seat], done=True, swapping=False)
    state = evolve(with_limits(state, seat, limits), at=state.at + 1)
    hand = state.evidence.count(seat)
    events = [new_event(Ev.INVESTIGATION_ENDED, actor=seat, data={"seat": seat, "hand": hand})]
    if state.at < len(state.order):
        state, more = begin_investigation(city, state)
        return state, events + more
    state, more = begin_court(city, state, rng)
    return state, events + more


def begin_court(city: City, state: McState, rng: random.Random) -> tuple[McState, list[Event]]:
    """The investigation phase is over: seats with more than five evidence in hand are barred
    from court this turn; then the court phase from the initiative winner."""
    events: list[Event] = []
    for seat in state.order:
        limit = HAND_LIMIT + hooks.adjust(city, state, seat, "hand-limit")
        hand = state.evidence.count(seat)
        cases = max(0, 1 + hooks.adjust(city, state, seat, "court-cases"))
        state = with_limits(state, seat, evolve(state.limits[seat], cases_left=cases))
        if hand > limit:
            state = with_desk(state, seat, evolve(state.desks[seat], barred=True))
            data = {"seat": seat, "hand": hand, "limit": limit}
            events.append(new_event(Ev.COURT_BARRED, actor=seat, data=data))
    state = evolve(state, phase=Phase.COURT, at=0, court=None)
    state, more = next_in_court(city, state, rng)
    return state, events + more


def next_in_court(city: City, state: McState, rng: random.Random) -> tuple[McState, list[Event]]:
    """The seat at ``at`` gets its court turn if it may present a case; seats that may not
    are passed over with the reason, and after the last seat the turn ends."""
    events: list[Event] = []
    while state.at < len(state.order):
        seat = state.order[state.at]
        why = presentable.why_not(city, state, seat)
        if why is None:
            return state, [*events, new_event(Ev.COURT_TURN, actor=seat, data={"seat": seat})]
        if why != "done":
            events.append(
                new_event(Ev.COURT_PASSED, actor=seat, data={"seat": seat, "reason": why})
            )
        state = evolve(state, at=state.at + 1)
    state, more = end_turn(city, state, rng)
    return state, events + more


def after_case(city: City, state: McState, rng: random.Random) -> tuple[McState, list[Event]]:
    """A case is over: its prosecutor may present another if a card allows, else the next."""
    seat = state.order[state.at]
    limits = state.limits[seat]
    state = with_limits(state, seat, evolve(limits, cases_left=limits.cases_left - 1))
    state = evolve(state, court=None)
    return next_in_court(city, state, rng)


def end_turn(city: City, state: McState, rng: random.Random) -> tuple[McState, list[Event]]:
    """Lasting effects expire, setbacks go to the legwork discard; the next turn, or the end."""
    state, events = hooks.end_turn(city, state)
    if state.setbacks:
        events.append(new_event(Ev.SETBACKS_ENDED, data={"cards": list(state.setbacks)}))
    state = evolve(
        state,
        legwork_deck=state.legwork_deck.discard(state.setbacks),
        setbacks=(),
        setbacks_drawn_by=(),
        markers=tuple(m for m in state.markers if m.until not in ("turn", "court")),
        court=None,
    )
    events.append(new_event(Ev.TURN_ENDED, data={"turn": state.turn}))
    if state.turn >= state.turns:
        state = evolve(state, phase=Phase.OVER, ended=Ending.CONTRACTS_EXPIRED)
        events.append(new_event(Ev.GAME_ENDED, data=outcome(state).to_json()))
        return state, events
    state, more = start_turn(city, state, rng)
    return state, events + more


@last_for_state  # the bot loop asks, then ``apply`` asks again
def to_act(state: McState) -> frozenset[int]:
    if state.ended is not None:
        return frozenset()
    if state.offer is not None:
        return frozenset({state.offer.partner})
    if state.phase == Phase.JOVANS:
        return frozenset({state.order[state.at]})
    court = state.court
    if state.phase == Phase.COURT and court is not None:
        if court.stage == Stage.HEARING:
            return frozenset({court.prosecutor})
        if court.stage == Stage.VOLUNTEERS and court.volunteers is not None:
            return frozenset(court.volunteers.waiting)
        if court.stage == Stage.LISTENING and court.listener is not None:
            return frozenset({court.listener})
        if court.stage == Stage.WINDOW and court.window is not None:
            return frozenset(court.window.asking)
        return frozenset()
    seat = state.current
    return frozenset() if seat is None else frozenset({seat})
