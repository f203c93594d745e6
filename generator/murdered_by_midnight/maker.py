"""Invent a Murdered by Midnight case: draft in Python, timeline in z3, then prove it.

1. **Draft** (:mod:`.draft`, plain Python, ``random.Random`` from the seed): the cast and their
   ties to the victim, the murderer and the decoys, when each is seen near the scene, the
   weapons, the testimony, where everyone ends the evening, the prints.
2. **Timeline** (:mod:`.model`, z3): every character's room in every slot under the floor plan,
   the murder, the discovery and the pins.
3. **Proof**: z3 shows that no other (murderer, weapon, motive, time) fits what a player can
   learn (push, assert the facts and the negated solution, unsat, pop), and the independent
   verifier (:mod:`.verify`) checks the whole sheet again by enumeration, including that every
   deduction step is needed when the case has decoys.

A step that cannot go on raises :class:`~generator.kit.retry.Rejected` with one of the reasons
below, and the kit's retry loop (:func:`~generator.kit.retry.retry`) draws again from a
generator derived from the case seed and the attempt number, at most :data:`ATTEMPTS` times.
A case z3 or the verifier finds unfair is a bug, not a bad draw: :class:`GenerationError`.

====================================  =========================================================
reason                                the draft is rejected when
====================================  =========================================================
``cross-reference/too-few-groups``    too few witness groups to tell the victim's sighting
                                      and an earlier visit near the scene
``cross-reference/too-early``         the discovery comes too early for an earlier visit, the
                                      victim's sighting and the candidates' sightings after it
``cross-reference/no-fit``            no room away from the scene fits the victim's sighting
``weapon/no-path``                    the murderer cannot hide the weapon and reach the end of
                                      their evening before the discovery
``testimony/no-room``                 no room at or next to the scene fits a candidate's
                                      sighting
``testimony/too-few-groups``          more sightings must be told than there are groups
``testimony/no-sighting``             no bystander's sighting fits a group's evening in
                                      :data:`~.draft.PLACEMENT_TRIES` draws
``testimony/out-of-sight``            a witness cannot be in or next to the room they describe
``evening/no-end``                    no room fits where someone's token stands at the end
``prints/no-holder``                  no suspect could have handled a weapon before the
                                      discovery
``timeline/unknown``                  z3 finds no timeline within its effort bound
``timeline/unsat``                    the pins contradict the rules of the evening
====================================  =========================================================
"""

from __future__ import annotations

import dataclasses
import random
from collections import Counter

from generator.kit.retry import GenerationError, Rejected, retry
from rules.murdered_by_midnight.case import (
    Character,
    Location,
    MbmCase,
    Motive,
    Sighting,
    Solution,
    Suspicion,
    Weapon,
    WeaponFind,
    WitnessGroup,
)

from .draft import Draft, draft
from .model import Facts, TimelineSolver, Verdict, floor_plan
from .options import Settings
from .verify import verify

__all__ = ["GenerationError", "build_case", "draft", "generate_case", "learnable_facts"]

ATTEMPTS = 40


# the Author's sheet ------------------------------------------------------------------------------


def _location(index: int) -> str:
    return f"L{index + 1}"


def _character(index: int) -> str:
    return f"C{index + 1}"


def _weapon(index: int) -> str:
    return f"W{index + 1}"


def _motive(index: int) -> str:
    return f"M{index + 1}"


def build_case(d: Draft, grid: list[list[int]]) -> MbmCase:
    """The Author's sheet of ``d`` with the timeline z3 found."""
    p = d.problem
    times = d.times
    timeline = {
        _character(c): tuple(_location(grid[c][slot]) for slot in range(len(times)))
        for c in range(p.characters)
    }
    whereabouts = {
        _character(c): _location(grid[c][p.last_slot]) for c in range(p.characters) if c != p.victim
    }
    finds = [
        WeaponFind(_weapon(w), _location(room), None if prints is None else _character(prints))
        for w, room, prints in d.finds
    ]
    murder_find, herrings = finds[0], sorted(finds[1:], key=lambda f: int(f.weapon[1:]))
    victim_name = d.names[p.victim]
    found_at = times[p.last_slot]
    return MbmCase(
        title=d.title_pattern.format(house=d.house, victim=victim_name),
        # The introduction is atmosphere: the discovery, with its time on the reader's clock,
        # is narration's sentence from the facts below (discoverer, scene, discovered_at).
        introduction=d.introduction_pattern.format(
            house=d.house, victim=victim_name, count=p.characters - 1
        ),
        locations=tuple(
            Location(_location(i), name, description)
            for i, (name, description) in enumerate(d.rooms)
        ),
        characters=tuple(
            Character(_character(i), name, bio)
            for i, (name, bio) in enumerate(zip(d.names, d.biographies, strict=True))
        ),
        weapons=tuple(Weapon(_weapon(i), name, cause) for i, (name, cause) in enumerate(d.weapons)),
        motives=tuple(Motive(_motive(i), name) for i, name in enumerate(d.motives)),
        times=times,
        scene=_location(p.scene),
        victim=_character(p.victim),
        discoverer=_character(p.discoverer),
        discovered_at=found_at,
        cause_of_death=d.weapons[d.murder_weapon][1],
        whereabouts=whereabouts,
        timeline=timeline,
        murder_weapon=murder_find,
        weapons_with_prints=tuple(f for f in herrings if f.prints is not None),
        weapons_without_prints=tuple(f for f in herrings if f.prints is None),
        suspects=tuple(_character(s) for s in d.suspects),
        witness_groups=tuple(
            WitnessGroup(
                tuple(_character(w) for w in g.witnesses),
                Sighting(_character(g.saw[0]), _location(g.saw[1]), times[g.saw[2]]),
                Suspicion(_character(g.suspects[0]), _motive(g.suspects[1])),
            )
            for g in d.groups
        ),
        solution=Solution(
            murderer=_character(d.murderer),
            weapon=_weapon(d.murder_weapon),
            motive=_motive(d.motive),
            time=times[p.death],
        ),
        ties={
            _character(c): tuple(_motive(m) for m in ties)
            for c, ties in enumerate(d.ties)
            if c != p.victim
        },
    )


def learnable_facts(case: MbmCase) -> Facts:
    """What a player can learn from ``case``'s sheet, in index form for z3."""

    def index(item_id: str) -> int:
        return int(item_id[1:]) - 1

    murder_weapon = case.murder_weapon
    confirmed = tuple(
        (index(f.weapon), None if f.prints is None else index(f.prints))
        for f in case.weapon_finds
        if f.weapon == murder_weapon.weapon or f.location == murder_weapon.location
    )
    return Facts(
        confirmed_weapons=confirmed,
        suspicions=tuple(
            (index(g.suspects.suspect), index(g.suspects.motive)) for g in case.witness_groups
        ),
        scene_sightings=tuple(
            (index(g.saw.person), case.times.index(g.saw.time))
            for g in case.witness_groups
            if g.saw.location == case.scene
        ),
        victim=index(case.victim),
        victim_alive=tuple(
            sorted(
                {
                    case.times.index(g.saw.time)
                    for g in case.witness_groups
                    if g.saw.person == case.victim and g.saw.location != case.scene
                }
            )
        ),
        solution=(
            index(case.solution.murderer),
            index(case.solution.weapon),
            index(case.solution.motive),
            case.times.index(case.solution.time),
        ),
    )


def neighbours(case: MbmCase) -> dict[str, frozenset[str]]:
    """The generator's floor plan in location ids, for the verifier's movement check."""
    plan = floor_plan(len(case.locations))
    return {_location(i): frozenset(_location(j) for j in near) for i, near in enumerate(plan)}


# the timeline and the proof -----------------------------------------------------------------------


def generate_case(
    seed: int, settings: Settings, *, rejections: Counter[str] | None = None
) -> MbmCase:
    """The case of ``seed``: drafted, solved and proved.

    ``rejections``, if given, counts the drafts rejected on the way, by reason.

    :class:`~generator.kit.retry.AttemptsExhausted` (a :class:`GenerationError`) when every
    attempt's draft is rejected; :class:`GenerationError` when a drafted case turns out unfair.
    """

    def attempt(rng: random.Random) -> MbmCase:
        d = draft(settings, rng)
        solver = _solve(d, rng)
        case = build_case(d, solver.timeline())
        _prove(seed, case, solver, needs_every_step=bool(d.decoys))
        return case

    return retry(
        attempt,
        seed=seed,
        attempts=ATTEMPTS,
        what=f"Murdered by Midnight case for seed {seed} with {_described(settings)}",
        rejections=rejections,
    )


def _described(settings: Settings) -> str:
    """The settings as a person reads them in an error: ``locations 12, characters 5, …``."""
    shown = dataclasses.asdict(settings)
    words = {True: "yes", False: "no"}
    return ", ".join(
        f"{name.replace('_', ' ')} {words.get(value, value) if isinstance(value, bool) else value}"
        for name, value in shown.items()
    )


def _solve(d: Draft, rng: random.Random) -> TimelineSolver:
    """The draft's solver once z3 has found a timeline (with a seed of z3's own from ``rng``)."""
    solver = TimelineSolver(d.problem, random_seed=rng.randrange(2**31))
    verdict = solver.check()
    if verdict is Verdict.UNKNOWN:
        raise Rejected("timeline/unknown", "z3 found no timeline within its effort bound")
    if verdict is Verdict.UNSAT:
        raise Rejected("timeline/unsat", "the pins contradict the rules of the evening")
    return solver


def _prove(seed: int, case: MbmCase, solver: TimelineSolver, *, needs_every_step: bool) -> None:
    """z3's uniqueness proof, then the independent verifier (and, for a case with decoys, its
    count of the answers left to a detective who skips one step); a failure is a bug."""
    if not solver.is_unique(learnable_facts(case)):
        raise GenerationError(f"seed {seed}: z3 finds a second solution to a drafted case")
    report = verify(case, neighbours=neighbours(case))
    if not report.ok:
        raise GenerationError(
            f"seed {seed}: the verifier rejects the drafted case: {report.problems}"
        )
    if needs_every_step and min(report.without.values()) < 2:
        raise GenerationError(f"seed {seed}: a deduction step is not needed: {report.without}")
