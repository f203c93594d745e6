"""Worlds a seat cannot tell apart, for the hidden-information property of Nightfall.

Written from the rules' definition of what is hidden, not from :meth:`Nightfall.view`: a seat
knows its own role, its own sealed choice and its own dawn sightings; everything else that is
not public may differ between two worlds it cannot tell apart.
"""

from __future__ import annotations

import dataclasses
import random

from rules.kit.simultaneous import Choice, Commitments
from tests.nightfall.case import NightfallCase
from tests.nightfall.system import NightfallState, Sighting, ballot


def killer_candidates(state: NightfallState, seat: int | None) -> list[int]:
    """The seats ``seat`` cannot rule out as the killer.

    The killer is never out while the game runs (it cannot visit itself and a vote against it
    ends the game), a guest knows it is not the killer, and a guest who watched a victim saw
    the killer among the visitors.
    """
    if seat == state.killer:
        return [seat]
    left = {other for other in state.alive if other != seat}
    if seat is not None:
        for sighting in state.sightings[seat]:
            if sighting.saw:
                left &= set(sighting.saw)
    return sorted(left)


def resample(
    case: NightfallCase, state: NightfallState, seat: int | None, rng: random.Random
) -> tuple[NightfallCase, NightfallState]:
    """Another world ``seat`` cannot tell from this one: the killer redrawn among the seats it
    cannot rule out, the other seats' sealed choices and dawn sightings redrawn.

    A finished game has revealed the killer to everyone, so only the sealed parts change then.
    """
    killer = state.killer
    if state.ending is None:
        killer = rng.choice(killer_candidates(state, seat))
    everyone = range(len(state.seats))
    sightings = tuple(
        mine
        if other == seat
        else tuple(_any_sighting(s, other, len(state.seats), rng) for s in mine)
        for other, mine in zip(everyone, state.sightings, strict=True)
    )
    twin = dataclasses.replace(
        state, killer=killer, sightings=sightings, choices=_redrawn(state, seat, rng)
    )
    return case, twin


def _redrawn(state: NightfallState, seat: int | None, rng: random.Random) -> Commitments | None:
    """The sealed choices with every seat's but ``seat``'s redrawn among its legal picks."""
    if state.choices is None:
        return None
    choices: dict[int, Choice] = {}
    for voter, choice in state.choices.choices.items():
        others = state.others(voter)
        if voter == seat:
            choices[voter] = choice
        elif state.phase == "night":
            choices[voter] = rng.choice(others)
        else:
            choices[voter] = ballot(sorted(rng.sample(others, rng.randint(1, 2))))
    return Commitments(expected=state.choices.expected, choices=choices)


def _any_sighting(sighting: Sighting, owner: int, seats: int, rng: random.Random) -> Sighting:
    others = [seat for seat in range(seats) if seat != owner]
    saw = tuple(sorted(rng.sample(others, rng.randrange(len(others)))))
    return Sighting(sighting.round, rng.choice(others), saw)
