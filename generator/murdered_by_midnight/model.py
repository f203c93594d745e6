"""The z3 timeline model of a Murdered by Midnight case, written as SMT-LIB text.

The only module of the generator that talks to z3, through the kit's runner
(:class:`generator.kit.runner.CaseSolver`). It works on small integers (character, location and
slot indices) and hands plain lists back.

Floor plan and movement
-----------------------
The house is a grid of two rows (:func:`floor_plan`): location index ``i`` stands at row
``i // width``, column ``i % width`` with ``width = ceil(locations / 2)``, and two rooms are
neighbours when they share a wall (orthogonally adjacent). Between two consecutive time slots a
character stays where they are or walks into one neighbouring room. A witness sees a person when
standing in the same room or in a neighbouring one (through the doorway).

Variables and constraints
-------------------------
One bit-vector ``x<c>_<s>`` per character ``c`` and slot ``s`` up to the discovery slot (after it
nobody moves: the tokens stand where they are at discovery), holding the room's
:class:`RoomCode`: its row in the top bit and its column in the bits below, as wide as the house
needs. "The same room or a neighbour" is then a little bit-vector arithmetic, the ``define-fun``
``near``, rather than a table, so the text stays small. One ``constrain_*`` function per rule
writes its assertions (grilops style):

- domain: every variable names one of the locations (so nobody is in two places at once);
- movement: ``near(x<c>_<s-1>, x<c>_<s>)``;
- the victim at the scene from the time of death on (so a sighting of the victim elsewhere, a
  pin, proves the death came later), the murderer at the scene at the time of death, the
  discoverer at the scene at the discovery slot;
- nobody but the murderer with the victim at the death, and the scene empty of the living
  after it until the discovery (whoever walked in would have found the body), but for the
  discoverer at the discovery slot;
- pins: a character in one of a set of rooms at a slot (a sighting's person, its witnesses
  near the person, where the murderer leaves the weapon, where a suspect handled one, where
  tokens stand at the discovery, optional anchors that vary the evening).

The uniqueness proof (:func:`facts_text`) adds what a player can learn over four numbers, the
accusation (murderer, weapon, motive, time), and the negated solution.

Cost: the constant part of a shape (characters, locations, slots) is written once per process
(:func:`base_text`, cached); each case appends its few assertions and is parsed in a fresh
context, so the same text and parameters give the same timeline in any process.
"""

from __future__ import annotations

import functools
from collections.abc import Iterable
from dataclasses import dataclass, field

from generator.kit import smt
from generator.kit.runner import CaseSolver, ModelError, Verdict, cached_per_shape

__all__ = [
    "Facts",
    "ModelError",
    "RoomCode",
    "TimelineProblem",
    "TimelineSolver",
    "Verdict",
    "distances",
    "floor_plan",
]

#: Effort bound per check: counts the same on every run, unlike a timeout.
RLIMIT = 5_000_000
LOGIC = "QF_BV"
#: The fewest column bits of a room code. The model was first written with three (houses of up
#: to 14 rooms); wider houses get more, smaller ones keep three, so their text, and hence the
#: timelines z3 finds for existing seeds, stay the same.
MIN_COLUMN_BITS = 3
#: The fewest bits of the four accusation numbers of the uniqueness proof, for the same reason.
MIN_FACT_BITS = 8
#: From how many timeline variables on the uniqueness proof runs in a context of its own
#: (measured: easy cases, about 70, prove faster on a push; hard ones, about 250, apart).
PROOF_APART = 150


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
def distances(count: int, blocked: int | None = None) -> tuple[tuple[int, ...], ...]:
    """Shortest walks (in slots) between every two locations of the floor plan; with
    ``blocked``, walks that never pass through that room (they may start or end there), and
    ``2 * count`` for a room it cuts off."""
    plan = floor_plan(count)
    table = []
    for start in range(count):
        seen = {start: 0}
        frontier = [start]
        while frontier:
            following = []
            for room in frontier:
                if room == blocked and room != start:
                    continue
                for other in sorted(plan[room]):
                    if other not in seen:
                        seen[other] = seen[room] + 1
                        following.append(other)
            frontier = following
        table.append(tuple(seen.get(other, 2 * count) for other in range(count)))
    return tuple(table)


@dataclass(frozen=True)
class RoomCode:
    """How a room of a house of ``rooms`` rooms is written as a bit-vector: its row (0 or 1) in
    the top bit, its column in the bits below, wide enough that the column right of the last
    one is still a number of its own (so ``column + 1`` never wraps round to column 0)."""

    rooms: int

    @property
    def width(self) -> int:
        """Rooms per row (the second row may be one short)."""
        return (self.rooms + 1) // 2

    @property
    def column_bits(self) -> int:
        return max(MIN_COLUMN_BITS, smt.width_for(self.width))

    @property
    def bits(self) -> int:
        return self.column_bits + 1

    @property
    def sort(self) -> str:
        return smt.bv_sort(self.bits)

    def encode(self, room: int) -> int:
        row, column = divmod(room, self.width)
        return row << self.column_bits | column

    def decode(self, code: int) -> int:
        row, column = code >> self.column_bits, code & ((1 << self.column_bits) - 1)
        if column >= self.width or row * self.width + column >= self.rooms:
            raise ModelError(f"{code} is the code of no room of a house of {self.rooms}")
        return row * self.width + column

    def literal(self, room: int) -> smt.Term:
        return smt.bv(self.encode(room), self.bits)

    def row_of(self, term: smt.Term) -> smt.Term:
        return smt.extract(self.column_bits, self.column_bits, term)

    def column_of(self, term: smt.Term) -> smt.Term:
        return smt.extract(self.column_bits - 1, 0, term)

    def column(self, value: int) -> smt.Term:
        return smt.bv(value, self.column_bits)


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

    def pin(self, character: int, slot: int, rooms: Iterable[int]) -> None:
        """Narrow where ``character`` may be at ``slot`` (intersecting earlier pins)."""
        rooms = frozenset(rooms)
        key = (character, slot)
        self.pins[key] = self.pins[key] & rooms if key in self.pins else rooms


@dataclass(frozen=True)
class Facts:
    """What a player can learn, in index form, for the uniqueness check."""

    #: (weapon, prints) of each find forensics calls the murder weapon; ``None``: no prints.
    confirmed_weapons: tuple[tuple[int, int | None], ...]
    suspicions: tuple[tuple[int, int], ...]  # (suspect, motive)
    scene_sightings: tuple[tuple[int, int], ...]  # (person, slot) seen at or near the scene
    victim: int
    solution: tuple[int, int, int, int]  # murderer, weapon, motive, slot
    victim_alive: tuple[int, ...] = ()  # slots at which the victim was seen away from the scene


def _x(character: int, slot: int) -> str:
    return f"x{character}_{slot}"


# the constant part of a shape -------------------------------------------------------------------


@cached_per_shape
def base_text(locations: int, characters: int, last_slot: int) -> str:
    """Declarations, domain and movement: the same for every case of this shape."""
    code = RoomCode(locations)
    commands = [_define_near(code), _define_room(code)]
    for character in range(characters):
        for slot in range(last_slot + 1):
            name = _x(character, slot)
            commands.append(smt.declare_const(name, code.sort))
            commands.append(smt.assert_(smt.app("room", name)))
            if slot:
                commands.append(smt.assert_(smt.app("near", _x(character, slot - 1), name)))
    return smt.script(commands)


def _define_near(code: RoomCode) -> str:
    """``near(a, b)``: the same room or a neighbour. In a house of two rows, that is the same
    column (the same room, or the one across), or the same row and columns one apart."""
    one = smt.bits(1, code.column_bits)
    parts = [
        ("ra", code.row_of("a")),
        ("ca", code.column_of("a")),
        ("rb", code.row_of("b")),
        ("cb", code.column_of("b")),
    ]
    side_by_side = smt.or_(
        smt.eq("ca", smt.app("bvadd", "cb", one)), smt.eq("cb", smt.app("bvadd", "ca", one))
    )
    body = smt.or_(smt.eq("ca", "cb"), smt.and_(smt.eq("ra", "rb"), side_by_side))
    return smt.define_fun(
        "near", [("a", code.sort), ("b", code.sort)], "Bool", smt.let(parts, body)
    )


def _define_room(code: RoomCode) -> str:
    """``room(a)``: ``a`` is the code of a room: a column of the first row, or of the second
    row, which may be one room shorter."""
    column = code.column_of("a")
    body = smt.and_(
        smt.app("bvult", column, code.column(code.width)),
        smt.or_(
            smt.eq(code.row_of("a"), smt.bits(0, 1)),
            smt.app("bvult", column, code.column(code.rooms - code.width)),
        ),
    )
    return smt.define_fun("room", [("a", code.sort)], "Bool", body)


# one case's rules -------------------------------------------------------------------------------


def constrain_victim(problem: TimelineProblem, code: RoomCode) -> list[str]:
    """The body lies at the scene from the time of death on."""
    scene = code.literal(problem.scene)
    return [
        smt.assert_(smt.eq(_x(problem.victim, slot), scene))
        for slot in range(problem.death, problem.last_slot + 1)
    ]


def constrain_murder(problem: TimelineProblem, code: RoomCode) -> list[str]:
    """The murderer is at the scene at the time of death."""
    return [smt.assert_(smt.eq(_x(problem.murderer, problem.death), code.literal(problem.scene)))]


def constrain_discovery(problem: TimelineProblem, code: RoomCode) -> list[str]:
    """The discoverer finds the body at the discovery slot; nobody but the murderer is with the
    victim at the death, and nobody living walks into the scene between the death and the
    discovery (they would have found the body first)."""
    scene = code.literal(problem.scene)
    commands = [smt.assert_(smt.eq(_x(problem.discoverer, problem.last_slot), scene))]
    for slot in range(problem.death, problem.last_slot + 1):
        for character in range(problem.characters):
            if character == problem.victim:
                continue
            if character == problem.discoverer and slot == problem.last_slot:
                continue
            if character == problem.murderer and slot == problem.death:
                continue
            commands.append(smt.assert_(smt.not_(smt.eq(_x(character, slot), scene))))
    return commands


def constrain_pins(problem: TimelineProblem, code: RoomCode) -> list[str]:
    """Each pinned character stands in one of the pin's rooms at its slot."""
    return [
        smt.assert_(smt.one_of(_x(character, slot), map(code.literal, sorted(rooms))))
        for (character, slot), rooms in sorted(problem.pins.items())
    ]


def case_text(problem: TimelineProblem) -> str:
    code = RoomCode(problem.locations)
    return smt.script(
        [
            *constrain_victim(problem, code),
            *constrain_murder(problem, code),
            *constrain_discovery(problem, code),
            *constrain_pins(problem, code),
        ]
    )


# the uniqueness proof ---------------------------------------------------------------------------

#: The accusation's four numbers in the uniqueness proof.
MURDERER, WEAPON, MOTIVE, TIME = "sM", "sW", "sMo", "sT"


def facts_text(facts: Facts) -> str:
    """What a player can learn, over the four accusation numbers, and the negated solution.

    The weapon is one forensics confirms and the murderer left prints on it; some witness
    suspects the murderer with the motive; the time is a slot at which a witness saw the
    murderer near the scene, after every slot at which one saw the victim alive elsewhere (the
    body lies at the scene from the death on: the cross-reference rule, docs/rulings.md).
    The verifier (:mod:`.verify`) checks the same rules again, on purpose, without z3.
    """
    bits = _fact_bits(facts)
    no_prints = (1 << bits) - 1  # above every index: no character's prints

    def n(value: int) -> smt.Term:
        return smt.bv(value, bits)

    def any_pair(pairs: Iterable[tuple[int, int]], first: str, second: str) -> str:
        options = (smt.and_(smt.eq(first, n(a)), smt.eq(second, n(b))) for a, b in pairs)
        return smt.assert_(smt.or_(*options, smt.FALSE))

    murderer, weapon, motive, slot = facts.solution
    confirmed = [
        (w, no_prints if prints is None else prints) for w, prints in facts.confirmed_weapons
    ]
    return smt.script(
        [
            *(
                smt.declare_const(name, smt.bv_sort(bits))
                for name in (MURDERER, WEAPON, MOTIVE, TIME)
            ),
            any_pair(confirmed, WEAPON, MURDERER),
            any_pair(facts.suspicions, MURDERER, MOTIVE),
            any_pair(facts.scene_sightings, MURDERER, TIME),
            # the cross-reference rule (rules' reasoning.is_possible_death): after every sighting
            # of the victim
            *(smt.assert_(smt.app("bvugt", TIME, n(alive))) for alive in facts.victim_alive),
            smt.assert_(smt.not_(smt.eq(MURDERER, n(facts.victim)))),
            smt.assert_(
                smt.not_(
                    smt.and_(
                        smt.eq(MURDERER, n(murderer)),
                        smt.eq(WEAPON, n(weapon)),
                        smt.eq(MOTIVE, n(motive)),
                        smt.eq(TIME, n(slot)),
                    )
                )
            ),
        ]
    )


def _fact_bits(facts: Facts) -> int:
    """Wide enough for every index of ``facts`` and one value more, which means no prints."""
    indices = [
        facts.victim,
        *facts.solution,
        *facts.victim_alive,
        *(value for pair in facts.suspicions + facts.scene_sightings for value in pair),
        *(w for w, _ in facts.confirmed_weapons),
        *(p for _, p in facts.confirmed_weapons if p is not None),
    ]
    return max(MIN_FACT_BITS, smt.width_for(max(indices) + 1))


# the solver -------------------------------------------------------------------------------------


class TimelineSolver:
    """One case's solver: find a timeline (:meth:`check`, :meth:`timeline`), then prove the
    solution unique (:meth:`is_unique`)."""

    def __init__(self, problem: TimelineProblem, *, random_seed: int) -> None:
        self.problem = problem
        self.code = RoomCode(problem.locations)
        self.found: list[list[int]] | None = None
        self._solver = CaseSolver(
            base_text(problem.locations, problem.characters, problem.last_slot)
            + case_text(problem),
            logic=LOGIC,
            rlimit=RLIMIT,
            random_seed=random_seed,
        )

    def check(self) -> Verdict:
        """Whether z3 finds a timeline within its effort bound (``unknown`` when it runs out,
        ``unsat`` when the pins contradict the rules)."""
        return self._solver.check()

    def timeline(self) -> list[list[int]]:
        """Each character's location index per slot 0..last_slot, from the model found."""
        p = self.problem
        names = [_x(c, s) for c in range(p.characters) for s in range(p.last_slot + 1)]
        values = self._solver.values_of(names)
        grid = [
            [self.code.decode(values[_x(c, s)]) for s in range(p.last_slot + 1)]
            for c in range(p.characters)
        ]
        self.found = grid
        return grid

    def is_unique(self, facts: Facts) -> bool:
        """Whether no other (murderer, weapon, motive, time) fits what a player can learn from
        the case as found: the learnable facts and the negated solution, expected unsat. The
        facts name no room and no slot of the timeline, so they need none of its assertions:
        a small timeline takes them on a push, a large one (:data:`PROOF_APART` variables or
        more, where pushing onto the solved timeline costs more than a context) in a small
        context of their own."""
        if self.found is None:
            raise ModelError("no timeline has been found yet")
        p = self.problem
        if p.characters * (p.last_slot + 1) < PROOF_APART:
            return self._solver.is_unique(facts_text(facts))
        proof = CaseSolver(facts_text(facts), logic=LOGIC, rlimit=RLIMIT, random_seed=0)
        return proof.check() is Verdict.UNSAT
