"""Choosing where to end a move, from the view's ``moves`` alone.

A view does not carry the ring, only where this roll may end (``moves``: each destination's
location, whether ending there is a visit, whether its route passes an Accuse or an Escape
space). So a bot scores the destinations of this roll, and when nothing in reach is worth a
look it *walks on*: keeps going clockwise the whole roll, which reaches every Accuse and Escape
space of the ring within a lap whatever the island. Every bot, Jessica or Murderer, walks the
same way, so the walk tells nobody anything.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from .case import DIE_SIDES, MIN_RING

Move = Mapping[str, Any]

#: A straight move that wrapped past space 0 lands at least this far round from the pawn.
_WRAPPED = MIN_RING - DIE_SIDES
#: Weight of walking on, and of the random tie-break, beside a location's worth.
WALK_BONUS = 0.05
JITTER = 0.01


def heading(here: int | None, to: int, roll: int | None) -> int:
    """+1 when a move to ``to`` walked the roll clockwise without crossing at a dock or
    entering by a To space, -1 the same anticlockwise, 0 otherwise (or unknown)."""
    if here is None or roll is None:
        return 0
    apart = to - here
    if apart == roll or (apart <= -_WRAPPED and to < roll):
        return 1
    if apart == -roll or (apart >= _WRAPPED and here < roll):
        return -1
    return 0


def walking_on(view: Mapping[str, Any], move: Move) -> bool:
    """Whether ``move`` is the whole roll clockwise (the walk every bot takes)."""
    return heading(view["pawns"][view["turn"]], move["to"], view["roll"]) == 1


def best(
    view: Mapping[str, Any],
    moves: Sequence[Move],
    worth: Callable[[Move], float],
    rng: random.Random,
) -> Move:
    """The move of most ``worth``; walking on breaks near ties, then chance.

    Chance (a draw of up to :data:`JITTER` a move) can only decide between moves whose worth
    with the walking bonus lies within ``JITTER`` of the best: when one move leads every other
    by more, it is chosen without drawing, as the draws would have chosen it. The generator is
    the step's own and is read no further, so the draws left out change nothing after, and a
    generator never drawn from is never seeded (``rules.core.rng_for``)."""
    here, roll = view["pawns"][view["turn"]], view["roll"]
    values = [worth(move) for move in moves]
    bonuses = [WALK_BONUS if heading(here, move["to"], roll) == 1 else 0.0 for move in moves]
    leader = _clear_leader([value + bonus for value, bonus in zip(values, bonuses, strict=True)])
    if leader is not None:
        return moves[leader]
    chosen = moves[0]
    top = -1.0
    for move, value, bonus in zip(moves, values, bonuses, strict=True):
        score = value + JITTER * rng.random() + bonus  # a bonus of 0.0 adds nothing
        if score > top:
            chosen, top = move, score
    return chosen


#: How far the best move must lead every other for the draws not to matter: their most,
#: with room to spare for the rounding of the sums.
_CLEAR_LEAD = 2 * JITTER


def _clear_leader(scores: Sequence[float]) -> int | None:
    """The index of the move whose score (its worth, with the walking bonus) leads every
    other's by more than :data:`_CLEAR_LEAD`, or ``None`` when chance must decide."""
    if len(scores) < 2:
        return 0 if scores else None
    runner_up, top = sorted(scores)[-2:]
    return scores.index(top) if top - runner_up > _CLEAR_LEAD else None


def walk(view: Mapping[str, Any], moves: Sequence[Move], rng: random.Random) -> Move:
    """The clockwise whole-roll move if there is one, else any (by chance)."""
    return best(view, moves, lambda move: 0.0, rng)
