"""A bot Jessica: she keeps the suspect list of her own view, looks where a look tells most,
and accuses when one suspect is left (or, late and with few left, guesses).

"To win as a Jessica player you must identify the Murderer before he/she has a chance to
escape ... Land or pass over either Accuse spaces." She is never wrong when sure: the suspect
list (:mod:`.suspects`) always holds the Murderer. Sure but with no Accuse space in reach, she
walks on round the ring towards one.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from rules.core import Action, ActionSpec

from . import bot_moves
from .bot_deduce import Reading, read
from .bot_policy import Policy
from .bot_scout import location_worth
from .spec import Act

#: Plain values read on every step: an enum member's ``.value`` is a property call.
MOVE = Act.MOVE.value


def move(
    view: Mapping[str, Any], legal: Sequence[ActionSpec], rng: random.Random, policy: Policy
) -> Action:
    known = read(view)
    suspects = known.candidates or _others_in(view)
    moves = view["moves"]
    accusing = [spec for spec in legal if "accuse" in spec.params]
    if accusing:
        named = accusation(view, known, suspects, policy, rng)
        if named is not None and named in accusing[0].choices("accuse"):
            allowed = set(accusing[0].choices("to"))
            chosen = bot_moves.best(
                view, [m for m in moves if m["to"] in allowed], _worth(view, known, suspects), rng
            )
            return Action(MOVE, {"to": chosen["to"], "accuse": named})
    if len(suspects) == 1:
        chosen = bot_moves.walk(view, moves, rng)
    else:
        chosen = bot_moves.best(view, moves, _worth(view, known, suspects), rng)
    return Action(MOVE, {"to": chosen["to"]})


def accusation(
    view: Mapping[str, Any],
    known: Reading,
    suspects: frozenset[int],
    policy: Policy,
    rng: random.Random,
) -> int | None:
    """Whom to accuse now that an Accuse space is in reach: the one suspect left, or a guess
    among a few when time presses (many dead seen, or the turn limit near); else nobody."""
    if len(suspects) == 1:
        return next(iter(suspects))
    jessicas_in = len(view["pawns"]) - len(view["out"]) - 1
    pressed = (
        len(known.dead) >= policy.guess_after_deaths + max(0, jessicas_in - 2) // 2
        or view["rounds"] - view["round"] < policy.guess_rounds_left
    )
    if pressed and 1 < len(suspects) <= policy.guess_among and rng.random() < policy.guess_chance:
        return rng.choice(sorted(suspects))
    return None


def _worth(
    view: Mapping[str, Any], known: Reading, suspects: frozenset[int]
) -> Callable[[bot_moves.Move], float]:
    worth = location_worth(view, known.since_alive, suspects, known.dead)
    return lambda move: worth(move["location"]) if move["visit"] else 0.0


def _others_in(view: Mapping[str, Any]) -> frozenset[int]:
    """Every other seat still in: what a Jessica suspects when her sightings fit no world
    (a view the rules never make)."""
    out = set(view["out"])
    return frozenset(
        seat for seat in range(len(view["pawns"])) if seat != view["seat"] and seat not in out
    )
