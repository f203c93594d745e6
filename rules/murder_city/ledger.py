"""Credits: every change of a balance is one ``credits`` event, so the books add up."""

from __future__ import annotations

from rules.core import Event

from .changes import evolve, with_desk
from .made import new_event
from .names import Ev
from .state import McState


def change(state: McState, seat: int, amount: int, reason: str) -> tuple[McState, Event]:
    """``seat``'s balance moved by ``amount`` (the bank on the other side).

    A charge takes at most what the seat has: a balance never goes below zero, and the event
    says what was really paid (docs/rulings.md, Murder City).
    """
    desk = state.desks[seat]
    paid = max(amount, -desk.credits)
    balance = desk.credits + paid
    state = with_desk(state, seat, evolve(desk, credits=balance))
    data = {"seat": seat, "amount": paid, "reason": reason, "balance": balance}
    return state, new_event(Ev.CREDITS, actor=seat, data=data)


def transfer(
    state: McState, payer: int, payee: int, amount: int, reason: str
) -> tuple[McState, list[Event]]:
    """Credits from one seat to another (a trade): what the payer has, at most."""
    state, paid = change(state, payer, -amount, reason)
    state, got = change(state, payee, -int(paid.data["amount"]), reason)
    return state, [paid, got]
