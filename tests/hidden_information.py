"""A reusable property test: what a seat cannot see never changes what it is shown.

Each system supplies a *resampler*: given a case, a state and a seat, it returns another case
and state that the seat cannot tell apart from the first (the murderer, the other hands, the
undealt order redrawn among the possibilities the seat has not ruled out). The resampler is
written from the rules' definition of what is hidden, not from the system's ``view``; that
independence is what makes this test able to fail.

Along random playouts, at every step and for every seat (and a spectator):
- the two worlds give the seat byte-identical views and identical legal actions, and wait for
  the same seats (``to_act``): whom the game waits for is public, so it must not depend on a
  secret (a murderer's extra decision would otherwise show);
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

from rules.core import Action, Event, RuleError, Seat, System, random_action, start

#: ``(case, state, seat, rng) -> (case, state)``: a world the seat cannot tell from this one.
Resampler = Callable[[Any, Any, int | None, random.Random], tuple[Any, Any]]


@dataclass(frozen=True)
class Table:
    """How to start one game of a system for the test."""

    case: Mapping[str, Any]  # the envelope
    seats: Sequence[Seat]
    mode: str
    seed: int
    options: Mapping[str, Any] | None = None


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
    case, state = start(
        system, table.case, table.seats, table.mode, seed=table.seed, options=table.options
    )
    observers: list[int | None] = [*range(len(table.seats)), None]
    for step in range(max_steps):
        for seat in observers:
            for _ in range(worlds_per_step):
                twin = resample(case, state, seat, rng)
                _assert_same_view(system, (case, state), twin, seat, step)
        if system.result(case, state) is not None:
            return step
        actor = sorted(system.to_act(case, state))[0]
        action = random_action(system.legal_actions(case, state, actor), rng)
        for seat in observers:
            twin = resample(case, state, seat, rng)
            _assert_same_events(system, (case, state), twin, actor, action, seat, step)
        state, events = system.apply(case, state, actor, action)
        for event in events:
            _assert_secrets_withheld(event, observers)
        _assert_everyone_sees_the_step(events, observers, step)
    return max_steps


World = tuple[Any, Any]  # (case, state)


def _assert_same_view(
    system: System, world: World, twin: World, seat: int | None, step: int
) -> None:
    assert canonical(system.view(*world, seat)) == canonical(system.view(*twin, seat)), (
        f"step {step}: seat {seat} can tell two worlds apart by its view"
    )
    assert system.to_act(*world) == system.to_act(*twin), (
        f"step {step}: seat {seat} can tell two worlds apart by whom the game waits for"
    )
    if seat is None:
        return
    legal = [spec.to_json() for spec in system.legal_actions(*world, seat)]
    legal_twin = [spec.to_json() for spec in system.legal_actions(*twin, seat)]
    assert canonical(legal) == canonical(legal_twin), (
        f"step {step}: seat {seat} can tell two worlds apart by its legal actions"
    )


def _assert_same_events(
    system: System,
    world: World,
    twin: World,
    actor: int,
    action: Action,
    seat: int | None,
    step: int,
) -> None:
    """If both worlds still look alike to ``seat`` after ``action``, so must its events."""
    try:
        after, events = system.apply(*world, actor, action)
        after_twin, events_twin = system.apply(*twin, actor, action)
    except RuleError:
        return  # the action is not legal in the twin: the actor (not the seat) can tell
    if canonical(system.view(world[0], after, seat)) != canonical(
        system.view(twin[0], after_twin, seat)
    ):
        return  # the worlds diverge in what the seat sees next; the events may too
    assert canonical(shown_events(events, seat)) == canonical(shown_events(events_twin, seat)), (
        f"step {step}: seat {seat} can tell two worlds apart by the events of {action}"
    )


def _assert_everyone_sees_the_step(
    events: Sequence[Event], observers: Sequence[int | None], step: int
) -> None:
    """Every step shows every seat an event: a step nobody else sees would still move the
    version, and so tell them that someone took a hidden decision."""
    for seat in observers:
        assert any(event.is_visible_to(seat) for event in events), (
            f"step {step}: seat {seat} sees no event of a step it can count"
        )


def _assert_secrets_withheld(event: Event, observers: Sequence[int | None]) -> None:
    for seat in observers:
        shown = event.for_seat(seat)
        if shown is None:
            continue
        allowed = seat is not None and seat in event.secret_audience
        leaked = set(event.secret) & set(shown) - set(event.data) - {"type", "actor"}
        assert allowed or not leaked, f"{event.type} shows {sorted(leaked)} to seat {seat}"
