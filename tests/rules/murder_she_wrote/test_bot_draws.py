"""A bot's choice of destination draws only when chance can decide it (``bot_moves.best``):
the same move as drawing for every destination, and no draw (so no seeding) when one move
leads the others by more than the draws could make up."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any

import pytest

from rules.murder_she_wrote import bot_moves
from rules.murder_she_wrote.bot_moves import JITTER, WALK_BONUS, Move, heading
from rules.murder_she_wrote.bot_scout import (
    FIRST_LOOK,
    FRESH_WINDOW,
    NOTHING_NEW,
    PER_SUSPECT,
    SPLITS,
    STALKS,
)

#: The worths a look can have (``bot_scout.location_worth``), and nothing.
WORTHS = sorted(
    {
        0.0,
        NOTHING_NEW,
        FIRST_LOOK,
        FIRST_LOOK + STALKS / 2,
        *(
            FRESH_WINDOW + PER_SUSPECT * entered + SPLITS * splits + STALKS * stalks
            for entered in range(1, 6)
            for splits in (0, 1)
            for stalks in (0, 1)
        ),
    }
)
HERE, ROLL, SIZE = 30, 4, 60


def drawing_every_time(
    view: dict[str, Any], moves: Sequence[Move], worth: Callable[[Move], float], rng: random.Random
) -> Move:
    """The choice as it was made before: a draw for every destination, in order."""
    here, roll = view["pawns"][view["turn"]], view["roll"]
    chosen, top = moves[0], -1.0
    for move in moves:
        score = worth(move) + JITTER * rng.random()
        if heading(here, move["to"], roll) == 1:
            score += WALK_BONUS
        if score > top:
            chosen, top = move, score
    return chosen


class Counted(random.Random):
    """A generator that counts its draws."""

    def __init__(self, seed: int) -> None:
        super().__init__(seed)
        self.draws = 0

    def random(self) -> float:
        self.draws += 1
        return super().random()


def case(seed: int) -> tuple[dict[str, Any], list[Move], dict[int, float]]:
    """A view, the destinations of a roll (the clockwise walk among them or not) and a worth
    for each, drawn from ``seed``."""
    draw = random.Random(seed)
    ends = [HERE + ROLL, HERE - ROLL, *range(HERE - 20, HERE - 5)]
    spaces = draw.sample(ends, draw.randint(1, 6))
    moves: list[Move] = [{"to": space % SIZE} for space in spaces]
    palette = draw.sample(WORTHS, draw.randint(1, 3))  # few worths: ties are common
    worths = {move["to"]: draw.choice(palette) for move in moves}
    return {"pawns": [HERE], "turn": 0, "roll": ROLL}, moves, worths


@pytest.mark.parametrize("seed", range(3000))
def test_the_same_move_as_drawing_for_every_destination(seed: int) -> None:
    view, moves, worths = case(seed)
    worth: Callable[[Move], float] = lambda move: worths[move["to"]]  # noqa: E731
    chosen = bot_moves.best(view, moves, worth, random.Random(seed))
    assert chosen is drawing_every_time(view, moves, worth, random.Random(seed))


def test_a_clear_lead_draws_nothing() -> None:
    view = {"pawns": [HERE], "turn": 0, "roll": ROLL}
    moves: list[Move] = [{"to": HERE - ROLL}, {"to": HERE + ROLL}, {"to": HERE - 9}]
    rng = Counted(1)
    walked = bot_moves.walk(view, moves, rng)
    assert walked["to"] == HERE + ROLL and rng.draws == 0
    worths = {HERE - ROLL: FIRST_LOOK, HERE + ROLL: 0.0, HERE - 9: NOTHING_NEW}
    looked = bot_moves.best(view, moves, lambda move: worths[move["to"]], rng)
    assert looked["to"] == HERE - ROLL and rng.draws == 0


def test_a_near_tie_draws_for_every_destination() -> None:
    view = {"pawns": [HERE], "turn": 0, "roll": ROLL}
    moves: list[Move] = [{"to": HERE - ROLL}, {"to": HERE + ROLL}, {"to": HERE - 9}]
    worths = {HERE - ROLL: FIRST_LOOK, HERE + ROLL: 0.0, HERE - 9: FIRST_LOOK}
    rng = Counted(1)
    bot_moves.best(view, moves, lambda move: worths[move["to"]], rng)
    assert rng.draws == len(moves)
