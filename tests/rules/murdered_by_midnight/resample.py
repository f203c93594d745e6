"""A world a seat cannot tell from the real one, for the hidden-information property.

Written from the rulebook, not from the view: what a seat has not seen is redrawn.
- The face-down map deck: its order.
- Tokens on cards still face down: which of those cards each stands on.
- Weapons at locations nobody has searched: which such location holds which.
- Prints on weapons with prints (not the murder weapon) whose envelope the seat has not read
  (in competitive play another inspector's envelope is sealed to it): shuffled among them.
- The two entries of witness groups none of whose members has yet been asked that question.
The murderer, weapon, motive and time stay: wrong accusations and the end reveal them.

The case is what changes; the state changes only in its deck order (it names the case's things
by id), so the resampler returns both.
"""

from __future__ import annotations

import dataclasses
import random

from rules.murdered_by_midnight.case import MbmCase, WeaponFind
from rules.murdered_by_midnight.spec import Act, Mode
from rules.murdered_by_midnight.state import MbmState


def resample(
    case: MbmCase, state: MbmState, seat: int | None, rng: random.Random
) -> tuple[MbmCase, MbmState]:
    """Another (case, state) ``seat`` cannot tell from this one (``None``: a spectator)."""
    deck = list(state.deck)
    rng.shuffle(deck)
    face_up = {p.location for p in state.placed}
    whereabouts = dict(case.whereabouts)
    for character, location in sorted(case.whereabouts.items()):
        if location not in face_up:
            whereabouts[character] = rng.choice(sorted(state.deck))
    case = dataclasses.replace(case, whereabouts=whereabouts)
    case = _move_unsearched_weapons(state, case, rng)
    case = _shuffle_unread_prints(state, case, seat, rng)
    case = _shuffle_unheard_testimony(state, case, rng)
    return case, dataclasses.replace(state, deck=tuple(deck))


def _move_unsearched_weapons(state: MbmState, case: MbmCase, rng: random.Random) -> MbmCase:
    searched = {q.location for q in state.questions if q.type == Act.SEARCH}
    finds = list(case.weapon_finds)
    movable = [i for i, f in enumerate(finds) if f.location not in searched]
    places = [finds[i].location for i in movable]
    rng.shuffle(places)
    for index, place in zip(movable, places, strict=True):
        finds[index] = dataclasses.replace(finds[index], location=place)
    return _with_finds(case, finds)


def _shuffle_unread_prints(
    state: MbmState, case: MbmCase, seat: int | None, rng: random.Random
) -> MbmCase:
    read = {
        q.subject
        for q in state.questions
        if q.type == Act.DUST_FOR_PRINTS
        and seat is not None
        and (state.mode != Mode.COMPETITIVE or q.seat == seat)
    }
    finds = list(case.weapon_finds)
    first_with, last_with = 1, 1 + len(case.weapons_with_prints)
    unread = [i for i in range(first_with, last_with) if finds[i].weapon not in read]
    prints = [finds[i].prints for i in unread]
    rng.shuffle(prints)
    for index, who in zip(unread, prints, strict=True):
        finds[index] = dataclasses.replace(finds[index], prints=who)
    return _with_finds(case, finds)


def _with_finds(case: MbmCase, finds: list[WeaponFind]) -> MbmCase:
    count = len(case.weapons_with_prints)
    return dataclasses.replace(
        case,
        murder_weapon=finds[0],
        weapons_with_prints=tuple(finds[1 : 1 + count]),
        weapons_without_prints=tuple(finds[1 + count :]),
    )


def _shuffle_unheard_testimony(state: MbmState, case: MbmCase, rng: random.Random) -> MbmCase:
    groups = list(case.witness_groups)
    for kind, field in ((Act.ASK_WHAT_THEY_SAW, "saw"), (Act.ASK_WHO_DID_IT, "suspects")):
        asked = {q.subject for q in state.questions if q.type == kind}
        unheard = [i for i, g in enumerate(groups) if not asked & set(g.witnesses)]
        entries = [getattr(groups[i], field) for i in unheard]
        rng.shuffle(entries)
        for index, entry in zip(unheard, entries, strict=True):
            groups[index] = dataclasses.replace(groups[index], **{field: entry})
    return dataclasses.replace(case, witness_groups=tuple(groups))
