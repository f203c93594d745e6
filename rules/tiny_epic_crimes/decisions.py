"""Choices owed outside the turn's action: keep which Force Card, interrogate whom, peek where.

Some rules hand one officer a choice in the middle of something else ("If you gain a third,
you must discard that new card or one from your hand"; a badge bonus; an event's reward; an
Ability Card dealt at setup). Such a choice waits in :attr:`TecState.decisions`, first come
first served: while one is open, its officer is the only seat to act, and the only action
offered is the decision's own, with its finite choices. A kind's resolver then applies the
pick. Each kind is its own action type (``discard-force``, ``interrogate``, …) with a parameter
named for what is chosen, so a client reads what it is asked from the action spec itself.

Kinds register a :class:`Kind` with :func:`register`, from their own modules; this module
knows none of them. Whether a decision's choices are private (a hand's cards) is the kind's
to say: the view shows every seat that a decision is open and whose it is, and the choices to
its officer only unless the kind is public.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from rules.core import ActionSpec, Event

from .case import TecCase
from .state import Decision, TecState, evolve

__all__ = [
    "Decision",
    "Kind",
    "bot_choice",
    "decide",
    "kind_of",
    "legal",
    "open_decision",
    "owe",
    "register",
    "view",
]


#: (case, state, seat, decision, choice, rng) -> (state, events); the decision is already
#: taken off the queue when the resolver runs, so it may queue another.
Resolver = Callable[
    [TecCase, TecState, int, Decision, str, random.Random], tuple[TecState, list[Event]]
]


@dataclass(frozen=True)
class Kind:
    action: str  # the action type, also ``Decision.kind``
    param: str  # the action's parameter naming the pick
    resolve: Resolver
    private: bool = True  # choices shown to the deciding officer only
    #: how a bot picks, from its own view only; ``None``: at random
    bot: Callable[[Mapping[str, Any], tuple[str, ...], random.Random], str] | None = None


_KINDS: dict[str, Kind] = {}


def register(kind: Kind) -> Kind:
    """Add a kind of decision (once per action type)."""
    if kind.action in _KINDS and _KINDS[kind.action] is not kind:
        raise ValueError(f"decision kind {kind.action!r} is registered twice")
    _KINDS[kind.action] = kind
    return kind


def kind_of(action_type: str) -> Kind | None:
    return _KINDS.get(action_type)


def owe(state: TecState, decision: Decision) -> TecState:
    """Queue ``decision`` after those already owed."""
    if not decision.choices:
        raise ValueError(f"a {decision.kind} decision needs at least one choice")
    return evolve(state, decisions=(*state.decisions, decision))


def open_decision(state: TecState) -> Decision | None:
    """The decision every other play waits for, if any."""
    return state.decisions[0] if state.decisions else None


def legal(state: TecState, seat: int) -> list[ActionSpec] | None:
    """The open decision's action for ``seat`` (empty for others), or ``None`` if none is open."""
    decision = open_decision(state)
    if decision is None:
        return None
    if seat != decision.seat:
        return []
    kind = _KINDS[decision.kind]
    return [ActionSpec(decision.kind, {kind.param: decision.choices})]


def decide(
    case: TecCase, state: TecState, seat: int, action_type: str, choice: str, rng: random.Random
) -> tuple[TecState, list[Event]]:
    """Take the open decision off the queue and let its kind apply ``choice`` (checked legal)."""
    decision = open_decision(state)
    assert decision is not None and decision.kind == action_type and decision.seat == seat
    state = evolve(state, decisions=state.decisions[1:])
    return _KINDS[action_type].resolve(case, state, seat, decision, choice, rng)


def bot_choice(
    view: Mapping[str, Any], spec: ActionSpec, rng: random.Random
) -> tuple[str, str] | None:
    """A bot's pick for an open decision offered in ``spec``: (param, choice), else ``None``."""
    kind = _KINDS.get(spec.type)
    if kind is None:
        return None
    choices = tuple(str(choice) for choice in spec.choices(kind.param))
    pick = kind.bot(view, choices, rng) if kind.bot is not None else rng.choice(choices)
    return kind.param, pick


def view(state: TecState, seat: int | None) -> list[dict[str, Any]]:
    """Every owed decision: its kind and officer for all, its choices where they may be seen."""
    shown: list[dict[str, Any]] = []
    for decision in state.decisions:
        entry: dict[str, Any] = {"kind": decision.kind, "seat": decision.seat}
        kind = _KINDS.get(decision.kind)
        if seat == decision.seat or (kind is not None and not kind.private):
            entry["choices"] = list(decision.choices)
        shown.append(entry)
    return shown
