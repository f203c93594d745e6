"""A simple bot, from its own view only: it visits where it may check, kills what it finds
alive, and (a Jessica) accuses a seat that entered a location between an ALIVE and a DEAD
sighting of hers. A stand-in: the deduction bot replaces it."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from rules.core import Action, ActionSpec, random_action

from .spec import Act, Status


def choose(view: Mapping[str, Any], legal: Sequence[ActionSpec], rng: random.Random) -> Action:
    kinds = {spec.type for spec in legal}
    if Act.RETURN_TOKEN in kinds:
        tokens = legal[0].choices("token")
        token = Status.DEAD.value if Status.DEAD in tokens else tokens[0]
        return Action(Act.RETURN_TOKEN.value, {"token": token})
    if Act.MOVE in kinds:
        return _move(view, legal, rng)
    return random_action(legal, rng)


def _move(view: Mapping[str, Any], legal: Sequence[ActionSpec], rng: random.Random) -> Action:
    accusing = [spec for spec in legal if "accuse" in spec.params]
    if accusing:
        suspects = _suspects(view)
        named = [s for s in accusing[0].choices("accuse") if s in suspects]
        if len(named) == 1:
            spec = accusing[0]
            return Action(
                Act.MOVE.value, {"to": rng.choice(spec.choices("to")), "accuse": named[0]}
            )
    moves = view["moves"]
    wanted = [m["to"] for m in moves if m["visit"]]
    if view["role"] == "murderer" and len(view["known_dead"]) >= 5:
        wanted = [m["to"] for m in moves if m["escape"]] or wanted
    to = rng.choice(wanted) if wanted else rng.choice(legal[0].choices("to"))
    return Action(Act.MOVE.value, {"to": to})


def _suspects(view: Mapping[str, Any]) -> set[int]:
    """The seats that entered a location between an ALIVE and a DEAD sighting of ours, in
    every such window (accusers that were wrong and ourselves left out)."""
    windows: list[set[int]] = []
    alive_at: dict[str, int] = {}
    log = view["visits"]
    for sighting in view["seen"]:
        location = sighting["location"]
        if sighting["status"] == Status.ALIVE:
            alive_at[location] = sighting["visit"]
        elif location in alive_at:
            start = alive_at.pop(location) + 1
            windows.append(
                {v["seat"] for v in log[start : sighting["visit"]] if v["location"] == location}
            )
    if not windows:
        return set()
    cleared = {a["seat"] for a in view["accusers"]} | {view["seat"]}
    return set.intersection(*windows) - cleared
