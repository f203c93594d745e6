"""A reusable property test: what a seat cannot see never changes what it is shown.

Each system supplies a *resampler*: given a state and a seat, it returns another state that the
seat cannot tell apart from the first (the murderer, the other hands, the undealt order redrawn
among the possibilities the seat has not ruled out). The resampler is written from the rules'
definition of what is hidden, not from the system's ``view``; that independence is what makes
this test able to fail.

Along random playouts, at every step and for every seat (and a spectator):
- the two worlds give the seat byte-identical views and identical legal actions;
- when the same action is then played in both worlds and the seat's views still agree, the
  events the seat is shown agree too (so the log, built from those events, agrees);
- no event shown to a seat carries a field it was not given the secret to.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from rules.core import Action, Event, RuleError, Seat, System, random_action

Resampler = Callable[[Any, int | None, random.Random], Any]


@dataclass(frozen=True)
class Table:
    """How to start one game of a system for the test."""

    case: Mapping[str, Any]
    seats: Sequence[Seat]
    mode: str
    seed: int


def canonical(value: Any) -> str:
    """The byte-level form views are compared in."""
    return json.dumps(value, sort_keys=True, separators=(",", ":"))


def shown_events(events: Sequence[Event], seat: int | None) -> list[dict[str, Any]]:
    return [shown for event in events if (shown := event.for_seat(seat)) is not None]


def check_playout(
    system: System,
    table: Table,
    resample: Resampler,
    *,
    rng: random.Random,
    max_steps: int = 200,
    worlds_per_step: int = 2,
) -> int:
    """Play one random game, checking the property at every step; returns the steps played."""
    state = system.new_game(table.case, table.seats, table.mode, table.seed)
    observers: list[int | None] = [*range(len(table.seats)), None]
    for step in range(max_steps):
        for seat in observers:
            for _ in range(worlds_per_step):
                twin = resample(state, seat, rng)
                _assert_same_view(system, state, twin, seat, step)
        if system.result(state) is not None:
            return step
        actor = sorted(system.to_act(state))[0]
        action = random_action(system.legal_actions(state, actor), rng)
        for seat in observers:
            twin = resample(state, seat, rng)
            _assert_same_events(system, state, twin, actor, action, seat, step)
        state, events = system.apply(state, actor, action)
        for event in events:
            _assert_secrets_withheld(event, observers)
    return max_steps


def _assert_same_view(system: System, state: Any, twin: Any, seat: int | None, step: int) -> None:
    assert canonical(system.view(state, seat)) == canonical(system.view(twin, seat)), (
        f"step {step}: seat {seat} can tell two worlds apart by its view"
    )
    if seat is None:
        return
    legal = [spec.to_json() for spec in system.legal_actions(state, seat)]
    legal_twin = [spec.to_json() for spec in system.legal_actions(twin, seat)]
    assert canonical(legal) == canonical(legal_twin), (
        f"step {step}: seat {seat} can tell two worlds apart by its legal actions"
    )


def _assert_same_events(
    system: System,
    state: Any,
    twin: Any,
    actor: int,
    action: Action,
    seat: int | None,
    step: int,
) -> None:
    """If both worlds still look alike to ``seat`` after ``action``, so must its events."""
    try:
        after, events = system.apply(state, actor, action)
        after_twin, events_twin = system.apply(twin, actor, action)
    except RuleError:
        return  # the action is not legal in the twin: the actor (not the seat) can tell
    if canonical(system.view(after, seat)) != canonical(system.view(after_twin, seat)):
        return  # the worlds diverge in what the seat sees next; the events may too
    assert canonical(shown_events(events, seat)) == canonical(shown_events(events_twin, seat)), (
        f"step {step}: seat {seat} can tell two worlds apart by the events of {action}"
    )


def _assert_secrets_withheld(event: Event, observers: Sequence[int | None]) -> None:
    for seat in observers:
        shown = event.for_seat(seat)
        if shown is None:
            continue
        allowed = seat is not None and seat in event.secret_audience
        leaked = set(event.secret) & set(shown) - set(event.data) - {"type", "actor"}
        assert allowed or not leaked, f"{event.type} shows {sorted(leaked)} to seat {seat}"
