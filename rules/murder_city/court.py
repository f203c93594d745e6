"""The court phase: presenting a case, the Listener (volunteers committed then revealed, else
the seat to the left), the story, the Listener's decision with its payouts and penalties, and
the window before the roll."""

from __future__ import annotations

import functools
import random
from typing import Any

from rules.core import Action, ActionSpec, Event
from rules.kit.simultaneous import Commitments
from rules.kit.turns import clockwise_from
from rules.kit.windows import Window

from . import closing, draws, hooks, ledger, presentable, trial, turns
from .case import JOKER, City
from .changes import evolve, with_limits
from .made import new_event
from .names import Act, Benefit, Ev, Reason, Stage
from .spec import CHALLENGE_REWARD, LEGWORK_PLAYS_PER_TURN, LISTENER_FEE, SPECS_KEPT
from .state import Court, DiceMod, McState

# Specs are immutable values asked for on every court step: those without choices are made
# once, the others once per set of choices.
_DECLINE = ActionSpec(Act.DECLINE_COURT)
_PROCEED = ActionSpec(Act.PROCEED)
_VOLUNTEER = ActionSpec(Act.VOLUNTEER, {"listen": (True, False)})
_RUBBER_STAMP = ActionSpec(Act.RUBBER_STAMP)
_ENDORSE = ActionSpec(Act.ENDORSE)
_PASS = ActionSpec(Act.PASS_WINDOW)
_BUY_DIE = ActionSpec(Act.TAKE_HARDSHIP, {"benefit": (Benefit.DIE.value,)})


@functools.lru_cache(maxsize=SPECS_KEPT)  # small, as investigation's
def _spec(kind: str, *params: tuple[str, Any]) -> ActionSpec:
    return ActionSpec(kind, dict(params))


def specs(city: City, state: McState, seat: int) -> list[ActionSpec]:
    """What ``seat`` may do in the court phase now (legwork is added apart)."""
    court = state.court
    if court is None:
        if seat != state.current:
            return []
        out = [
            _spec(
                Act.PRESENT, ("murder", (murder,)), ("suspect", city.murder_by_id[murder].suspects)
            )
            for murder in presentable.cases(city, state, seat)
        ]
        if not presentable.must_present(city, state, seat):
            out.append(_DECLINE)
        return out
    if court.stage == Stage.HEARING:
        return [_PROCEED] if seat == court.prosecutor else []
    if court.stage == Stage.VOLUNTEERS:
        if court.volunteers is None or seat not in court.volunteers.waiting:
            return []
        return [_VOLUNTEER]
    if court.stage == Stage.LISTENING:
        if seat != court.listener:
            return []
        attached = tuple(sorted(closing.case_of(state, court.prosecutor, court.murder).ports))
        decisions = [_RUBBER_STAMP, _ENDORSE]
        if attached:  # a card may have taken every attached card away
            decisions.insert(0, _spec(Act.CHALLENGE, ("evidence", attached)))
        return decisions
    if court.stage == Stage.WINDOW and court.window is not None:
        if seat not in court.window.asking:
            return []
        out = [_PASS]
        if _may_buy_die(city, state, seat):
            out.append(_BUY_DIE)
        return out
    return []


def _may_buy_die(city: City, state: McState, seat: int) -> bool:
    court = state.court
    return (
        court is not None
        and seat == court.prosecutor
        and state.limits[seat].hardship is None
        and not hooks.forbids(city, state, seat, "hardship-die")
    )


def play(
    city: City, state: McState, seat: int, action: Action, rng: random.Random
) -> tuple[McState, list[Event]]:
    """Apply one court action (already checked legal)."""
    kind = action.type
    if kind == Act.PRESENT:
        return present(city, state, seat, str(action.params["murder"]), action, rng)
    if kind == Act.DECLINE_COURT:
        state = evolve(state, at=state.at + 1)
        passed = new_event(Ev.COURT_PASSED, actor=seat, data={"seat": seat, "reason": "declined"})
        state, more = turns.next_in_court(city, state, rng)
        return state, [passed, *more]
    if kind == Act.PROCEED:
        return open_volunteers(city, state, rng)
    if kind == Act.VOLUNTEER:
        return volunteer(city, state, seat, bool(action.params["listen"]), rng)
    if kind == Act.CHALLENGE:
        return challenge(city, state, seat, str(action.params["evidence"]), rng)
    if kind == Act.RUBBER_STAMP:
        return _let_through(city, state, seat, Ev.CASE_RUBBER_STAMPED, rng)
    if kind == Act.ENDORSE:
        return _let_through(city, state, seat, Ev.CASE_ENDORSED, rng)
    if kind == Act.PASS_WINDOW:
        return pass_window(city, state, seat, rng)
    if kind == Act.TAKE_HARDSHIP:
        return buy_die(city, state, seat, rng)
    raise AssertionError(f"not a court action: {kind}")


def present(
    city: City, state: McState, seat: int, murder: str, action: Action, rng: random.Random
) -> tuple[McState, list[Event]]:
    """The case is announced; the prosecutor may then play legwork on it before a Listener is
    named (if it holds any), else the Listener is found at once."""
    case = closing.case_of(state, seat, murder)
    suspect = str(action.params["suspect"])
    court = Court(prosecutor=seat, murder=murder, suspect=suspect, stage=Stage.HEARING)
    state = evolve(state, court=court)
    data = {"seat": seat, "murder": murder, "suspect": suspect, "types": sorted(case.ports)}
    events = [new_event(Ev.CASE_PRESENTED, actor=seat, data=data)]
    if state.legwork.count(seat) and state.limits[seat].legwork_played < LEGWORK_PLAYS_PER_TURN:
        return state, events
    state, more = open_volunteers(city, state, rng)
    return state, events + more


def open_volunteers(city: City, state: McState, rng: random.Random) -> tuple[McState, list[Event]]:
    """Every other seat that may still take its voluntary hardship is asked at once whether it
    volunteers to listen; with nobody to ask, the Listener is named at once."""
    court = state.court
    assert court is not None
    if court.to_trial:  # a card sent the case straight to trial
        return _no_listener_needed(city, state, rng)
    asked = [
        seat
        for seat in clockwise_from(court.prosecutor, len(state.seats))
        if seat != court.prosecutor
        and state.limits[seat].hardship is None
        and not hooks.forbids(city, state, seat, "volunteer")
        and not hooks.forbids(city, state, seat, "listen")
    ]
    if not asked:
        return name_listener(city, state, [], rng)
    state = evolve(
        state,
        court=evolve(court, stage=Stage.VOLUNTEERS, volunteers=Commitments.open(asked)),
    )
    data = {"prosecutor": court.prosecutor, "seats": asked}
    return state, [new_event(Ev.VOLUNTEERS_ASKED, actor=court.prosecutor, data=data)]


def _no_listener_needed(
    city: City, state: McState, rng: random.Random
) -> tuple[McState, list[Event]]:
    court = state.court
    assert court is not None
    data = {"prosecutor": court.prosecutor, "listener": None, "how": "none"}
    events = [new_event(Ev.LISTENER_NAMED, actor=court.prosecutor, data=data)]
    state, told = tell(city, state, None, rng)
    events.append(told)
    state, more = open_window(city, state, rng)
    return state, events + more


def volunteer(
    city: City, state: McState, seat: int, listen: bool, rng: random.Random
) -> tuple[McState, list[Event]]:
    """A sealed answer; the last one reveals them all and names the Listener."""
    court = state.court
    assert court is not None and court.volunteers is not None
    sealed = court.volunteers.commit(seat, listen)
    state = evolve(state, court=evolve(court, volunteers=sealed))
    events = [new_event(Ev.VOLUNTEER_COMMITTED, actor=seat, data={"seat": seat})]
    if not sealed.is_complete():
        return state, events
    choices = sealed.reveal()
    volunteers = [
        s for s in clockwise_from(court.prosecutor, len(state.seats)) if choices.get(s) is True
    ]
    data = {
        "prosecutor": court.prosecutor,
        "volunteers": volunteers,
        "choices": {str(s): bool(c) for s, c in choices.items()},
    }
    events.append(new_event(Ev.VOLUNTEERS_REVEALED, actor=court.prosecutor, data=data))
    state, more = name_listener(city, state, volunteers, rng)
    return state, events + more


def name_listener(
    city: City, state: McState, volunteers: list[int], rng: random.Random
) -> tuple[McState, list[Event]]:
    """The first volunteer clockwise from the prosecutor's left takes a hardship and listens;
    if the card stops it, the next volunteer tries; else the first seat to the left that may
    listen; else nobody, and the case goes straight to trial."""
    court = state.court
    assert court is not None
    events: list[Event] = []
    listener: int | None = None
    how = "none"
    for seat in volunteers:
        limits = evolve(state.limits[seat], hardship=Benefit.LISTENER.value)
        state = with_limits(state, seat, limits)
        state, taken, stands = draws.take_hardship(
            city, state, seat, Benefit.LISTENER, rng, voluntary=True
        )
        events.extend(taken)
        if stands and not hooks.forbids(city, state, seat, "listen"):
            listener, how = seat, "volunteer"
            break
    if listener is None:
        for seat in clockwise_from(court.prosecutor, len(state.seats))[1:]:
            if not hooks.forbids(city, state, seat, "listen"):
                listener, how = seat, "left"
                break
    court = evolve(state.court or court, listener=listener)
    state = evolve(state, court=court)
    data = {"prosecutor": court.prosecutor, "listener": listener, "how": how}
    events.append(new_event(Ev.LISTENER_NAMED, actor=court.prosecutor, data=data))
    state, told = tell(city, state, listener, rng)
    events.append(told)
    if listener is None:
        state, more = open_window(city, state, rng)
        return state, events + more
    assert state.court is not None
    state = evolve(state, court=evolve(state.court, stage=Stage.LISTENING))
    return state, events


def tell(
    city: City, state: McState, listener: int | None, rng: random.Random
) -> tuple[McState, Event]:
    """The prosecutor's account: the murder, its suspect, each attached card's type and item;
    never a colour or a value. A joker has no item: the prosecutor tells one of the items its
    type has in the murder's colour, as a genuine card would name, so the story never shows
    which card is a joker. What was told stays with the case (``Court.story``)."""
    court = state.court
    assert court is not None
    murder = city.murder_by_id[court.murder]
    case = closing.case_of(state, court.prosecutor, court.murder)
    told: list[tuple[str, str]] = []
    for kind in murder.needs:
        if kind in case.ports:
            card = city.evidence_by_id[case.ports[kind]]
            told.append(
                (
                    kind,
                    card.item if card.colour != JOKER else _detail(city, kind, murder.colour, rng),
                )
            )
    state = evolve(state, court=evolve(court, story=tuple(told)))
    data = {
        "prosecutor": court.prosecutor,
        "listener": listener,
        "murder": murder.id,
        "name": murder.name,
        "colour": murder.colour,
        "suspect": court.suspect,
        "evidence": [{"type": kind, "item": item} for kind, item in told],
    }
    return state, new_event(Ev.STORY_TOLD, actor=court.prosecutor, data=data)


def _detail(city: City, kind: str, colour: str, rng: random.Random) -> str:
    """An item a genuine card of ``kind`` in ``colour`` names (any item of the type if none)."""
    items = sorted({e.item for e in city.evidence if e.type == kind and e.colour == colour})
    items = items or sorted({e.item for e in city.evidence if e.type == kind and e.item})
    return rng.choice(items) if items else ""


def challenge(
    city: City, state: McState, seat: int, kind: str, rng: random.Random
) -> tuple[McState, list[Event]]:
    """The Listener names one attached card. Off-colour: the case is closed, the prosecutor
    draws a hardship, the Listener earns 2 more. Genuine (a joker counts as the murder's
    colour): the case goes to trial and the Listener pays 1 per off-colour card it missed."""
    court = state.court
    assert court is not None
    murder = city.murder_by_id[court.murder]
    case = closing.case_of(state, court.prosecutor, court.murder)
    named = city.evidence_by_id[case.ports[kind]]
    false = _off_colour(named.colour, murder.colour)
    missed = sum(
        1
        for other, card in case.ports.items()
        if other != kind and _off_colour(city.evidence_by_id[card].colour, murder.colour)
    )
    court = evolve(court, decision=Act.CHALLENGE.value, challenged=kind)
    state = evolve(state, court=court)
    data = {
        "listener": seat,
        "prosecutor": court.prosecutor,
        "murder": court.murder,
        "evidence_type": kind,
        "colour": named.colour,
        "murder_colour": murder.colour,
        "false": false,
        "missed": 0 if false else missed,
    }
    events = [new_event(Ev.CASE_CHALLENGED, actor=seat, data=data)]
    state, fee = ledger.change(state, seat, LISTENER_FEE, Reason.LISTENING)
    events.append(fee)
    if false:
        state, reward = ledger.change(state, seat, CHALLENGE_REWARD, Reason.CHALLENGE_WON)
        events.append(reward)
        state, closed = closing.close_case(
            city, state, court.prosecutor, court.murder, "challenged", rng
        )
        events.extend(closed)
        state, taken, _ = draws.take_hardship(
            city, state, court.prosecutor, "challenged", rng, voluntary=False
        )
        events.extend(taken)
        state, more = turns.after_case(city, state, rng)
        return state, events + more
    if missed:
        state, paid = ledger.change(state, seat, -missed, Reason.CHALLENGE_MISSED)
        events.append(paid)
    state, more = open_window(city, state, rng)
    return state, events + more


def _off_colour(colour: str, murder_colour: str) -> bool:
    return colour not in (murder_colour, JOKER)


def _let_through(
    city: City, state: McState, seat: int, kind: str, rng: random.Random
) -> tuple[McState, list[Event]]:
    """Rubber-stamped (nothing more) or endorsed (one more die; the payout or the hardship
    comes with the verdict)."""
    court = state.court
    assert court is not None
    endorsed = kind == Ev.CASE_ENDORSED
    decision = Act.ENDORSE if endorsed else Act.RUBBER_STAMP
    dice = (*court.dice, DiceMod("endorsement", 1, seat)) if endorsed else court.dice
    court = evolve(court, decision=decision.value, dice=dice)
    state = evolve(state, court=court)
    data = {"listener": seat, "prosecutor": court.prosecutor, "murder": court.murder}
    events = [new_event(kind, actor=seat, data=data)]
    state, fee = ledger.change(state, seat, LISTENER_FEE, Reason.LISTENING)
    events.append(fee)
    state, more = open_window(city, state, rng)
    return state, events + more


def open_window(city: City, state: McState, rng: random.Random) -> tuple[McState, list[Event]]:
    """Before the roll, in initiative order: every seat holding legwork (and the prosecutor
    while it may buy a die) plays on the roll or passes; then the trial."""
    court = state.court
    assert court is not None
    asked = [
        seat
        for seat in state.order
        if (
            state.legwork.count(seat) and state.limits[seat].legwork_played < LEGWORK_PLAYS_PER_TURN
        )
        or _may_buy_die(city, state, seat)
    ]
    if not asked:
        return trial.try_case(city, state, rng)
    window = Window.open("before-roll", asked, in_turn=True)
    state = evolve(state, court=evolve(court, stage=Stage.WINDOW, window=window))
    data = {"prosecutor": court.prosecutor, "seats": asked}
    return state, [new_event(Ev.WINDOW_OPENED, actor=court.prosecutor, data=data)]


def pass_window(
    city: City, state: McState, seat: int, rng: random.Random
) -> tuple[McState, list[Event]]:
    court = state.court
    assert court is not None and court.window is not None
    window = court.window.answer(seat)
    state = evolve(state, court=evolve(court, window=window))
    events = [new_event(Ev.WINDOW_PASSED, actor=seat, data={"seat": seat})]
    if not window.is_closed():
        return state, events
    state, more = trial.try_case(city, state, rng)
    return state, events + more


def buy_die(
    city: City, state: McState, seat: int, rng: random.Random
) -> tuple[McState, list[Event]]:
    """The prosecutor's voluntary hardship for one more trial die (the card applies first)."""
    state = with_limits(state, seat, evolve(state.limits[seat], hardship=Benefit.DIE.value))
    state, events, stands = draws.take_hardship(city, state, seat, Benefit.DIE, rng, voluntary=True)
    court = state.court
    if stands and court is not None:
        court = evolve(court, dice=(*court.dice, DiceMod("hardship", 1, seat)))
        state = evolve(state, court=court)
    return state, events
