"""Invent a Murdered by Midnight case: draft in Python, timeline in z3, then prove it.

1. **Draft** (:func:`draft`, plain Python, ``random.Random`` from the seed), one named step after
   another, each drawing in a fixed order from the same generator:

   - :func:`_choose_rooms` and :func:`_choose_cast`: the rooms, the people and their roles (C1
     the victim, C2 the discoverer, the rest shuffled into the Murderer and Suspects and the
     witnesses);
   - :func:`_place_murder`: the time of death, the discovery a few slots later, the scene;
   - :func:`_hide_weapons`: the weapons, where the murderer hides the murder weapon after the
     murder and where the red herrings lie, each at its own location;
   - :func:`_choose_motives` and :func:`_form_witness_groups`: the motives, the witnesses
     partitioned into groups, the groups that know the time and the motive;
   - :func:`_plan_cross_reference` (``cross_reference`` only): the murderer at the scene earlier
     too, and the victim seen alive elsewhere between the two visits;
   - :func:`_take_testimony`: what each group saw and whom it suspects; sightings become *pins*
     (the person in that room at that time, each witness in or next to it);
   - :func:`_leave_prints`: who handled each weapon with prints, and when;
   - :func:`_anchor_evening`: optional pins where people start and end the evening, added only
     when a quick distance check says they cannot contradict the others;
   - :func:`_dress`: the house, the title and the introduction.

2. **Timeline** (:mod:`.model`, z3): every character's room in every slot under the floor plan,
   the murder, the discovery, the pins and the visits.
3. **Proof**: z3 shows that no other (murderer, weapon, motive, time) fits what a player can
   learn (push, assert the facts and the negated solution, unsat, pop), and the independent
   verifier (:mod:`.verify`) checks the whole sheet again by enumeration.

A step that cannot go on raises :class:`~generator.kit.retry.Rejected` with one of the reasons
below, and the kit's retry loop (:func:`~generator.kit.retry.retry`) draws again from a
generator derived from the case seed and the attempt number, at most :data:`ATTEMPTS` times.
A case z3 or the verifier finds unfair is a bug, not a bad draw: :class:`GenerationError`.

====================================  =========================================================
reason                                the draft is rejected when
====================================  =========================================================
``cross-reference/too-few-groups``    fewer than three witness groups can tell the three sightings
``cross-reference/too-early``         the death comes too early for an earlier visit and a
                                      sighting of the victim between it and the death
``cross-reference/no-fit``            no earlier visit and sighting of the victim fit the
                                      evening in :data:`PLACEMENT_TRIES` draws
``testimony/no-sighting``             no innocent suspect's sighting fits a group's evening in
                                      :data:`PLACEMENT_TRIES` draws
``testimony/out-of-sight``            a witness cannot be in or next to the room they describe
``prints/no-holder``                  no innocent suspect could have handled a weapon before
                                      the discovery
``timeline/unknown``                  z3 finds no timeline within its effort bound
``timeline/unsat``                    the pins contradict the rules of the evening
====================================  =========================================================
"""

from __future__ import annotations

import dataclasses
import random
from collections import Counter
from dataclasses import dataclass

from generator.kit import names
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

from . import content
from .model import Facts, TimelineProblem, TimelineSolver, Verdict, Visit, distances, floor_plan
from .options import Settings
from .verify import verify

__all__ = ["GenerationError", "build_case", "draft", "generate_case", "learnable_facts"]

ATTEMPTS = 40
START_MINUTES = 18 * 60
#: How many times a step redraws one sighting before it rejects the whole draft.
PLACEMENT_TRIES = 12
#: The victim and the discoverer are always the first two characters (both are public).
VICTIM, DISCOVERER = 0, 1

Sight = tuple[int, int, int]  # person, location, slot


@dataclass(frozen=True)
class GroupDraft:
    witnesses: tuple[int, ...]
    saw: Sight
    suspects: tuple[int, int]  # suspect, motive


@dataclass(frozen=True)
class Draft:
    settings: Settings
    times: tuple[str, ...]
    rooms: tuple[tuple[str, str], ...]
    names: tuple[str, ...]
    biographies: tuple[str, ...]
    weapons: tuple[tuple[str, str], ...]
    motives: tuple[str, ...]
    house: str
    title_pattern: str
    introduction_pattern: str
    suspects: tuple[int, ...]
    murderer: int
    murder_weapon: int
    motive: int
    finds: tuple[tuple[int, int, int | None], ...]  # weapon, location, prints
    groups: tuple[GroupDraft, ...]
    problem: TimelineProblem


@dataclass(frozen=True)
class Cast:
    """The people of the evening, by index, with their roles."""

    names: tuple[str, ...]
    biographies: tuple[str, ...]
    suspects: tuple[int, ...]  # the Murderer and Suspects, sorted
    witnesses: tuple[int, ...]  # the discoverer, then the other witnesses as drawn
    murderer: int
    innocents: tuple[int, ...]  # the suspects but the murderer


@dataclass(frozen=True)
class Arsenal:
    """The case's weapons and where they lie."""

    weapons: tuple[tuple[str, str], ...]  # (name, cause of death)
    murder_weapon: int
    weapon_room: int  # where the murderer hid the murder weapon
    herring_rooms: tuple[int, ...]  # one per other weapon, in weapon order
    with_prints: int  # how many of the other weapons carry an innocent suspect's prints


@dataclass(frozen=True)
class Groups:
    """The witnesses in groups, and which groups know the time and the motive."""

    members: tuple[tuple[int, ...], ...]
    time_group: int
    motive_group: int


def time_grid(slot_minutes: int) -> tuple[str, ...]:
    count = (24 * 60 - START_MINUTES) // slot_minutes
    minutes = [START_MINUTES + i * slot_minutes for i in range(count)]
    return tuple(f"{m // 60:02d}:{m % 60:02d}" for m in minutes)


class Pins:
    """The pins of a draft with the quick feasibility check that keeps z3's work small."""

    def __init__(self, problem: TimelineProblem) -> None:
        self.problem = problem
        self.distance = distances(problem.locations)
        self.everywhere = frozenset(range(problem.locations))

    def baseline(self, character: int, slot: int) -> frozenset[int]:
        """Where the murder and the discovery already allow ``character`` at ``slot``."""
        p = self.problem
        scene = frozenset({p.scene})
        if character == p.victim and slot >= p.death:
            return scene
        if character == p.murderer and slot == p.death:
            return scene
        if character == p.discoverer and slot == p.last_slot:
            return scene
        if p.death < slot <= p.last_slot:
            return self.everywhere - scene
        return self.everywhere

    def around(self, room: int) -> frozenset[int]:
        """``room`` and its neighbours: where a witness who saw into ``room`` stood."""
        return frozenset(r for r in range(self.problem.locations) if self.distance[room][r] <= 1)

    def fits(self, character: int, slot: int, rooms: frozenset[int]) -> bool:
        """Whether ``character`` can be in one of ``rooms`` at ``slot``, walking one room a
        slot between it and everywhere they are already pinned."""
        rooms = rooms & self.baseline(character, slot)
        if not rooms:
            return False
        fixed = [((c, s), self.baseline(c, s)) for c, s in self.fixed_slots() if c == character] + [
            (key, r) for key, r in self.problem.pins.items() if key[0] == character
        ]
        for (_, other_slot), other_rooms in fixed:
            gap = abs(other_slot - slot)
            if min(self.distance[a][b] for a in rooms for b in other_rooms) > gap:
                return False
        return True

    def fixed_slots(self) -> list[tuple[int, int]]:
        p = self.problem
        return [(p.victim, p.death), (p.murderer, p.death), (p.discoverer, p.last_slot)]

    def add(self, character: int, slot: int, rooms: frozenset[int]) -> bool:
        """Pin ``character`` to ``rooms`` at ``slot`` if that fits; whether it did."""
        if not self.fits(character, slot, rooms):
            return False
        self.problem.pin(character, slot, rooms)
        return True

    def require(
        self, character: int, slot: int, rooms: frozenset[int], reason: str, detail: str
    ) -> None:
        """Pin ``character`` to ``rooms`` at ``slot``, or reject the draft."""
        if not self.add(character, slot, rooms):
            raise Rejected(reason, detail)


# the draft, step by step --------------------------------------------------------------------------


def draft(settings: Settings, rng: random.Random) -> Draft:
    """A case without its timeline; :class:`Rejected` when the dice made an impossible one."""
    times = time_grid(settings.slot_minutes)
    rooms = _choose_rooms(settings, rng)
    cast = _choose_cast(settings, rng)
    problem = _place_murder(settings, rng, cast, slots=len(times))
    pins = Pins(problem)
    arsenal = _hide_weapons(settings, rng, problem)
    motives, motive = _choose_motives(rng, cast)
    groups = _form_witness_groups(settings, rng, cast)
    sightings = {groups.time_group: (cast.murderer, problem.scene, problem.death)}
    if settings.cross_reference:
        sightings |= _plan_cross_reference(rng, problem, pins, groups)
    testimony = _take_testimony(
        settings, rng, pins, cast, groups, sightings, motives=len(motives), motive=motive
    )
    finds = _leave_prints(rng, pins, cast, arsenal)
    _anchor_evening(rng, pins, cast)
    house, title_pattern, introduction_pattern = _dress(rng)
    return Draft(
        settings=settings,
        times=times,
        rooms=rooms,
        names=cast.names,
        biographies=cast.biographies,
        weapons=arsenal.weapons,
        motives=motives,
        house=house,
        title_pattern=title_pattern,
        introduction_pattern=introduction_pattern,
        suspects=cast.suspects,
        murderer=cast.murderer,
        murder_weapon=arsenal.murder_weapon,
        motive=motive,
        finds=finds,
        groups=testimony,
        problem=problem,
    )


def _choose_rooms(settings: Settings, rng: random.Random) -> tuple[tuple[str, str], ...]:
    return tuple(rng.sample(sorted(content.ROOMS), settings.locations))


def _choose_cast(settings: Settings, rng: random.Random) -> Cast:
    """Names, biographies and roles: C1 the victim, C2 the discoverer (a witness), the others
    shuffled into the Murderer and Suspects (one of whom did it) and the other witnesses."""
    count = settings.characters
    people = names.person_names(rng, count)
    traits = rng.sample(sorted(content.TRAITS), count)
    roles = [rng.choice(sorted(content.VICTIM_ROLES))] + rng.sample(
        sorted(content.OCCUPATIONS), count - 1
    )
    biographies = tuple(f"{role}, {trait}." for role, trait in zip(roles, traits, strict=True))
    others = list(range(DISCOVERER + 1, count))
    rng.shuffle(others)
    suspects = tuple(sorted(others[: settings.suspects]))
    murderer = rng.choice(suspects)
    return Cast(
        names=people,
        biographies=biographies,
        suspects=suspects,
        witnesses=(DISCOVERER, *others[settings.suspects :]),
        murderer=murderer,
        innocents=tuple(s for s in suspects if s != murderer),
    )


def _place_murder(
    settings: Settings, rng: random.Random, cast: Cast, slots: int
) -> TimelineProblem:
    """The time of death, the discovery a few slots later (by the end of the evening at the
    latest) and the scene."""
    death = rng.randint(slots // 6, slots * 3 // 4 - 1)
    discovery = death + rng.randint(max(1, slots // 12), slots // 4)
    return TimelineProblem(
        locations=settings.locations,
        characters=settings.characters,
        last_slot=min(discovery, slots - 1),
        scene=rng.randrange(settings.locations),
        victim=VICTIM,
        murderer=cast.murderer,
        discoverer=DISCOVERER,
        death=death,
    )


def _hide_weapons(settings: Settings, rng: random.Random, problem: TimelineProblem) -> Arsenal:
    """The weapons, each at its own location. The murderer carries the murder weapon from the
    scene to a room they can reach before the discovery, and leaves it there (a visit)."""
    weapons, murder_weapon = _draw_weapons(rng, 1 + settings.red_herrings)
    distance = distances(problem.locations)
    hiding = [
        room
        for room in range(problem.locations)
        if room != problem.scene
        and distance[problem.scene][room] <= problem.last_slot - problem.death
    ]
    weapon_room = rng.choice(hiding)
    problem.visits.append(
        Visit(problem.murderer, weapon_room, problem.death + 1, problem.last_slot)
    )
    free_rooms = [room for room in range(problem.locations) if room != weapon_room]
    return Arsenal(
        weapons=weapons,
        murder_weapon=murder_weapon,
        weapon_room=weapon_room,
        herring_rooms=tuple(rng.sample(free_rooms, settings.red_herrings)),
        with_prints=settings.red_herrings - settings.red_herrings // 3,
    )


def _draw_weapons(rng: random.Random, count: int) -> tuple[tuple[tuple[str, str], ...], int]:
    """The case's weapons (name, cause of death) and the index of the one that killed.

    With two weapons or more, another one leaves the same cause of death: the Cause of Death
    card, shown at setup, narrows the weapon down without naming it, so forensics still counts.
    """
    pool = sorted(content.WEAPONS)
    if count == 1:
        return (rng.choice(pool),), 0
    by_cause: dict[str, list[tuple[str, str]]] = {}
    for weapon in pool:
        by_cause.setdefault(weapon[1], []).append(weapon)
    shared = sorted(cause for cause, weapons in by_cause.items() if len(weapons) >= 2)
    murder, twin = rng.sample(by_cause[rng.choice(shared)], 2)
    weapons = [murder, twin, *rng.sample([w for w in pool if w not in (murder, twin)], count - 2)]
    rng.shuffle(weapons)
    return tuple(weapons), weapons.index(murder)


def _choose_motives(rng: random.Random, cast: Cast) -> tuple[tuple[str, ...], int]:
    """Two motives more than there are suspects (as the pool allows), and the true one."""
    count = min(len(content.MOTIVES), len(cast.suspects) + 2)
    motives = tuple(rng.sample(sorted(content.MOTIVES), count))
    return motives, rng.randrange(len(motives))


def _form_witness_groups(settings: Settings, rng: random.Random, cast: Cast) -> Groups:
    """A random partition of the witnesses, the group that saw the murderer at the scene at the
    time of death and the group that suspects the murderer with the true motive: the same group
    when easy, always two different groups with ``split_key_groups``, else either."""
    witnesses = list(cast.witnesses)
    rng.shuffle(witnesses)
    cuts = sorted(rng.sample(range(1, len(witnesses)), settings.witness_groups - 1))
    bounds = [0, *cuts, len(witnesses)]
    members = tuple(tuple(sorted(witnesses[a:b])) for a, b in zip(bounds, bounds[1:], strict=False))
    count = len(members)
    time_group = rng.randrange(count)
    if settings.split_key_groups and count > 1:
        motive_group = rng.choice([g for g in range(count) if g != time_group])
    elif settings.difficulty == "easy":
        motive_group = time_group
    else:
        motive_group = rng.randrange(count)
    return Groups(members, time_group, motive_group)


def _plan_cross_reference(
    rng: random.Random, problem: TimelineProblem, pins: Pins, groups: Groups
) -> dict[int, Sight]:
    """Two more sightings, each by a group of its own: the murderer at the scene earlier (T0)
    and the victim alive in another room (T1) between that visit and the death (T2), near
    enough to the scene to be back by T2. Both are pinned, so z3 makes them true; the death
    then can only be T2."""
    count, death, scene = len(groups.members), problem.death, problem.scene
    if count < 3:
        raise Rejected("cross-reference/too-few-groups", f"{count} witness groups")
    if death < 2:
        raise Rejected("cross-reference/too-early", f"the death comes at slot {death}")
    others = [g for g in range(count) if g != groups.time_group]
    early_group, victim_group = rng.sample(others, 2)
    distance = pins.distance
    for _ in range(PLACEMENT_TRIES):
        early = rng.randrange(death - 1)
        alive = rng.randrange(early + 1, death)
        away = [
            r
            for r in range(problem.locations)
            if r != scene and distance[scene][r] <= death - alive
        ]
        if not away:
            continue
        room = rng.choice(away)
        if (
            pins.fits(problem.murderer, early, frozenset({scene}))
            and pins.fits(problem.victim, alive, frozenset({room}))
            and all(pins.fits(w, early, pins.around(scene)) for w in groups.members[early_group])
            and all(pins.fits(w, alive, pins.around(room)) for w in groups.members[victim_group])
        ):
            break
    else:
        raise Rejected(
            "cross-reference/no-fit",
            f"no earlier visit and sighting of the victim fit in {PLACEMENT_TRIES} draws",
        )
    why = "the cross-reference sightings were just checked"
    pins.require(problem.murderer, early, frozenset({scene}), "cross-reference/no-fit", why)
    pins.require(problem.victim, alive, frozenset({room}), "cross-reference/no-fit", why)
    return {
        early_group: (problem.murderer, scene, early),
        victim_group: (problem.victim, room, alive),
    }


def _take_testimony(
    settings: Settings,
    rng: random.Random,
    pins: Pins,
    cast: Cast,
    groups: Groups,
    sightings: dict[int, Sight],
    *,
    motives: int,
    motive: int,
) -> tuple[GroupDraft, ...]:
    """What each group saw and whom it suspects, group by group. A group with a sighting in
    ``sightings`` (the murderer at the scene, the cross-reference) tells it; every other group
    saw an innocent suspect (:func:`_sight_innocent`). The motive group suspects the murderer
    with the true motive, every other group an innocent suspect with any motive."""
    seen = {(person, slot) for person, _, slot in sightings.values()}
    testimony = []
    for index, group in enumerate(groups.members):
        saw = sightings.get(index)
        if saw is None:
            saw = _sight_innocent(settings, rng, pins, cast, group, seen)
            seen.add((saw[0], saw[2]))
            pins.add(saw[0], saw[2], frozenset({saw[1]}))
        _, room, slot = saw
        for witness in group:
            pins.require(
                witness,
                slot,
                pins.around(room),
                "testimony/out-of-sight",
                f"witness {witness} cannot be in or next to room {room} at slot {slot}",
            )
        if index == groups.motive_group:
            suspicion = (cast.murderer, motive)
        else:
            suspicion = (rng.choice(cast.innocents), rng.randrange(motives))
        testimony.append(GroupDraft(group, saw, suspicion))
    return tuple(testimony)


def _sight_innocent(
    settings: Settings,
    rng: random.Random,
    pins: Pins,
    cast: Cast,
    group: tuple[int, ...],
    seen: set[tuple[int, int]],
) -> Sight:
    """An innocent suspect the whole ``group`` could have seen: at the scene before the death
    with ``herrings_at_scene``, else in another room before the discovery; never a person and
    slot some group already tells."""
    p = pins.problem
    for _ in range(PLACEMENT_TRIES):
        person = rng.choice(cast.innocents)
        if settings.herrings_at_scene and p.death > 0:
            room, slot = p.scene, rng.randrange(p.death)
        else:
            room = rng.choice([r for r in range(p.locations) if r != p.scene])
            slot = rng.randrange(p.last_slot)
        if (person, slot) in seen or not pins.fits(person, slot, frozenset({room})):
            continue
        if all(pins.fits(w, slot, pins.around(room)) for w in group):
            return person, room, slot
    raise Rejected(
        "testimony/no-sighting",
        f"no innocent suspect fits the evening of witnesses {group} in {PLACEMENT_TRIES} draws",
    )


def _leave_prints(
    rng: random.Random, pins: Pins, cast: Cast, arsenal: Arsenal
) -> tuple[tuple[int, int, int | None], ...]:
    """The weapon finds: the murder weapon with the murderer's prints, then each other weapon
    with an innocent suspect's prints (the first :attr:`Arsenal.with_prints`) or none. Each
    holder, taken in turn, must have been in that room at some moment before the discovery:
    that moment becomes a pin."""
    holders = rng.sample(cast.innocents, len(cast.innocents))
    finds: list[tuple[int, int, int | None]] = [
        (arsenal.murder_weapon, arsenal.weapon_room, cast.murderer)
    ]
    others = [w for w in range(len(arsenal.weapons)) if w != arsenal.murder_weapon]
    for i, (weapon, room) in enumerate(zip(others, arsenal.herring_rooms, strict=True)):
        prints = None
        if i < arsenal.with_prints:
            prints = _handle(
                rng, pins, holders[i % len(holders) :] + holders[: i % len(holders)], room
            )
        finds.append((weapon, room, prints))
    return tuple(finds)


def _handle(rng: random.Random, pins: Pins, holders: list[int], room: int) -> int:
    """The first of ``holders`` who could have been in ``room`` before the discovery, pinned
    there at a moment drawn from those that fit."""
    here = frozenset({room})
    for holder in holders:
        moments = [t for t in range(pins.problem.last_slot + 1) if pins.fits(holder, t, here)]
        if moments:
            pins.add(holder, rng.choice(moments), here)
            return holder
    raise Rejected("prints/no-holder", f"no innocent suspect could reach room {room} in time")


def _anchor_evening(rng: random.Random, pins: Pins, cast: Cast) -> None:
    """Where each character starts the evening, and where each but the victim, the discoverer
    and the murderer ends it: they vary the timelines, and are skipped when they might clash."""
    p = pins.problem
    for character in range(p.characters):
        pins.add(character, 0, frozenset({rng.randrange(p.locations)}))
        if character not in (p.victim, p.discoverer, cast.murderer):
            pins.add(character, p.last_slot, frozenset({rng.randrange(p.locations)}))


def _dress(rng: random.Random) -> tuple[str, str, str]:
    """The house, the title pattern and the introduction pattern."""
    house = rng.choice(sorted(content.HOUSES))
    title = rng.choice(sorted(content.TITLES))
    introduction = rng.choice(sorted(content.INTRODUCTIONS))
    return house, title, introduction


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
        _character(c): tuple(
            _location(grid[c][min(slot, p.last_slot)]) for slot in range(len(times))
        )
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
        introduction=d.introduction_pattern.format(
            house=d.house, victim=victim_name, count=p.characters - 1, time=found_at
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
        _prove(seed, case, solver)
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


def _prove(seed: int, case: MbmCase, solver: TimelineSolver) -> None:
    """z3's uniqueness proof, then the independent verifier; a failure of either is a bug."""
    if not solver.is_unique(learnable_facts(case)):
        raise GenerationError(f"seed {seed}: z3 finds a second solution to a drafted case")
    report = verify(case, neighbours=neighbours(case))
    if not report.ok:
        raise GenerationError(
            f"seed {seed}: the verifier rejects the drafted case: {report.problems}"
        )
