"""The engine's door to card effects and trades (docs/murder-city.md, "Engine hooks").

Card effects (``effects.py``, ``hardship.py``, ``cards.py``) and trades (``trade.py``) are
written beside the engine; each function is looked up once, when first needed, and a missing
module or function means "no effect". So the engine plays whole games without them, and the
hooks decide nothing the engine's tests rely on.
"""

from __future__ import annotations

import functools
import importlib
from collections.abc import Callable
from typing import Any

from rules.core import Action, ActionSpec, Event, RuleError

from .case import City
from .state import McState


@functools.cache
def _find(module: str, name: str) -> Callable[..., Any] | None:
    try:
        found = importlib.import_module(f"rules.murder_city.{module}")
    except ModuleNotFoundError as error:
        if error.name != f"rules.murder_city.{module}":
            raise  # a module that is there but fails to import is a bug, not a missing hook
        return None
    function = getattr(found, name, None)
    return function if callable(function) else None


def is_setback(card: str) -> bool:
    found = _find("cards", "is_setback")
    return bool(found(card)) if found is not None else False


def legwork_specs(city: City, state: McState, seat: int) -> list[ActionSpec]:
    found = _find("effects", "legwork_specs")
    return list(found(city, state, seat)) if found is not None else []


def apply_card(
    city: City, state: McState, seat: int, action: Action
) -> tuple[McState, list[Event]]:
    found = _find("effects", "apply_card")
    if found is None:  # pragma: no cover - never offered without the hook
        raise AssertionError("no effects.apply_card: legwork cannot be played")
    after, events = found(city, state, seat, action)
    return after, list(events)


def why_not_legwork(city: City, state: McState, seat: int, action: Action) -> RuleError | None:
    """Why ``seat`` may not play this legwork card now (a setback forbids it, its timing is
    wrong), or ``None``."""
    found = _find("effects", "why_not")
    return found(city, state, seat, action) if found is not None else None


def setback(city: City, state: McState, seat: int, card: str) -> tuple[McState, list[Event]]:
    found = _find("effects", "setback")
    if found is None:
        return state, []
    after, events = found(city, state, seat, card)
    return after, list(events)


def adjust(city: City, state: McState, seat: int, what: str) -> int:
    found = _find("effects", "adjust")
    return int(found(city, state, seat, what)) if found is not None else 0


def forbids(city: City, state: McState, seat: int, what: str, target: str | None = None) -> bool:
    found = _find("effects", "forbids")
    return bool(found(city, state, seat, what, target)) if found is not None else False


def end_turn(city: City, state: McState) -> tuple[McState, list[Event]]:
    found = _find("effects", "end_turn")
    if found is None:
        return state, []
    after, events = found(city, state)
    return after, list(events)


def apply_hardship(
    city: City, state: McState, seat: int, card: str, reason: str
) -> tuple[McState, list[Event], bool] | None:
    """``None`` when there is no hardship module: the engine discards the card itself."""
    found = _find("hardship", "apply_hardship")
    if found is None:
        return None
    after, events, stands = found(city, state, seat, card, reason)
    return after, list(events), bool(stands)


def offer_specs(city: City, state: McState, seat: int) -> list[ActionSpec]:
    found = _find("trade", "offer_specs")
    return list(found(city, state, seat)) if found is not None else []


def answer_specs(city: City, state: McState, seat: int) -> list[ActionSpec]:
    found = _find("trade", "answer_specs")
    return list(found(city, state, seat)) if found is not None else []


def apply_trade(
    kind: str, city: City, state: McState, seat: int, action: Action
) -> tuple[McState, list[Event]]:
    """``kind``: ``apply_offer`` or ``apply_answer``."""
    found = _find("trade", kind)
    if found is None:  # pragma: no cover - never offered without the hook
        raise AssertionError(f"no trade.{kind}")
    after, events = found(city, state, seat, action)
    return after, list(events)


def offer_view(city: City, state: McState, seat: int | None) -> dict[str, Any] | None:
    """What ``seat`` may see of the pending offer; without the hook, who offered to whom."""
    if state.offer is None:
        return None
    found = _find("trade", "offer_view")
    if found is not None:
        shown: dict[str, Any] = found(city, state, seat)
        return shown
    return {"proposer": state.offer.proposer, "partner": state.offer.partner}
