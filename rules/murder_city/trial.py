"""The trial roll: the dice, the verdict, the payouts and penalties, and the case closed.

Dice = the attached evidence's values + the Strength's die (its case holds evidence of the
Strength's type) + the court's modifiers (the endorsement, the bought hardship die, legwork on
the roll) + whatever cards in force add (``effects.adjust(..., "trial-dice")``); never fewer
than none. The highest charge whose threshold the total reaches pays its credits.
"""

from __future__ import annotations

import random

from rules.core import Event
from rules.kit.dice import roll

from . import closing, draws, hooks, ledger, turns
from .case import City, MurderCard
from .changes import evolve, with_desk
from .made import new_event
from .names import Act, Ev, Reason, Verdict
from .spec import ENDORSE_REWARD
from .state import DiceMod, McState


def dice_parts(city: City, state: McState) -> list[DiceMod]:
    """Every source of the trial's dice, in a fixed order."""
    court = state.court
    assert court is not None
    seat = court.prosecutor
    case = closing.case_of(state, seat, court.murder)
    # one part for all the evidence: the dice tell the sum, never a face-down card's value
    parts = [
        DiceMod("evidence", sum(city.evidence_by_id[c].value for c in case.ports.values()), seat)
    ]
    jovan = city.jovan_by_id[state.desks[seat].jovan or ""]
    if jovan.strength_die in case.ports:
        parts.append(DiceMod("strength", 1, seat))
    parts.extend(court.dice)
    extra = hooks.adjust(city, state, seat, "trial-dice")
    if extra:
        parts.append(DiceMod("cards-in-force", extra, None))
    return parts


def verdict_of(murder: MurderCard, total: int) -> tuple[str, int]:
    """The highest charge the total reaches and its payout; acquitted and 0 otherwise."""
    for charge in murder.charges:
        if total >= charge.threshold:
            return charge.name, charge.payout
    return Verdict.ACQUITTED.value, 0


def try_case(city: City, state: McState, rng: random.Random) -> tuple[McState, list[Event]]:
    """Roll, pay, and close the case; then the court phase goes on."""
    court = state.court
    assert court is not None
    seat = court.prosecutor
    murder = city.murder_by_id[court.murder]
    parts = dice_parts(city, state)
    count = max(0, sum(part.amount for part in parts))
    faces = roll(rng, count=count).faces
    total = sum(faces)
    verdict, payout = verdict_of(murder, total)
    data = {
        "prosecutor": seat,
        "listener": court.listener,
        "murder": murder.id,
        "dice": count,
        "parts": [{"source": p.source, "amount": p.amount} for p in parts],
        "faces": list(faces),
        "total": total,
        "thresholds": [
            {"charge": c.name, "threshold": c.threshold, "payout": c.payout} for c in murder.charges
        ],
        "verdict": verdict,
        "payout": payout,
    }
    events = [new_event(Ev.TRIAL, actor=seat, data=data)]
    convicted = verdict != Verdict.ACQUITTED
    if convicted:
        desk = state.desks[seat]
        state = with_desk(state, seat, evolve(desk, won=desk.won + 1))
        state, paid = ledger.change(state, seat, payout, Reason.CONVICTION)
        events.append(paid)
    if court.decision == Act.ENDORSE and court.listener is not None:
        if convicted:
            state, reward = ledger.change(
                state, court.listener, ENDORSE_REWARD, Reason.ENDORSED_CONVICTION
            )
            events.append(reward)
        else:
            state, taken, _ = draws.take_hardship(
                city, state, court.listener, "endorsed", rng, voluntary=False
            )
            events.extend(taken)
    state, closed = closing.close_case(city, state, seat, murder.id, "tried", rng)
    events.extend(closed)
    state, more = turns.after_case(city, state, rng)
    return state, events + more
