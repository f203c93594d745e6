"""Draft a Murdered by Midnight case in plain Python: who, where, when, and what each witness says.

:func:`draft` takes named steps one after another, each drawing in a fixed order from the same
``random.Random``; z3 then finds a timeline that makes every pin true (:mod:`.model`).

- :func:`_choose_cast`: names, biographies with two ties to the victim each (a tie is a motive),
  and roles: C1 the victim, C2 the discoverer (any role, the murderer's included), the rest
  shuffled into the Murderer and Suspects and the witnesses; the murderer and the *decoys*,
  innocent suspects who will look exactly like the murderer to a detective who skips a step;
- :func:`_place_murder`: the discovery, then the times at which the murderer and each decoy are
  seen near the scene, drawn together and handed out at random: the murderer's is the time of
  death (``cross_reference``: the victim seen alive elsewhere at T1, and earlier visits near the
  scene before T1);
- :func:`_hide_murder_weapon`: where the murderer leaves the weapon after the murder and where
  they end the evening, drawn so that the end is no more often the weapon's room than anyone
  else's is;
- :func:`_arm`: the weapons; the murder weapon and one weapon per decoy leave the same cause of
  death, and the murder weapon is any of them;
- :func:`_take_testimony`: the witness groups, the sightings (each candidate's near the scene,
  the cross-reference's, herrings elsewhere) and the suspicions (each candidate suspected with
  one of their own ties), handed to the groups in random order; every witness is pinned in or
  next to the room of the person they saw;
- :func:`_end_evening`: where everyone's token stands at the discovery, drawn alike for all;
- :func:`_leave_prints`: each decoy's prints on their weapon, innocent suspects' on others;
- :func:`_anchor_start` and :func:`_dress`: where people start the evening, the house, the title.

A step that cannot go on raises :class:`~generator.kit.retry.Rejected` (the reasons are listed in
:mod:`.maker`).
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from generator.kit import names
from generator.kit.retry import Rejected

from . import content
from .model import TimelineProblem, distances
from .options import Settings

__all__ = ["Draft", "GroupDraft", "Pins", "draft", "time_grid"]

START_MINUTES = 18 * 60
#: How many times a step redraws one choice before it rejects the whole draft.
PLACEMENT_TRIES = 12
#: The victim and the discoverer are always the first two characters (both are public).
VICTIM, DISCOVERER = 0, 1
#: Ties to the victim per living character, each a motive.
TIES = 2
#: The fewest slots between the death and the discovery: the murderer needs them to leave the
#: scene and hide the weapon.
HIDING_SLOTS = 2

Sight = tuple[int, int, int]  # person, location said, slot


@dataclass(frozen=True)
class GroupDraft:
    witnesses: tuple[int, ...]
    saw: Sight
    suspects: tuple[int, int]  # suspect, motive


@dataclass(frozen=True)
class Draft:
    settings: Settings
    times: tuple[str, ...]  # the grid up to the discovery
    rooms: tuple[tuple[str, str], ...]
    names: tuple[str, ...]
    biographies: tuple[str, ...]
    ties: tuple[tuple[int, ...], ...]  # per character, motive indices (the victim's: none)
    weapons: tuple[tuple[str, str], ...]
    motives: tuple[str, ...]
    house: str
    title_pattern: str
    introduction_pattern: str
    suspects: tuple[int, ...]
    murderer: int
    decoys: tuple[int, ...]
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
    ties: tuple[tuple[int, ...], ...]  # per character, indices into the motive pool
    suspects: tuple[int, ...]  # the Murderer and Suspects, sorted
    witnesses: tuple[int, ...]  # sorted
    murderer: int
    decoys: tuple[int, ...]  # innocent suspects who mirror the murderer

    @property
    def candidates(self) -> tuple[int, ...]:
        """The murderer and the decoys: who a step-skipping detective cannot tell apart."""
        return (self.murderer, *self.decoys)

    @property
    def bystanders(self) -> tuple[int, ...]:
        """The innocent suspects who are no decoys: the herrings' people."""
        return tuple(s for s in self.suspects if s not in self.candidates)


@dataclass(frozen=True)
class Evening:
    """When each candidate is seen near the scene, and the cross-reference's sightings."""

    late: dict[int, int]  # candidate -> the slot they are seen near the scene (murderer: death)
    early: dict[int, int]  # cross_reference: candidate -> an earlier slot near the scene
    alive: int | None  # cross_reference: the slot the victim is seen away from the scene


@dataclass(frozen=True)
class Arsenal:
    """The case's weapons and where they lie."""

    weapons: tuple[tuple[str, str], ...]  # (name, cause of death)
    murder_weapon: int
    twins: dict[int, int]  # decoy -> their weapon, of the murder weapon's cause
    rooms: tuple[int, ...]  # per weapon, the room it lies in


def time_grid(slot_minutes: int) -> tuple[str, ...]:
    count = (24 * 60 - START_MINUTES) // slot_minutes
    minutes = [START_MINUTES + i * slot_minutes for i in range(count)]
    return tuple(f"{m // 60:02d}:{m % 60:02d}" for m in minutes)


class Pins:
    """The pins of a draft with the quick feasibility check that keeps z3's work small."""

    def __init__(self, problem: TimelineProblem) -> None:
        self.problem = problem
        self.distance = distances(problem.locations)
        #: Walks after the murder, when nobody passes through the scene.
        self.detour = distances(problem.locations, problem.scene)
        self.everywhere = frozenset(range(problem.locations))

    def baseline(self, character: int, slot: int) -> frozenset[int]:
        """Where the murder and the discovery already allow ``character`` at ``slot``: nobody
        but the murderer and the victim is in the scene at the death, nobody living after it
        until the discoverer walks in."""
        p = self.problem
        scene = frozenset({p.scene})
        if character == p.victim and slot >= p.death:
            return scene
        if character == p.murderer and slot == p.death:
            return scene
        if character == p.discoverer and slot == p.last_slot:
            return scene
        if p.death <= slot <= p.last_slot:
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
            table = self.detour if min(slot, other_slot) >= self.problem.death else self.distance
            if min(table[a][b] for a in rooms for b in other_rooms) > gap:
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

    def place(
        self, rng: random.Random, character: int, slot: int, rooms: set[int], reason: str
    ) -> int:
        """Pin ``character`` at ``slot`` to one of ``rooms``, drawn among those that fit."""
        for room in rng.sample(sorted(rooms), len(rooms)):
            if self.add(character, slot, frozenset({room})):
                return room
        raise Rejected(reason, f"character {character} fits none of rooms {sorted(rooms)}")


# the draft, step by step --------------------------------------------------------------------------


def draft(settings: Settings, rng: random.Random) -> Draft:
    """A case without its timeline; :class:`Rejected` when the dice made an impossible one."""
    grid = time_grid(settings.slot_minutes)
    rooms = tuple(rng.sample(sorted(content.ROOMS), settings.locations))
    cast = _choose_cast(settings, rng)
    motives, ties = _list_motives(rng, cast)
    motive = rng.choice(ties[cast.murderer])
    problem, evening = _place_murder(settings, rng, cast, slots=len(grid))
    pins = Pins(problem)
    weapon_room = _hide_murder_weapon(rng, pins, cast)
    arsenal = _arm(settings, rng, cast, problem.scene, weapon_room)
    groups = _take_testimony(settings, rng, pins, cast, evening, ties, motive)
    _end_evening(rng, pins, cast)
    finds = _leave_prints(settings, rng, pins, cast, arsenal)
    _anchor_start(rng, pins)
    house, title_pattern, introduction_pattern = _dress(rng)
    return Draft(
        settings=settings,
        times=grid[: problem.last_slot + 1],
        rooms=rooms,
        names=cast.names,
        biographies=cast.biographies,
        ties=ties,
        weapons=arsenal.weapons,
        motives=motives,
        house=house,
        title_pattern=title_pattern,
        introduction_pattern=introduction_pattern,
        suspects=cast.suspects,
        murderer=cast.murderer,
        decoys=cast.decoys,
        murder_weapon=arsenal.murder_weapon,
        motive=motive,
        finds=finds,
        groups=groups,
        problem=problem,
    )


def _choose_cast(settings: Settings, rng: random.Random) -> Cast:
    """Names, biographies with their ties, and roles. Every living character has two ties to the
    victim, so a biography never tells a suspect from a witness, nor which tie was the motive."""
    count = settings.characters
    people = names.person_names(rng, count)
    traits = rng.sample(sorted(content.TRAITS), count)
    roles = [rng.choice(sorted(content.VICTIM_ROLES))] + rng.sample(
        sorted(content.OCCUPATIONS), count - 1
    )
    pool = sorted(content.MOTIVES)
    ties = ((),) + tuple(tuple(rng.sample(range(len(pool)), TIES)) for _ in range(count - 1))
    biographies = tuple(
        " ".join([f"{role}, {trait}.", *(pool[tie][1] for tie in own)])
        for role, trait, own in zip(roles, traits, ties, strict=True)
    )
    living = list(range(VICTIM + 1, count))
    rng.shuffle(living)
    suspects = tuple(sorted(living[: settings.suspects]))
    murderer = rng.choice(suspects)
    innocents = [s for s in suspects if s != murderer]
    return Cast(
        names=people,
        biographies=biographies,
        ties=ties,
        suspects=suspects,
        witnesses=tuple(sorted(living[settings.suspects :])),
        murderer=murderer,
        decoys=tuple(rng.sample(innocents, settings.decoy_count)),
    )


def _list_motives(
    rng: random.Random, cast: Cast
) -> tuple[tuple[str, ...], tuple[tuple[int, ...], ...]]:
    """The case's motives (every tie of the cast, in a random order) and each character's ties
    as indices into them."""
    pool = sorted(content.MOTIVES)
    used = sorted({tie for own in cast.ties for tie in own})
    order = rng.sample(used, len(used))
    index = {tie: position for position, tie in enumerate(order)}
    return (
        tuple(pool[tie][0] for tie in order),
        tuple(tuple(index[tie] for tie in own) for own in cast.ties),
    )


def _place_murder(
    settings: Settings, rng: random.Random, cast: Cast, slots: int
) -> tuple[TimelineProblem, Evening]:
    """The discovery, then one slot per candidate at which they are seen near the scene, drawn
    together from the same window and handed out at random: the murderer's is the death. With
    ``cross_reference`` the victim is seen alive elsewhere at T1 before all of them, and some
    candidates (drawn at random) were also near the scene before T1."""
    discovery = rng.randint(slots * 7 // 12, slots - 1)
    candidates = list(cast.candidates)
    last = discovery - HIDING_SLOTS  # the latest slot a candidate's sighting may take
    late = dict(zip(candidates, rng.sample(range(last + 1), len(candidates)), strict=True))
    early: dict[int, int] = {}
    alive = None
    if settings.cross_reference:
        visits = min(len(candidates), settings.witness_groups - len(candidates) - 1)
        if visits < 1:
            raise Rejected("cross-reference/too-few-groups", f"{settings.witness_groups} groups")
        first = min(late.values())
        if first - 1 < visits:
            raise Rejected("cross-reference/too-early", f"a candidate is seen at slot {first}")
        alive = rng.randint(visits, first - 1)
        chosen = rng.sample(candidates, visits)
        early = dict(zip(chosen, rng.sample(range(alive), visits), strict=True))
    problem = TimelineProblem(
        locations=settings.locations,
        characters=settings.characters,
        last_slot=discovery,
        scene=rng.randrange(settings.locations),
        victim=VICTIM,
        murderer=cast.murderer,
        discoverer=DISCOVERER,
        death=late[cast.murderer],
    )
    return problem, Evening(late=late, early=early, alive=alive)


def _hide_murder_weapon(rng: random.Random, pins: Pins, cast: Cast) -> int:
    """The room where the murderer leaves the weapon after the murder and the room where they
    end the evening, both pinned (the first at a moment drawn between the murder and the
    discovery). The end is the weapon's room exactly as often as any other token's is (one room
    in those that are not the scene), and is otherwise drawn apart from it: a token standing by
    the murder weapon says nothing."""
    p = pins.problem
    rooms = [room for room in range(p.locations) if room != p.scene]
    discoverer = cast.murderer == p.discoverer
    beside = not discoverer and rng.randrange(len(rooms)) == 0
    for _ in range(PLACEMENT_TRIES * 4):
        weapon = rng.choice(rooms)
        if discoverer:
            end = p.scene
        elif beside:
            end = weapon
        else:
            end = rng.choice([room for room in rooms if room != weapon])
        there, back = pins.detour[p.scene][weapon], pins.detour[weapon][end]
        if there + back > p.last_slot - p.death:
            continue
        if pins.add(cast.murderer, p.last_slot, frozenset({end})):
            # the moment they leave the weapon, pinned rather than left to z3 (a visit)
            moment = rng.randint(p.death + there, p.last_slot - back)
            pins.require(cast.murderer, moment, frozenset({weapon}), "weapon/no-path", "")
            return weapon
    raise Rejected("weapon/no-path", "the murderer cannot hide the weapon before the discovery")


def _arm(
    settings: Settings, rng: random.Random, cast: Cast, scene: int, weapon_room: int
) -> Arsenal:
    """The weapons and their rooms. The murder weapon and one weapon per decoy (or, with no
    decoy, one other weapon) leave the same cause of death, so the Cause of Death card narrows
    the weapon without naming it; the murder weapon is any of them. The decoys' weapons lie
    neither at the scene nor with the murder weapon, as the murder weapon never lies at the
    scene; the other red herrings lie anywhere else."""
    pool = sorted(content.WEAPONS)
    count = 1 + settings.red_herrings
    decoys = len(cast.decoys)
    kin_count = 1 + decoys if decoys else min(count, 2)
    by_cause: dict[str, list[tuple[str, str]]] = {}
    for weapon in pool:
        by_cause.setdefault(weapon[1], []).append(weapon)
    causes = sorted(cause for cause, weapons in by_cause.items() if len(weapons) >= kin_count)
    kin = rng.sample(by_cause[rng.choice(causes)], kin_count)
    rest = rng.sample([w for w in pool if w not in kin], count - kin_count)
    weapons = [*kin, *rest]
    rng.shuffle(weapons)
    murder_weapon = weapons.index(kin[0])
    twins = {  # with no decoy, the other weapon of the cause is a plain red herring
        decoy: weapons.index(weapon) for decoy, weapon in zip(cast.decoys, kin[1:], strict=False)
    }
    clear = [r for r in range(settings.locations) if r not in (scene, weapon_room)]
    twin_rooms = rng.sample(clear, decoys)
    free = [r for r in range(settings.locations) if r != weapon_room and r not in twin_rooms]
    other_rooms = iter(rng.sample(free, count - 1 - decoys))
    rooms = {murder_weapon: weapon_room} | dict(zip(twins.values(), twin_rooms, strict=True))
    return Arsenal(
        weapons=tuple(weapons),
        murder_weapon=murder_weapon,
        twins=twins,
        rooms=tuple(rooms[w] if w in rooms else next(other_rooms) for w in range(count)),
    )


def _form_witness_groups(
    settings: Settings, rng: random.Random, cast: Cast
) -> tuple[tuple[int, ...], ...]:
    witnesses = list(cast.witnesses)
    rng.shuffle(witnesses)
    cuts = sorted(rng.sample(range(1, len(witnesses)), settings.witness_groups - 1))
    bounds = [0, *cuts, len(witnesses)]
    return tuple(tuple(sorted(witnesses[a:b])) for a, b in zip(bounds, bounds[1:], strict=False))


def _take_testimony(
    settings: Settings,
    rng: random.Random,
    pins: Pins,
    cast: Cast,
    evening: Evening,
    ties: tuple[tuple[int, ...], ...],
    motive: int,
) -> tuple[GroupDraft, ...]:
    """What each group saw and whom it suspects. The sightings that matter (each candidate near
    the scene, the cross-reference's) and the suspicions that matter (each candidate with one
    of their own ties, the murderer with the motive) go to groups drawn at random, separately;
    the other groups saw a bystander elsewhere and suspect one."""
    p = pins.problem
    members = _form_witness_groups(settings, rng, cast)
    seen = [_sight_near_scene(rng, pins, person, slot) for person, slot in evening.late.items()]
    seen += [_sight_near_scene(rng, pins, person, slot) for person, slot in evening.early.items()]
    if evening.alive is not None:
        seen.append(_sight_victim(rng, pins, evening.alive))
    if len(seen) > len(members):
        raise Rejected("testimony/too-few-groups", f"{len(seen)} sightings, {len(members)} groups")
    suspicions = [(cast.murderer, motive)] + [(d, rng.choice(ties[d])) for d in cast.decoys]
    sight_order = rng.sample(range(len(members)), len(members))
    suspicion_order = rng.sample(range(len(members)), len(members))
    said = {(person, slot) for person, _, slot in seen}
    testimony = []
    for index, group in enumerate(members):
        position = sight_order.index(index)
        if position < len(seen):
            person, place, slot = seen[position]
        else:
            person, place, slot = _sight_elsewhere(rng, pins, cast, group, said)
            said.add((person, slot))
        where = p.pins[(person, slot)] if (person, slot) in p.pins else frozenset({p.scene})
        (room,) = where
        for witness in group:
            pins.require(
                witness,
                slot,
                pins.around(room),
                "testimony/out-of-sight",
                f"witness {witness} cannot be in or next to room {room} at slot {slot}",
            )
        position = suspicion_order.index(index)
        if position < len(suspicions):
            suspicion = suspicions[position]
        else:
            suspect = rng.choice(_herring_people(cast, group))
            suspicion = (suspect, rng.choice(ties[suspect]))
        testimony.append(GroupDraft(group, (person, place, slot), suspicion))
    return tuple(testimony)


def _sight_near_scene(rng: random.Random, pins: Pins, person: int, slot: int) -> Sight:
    """``person`` seen near the scene at ``slot``: in it, or (after the murder, when it is
    empty, or whenever it fits) in a room next to it. The murderer at the death is in it."""
    p = pins.problem
    if (person, slot) == (p.murderer, p.death):
        return person, p.scene, slot
    pins.place(rng, person, slot, set(pins.around(p.scene)), "testimony/no-room")
    return person, p.scene, slot


def _sight_victim(rng: random.Random, pins: Pins, slot: int) -> Sight:
    """The victim alive at ``slot`` in a room other than the scene, near enough to be back by
    the death."""
    p = pins.problem
    rooms = {
        r
        for r in range(p.locations)
        if r != p.scene and pins.distance[p.scene][r] <= p.death - slot
    }
    room = pins.place(rng, p.victim, slot, rooms, "cross-reference/no-fit")
    return p.victim, room, slot


def _sight_elsewhere(
    rng: random.Random,
    pins: Pins,
    cast: Cast,
    group: tuple[int, ...],
    said: set[tuple[int, int]],
) -> Sight:
    """A herring: a bystander (or, with none, another group's witness) seen in a room that is
    not the scene, before the discovery; never a person and slot some group already tells."""
    p = pins.problem
    people = _herring_people(cast, group)
    for _ in range(PLACEMENT_TRIES):
        person = rng.choice(people)
        room = rng.choice([r for r in range(p.locations) if r != p.scene])
        slot = rng.randrange(p.last_slot)
        if (person, slot) in said or not pins.fits(person, slot, frozenset({room})):
            continue
        if all(pins.fits(w, slot, pins.around(room)) for w in group):
            pins.add(person, slot, frozenset({room}))
            return person, room, slot
    raise Rejected(
        "testimony/no-sighting",
        f"no bystander fits the evening of witnesses {group} in {PLACEMENT_TRIES} draws",
    )


def _herring_people(cast: Cast, group: tuple[int, ...]) -> tuple[int, ...]:
    """Whom a herring names: a bystander, else another group's witness, else a decoy."""
    others = tuple(w for w in cast.witnesses if w not in group)
    return cast.bystanders or others or cast.decoys


def _end_evening(rng: random.Random, pins: Pins, cast: Cast) -> None:
    """Where each living character's token stands at the discovery, drawn alike for everyone
    (any room but the scene, among those they can reach): the discoverer's stands at the scene,
    the murderer's is already drawn."""
    p = pins.problem
    rooms = set(range(p.locations)) - {p.scene}
    for character in range(p.characters):
        if character not in (p.victim, p.discoverer, cast.murderer):
            pins.place(rng, character, p.last_slot, rooms, "evening/no-end")


def _leave_prints(
    settings: Settings, rng: random.Random, pins: Pins, cast: Cast, arsenal: Arsenal
) -> tuple[tuple[int, int, int | None], ...]:
    """The weapon finds: the murder weapon with the murderer's prints, each decoy's weapon with
    theirs, and of the others the first (two in three of all red herrings in the end, rounded
    up) with a bystander's, taken in turn, or a decoy's when no bystander could have been there
    (never on a weapon of the murder weapon's cause: a decoy's prints stay on one such weapon,
    as the murderer's do); the rest none. Each holder must have been in that room at some moment
    before the discovery: that moment becomes a pin."""
    bystanders = rng.sample(cast.bystanders, len(cast.bystanders))
    marked = settings.red_herrings - settings.red_herrings // 3 - len(arsenal.twins)
    cause = arsenal.weapons[arsenal.murder_weapon][1]
    finds: list[tuple[int, int, int | None]] = [
        (arsenal.murder_weapon, arsenal.rooms[arsenal.murder_weapon], cast.murderer)
    ]
    for decoy, weapon in arsenal.twins.items():
        holder = _handle(rng, pins, [decoy], arsenal.rooms[weapon])
        if holder is None:
            raise Rejected("prints/no-holder", f"decoy {decoy} cannot reach their weapon")
        finds.append((weapon, arsenal.rooms[weapon], holder))
    others = [
        w
        for w in range(len(arsenal.weapons))
        if w != arsenal.murder_weapon and w not in arsenal.twins.values()
    ]
    for i, weapon in enumerate(others):
        prints = None
        if i < marked:
            turn = i % len(bystanders) if bystanders else 0
            holders = bystanders[turn:] + bystanders[:turn]
            if arsenal.weapons[weapon][1] != cause:
                holders += list(cast.decoys)
            prints = _handle(rng, pins, holders, arsenal.rooms[weapon])
        finds.append((weapon, arsenal.rooms[weapon], prints))
    return tuple(finds)


def _handle(rng: random.Random, pins: Pins, holders: list[int], room: int) -> int | None:
    """The first of ``holders`` who could have been in ``room`` before the discovery, pinned
    there at a moment drawn from those that fit; ``None`` when nobody could."""
    here = frozenset({room})
    for holder in holders:
        moments = [t for t in range(pins.problem.last_slot + 1) if pins.fits(holder, t, here)]
        if moments:
            pins.add(holder, rng.choice(moments), here)
            return holder
    return None


def _anchor_start(rng: random.Random, pins: Pins) -> None:
    """Where each character starts the evening: it varies the timelines, and is skipped when
    it might clash."""
    p = pins.problem
    for character in range(p.characters):
        pins.add(character, 0, frozenset({rng.randrange(p.locations)}))


def _dress(rng: random.Random) -> tuple[str, str, str]:
    """The house, the title pattern and the introduction pattern."""
    house = rng.choice(sorted(content.HOUSES))
    title = rng.choice(sorted(content.TITLES))
    introduction = rng.choice(sorted(content.INTRODUCTIONS))
    return house, title, introduction
