"""The engine's door to card effects and trades (docs/murder-city.md, "Engine hooks").

Card effects (``effects.py``, ``hardship.py``, ``cards.py``) and trades (``trade.py``) are
written beside the engine; each hook is one of those modules' functions, bound here by name
(:data:`HOOKS`), and a hook bound to ``None`` means "no effect". So the engine plays whole
games without them (the tests unbind them all), and the hooks decide nothing the engine's
tests rely on. The functions are called directly: the hooks are asked several times a step.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from rules.core import Action, ActionSpec, Event, RuleError

from . import cards, effects, hardship, trade
from .case import City
from .state import McState

Hook = Callable[..., Any] | None

#: Every hook by ``module_function``: each is bound to the module global ``_`` + its name.
HOOKS: tuple[str, ...] = (
    "cards_is_setback",
    "effects_legwork_specs",
    "effects_apply_card",
    "effects_why_not",
    "effects_setback",
    "effects_adjust",
    "effects_forbids",
    "effects_end_turn",
    "hardship_apply_hardship",
    "trade_offer_specs",
    "trade_answer_specs",
    "trade_apply_offer",
    "trade_apply_answer",
    "trade_offer_view",
)

_cards_is_setback: Hook = cards.is_setback
_effects_legwork_specs: Hook = effects.legwork_specs
_effects_apply_card: Hook = effects.apply_card
_effects_why_not: Hook = effects.why_not
_effects_setback: Hook = effects.setback
_effects_adjust: Hook = effects.adjust
_effects_forbids: Hook = effects.forbids
_effects_end_turn: Hook = effects.end_turn
_hardship_apply_hardship: Hook = hardship.apply_hardship
_trade_offer_specs: Hook = trade.offer_specs
_trade_answer_specs: Hook = trade.answer_specs
_trade_apply_offer: Hook = trade.apply_offer
_trade_apply_answer: Hook = trade.apply_answer
_trade_offer_view: Hook = trade.offer_view


def is_setback(card: str) -> bool:
    found = _cards_is_setback
    return bool(found(card)) if found is not None else False


def legwork_specs(city: City, state: McState, seat: int) -> list[ActionSpec]:
    found = _effects_legwork_specs
    return list(found(city, state, seat)) if found is not None else []


def apply_card(
    city: City, state: McState, seat: int, action: Action
) -> tuple[McState, list[Event]]:
    found = _effects_apply_card
    if found is None:  # pragma: no cover - never offered without the hook
        raise AssertionError("no effects.apply_card: legwork cannot be played")
    after, events = found(city, state, seat, action)
    return after, list(events)


def why_not_legwork(city: City, state: McState, seat: int, action: Action) -> RuleError | None:
    """Why ``seat`` may not play this legwork card now (a setback forbids it, its timing is
    wrong), or ``None``."""
    found = _effects_why_not
    return found(city, state, seat, action) if found is not None else None


def setback(city: City, state: McState, seat: int, card: str) -> tuple[McState, list[Event]]:
    found = _effects_setback
    if found is None:
        return state, []
    after, events = found(city, state, seat, card)
    return after, list(events)


def adjust(city: City, state: McState, seat: int, what: str) -> int:
    found = _effects_adjust
    return int(found(city, state, seat, what)) if found is not None else 0


def forbids(city: City, state: McState, seat: int, what: str, target: str | None = None) -> bool:
    found = _effects_forbids
    return bool(found(city, state, seat, what, target)) if found is not None else False


def forbids_whatever_target(city: City, state: McState, seat: int, what: str) -> bool | None:
    """:func:`forbids` asked once for every target when its answer cannot depend on one (no
    hook, or ``effects.forbids`` for anything but ``present``), so a list of decks costs one
    question; ``None`` when each target must be asked."""
    found = _effects_forbids
    if found is None:
        return False
    if found is _EFFECTS_FORBIDS and what != "present":
        return bool(found(city, state, seat, what, None))
    return None


_EFFECTS_FORBIDS = effects.forbids


def end_turn(city: City, state: McState) -> tuple[McState, list[Event]]:
    found = _effects_end_turn
    if found is None:
        return state, []
    after, events = found(city, state)
    return after, list(events)


def apply_hardship(
    city: City, state: McState, seat: int, card: str, reason: str
) -> tuple[McState, list[Event], bool] | None:
    """``None`` when there is no hardship module: the engine discards the card itself."""
    found = _hardship_apply_hardship
    if found is None:
        return None
    after, events, stands = found(city, state, seat, card, reason)
    return after, list(events), bool(stands)


def offer_specs(city: City, state: McState, seat: int) -> list[ActionSpec]:
    found = _trade_offer_specs
    return list(found(city, state, seat)) if found is not None else []


def answer_specs(city: City, state: McState, seat: int) -> list[ActionSpec]:
    found = _trade_answer_specs
    return list(found(city, state, seat)) if found is not None else []


def apply_trade(
    kind: str, city: City, state: McState, seat: int, action: Action
) -> tuple[McState, list[Event]]:
    """``kind``: ``apply_offer`` or ``apply_answer``."""
    found = _trade_apply_offer if kind == "apply_offer" else _trade_apply_answer
    if found is None:  # pragma: no cover - never offered without the hook
        raise AssertionError(f"no trade.{kind}")
    after, events = found(city, state, seat, action)
    return after, list(events)


def offer_view(city: City, state: McState, seat: int | None) -> dict[str, Any] | None:
    """What ``seat`` may see of the pending offer; without the hook, who offered to whom."""
    if state.offer is None:
        return None
    found = _trade_offer_view
    if found is not None:
        shown: dict[str, Any] = found(city, state, seat)
        return shown
    return {"proposer": state.offer.proposer, "partner": state.offer.partner}
