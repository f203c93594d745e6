"""The z3 timeline model of a Murdered by Midnight case, written as SMT-LIB text.

The only module of the generator that imports z3. It works on small integers (character,
location and slot indices) and hands plain lists back.

Floor plan and movement
-----------------------
The house is a grid of two rows (:func:`floor_plan`): location index ``i`` stands at row
``i // width``, column ``i % width`` with ``width = ceil(locations / 2)``, and two rooms are
neighbours when they share a wall (orthogonally adjacent). Between two consecutive time slots a
character stays where they are or walks into one neighbouring room. A witness sees a person when
standing in the same room or in a neighbouring one (through the doorway).

Variables and constraints
-------------------------
One 4-bit bit-vector ``x<c>_<s>`` per character ``c`` and slot ``s`` up to the discovery slot
(after it nobody moves: the tokens stand where they are at discovery). ``near(a, b)`` is a
``define-fun`` for "the same room or a neighbour", so the text stays small. One ``constrain_*``
function per rule writes its assertions (grilops style):

- domain: every variable names one of the locations (so nobody is in two places at once);
- movement: ``near(x<c>_<s-1>, x<c>_<s>)``;
- the victim at the scene from the time of death on (so a sighting of the victim elsewhere, a
  pin, proves the death came later), the murderer at the scene at the time of death, the
  discoverer at the scene at the discovery slot;
- the scene empty of the living between the death and the discovery (whoever walked in would
  have found the body), but for the discoverer at the discovery slot;
- pins: a character in one of a set of rooms at a slot (a sighting's person, its witnesses
  near the place, optional anchors that vary the evening);
- visits: a character in a given room at some slot of a range (the murderer hides the weapon
  after the murder; a suspect leaves prints on a weapon before the discovery).

Cost: z3py object building is slow (PERFORMANCE.md), so the constant part of a shape
(characters, locations, slots) is rendered to text once per process and cached; each case
appends its few assertions and is parsed by a fresh ``Solver`` in a fresh ``Context``
(~1 ms to create). A fresh context makes the search independent of every case solved before it
in the process, so the same text and parameters give the same model in any process.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

import z3

#: Effort bound per check: counts the same on every run, unlike a timeout.
RLIMIT = 5_000_000
BITS = 4  # locations < 16


def floor_plan(count: int) -> tuple[frozenset[int], ...]:
    """For each location index, the indices of the rooms next to it (not itself)."""
    width = (count + 1) // 2
    plan = []
    for index in range(count):
        row, column = divmod(index, width)
        near = set()
        for other_row, other_column in (
            (row - 1, column),
            (row + 1, column),
            (row, column - 1),
            (row, column + 1),
        ):
            if 0 <= other_column < width and 0 <= other_row:
                other = other_row * width + other_column
                if other < count:
                    near.add(other)
        plan.append(frozenset(near))
    return tuple(plan)


@functools.cache
def distances(count: int) -> tuple[tuple[int, ...], ...]:
    """Shortest walks (in slots) between every two locations of the floor plan."""
    plan = floor_plan(count)
    table = []
    for start in range(count):
        seen = {start: 0}
        frontier = [start]
        while frontier:
            following = []
            for room in frontier:
                for other in sorted(plan[room]):
                    if other not in seen:
                        seen[other] = seen[room] + 1
                        following.append(other)
            frontier = following
        table.append(tuple(seen[other] for other in range(count)))
    return tuple(table)


@dataclass(frozen=True)
class Visit:
    """``character`` is in ``location`` at some slot from ``first`` to ``last`` inclusive."""

    character: int
    location: int
    first: int
    last: int


@dataclass
class TimelineProblem:
    """A case in index form: what the z3 model must satisfy."""

    locations: int
    characters: int  # index 0 is the victim
    last_slot: int  # the discovery slot: variables run over slots 0..last_slot
    scene: int
    victim: int
    murderer: int
    discoverer: int
    death: int
    pins: dict[tuple[int, int], frozenset[int]] = field(default_factory=dict)
    visits: list[Visit] = field(default_factory=list)

    def pin(self, character: int, slot: int, rooms: Iterable[int]) -> None:
        """Narrow where ``character`` may be at ``slot`` (intersecting earlier pins)."""
        rooms = frozenset(rooms)
        key = (character, slot)
        self.pins[key] = self.pins[key] & rooms if key in self.pins else rooms


@dataclass(frozen=True)
class Facts:
    """What a player can learn, in index form, for the uniqueness check."""

    confirmed_weapons: tuple[tuple[int, int], ...]  # (weapon, prints) forensics calls murder
    suspicions: tuple[tuple[int, int], ...]  # (suspect, motive)
    scene_sightings: tuple[tuple[int, int], ...]  # (person, slot) seen at the scene
    victim: int
    solution: tuple[int, int, int, int]  # murderer, weapon, motive, slot
    victim_alive: tuple[int, ...] = ()  # slots at which the victim was seen away from the scene


class ModelError(RuntimeError):
    """The z3 model says something the generator did not expect."""


def _x(character: int, slot: int) -> str:
    return f"x{character}_{slot}"


def _width(locations: int) -> int:
    return (locations + 1) // 2


def _code(room: int, width: int) -> int:
    """A room's bit pattern: its row in bit 3, its column in bits 0-2."""
    row, column = divmod(room, width)
    return row << 3 | column


def _room(code: int, width: int) -> int:
    return (code >> 3) * width + (code & 7)


def _bv(value: int) -> str:
    return f"(_ bv{value} {BITS})"


def _at(problem: TimelineProblem, room: int) -> str:
    return _bv(_code(room, _width(problem.locations)))


def _in(variable: str, rooms: Iterable[int], width: int) -> str:
    options = [f"(= {variable} {_bv(_code(room, width))})" for room in sorted(rooms)]
    if not options:
        return "false"
    return options[0] if len(options) == 1 else f"(or {' '.join(options)})"


@functools.cache
def base_text(locations: int, characters: int, last_slot: int) -> str:
    """The constant part of a shape: declarations, domain and movement.

    A room is coded as its row (bit 3) and column (bits 0-2), so "the same room or a neighbour"
    is a little bit-vector arithmetic rather than a table."""
    width = _width(locations)
    lines = [
        f"(define-fun near ((a (_ BitVec {BITS})) (b (_ BitVec {BITS}))) Bool"
        " (let ((ra ((_ extract 3 3) a)) (ca ((_ extract 2 0) a))"
        " (rb ((_ extract 3 3) b)) (cb ((_ extract 2 0) b)))"
        " (or (= ca cb) (and (= ra rb) (or (= ca (bvadd cb #b001)) (= cb (bvadd ca #b001)))))))",
        f"(define-fun room ((a (_ BitVec {BITS}))) Bool"
        f" (and (bvult ((_ extract 2 0) a) (_ bv{width} 3))"
        " (or (= ((_ extract 3 3) a) #b0)"
        f" (bvult ((_ extract 2 0) a) (_ bv{locations - width} 3)))))",
    ]
    for character in range(characters):
        for slot in range(last_slot + 1):
            name = _x(character, slot)
            lines.append(f"(declare-const {name} (_ BitVec {BITS}))")
            lines.append(f"(assert (room {name}))")
            if slot:
                lines.append(f"(assert (near {_x(character, slot - 1)} {name}))")
    return "\n".join(lines) + "\n"


def constrain_victim(problem: TimelineProblem) -> list[str]:
    return [
        f"(assert (= {_x(problem.victim, slot)} {_at(problem, problem.scene)}))"
        for slot in range(problem.death, problem.last_slot + 1)
    ]


def constrain_murder(problem: TimelineProblem) -> list[str]:
    return [f"(assert (= {_x(problem.murderer, problem.death)} {_at(problem, problem.scene)}))"]


def constrain_discovery(problem: TimelineProblem) -> list[str]:
    lines = [
        f"(assert (= {_x(problem.discoverer, problem.last_slot)} {_at(problem, problem.scene)}))"
    ]
    for slot in range(problem.death + 1, problem.last_slot + 1):
        for character in range(problem.characters):
            if character == problem.victim:
                continue
            if character == problem.discoverer and slot == problem.last_slot:
                continue
            lines.append(f"(assert (not (= {_x(character, slot)} {_at(problem, problem.scene)})))")
    return lines


def constrain_pins(problem: TimelineProblem) -> list[str]:
    return [
        f"(assert {_in(_x(character, slot), rooms, _width(problem.locations))})"
        for (character, slot), rooms in sorted(problem.pins.items())
    ]


def constrain_visits(problem: TimelineProblem) -> list[str]:
    lines = []
    for visit in problem.visits:
        options = " ".join(
            f"(= {_x(visit.character, slot)} {_at(problem, visit.location)})"
            for slot in range(visit.first, visit.last + 1)
        )
        lines.append(f"(assert (or {options} false))")
    return lines


def case_text(problem: TimelineProblem) -> str:
    lines = [
        *constrain_victim(problem),
        *constrain_murder(problem),
        *constrain_discovery(problem),
        *constrain_pins(problem),
        *constrain_visits(problem),
    ]
    return "\n".join(lines) + "\n"


def facts_text(facts: Facts) -> str:
    """The learnable facts over four fresh 8-bit numbers, and the negated solution.

    The time is a slot at which the murderer was seen at the scene, after every slot at which
    the victim was seen alive elsewhere (the body lies at the scene from the death on)."""

    def n(value: int) -> str:
        return f"(_ bv{value % 256} 8)"

    def any_of(pairs: Sequence[tuple[int, int]], first: str, second: str) -> str:
        options = " ".join(f"(and (= {first} {n(a)}) (= {second} {n(b)}))" for a, b in pairs)
        return f"(assert (or {options} false))"

    murderer, weapon, motive, slot = facts.solution
    return "\n".join(
        [
            *(f"(declare-const {name} (_ BitVec 8))" for name in ("sM", "sW", "sMo", "sT")),
            any_of(facts.confirmed_weapons, "sW", "sM"),
            any_of(facts.suspicions, "sM", "sMo"),
            any_of(facts.scene_sightings, "sM", "sT"),
            *(f"(assert (bvugt sT {n(slot)}))" for slot in facts.victim_alive),
            f"(assert (not (= sM {n(facts.victim)})))",
            f"(assert (not (and (= sM {n(murderer)}) (= sW {n(weapon)}) (= sMo {n(motive)})"
            f" (= sT {n(slot)}))))",
        ]
    )


_VALUE = re.compile(r"\(define-fun x(\d+)_(\d+) \(\) \(_ BitVec \d+\)\s+#([xb])([0-9a-fA-F]+)\)")


class TimelineSolver:
    """One case's solver: find a timeline, then prove the solution unique."""

    def __init__(self, problem: TimelineProblem, *, random_seed: int) -> None:
        self.problem = problem
        self.found: list[list[int]] | None = None
        self.context = z3.Context()
        self.solver = z3.SolverFor("QF_BV", ctx=self.context)
        self.solver.set("rlimit", RLIMIT)
        self.solver.set("random_seed", random_seed)
        self.solver.from_string(
            base_text(problem.locations, problem.characters, problem.last_slot) + case_text(problem)
        )

    def timeline(self) -> list[list[int]] | None:
        """Each character's location index per slot 0..last_slot; ``None`` when z3 finds none
        within the effort bound."""
        if self.solver.check() != z3.sat:
            return None
        text = self.solver.model().sexpr()
        problem = self.problem
        width = _width(problem.locations)
        grid = [[-1] * (problem.last_slot + 1) for _ in range(problem.characters)]
        for character, slot, base, digits in _VALUE.findall(text):
            grid[int(character)][int(slot)] = _room(int(digits, 16 if base == "x" else 2), width)
        if any(value < 0 for row in grid for value in row):
            raise ModelError("the model leaves a character's whereabouts undecided")
        self.found = grid
        return grid

    def is_unique(self, facts: Facts) -> bool:
        """Whether no other (murderer, weapon, motive, time) fits what a player can learn from
        the case as found: push, assert the found timeline, the learnable facts and the negated
        solution, expect unsat, pop."""
        if self.found is None:
            raise ModelError("no timeline has been found yet")
        problem = self.problem
        fixed = "\n".join(
            f"(assert (= {_x(character, slot)} {_at(problem, room)}))"
            for character, row in enumerate(self.found)
            for slot, room in enumerate(row)
        )
        self.solver.push()
        try:
            self.solver.from_string(fixed + "\n" + facts_text(facts))
            return bool(self.solver.check() == z3.unsat)
        finally:
            self.solver.pop()
