"""A world a seat cannot tell from the real one, for the hidden-information property.

Written from the rulebook, not from the view. Hidden from a seat:
- who the Murderer is ("Each player now secretly knows whether they are playing the role of
  the Murderer or Jessica"): any seat but the viewer (a Jessica) and those that accused (a
  Murderer may not accuse), among those whose turn in the setting of the scene has come as
  far as the Murderer's;
- under the advanced rules, from the Murderer, where the first victim lies ("even the Murderer
  does not know where the first murder was done!") while it has not looked at that islander
  (and the new place is one it has not looked at or silenced either).
Once the game is over everything is revealed, so the world stays put then.
"""

from __future__ import annotations

import dataclasses
import random

from rules.kit.simultaneous import Commitments
from rules.murder_she_wrote.case import Island
from rules.murder_she_wrote.spec import Rules
from rules.murder_she_wrote.state import MswState


def resample(
    island: Island, state: MswState, seat: int | None, rng: random.Random
) -> tuple[Island, MswState]:
    if state.ending is not None:
        return island, state
    if seat is not None and seat == state.murderer:
        return island, _first_victim(state, rng)
    return island, _murderer(state, seat, rng)


def _murderer(state: MswState, seat: int | None, rng: random.Random) -> MswState:
    accusers = {accusation.seat for accusation in state.accusations}
    scene = state.scene
    candidates = [
        other
        for other in range(len(state.seats))
        if other != seat
        and other not in accusers
        and (scene is None or scene.has_committed(other) == scene.has_committed(state.murderer))
    ]
    murderer = rng.choice(candidates)
    if scene is not None and murderer != state.murderer:
        choices = dict(scene.choices)
        if state.murderer in choices:
            choices[murderer], choices[state.murderer] = choices[state.murderer], choices[murderer]
        scene = Commitments(expected=scene.expected, choices=choices)
    return dataclasses.replace(state, murderer=murderer, scene=scene)


def _first_victim(state: MswState, rng: random.Random) -> MswState:
    if state.rules != Rules.ADVANCED or state.first_victim is None:
        return state
    looked = {state.visits[s.visit].location for s in state.sightings[state.murderer]}
    killed = {state.visits[visit].location for visit in state.kills}
    if state.first_victim in looked:
        return state
    places = [
        location
        for location in sorted(state.last_in)
        if location not in looked and location not in killed
    ]
    victim = rng.choice(places)
    dead = (state.dead - {state.first_victim}) | {victim}
    return dataclasses.replace(state, first_victim=victim, dead=dead)
