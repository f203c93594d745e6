"""Which cases a seat may bring to court now, and why it may bring none.

"A Murder card to which 3 Evidence cards have been attached must be brought to court first";
"A case may not be brought to court if it carries Evidence cards of an unsuitable type"; more
than five evidence in hand as the investigation ended bars the seat for the turn; a card may
forbid one case (then "you may bring another case to court").
"""

from __future__ import annotations

from . import hooks
from .case import City
from .state import McState


def cases(city: City, state: McState, seat: int) -> tuple[str, ...]:
    """The murder cards ``seat`` may present now: the three-card ones if any may go, else any
    with at least one attached card, all of a type its murder needs."""
    fit = [
        case
        for case in state.desks[seat].cases
        if case.ports
        and set(case.ports) <= set(city.murder_by_id[case.murder].needs)
        and not hooks.forbids(city, state, seat, "present", case.murder)
    ]
    full = [case.murder for case in fit if len(case.ports) == 3]
    return tuple(full) if full else tuple(case.murder for case in fit)


def must_present(city: City, state: McState, seat: int) -> bool:
    """A three-card case may go: the seat cannot decline."""
    return any(
        len(case.ports) == 3 and case.murder in cases(city, state, seat)
        for case in state.desks[seat].cases
    )


def why_not(city: City, state: McState, seat: int) -> str | None:
    """``None`` if ``seat`` may present a case now; else ``done`` (its cases for the turn are
    used), ``barred`` (too many cards in hand) or ``no-case``."""
    if state.limits[seat].cases_left <= 0:
        return "done"
    if state.desks[seat].barred:
        return "barred"
    if not cases(city, state, seat):
        return "no-case"
    return None
