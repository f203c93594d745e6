"""The bot loop: the seats the server plays move until a person must act or the game ends.

One loop for the server and the terminal game alike, so both play the same seed the same way.
Each bot sees only its own view and legal actions; its draws come from the game's secret seed,
the step and its seat, so replaying the log makes the same moves.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from rules.actions import Action, ActionSpec
from rules.core import System, bot_view_of, rng_for
from rules.errors import RuleError
from rules.events import Event


class BotError(RuntimeError):
    """A bot broke the rules or a game would not stop: a bug, never the caller's fault."""


@dataclass(frozen=True)
class Step:
    """One applied action: its number in the game (1 is the first), who acted, what happened."""

    number: int
    seat: int
    action: Action
    events: tuple[Event, ...]


def play_step(
    system: System, case: Any, state: Any, seat: int, action: Action, *, number: int
) -> tuple[Any, Step]:
    """Apply one action as step ``number``; the rules' errors pass through unchanged."""
    state, events = system.apply(case, state, seat, action)
    return state, Step(number, seat, action, tuple(events))


def forced(legal: Sequence[ActionSpec]) -> Action | None:
    """The one action a seat may take when it has no choice at all (a window's lone pass), so
    that no bot need read its view to take it; ``None`` when there is a choice."""
    if len(legal) == 1 and not legal[0].params:
        return Action(legal[0].type)
    return None


def run_bots(
    system: System,
    case: Any,
    state: Any,
    *,
    bots: frozenset[int],
    seed: int,
    steps_so_far: int,
) -> tuple[Any, list[Step]]:
    """Let the bots play until the game ends or waits for a person.

    ``steps_so_far`` is the game's step count: the next step is numbered one more. A game that
    passes its system's ``step_limit`` is a bug in the rules or a bot, and raises
    :class:`BotError` rather than looping for ever.
    """
    limit = system.SPEC.step_limit
    look = bot_view_of(system)  # ``view``, or the system's own for bots (BotViewer)
    steps: list[Step] = []
    while system.result(case, state) is None:
        waiting = bots & system.to_act(case, state)
        if not waiting:
            break
        bot = min(waiting)  # the lowest waiting seat, without sorting them all
        number = steps_so_far + len(steps) + 1
        if number > limit:
            raise BotError(f"{system.SPEC.id}: bots passed the step limit of {limit}")
        legal = system.legal_actions(case, state, bot)
        action = forced(legal) or system.bot_choose(
            look(case, state, bot), legal, rng_for(seed, number - 1, f"bot:{bot}")
        )
        try:
            state, step = play_step(system, case, state, bot, action, number=number)
        except RuleError as error:
            raise BotError(f"{system.SPEC.id}: a bot chose {action!r}: {error.message}") from error
        steps.append(step)
    return state, steps
