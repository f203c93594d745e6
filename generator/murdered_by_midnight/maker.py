"""Invent a Murdered by Midnight case: draft in Python, timeline in z3, then prove it.

1. **Draft** (:func:`draft`, plain Python, ``random.Random`` from the seed): the cast and its
   roles, the rooms, the time of death and of the discovery, the weapons and where they lie, the
   witness groups with what they saw and whom they suspect. Sightings become *pins* (the person
   in that room at that time, each witness in or next to it); a few optional *anchors* (where a
   character starts the evening and ends it) vary the timelines, and are only added when a quick
   distance check says they cannot contradict the pins.
2. **Timeline** (:mod:`.model`, z3): every character's room in every slot under the floor plan,
   the murder, the discovery, the pins and the visits.
3. **Proof**: z3 shows that no other (murderer, weapon, motive, time) fits what a player can
   learn (push, assert the facts and the negated solution, unsat, pop), and the independent
   verifier (:mod:`.verify`) checks the whole sheet again by enumeration.

With ``cross_reference`` the draft adds two sightings to the one of the murderer at the scene at
the time of death T2: the murderer at the scene earlier, at T0, and the victim alive in another
room at T1 between the two (near enough to the scene to walk back by T2), each told by its own
witness group. Both are pins, so z3 makes them true; only T2 is after the victim was seen alive.

A draft whose timeline z3 cannot find within its effort bound is redrawn from a seed derived
from the case seed and the attempt number, at most :data:`ATTEMPTS` times.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

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
from .model import Facts, TimelineProblem, TimelineSolver, Visit, distances, floor_plan
from .options import Settings
from .verify import verify

ATTEMPTS = 40
START_MINUTES = 18 * 60


class GenerationError(RuntimeError):
    """No case could be made (or proved) for these options and seed."""

    code = "case/generation-failed"


@dataclass(frozen=True)
class GroupDraft:
    witnesses: tuple[int, ...]
    saw: tuple[int, int, int]  # person, location, slot
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


def time_grid(slot_minutes: int) -> tuple[str, ...]:
    count = (24 * 60 - START_MINUTES) // slot_minutes
    minutes = [START_MINUTES + i * slot_minutes for i in range(count)]
    return tuple(f"{m // 60:02d}:{m % 60:02d}" for m in minutes)


class _Pins:
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

    def fits(self, character: int, slot: int, rooms: frozenset[int]) -> bool:
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
        if not self.fits(character, slot, rooms):
            return False
        self.problem.pin(character, slot, rooms)
        return True


def draft(settings: Settings, rng: random.Random) -> Draft | None:
    """A case without its timeline, or ``None`` when the dice made an impossible one."""
    times = time_grid(settings.slot_minutes)
    slots = len(times)
    n_locations, n_characters = settings.locations, settings.characters
    rooms = tuple(rng.sample(sorted(content.ROOMS), n_locations))
    firsts = rng.sample(sorted(content.FIRST_NAMES), n_characters)
    surnames = rng.sample(sorted(content.SURNAMES), n_characters)
    names = tuple(f"{first} {last}" for first, last in zip(firsts, surnames, strict=True))
    traits = rng.sample(sorted(content.TRAITS), n_characters)
    roles = [rng.choice(sorted(content.VICTIM_ROLES))] + rng.sample(
        sorted(content.OCCUPATIONS), n_characters - 1
    )
    biographies = tuple(f"{role}, {trait}." for role, trait in zip(roles, traits, strict=True))

    # roles: C1 the victim, C2 the discoverer (both public); the rest shuffled
    victim, discoverer = 0, 1
    others = list(range(2, n_characters))
    rng.shuffle(others)
    suspects = tuple(sorted(others[: settings.suspects]))
    witnesses = [discoverer, *others[settings.suspects :]]
    murderer = rng.choice(suspects)
    innocents = [s for s in suspects if s != murderer]

    # the evening: death, then discovery a few slots later
    death = rng.randint(slots // 6, slots * 3 // 4 - 1)
    discovery = death + rng.randint(max(1, slots // 12), slots // 4)
    discovery = min(discovery, slots - 1)
    scene = rng.randrange(n_locations)
    problem = TimelineProblem(
        locations=n_locations,
        characters=n_characters,
        last_slot=discovery,
        scene=scene,
        victim=victim,
        murderer=murderer,
        discoverer=discoverer,
        death=death,
    )
    pins = _Pins(problem)
    distance = distances(n_locations)

    # weapons: each at its own location; the murderer hides the murder weapon after the murder
    weapons, murder_weapon = _draw_weapons(rng, 1 + settings.red_herrings)
    hiding = [
        room
        for room in range(n_locations)
        if room != scene and distance[scene][room] <= discovery - death
    ]
    weapon_room = rng.choice(hiding)
    problem.visits.append(Visit(murderer, weapon_room, death + 1, discovery))
    free_rooms = [room for room in range(n_locations) if room != weapon_room]
    herring_rooms = rng.sample(free_rooms, settings.red_herrings)
    with_prints = settings.red_herrings - settings.red_herrings // 3

    # motives
    motives = tuple(
        rng.sample(sorted(content.MOTIVES), min(len(content.MOTIVES), len(suspects) + 2))
    )
    motive = rng.randrange(len(motives))

    # witness groups: a random partition of the witnesses
    rng.shuffle(witnesses)
    cuts = sorted(rng.sample(range(1, len(witnesses)), settings.witness_groups - 1))
    bounds = [0, *cuts, len(witnesses)]
    members = [tuple(sorted(witnesses[a:b])) for a, b in zip(bounds, bounds[1:], strict=False)]
    count = len(members)
    time_group = rng.randrange(count)
    if settings.split_key_groups and count > 1:
        motive_group = rng.choice([g for g in range(count) if g != time_group])
    elif settings.difficulty == "easy":
        motive_group = time_group
    else:
        motive_group = rng.randrange(count)

    def near(room: int) -> frozenset[int]:
        return frozenset(r for r in range(n_locations) if distance[room][r] <= 1)

    seen: set[tuple[int, int]] = {(murderer, death)}
    # cross-reference: the murderer at the scene earlier too, the victim seen elsewhere between
    fixed: dict[int, tuple[int, int, int]] = {time_group: (murderer, scene, death)}
    if settings.cross_reference:
        if count < 3 or death < 2:
            return None
        early_group, victim_group = rng.sample([g for g in range(count) if g != time_group], 2)
        for _ in range(12):
            early = rng.randrange(death - 1)
            alive = rng.randrange(early + 1, death)
            away = [
                r for r in range(n_locations) if r != scene and distance[scene][r] <= death - alive
            ]
            if not away:
                continue
            room = rng.choice(away)
            if (
                pins.fits(murderer, early, frozenset({scene}))
                and pins.fits(victim, alive, frozenset({room}))
                and all(pins.fits(w, early, near(scene)) for w in members[early_group])
                and all(pins.fits(w, alive, near(room)) for w in members[victim_group])
            ):
                break
        else:
            return None
        pins.add(murderer, early, frozenset({scene}))
        pins.add(victim, alive, frozenset({room}))
        seen |= {(murderer, early), (victim, alive)}
        fixed[early_group] = (murderer, scene, early)
        fixed[victim_group] = (victim, room, alive)

    groups: list[GroupDraft] = []
    for index, group in enumerate(members):
        if index in fixed:
            saw = fixed[index]
            for witness in group:
                if not pins.add(witness, saw[2], near(saw[1])):
                    return None
        else:
            for _ in range(12):
                person = rng.choice(innocents)
                if settings.herrings_at_scene and death > 0:
                    room, slot = scene, rng.randrange(death)
                else:
                    room = rng.choice([r for r in range(n_locations) if r != scene])
                    slot = rng.randrange(discovery)
                if (person, slot) in seen or not pins.fits(person, slot, frozenset({room})):
                    continue
                if all(pins.fits(w, slot, near(room)) for w in group):
                    break
            else:
                return None
            seen.add((person, slot))
            pins.add(person, slot, frozenset({room}))
            for witness in group:
                if not pins.add(witness, slot, near(room)):
                    return None
            saw = (person, room, slot)
        if index == motive_group:
            suspicion = (murderer, motive)
        else:
            suspicion = (rng.choice(innocents), rng.randrange(len(motives)))
        groups.append(GroupDraft(group, saw, suspicion))

    # weapons with prints: each holder handled it at some moment before the discovery
    holders = rng.sample(innocents, len(innocents))
    finds: list[tuple[int, int, int | None]] = [(murder_weapon, weapon_room, murderer)]
    herring_weapons = [w for w in range(len(weapons)) if w != murder_weapon]
    for i, (weapon, room) in enumerate(zip(herring_weapons, herring_rooms, strict=True)):
        prints = None
        if i < with_prints:
            for holder in holders[i % len(holders) :] + holders[: i % len(holders)]:
                moments = [
                    t for t in range(discovery + 1) if pins.fits(holder, t, frozenset({room}))
                ]
                if moments:
                    prints = holder
                    pins.add(holder, rng.choice(moments), frozenset({room}))
                    break
            else:
                return None
        finds.append((weapon, room, prints))

    # anchors: where people start the evening and end it (skipped when they might clash)
    for character in range(n_characters):
        pins.add(character, 0, frozenset({rng.randrange(n_locations)}))
        if character not in (victim, discoverer, murderer):
            pins.add(character, discovery, frozenset({rng.randrange(n_locations)}))

    return Draft(
        settings=settings,
        times=times,
        rooms=rooms,
        names=names,
        biographies=biographies,
        weapons=weapons,
        motives=motives,
        house=rng.choice(sorted(content.HOUSES)),
        title_pattern=rng.choice(sorted(content.TITLES)),
        introduction_pattern=rng.choice(sorted(content.INTRODUCTIONS)),
        suspects=suspects,
        murderer=murderer,
        murder_weapon=murder_weapon,
        motive=motive,
        finds=tuple(finds),
        groups=tuple(groups),
        problem=problem,
    )


def _location(index: int) -> str:
    return f"L{index + 1}"


def _character(index: int) -> str:
    return f"C{index + 1}"


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
        (index(f.weapon), -1 if f.prints is None else index(f.prints))
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


def generate_case(seed: int, settings: Settings) -> MbmCase:
    """The case of ``seed``: drafted, solved and proved; :class:`GenerationError` otherwise."""
    for attempt in range(ATTEMPTS):
        rng = random.Random(seed * ATTEMPTS + attempt)
        d = draft(settings, rng)
        if d is None:
            continue
        solver = TimelineSolver(d.problem, random_seed=rng.randrange(2**31))
        grid = solver.timeline()
        if grid is None:
            continue
        case = build_case(d, grid)
        if not solver.is_unique(learnable_facts(case)):
            raise GenerationError(f"seed {seed}: z3 finds a second solution to a drafted case")
        report = verify(case, neighbours=neighbours(case))
        if not report.ok:
            raise GenerationError(
                f"seed {seed}: the verifier rejects the drafted case: {report.problems}"
            )
        return case
    raise GenerationError(
        f"no Murdered by Midnight case for seed {seed} with {settings} after {ATTEMPTS} attempts"
    )
