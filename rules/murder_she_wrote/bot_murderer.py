"""A bot Murderer: it moves like a Jessica, kills where no Jessica could pin the death on it,
and flees once five are dead. It never accuses (it may not).

"If you are the Murderer, remember you can pretend to be JESSICA and stalk players too and
throw them off the scent!" Its moves are a Jessica's, scored on the suspects it would have were
it one (``suspects.pretended_candidates``). Its kills read what each Jessica saw, which the
Murderer knows (it made every kill): ``suspects.suspicion_after_kill`` says whom each would
suspect if she looked next, and it kills only when each would still suspect others too.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from rules.core import Action, ActionSpec

from . import bot_moves
from .bot_deduce import read
from .bot_policy import Policy
from .bot_scout import location_worth
from .case import HOTEL
from .spec import DEAD_TO_ESCAPE, Act, Rules, Status
from .suspects import (
    candidates_from,
    known_jessicas,
    log_of,
    looks_in_world,
    possible_first_victims,
)
from .visits import OTHERS_BEFORE_RETURN as RETURN_AFTER

#: Fleeing, it still stops for a look worth this much (a death there would split its
#: suspects), as a Jessica would; lesser looks it passes by on its walk to an Escape space.
FLEEING_LOOKS_AT = 0.6
#: Kills that make five dead with the first victim, whoever chose it.
KILLS_TO_ESCAPE = DEAD_TO_ESCAPE - 1

#: Plain values read on every step: an enum member's ``.value`` is a property call.
MOVE, RETURN_TOKEN = Act.MOVE.value, Act.RETURN_TOKEN.value
ALIVE, DEAD = Status.ALIVE.value, Status.DEAD.value
ADVANCED = Rules.ADVANCED.value


def first_victim(choices: Sequence[Any], rng: random.Random) -> Any:
    """Basic rules: any location but the Hotel, where every pawn starts. A first victim found
    on a Jessica's first look is no clue to anyone, and it leaves room for one more such death:
    the later she finds it, the longer a kill she first looks at stays the first victim to her.
    The Hotel, beside the Start, is the first location most look at."""
    away = [location for location in choices if location != HOTEL]
    return rng.choice(away or list(choices))


def return_token(view: Mapping[str, Any], legal: Sequence[ActionSpec], policy: Policy) -> Action:
    """Kill (put back DEAD over a living islander) when the kill is safe enough, or needed."""
    tokens = legal[0].choices("token")
    kill = DEAD in tokens and ALIVE in tokens and _kills(view, policy)
    token = DEAD if kill or ALIVE not in tokens else ALIVE
    return Action(RETURN_TOKEN, {"token": token})


def _kills(view: Mapping[str, Any], policy: Policy) -> bool:
    if len(view["kills"]) >= KILLS_TO_ESCAPE:
        return False
    if len(pinned_by_kill(view, policy)) <= policy.pinned_allowed:
        return True
    return policy.reckless_when_exposed and exposed(view)


def pinned_by_kill(view: Mapping[str, Any], policy: Policy) -> list[int]:
    """The Jessicas who would suspect fewer than ``policy.caution`` seats if the Murderer
    killed at the location it is checking and she looked there next (as
    :func:`.suspects.suspicion_after_kill` reads it). Under the advanced rules a Jessica whose
    card lies fewer than two below the top may not look next ("two other players must have
    entered since your counter was at the LAST IN position"): whoever enters before her covers
    the kill."""
    location = view["visits"][-1]["location"]
    cards = view["last_in"][location]
    advanced = view["rules"] == ADVANCED
    log = log_of(view)
    kills = [*view["kills"], len(log) - 1]
    worlds = _Worlds(view)
    return [
        jessica
        for jessica in _jessicas_in(view)
        if not (advanced and jessica in cards and cards.index(jessica) < RETURN_AFTER)
        and worlds.suspects_fewer([*log, (jessica, location)], kills, jessica, policy.caution)
    ]


def exposed(view: Mapping[str, Any]) -> bool:
    """Whether some Jessica already suspects the Murderer alone (``suspects.exposure``)."""
    log = log_of(view)
    kills = list(view["kills"])
    worlds = _Worlds(view)
    return any(worlds.suspects_fewer(log, kills, jessica, 2) for jessica in _jessicas_in(view))


def _jessicas_in(view: Mapping[str, Any]) -> list[int]:
    out = set(view["out"])
    return [seat for seat in range(len(view["pawns"])) if seat != view["seat"] and seat not in out]


class _Worlds:
    """The worlds the Murderer cannot tell apart (a first victim it may not know, advanced),
    read once per decision."""

    def __init__(self, view: Mapping[str, Any]) -> None:
        self.seats = len(view["pawns"])
        self.first_victims = possible_first_victims(view)
        self.cleared = known_jessicas(view)

    def suspects_fewer(
        self, log: list[tuple[int, str]], kills: list[int], jessica: int, fewer: int
    ) -> bool:
        """Whether, in some world, ``jessica``'s sightings along ``log`` leave her fewer than
        ``fewer`` suspects. First victims she never looked at give her the same sightings: one
        stands for them all."""
        looked_at = {location for seat, location in log if seat == jessica}
        worlds = [fv for fv in self.first_victims if fv in looked_at]
        worlds += [fv for fv in self.first_victims if fv not in looked_at][:1]
        excluded = self.cleared | {jessica}
        for first_victim in worlds:
            looks = looks_in_world(log, jessica, first_victim, kills)
            if len(candidates_from(self.seats, log, looks, excluded)) < fewer:
                return True
        return False


def move(view: Mapping[str, Any], rng: random.Random) -> Action:
    """Flee once the kills are made and an Escape space is in reach; else move as a Jessica
    would (before and after the kills alike: a Murderer that stopped looking and walked off
    would visit less than a Jessica, a tell)."""
    moves = view["moves"]
    flees = len(view["kills"]) >= KILLS_TO_ESCAPE
    if flees:
        fleeing = [m for m in moves if m["escape"]]
        if fleeing:
            return Action(MOVE, {"to": fleeing[0]["to"]})
    pretending = known_jessicas(view) | {view["seat"]}
    known = read(view, pretending)
    # whom it would suspect were it a Jessica (``suspects.pretended_candidates``)
    suspects = known.candidates or frozenset(range(len(view["pawns"]))) - pretending
    # as a Jessica it would know only the deaths it has seen, so it goes back to its kills as
    # she would (knowing them dead, it would visit less than a Jessica: a tell)
    worth = location_worth(view, known.since_alive, suspects, known.dead)
    least = FLEEING_LOOKS_AT if flees else 0.0

    def worth_of(move: bot_moves.Move) -> float:
        found = worth(move["location"]) if move["visit"] else 0.0
        return found if found >= least else 0.0

    chosen = bot_moves.best(view, moves, worth_of, rng)
    return Action(MOVE, {"to": chosen["to"]})
