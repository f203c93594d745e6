"""Whole games for the narration tests to tell: bots, now and then a random move, step by step.

A system's narration test reads each :class:`Step` (the seat on turn, what it could do, its view,
the events its move made) and tells it to every seat; the game loop, its step cap and the order
the random choices are drawn in are the same for every system.
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from typing import Any

from rules.core import ActionSpec, Event, System, random_action


@dataclass(frozen=True)
class Step:
    number: int
    before: Any  # the state the seat chose in
    actor: int
    legal: list[ActionSpec]
    view: Mapping[str, Any]
    events: list[Event]
    after: Any  # the state the move made


def bot_game(
    system: System, case: Any, state: Any, rng: random.Random, *, bots: float = 0.8
) -> Iterator[Step]:
    """Every step of the game from ``state``: the lowest seat on turn plays its bot's choice
    (a share ``bots`` of the time) or a random legal action, until the game has a result or the
    rules' step limit is reached (every random game has a step cap)."""
    for number in range(system.SPEC.step_limit):
        if system.result(case, state) is not None:
            return
        actor = sorted(system.to_act(case, state))[0]
        legal = system.legal_actions(case, state, actor)
        view = system.view(case, state, actor)
        use_bot = rng.random() < bots
        action = system.bot_choose(view, legal, rng) if use_bot else random_action(legal, rng)
        after, events = system.apply(case, state, actor, action)
        yield Step(number, state, actor, legal, view, events, after)
        state = after


def told(event: Event, count: int) -> Iterator[tuple[int | None, dict[str, Any]]]:
    """``(seat, event as that seat sees it)`` for each of ``count`` seats and the spectator
    (``None``) that sees the event at all."""
    for seat in [*range(count), None]:
        shown = event.for_seat(seat)
        if shown is not None:
            yield seat, shown
