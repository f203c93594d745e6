"""The independent verifier of a Murdered by Midnight case.

Written without z3 and without the generator's code: it reads an :class:`MbmCase` the way the
rulebook's Author and a careful player do, and checks

1. structure: ids are unique and every reference exists, the time grid is ordered, the timeline
   gives every character one known location in every slot, the victim lies at the scene from the
   time of death, the murderer stands there at the time of death, the discoverer at the
   discovery, which comes after the death; the tokens stand where the timeline says at the
   discovery; the sheet's sections hold what their names say; every sighting is true;
2. reachability: the murder weapon lies at a location that can be searched, and the murderer
   and every witness have a token on some map card, so they can be asked and confronted;
3. uniqueness: a plain enumeration of every (murderer, weapon, motive, time) in the case's
   lists keeps the tuples that survive what a player can learn —
   forensics calls the weapon the murder weapon; dusting it shows the accused's prints; some
   witness suspects the accused with that motive; some witness saw the accused at the scene at
   that time, and no witness saw the victim away from the scene at that time or later (the body
   lies at the scene from the death on, so the victim seen elsewhere was still alive: the
   cross-reference of docs/rulings.md) — and exactly one, the solution, must remain;
4. need: the same enumeration for a detective who skips one deduction step (:data:`STEPS`),
   reported as :attr:`Report.without` (how many answers it is left with): the generator asks for
   two or more for every step when it drew decoys.

A sighting at the scene is "near the murder location" (docs/rulings.md): the person stood in the
scene or, given ``neighbours`` (each location id's adjacent rooms), in a room next to it. With
``neighbours`` it also checks that every character walks at most one room per slot and that
every witness stood in or next to the room of the person they saw.

A problem has a stable ``code`` (tests and tools match on it) and a sentence.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Collection, Mapping
from dataclasses import dataclass, field

from rules.murdered_by_midnight.case import MbmCase, WeaponFind, WitnessGroup

Answer = tuple[str, str, str, str]
#: The deduction steps of the rulebook's "steps to solve", by the evidence each reads.
STEPS = ("forensics", "dusting", "suspicions", "sightings")


@dataclass(frozen=True)
class Problem:
    code: str
    message: str


@dataclass(frozen=True)
class Report:
    problems: tuple[Problem, ...]
    answers: tuple[Answer, ...]  # every tuple consistent with what a player can learn
    #: step -> how many tuples stay consistent for a detective who skips that step
    without: Mapping[str, int] = field(default_factory=dict)

    @property
    def ok(self) -> bool:
        return not self.problems

    @property
    def codes(self) -> frozenset[str]:
        return frozenset(problem.code for problem in self.problems)


def verify(case: MbmCase, *, neighbours: Mapping[str, Collection[str]] | None = None) -> Report:
    """Every problem of ``case`` (none for a good case) and the answers a player can reach."""
    checker = _Checker(case, neighbours)
    checker.check_ids()
    if not checker.problems:  # the later checks look ids up
        checker.check_times()
        checker.check_timeline()
        checker.check_sheet()
        checker.check_reachable()
        if neighbours is not None:
            checker.check_movement(neighbours)
        checker.check_unique()
    return Report(tuple(checker.problems), tuple(checker.answers), checker.without)


class _Checker:
    def __init__(self, case: MbmCase, neighbours: Mapping[str, Collection[str]] | None) -> None:
        self.case = case
        self.neighbours = neighbours
        self.without: dict[str, int] = {}
        self.problems: list[Problem] = []
        self.answers: list[Answer] = []
        self.location_ids = [item.id for item in case.locations]
        self.character_ids = [item.id for item in case.characters]
        self.living = [item for item in self.character_ids if item != case.victim]

    def fail(self, code: str, message: str) -> None:
        self.problems.append(Problem(code, message))

    # 1. structure -------------------------------------------------------------------------

    def check_ids(self) -> None:
        case = self.case
        for kind, ids in (
            ("location", self.location_ids),
            ("character", self.character_ids),
            ("weapon", [item.id for item in case.weapons]),
            ("motive", [item.id for item in case.motives]),
        ):
            for item, count in sorted(Counter(ids).items()):
                if count > 1:
                    self.fail("ids/duplicate", f"{kind} id {item} is used {count} times")
            if not ids:
                self.fail("ids/empty", f"the case has no {kind}s")
        locations, characters = set(self.location_ids), set(self.character_ids)
        weapons, motives = {w.id for w in case.weapons}, {m.id for m in case.motives}

        def need(value: str | None, known: set[str], what: str) -> None:
            if value is not None and value not in known:
                self.fail("ids/unknown", f"{what} names {value!r}, which the case does not have")

        need(case.scene, locations, "the scene")
        need(case.victim, characters, "the victim")
        need(case.discoverer, characters, "the discoverer")
        need(case.solution.murderer, characters, "the solution's murderer")
        need(case.solution.weapon, weapons, "the solution's weapon")
        need(case.solution.motive, motives, "the solution's motive")
        for find in case.weapon_finds:
            need(find.weapon, weapons, "a weapon find")
            need(find.location, locations, f"the find of {find.weapon}")
            need(find.prints, characters, f"the prints on {find.weapon}")
        for suspect in case.suspects:
            need(suspect, characters, "Murderer and Suspects")
        for group in case.witness_groups:
            for witness in group.witnesses:
                need(witness, characters, "a witness group")
            need(group.saw.person, characters, "a sighting")
            need(group.saw.location, locations, "a sighting")
            need(group.suspects.suspect, characters, "a suspicion")
            need(group.suspects.motive, motives, "a suspicion")
        for character, place in case.whereabouts.items():
            need(character, characters, "the whereabouts")
            need(place, locations, f"the whereabouts of {character}")
        for character, slots in case.timeline.items():
            need(character, characters, "the timeline")
            for place in slots:
                need(place, locations, f"the timeline of {character}")

    def check_times(self) -> None:
        case = self.case
        times = list(case.times)
        if not times:
            self.fail("times/empty", "the case has no time grid")
            return
        for time in times:
            hours, _, minutes = time.partition(":")
            if (
                not (len(time) == 5 and hours.isdigit() and minutes.isdigit() and int(hours) < 24)
                or int(minutes) >= 60
            ):
                self.fail("times/format", f"{time!r} is not a time before midnight as HH:MM")
        if times != sorted(set(times)):
            self.fail("times/order", "the time grid is not strictly ascending")
        for what, time in (
            ("the discovery", case.discovered_at),
            ("the time of death", case.solution.time),
        ):
            if time not in times:
                self.fail("times/unknown", f"{what} {time!r} is not on the time grid")
        for group in case.witness_groups:
            if group.saw.time not in times:
                self.fail("times/unknown", f"a sighting's time {group.saw.time!r} is off the grid")
        if case.solution.time in times and case.discovered_at in times:
            if times.index(case.discovered_at) <= times.index(case.solution.time):
                self.fail("times/discovery", "the body is discovered before the time of death")

    def where(self, character: str, time: str) -> str | None:
        slots = self.case.timeline.get(character)
        if slots is None or time not in self.case.times:
            return None
        index = self.case.times.index(time)
        return slots[index] if index < len(slots) else None

    def is_true(self, person: str, location: str, time: str) -> bool:
        """Whether ``person`` stood at ``location`` at ``time``; at the scene, "near the murder
        location" (docs/rulings.md): in it, or in a room next to it when the plan is known."""
        place = self.where(person, time)
        if location == self.case.scene and self.neighbours is not None:
            return place == location or place in self.neighbours.get(location, ())
        return place == location

    def check_timeline(self) -> None:
        case = self.case
        for character in self.character_ids:
            slots = case.timeline.get(character)
            if slots is None or len(slots) != len(case.times):
                self.fail(
                    "timeline/coverage",
                    f"the timeline does not place {character} in each of {len(case.times)} slots",
                )
        if any(problem.code.startswith("times/") for problem in self.problems):
            return
        if self.problems:
            return
        death, found = case.solution.time, case.discovered_at
        if case.victim == case.discoverer:
            self.fail("roles/discoverer", "the victim cannot discover their own body")
        if case.solution.murderer == case.victim:
            self.fail("roles/murderer", "the victim cannot be the murderer")
        for time in case.times[case.times.index(death) :]:
            if self.where(case.victim, time) != case.scene:
                self.fail("timeline/victim", f"the victim is not at the scene at {time}")
        if self.where(case.solution.murderer, death) != case.scene:
            self.fail("timeline/murderer", f"the murderer is not at the scene at {death}")
        if self.where(case.discoverer, found) != case.scene:
            self.fail("timeline/discoverer", f"the discoverer is not at the scene at {found}")
        if set(case.whereabouts) != set(self.living):
            missing = sorted(set(self.living) - set(case.whereabouts))
            extra = sorted(set(case.whereabouts) - set(self.living))
            self.fail(
                "whereabouts/coverage",
                f"tokens missing for {missing or 'nobody'}, tokens for the dead or unknown"
                f" {extra or 'nobody'}",
            )
        for character, place in case.whereabouts.items():
            if character in self.living and self.where(character, found) != place:
                self.fail(
                    "whereabouts/timeline",
                    f"{character}'s token stands in {place}, but the timeline has them in"
                    f" {self.where(character, found)} at {found}",
                )
        if case.whereabouts.get(case.discoverer) != case.scene:
            self.fail("whereabouts/discoverer", "the discoverer's token is not at the scene")
        for character in self.living:
            if character != case.solution.murderer and self.where(character, death) == case.scene:
                self.fail(
                    "timeline/crowded-scene",
                    f"{character} is at the scene at the time of death, beside the murderer",
                )
        for group in case.witness_groups:
            saw = group.saw
            if not self.is_true(saw.person, saw.location, saw.time):
                self.fail(
                    "timeline/false-sighting",
                    f"{group.witnesses} saw {saw.person} in {saw.location} at {saw.time}, but"
                    f" the timeline has them in {self.where(saw.person, saw.time)}",
                )
            if saw.person == case.victim and case.times.index(saw.time) >= case.times.index(death):
                self.fail("timeline/false-sighting", "a witness saw the victim after the death")

    def check_sheet(self) -> None:
        case, solution = self.case, self.case.solution
        murder_weapon = case.murder_weapon
        if murder_weapon.weapon != solution.weapon:
            self.fail("sheet/murder-weapon", "the Murder Weapon section and the solution differ")
        if murder_weapon.prints != solution.murderer:
            self.fail(
                "sheet/murderer-prints", "the murder weapon does not carry the murderer's prints"
            )
        if case.cause_of_death != case.weapon(solution.weapon).cause_of_death:
            self.fail("sheet/cause-of-death", "the cause of death is not the murder weapon's")
        for find in case.weapons_with_prints:
            if find.prints is None or find.prints == solution.murderer:
                self.fail(
                    "sheet/weapon-prints",
                    f"{find.weapon} in Weapons With Prints must carry another suspect's prints",
                )
            elif find.prints not in case.suspects:
                self.fail("sheet/weapon-prints", f"the prints on {find.weapon} are not a suspect's")
        for find in case.weapons_without_prints:
            if find.prints is not None:
                self.fail("sheet/weapon-prints", f"{find.weapon} is listed without prints")
        weapons = Counter(find.weapon for find in case.weapon_finds)
        for weapon, count in sorted(weapons.items()):
            if count > 1:
                self.fail("sheet/weapon-twice", f"{weapon} is listed {count} times on the sheet")
        places = Counter(find.location for find in case.weapon_finds)
        for place, count in sorted(places.items()):
            if count > 1:
                self.fail(
                    "sheet/shared-location",
                    f"{count} weapons lie in {place}: the Author, who looks weapons up by L"
                    " number, could not tell their answers apart",
                )
        if solution.murderer not in case.suspects:
            self.fail("sheet/suspects", "the murderer is not in Murderer and Suspects")
        if case.victim in case.suspects:
            self.fail("sheet/suspects", "the victim is listed among the suspects")
        grouped = Counter(w for group in case.witness_groups for w in group.witnesses)
        for character in self.living:
            roles = grouped[character] + (character in case.suspects)
            if roles != 1:
                self.fail(
                    "sheet/roles",
                    f"{character} must be in exactly one of Murderer and Suspects or a witness"
                    f" group, not {roles}",
                )
        if case.victim in grouped:
            self.fail("sheet/roles", "the victim is listed as a witness")
        if case.ties:  # the solution's motive is a suspicion's, which check_unique checks
            for suspicion in (g.suspects for g in case.witness_groups):
                if suspicion.motive not in case.ties.get(suspicion.suspect, ()):
                    self.fail(
                        "sheet/motive-tie",
                        f"{suspicion.motive} is none of {suspicion.suspect}'s ties to the victim",
                    )
        if any(not group.witnesses for group in case.witness_groups):
            self.fail("sheet/roles", "a witness group has no witnesses")

    # 2. reachability ----------------------------------------------------------------------

    def check_reachable(self) -> None:
        case = self.case
        if case.murder_weapon.location not in self.location_ids:
            self.fail("fair/weapon-unreachable", "the murder weapon lies at no searchable location")
        if case.solution.murderer not in case.whereabouts:
            self.fail(
                "fair/murderer-token",
                f"the murderer {case.solution.murderer} has no token on the map to confront",
            )
        for group in case.witness_groups:
            for witness in group.witnesses:
                if witness not in case.whereabouts:
                    self.fail("fair/witness-token", f"the witness {witness} has no token to ask")

    # 3. uniqueness ------------------------------------------------------------------------

    def confirmed(self, find: WeaponFind) -> bool:
        """Forensics calls ``find`` the murder weapon: its line is the Murder Weapon section's,
        or it shares that line's weapon or L number (the Author reads by either)."""
        murder_weapon = self.case.murder_weapon
        return find.weapon == murder_weapon.weapon or find.location == murder_weapon.location

    def possible_times(self, murderer: str, groups: Collection[WitnessGroup]) -> set[str]:
        """The times ``groups`` allow for a death by ``murderer``: a time at which a witness saw
        them at the scene, unless a witness saw the victim away from the scene then or later."""
        # The cross-reference rule of docs/rulings.md, written again here on purpose. The
        # generator states it for z3 (model.facts_text), the rules in Python
        # (reasoning.is_possible_death); this copy is the verifier's own, read from the rulebook
        # without the generator's code, so that a mistake in one is caught by the other. Do not
        # replace it with a shared one.
        case = self.case
        order = {time: index for index, time in enumerate(case.times)}
        alive = [
            order[g.saw.time]
            for g in groups
            if g.saw.person == case.victim and g.saw.location != case.scene
        ]
        return {
            g.saw.time
            for g in groups
            if g.saw.person == murderer
            and g.saw.location == case.scene
            and all(order[g.saw.time] > slot for slot in alive)
        }

    def check_unique(self) -> None:
        case = self.case
        scene_times = self.possible_times(case.solution.murderer, case.witness_groups)
        motives = {
            g.suspects.motive
            for g in case.witness_groups
            if g.suspects.suspect == case.solution.murderer
        }
        confirmed = [find for find in case.weapon_finds if self.confirmed(find)]
        if len(confirmed) > 1:
            self.fail(
                "fair/second-murder-weapon",
                f"forensics would call {len(confirmed)} finds the murder weapon:"
                f" {[(f.weapon, f.location) for f in confirmed]}",
            )
        if len(scene_times) > 1:
            self.fail(
                "fair/second-time",
                f"witnesses saw the murderer at the scene at {sorted(scene_times)}, and no"
                " sighting of the victim elsewhere rules out the earlier times",
            )
        if len(motives) > 1:
            self.fail(
                "fair/second-motive",
                f"witnesses suspect the murderer for {len(motives)} motives: {sorted(motives)}",
            )
        self.answers = self.answers_without(None)
        self.without = {step: len(self.answers_without(step)) for step in STEPS}
        solution = case.solution
        expected = (solution.murderer, solution.weapon, solution.motive, solution.time)
        if not self.answers:
            self.fail("fair/no-answer", "no accusation fits everything a player can learn")
        elif len(self.answers) > 1:
            self.fail(
                "fair/ambiguous",
                f"{len(self.answers)} accusations fit what a player can learn: {self.answers}",
            )
        elif self.answers[0] != expected:
            self.fail(
                "fair/wrong-answer",
                f"what a player can learn points to {self.answers[0]}, not the solution {expected}",
            )

    def answers_without(self, skip: str | None) -> list[Answer]:
        """Every (murderer, weapon, motive, time) that what a player learns allows, in the
        order of the case's lists, when ``skip`` (one of :data:`STEPS`) is never taken. A
        detective who skips a step still knows who answered questions (the Murderer and
        Suspects saw nothing), that the weapon leaves the cause of death, that the motive is
        one of the murderer's ties, and that the death came before the discovery."""
        case = self.case
        asked = {w for g in case.witness_groups for w in g.witnesses if w in case.whereabouts}
        testimony = [g for g in case.witness_groups if set(g.witnesses) & asked]
        confirmed = [find for find in case.weapon_finds if self.confirmed(find)]
        causes = {w.id: w.cause_of_death for w in case.weapons}
        found = case.times.index(case.discovered_at) if case.discovered_at in case.times else None
        before = case.times[:found]
        answers: list[Answer] = []
        for murderer in self.character_ids:
            if murderer == case.victim or murderer not in case.whereabouts:
                continue
            if skip is not None and murderer in asked:
                continue
            if skip == "dusting":
                weapons = {find.weapon for find in confirmed}
            elif skip == "forensics":
                weapons = {
                    find.weapon
                    for find in case.weapon_finds
                    if find.prints == murderer and causes.get(find.weapon) == case.cause_of_death
                }
            else:
                weapons = {find.weapon for find in confirmed if find.prints == murderer}
            if skip == "suspicions":
                motives = set(case.ties.get(murderer, ())) or {m.id for m in case.motives}
            else:
                motives = {g.suspects.motive for g in testimony if g.suspects.suspect == murderer}
            times = set(before) if skip == "sightings" else self.possible_times(murderer, testimony)
            answers += [
                (murderer, weapon.id, motive.id, time)
                for weapon in case.weapons
                if weapon.id in weapons
                for motive in case.motives
                if motive.id in motives
                for time in case.times
                if time in times
            ]
        return answers

    # movement (optional) ------------------------------------------------------------------

    def check_movement(self, neighbours: Mapping[str, Collection[str]]) -> None:
        case = self.case

        def near(a: str | None, b: str | None) -> bool:
            return a is not None and b is not None and (a == b or b in neighbours.get(a, ()))

        for character, slots in case.timeline.items():
            for index in range(1, len(slots)):
                if not near(slots[index - 1], slots[index]):
                    self.fail(
                        "timeline/movement",
                        f"{character} jumps from {slots[index - 1]} to {slots[index]} at"
                        f" {case.times[index]}",
                    )
        for group in case.witness_groups:
            seen = self.where(group.saw.person, group.saw.time)
            for witness in group.witnesses:
                if not near(self.where(witness, group.saw.time), seen):
                    self.fail(
                        "timeline/witness-away",
                        f"{witness} was not in or next to {seen}, where they saw"
                        f" {group.saw.person} at {group.saw.time}",
                    )
