"""The island's ring, laid out by z3 under the board's design rules.

The ring has ``size`` spaces, numbered clockwise. Rotating or mirroring a ring changes nothing a
player sees, so the model fixes the Start on space 0 and the Hotel's three rooms on 1-3 (the
Start beside a Hotel room). z3 places the rest, one integer each:

- ``r<k>``: the first of the three rooms of location ``L<k>`` (k = 2 … 9);
- ``t<k>``: the "To the ..." space of ``L<k>``;
- ``dock0`` < ``dock1``, ``accuse0`` < ``accuse1``, ``escape0`` < ``escape1``;

under the rules (the numbers are :mod:`rules.murder_she_wrote.case`'s):

- **locations**: three rooms each, with at least one other space between two locations;
- **single spaces** (the Start, To, dock, Accuse and Escape spaces): on no room, none beside
  another;
- **To**: further than one roll (:data:`TO_DISTANCE`) from every room of its location;
- **docks** on opposite sides, at least a third of the ring apart; the two **Accuse** and the
  two **Escape** spaces each at least a quarter apart;
- **escape**: no move from the Start passes an Escape space, walking or crossing at a dock (the
  ring distance to a dock plus the other dock's to the Escape space is more than a roll).

The seed varies the island (:func:`draft_preferences`): it fixes the clockwise order of the
locations and draws a target space for every location and single space. z3 first looks for a
layout with each within a narrow window of its target, and widens the windows (at last drops
them) until a layout fits, so the same seed always gives the same island and most of the shape
comes from the seed rather than from z3's search order.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from generator.kit import smt
from generator.kit.retry import Rejected
from generator.kit.runner import CaseSolver, Verdict, cached_per_shape
from rules.murder_she_wrote.case import (
    ACCUSE_SPACES,
    DOCKS,
    ESCAPE_FROM_START,
    ESCAPE_SPACES,
    HOTEL,
    LOCATION_COUNT,
    ROOMS_PER_LOCATION,
    TO_DISTANCE,
    Kind,
    Space,
    docks_apart,
    pair_apart,
)

LOGIC = "QF_LIA"
#: Effort bound per check; a layout usually takes a few per cent of it.
RLIMIT = 4_000_000
#: The Start's space and the Hotel's rooms, fixed (see the module's docstring).
START = 0
HOTEL_ROOMS = tuple(range(1, 1 + ROOMS_PER_LOCATION))
#: The locations z3 places: ``L2`` … ``L9``.
PLACED = tuple(range(2, LOCATION_COUNT + 1))
#: The windows around the targets, widest last; ``None``: no window at all.
WINDOWS: tuple[tuple[int, int] | None, ...] = ((1, 2), (3, 6), None)


def room_var(k: int) -> str:
    return f"r{k}"


def to_var(k: int) -> str:
    return f"t{k}"


DOCK_VARS = tuple(f"dock{i}" for i in range(DOCKS))
ACCUSE_VARS = tuple(f"accuse{i}" for i in range(ACCUSE_SPACES))
ESCAPE_VARS = tuple(f"escape{i}" for i in range(ESCAPE_SPACES))
TO_VARS = tuple(to_var(k) for k in PLACED)
ROOM_VARS = tuple(room_var(k) for k in PLACED)
#: Every single space z3 places (the Start is fixed).
SINGLE_VARS = (*TO_VARS, *DOCK_VARS, *ACCUSE_VARS, *ESCAPE_VARS)


def num(value: int) -> smt.Term:
    """An integer literal (SMT-LIB writes a negative one as a negation)."""
    return str(value) if value >= 0 else smt.app("-", str(-value))


def ge(left: smt.Term, right: smt.Term) -> smt.Term:
    return smt.app(">=", left, right)


def le(left: smt.Term, right: smt.Term) -> smt.Term:
    return smt.app("<=", left, right)


def minus(left: smt.Term, right: smt.Term) -> smt.Term:
    return smt.app("-", left, right)


def plus(left: smt.Term, right: smt.Term) -> smt.Term:
    return smt.app("+", left, right)


def apart(first: smt.Term, second: smt.Term, steps: int, size: int) -> smt.Term:
    """The ring distance between two spaces (each in 0 … size-1) is at least ``steps``."""
    return smt.and_(
        smt.or_(ge(minus(first, second), num(steps)), ge(minus(second, first), num(steps))),
        le(minus(first, second), num(size - steps)),
        le(minus(second, first), num(size - steps)),
    )


def off_rooms(space: smt.Term, first_room: smt.Term) -> smt.Term:
    """``space`` is none of the three rooms that begin at ``first_room``."""
    last = plus(first_room, num(ROOMS_PER_LOCATION - 1))
    return smt.or_(smt.app("<", space, first_room), smt.app(">", space, last))


@cached_per_shape
def ring_text(size: int) -> str:
    """The SMT-LIB text of the design rules for a ring of ``size`` spaces, once per size."""
    commands = [smt.declare_const(name, "Int") for name in (*ROOM_VARS, *SINGLE_VARS)]
    commands.append(
        smt.define_fun(
            "dist",
            (("a", "Int"), ("b", "Int")),
            "Int",
            smt.let(
                {"d": smt.app("abs", minus("a", "b"))},
                smt.app("ite", le("d", minus(num(size), "d")), "d", minus(num(size), "d")),
            ),
        )
    )
    after_hotel = HOTEL_ROOMS[-1] + 2  # one space at least between two locations
    for room in ROOM_VARS:
        commands.append(smt.assert_(ge(room, num(after_hotel))))
        commands.append(smt.assert_(le(room, num(size - ROOMS_PER_LOCATION))))
    for index, first in enumerate(ROOM_VARS):
        for second in ROOM_VARS[index + 1 :]:
            gap = ROOMS_PER_LOCATION + 1
            commands.append(
                smt.assert_(
                    smt.or_(ge(minus(second, first), num(gap)), ge(minus(first, second), num(gap)))
                )
            )
    for single in SINGLE_VARS:
        commands.append(smt.assert_(ge(single, num(HOTEL_ROOMS[-1] + 1))))
        commands.append(smt.assert_(le(single, num(size - 1))))
        commands.append(smt.assert_(apart(single, num(START), 2, size)))
        commands += [smt.assert_(off_rooms(single, room)) for room in ROOM_VARS]
    for index, first in enumerate(SINGLE_VARS):
        for second in SINGLE_VARS[index + 1 :]:
            commands.append(smt.assert_(apart(first, second, 2, size)))
    for k in PLACED:
        first_room = room_var(k)
        last_room = plus(first_room, num(ROOMS_PER_LOCATION - 1))
        commands.append(smt.assert_(apart(to_var(k), first_room, TO_DISTANCE, size)))
        commands.append(smt.assert_(apart(to_var(k), last_room, TO_DISTANCE, size)))
    commands.append(smt.assert_(apart(DOCK_VARS[0], DOCK_VARS[1], docks_apart(size), size)))
    for pair in (DOCK_VARS, ACCUSE_VARS, ESCAPE_VARS):
        commands.append(smt.assert_(smt.app("<", pair[0], pair[1])))
    for pair in (ACCUSE_VARS, ESCAPE_VARS):
        commands.append(smt.assert_(apart(pair[0], pair[1], pair_apart(size), size)))
    for escape in ESCAPE_VARS:
        commands.append(smt.assert_(apart(escape, num(START), ESCAPE_FROM_START, size)))
        for dock, other in (DOCK_VARS, DOCK_VARS[::-1]):
            by_boat = plus(smt.app("dist", num(START), dock), smt.app("dist", other, escape))
            commands.append(smt.assert_(ge(by_boat, num(ESCAPE_FROM_START))))
    return smt.script(commands)


@dataclass(frozen=True)
class Preferences:
    """What the seed fixes (the locations' clockwise order) and where it would like things."""

    size: int
    order: tuple[int, ...]  # L2 … L9 by number, clockwise after the Hotel
    targets: Mapping[str, int]  # a variable -> the space the seed would like it on


def draft_preferences(rng: random.Random, size: int) -> Preferences:
    """The locations' order and the targets, drawn from ``rng``.

    The targets sketch one plausible ring: random gaps between the locations (each at least one
    space), then each single space on a random free space of the gaps that keeps the simple
    rules with the targets drawn before it (:func:`_fits`). The sketch may still break a rule
    (the boats' way to an Escape space, a single left with no fitting space): z3 then moves
    things within the windows, or further.
    """
    order = list(PLACED)
    rng.shuffle(order)
    free = size - LOCATION_COUNT * ROOMS_PER_LOCATION - 1  # the Start takes one space
    gaps = [1] * LOCATION_COUNT
    for _ in range(free - LOCATION_COUNT):
        gaps[rng.randrange(LOCATION_COUNT)] += 1
    targets: dict[str, int] = {}
    here = HOTEL_ROOMS[-1] + 1 + gaps[0]
    spots = list(range(HOTEL_ROOMS[-1] + 1, here))
    for k, gap in zip(order, gaps[1:], strict=True):
        targets[room_var(k)] = here
        here += ROOMS_PER_LOCATION
        spots += range(here, min(here + gap, size))
        here += gap
    spots = [space for space in spots if START + 2 <= space <= size - 2]
    for name in (*DOCK_VARS, *ESCAPE_VARS, *ACCUSE_VARS, *TO_VARS):
        fitting = [space for space in spots if _fits(name, space, targets, size)]
        taken = set(targets[single] for single in SINGLE_VARS if single in targets)
        targets[name] = rng.choice(fitting or [s for s in spots if s not in taken] or spots)
    for pair in (DOCK_VARS, ACCUSE_VARS, ESCAPE_VARS):  # the model orders each pair
        low, high = sorted(targets[name] for name in pair)
        targets[pair[0]], targets[pair[1]] = low, high
    return Preferences(size, tuple(order), targets)


def _fits(name: str, space: int, targets: Mapping[str, int], size: int) -> bool:
    """Whether ``space`` keeps the simple rules of ``name`` with the targets drawn so far:
    beside no single space, its pair's distance, an Escape space a roll from the Start and a
    To space a roll from its location."""

    def distance(first: int, second: int) -> int:
        return min(abs(first - second), size - abs(first - second))

    for single in SINGLE_VARS:
        if single in targets and distance(space, targets[single]) < 2:
            return False
    for pair, least in (
        (DOCK_VARS, docks_apart(size)),
        (ACCUSE_VARS, pair_apart(size)),
        (ESCAPE_VARS, pair_apart(size)),
    ):
        if name == pair[1] and distance(space, targets[pair[0]]) < least:
            return False
    if name in ESCAPE_VARS and distance(space, START) < ESCAPE_FROM_START:
        return False
    if name in TO_VARS:
        first = targets[room_var(int(name[1:]))]
        last = first + ROOMS_PER_LOCATION - 1
        return min(distance(space, first), distance(space, last)) >= TO_DISTANCE
    return True


def preference_text(preferences: Preferences, window: tuple[int, int] | None) -> str:
    """The case's own assertions: the order, and each target's window (rooms, singles)."""
    commands = []
    order = preferences.order
    for before, after in zip(order, order[1:], strict=False):
        commands.append(smt.assert_(smt.app("<", room_var(before), room_var(after))))
    if window is not None:
        for name, target in sorted(preferences.targets.items()):
            width = window[0] if name in ROOM_VARS else window[1]
            commands.append(smt.assert_(ge(name, num(target - width))))
            commands.append(smt.assert_(le(name, num(target + width))))
    return smt.script(commands)


def solve_layout(rng: random.Random, size: int) -> dict[str, int]:
    """The positions of every placed variable for a ring of ``size``, drawn with ``rng``;
    :class:`Rejected` when no window, not even none, gives a layout z3 finds."""
    preferences = draft_preferences(rng, size)
    random_seed = rng.randrange(2**31)
    unknown = False
    for window in WINDOWS:
        text = ring_text(size) + preference_text(preferences, window)
        solver = CaseSolver(text, logic=LOGIC, rlimit=RLIMIT, random_seed=random_seed)
        verdict = solver.check()
        if verdict is Verdict.SAT:
            return solver.values_of((*ROOM_VARS, *SINGLE_VARS))
        unknown = unknown or verdict is Verdict.UNKNOWN
    if unknown:
        raise Rejected("layout/unknown", f"z3 found no ring of {size} within its effort bound")
    raise Rejected("layout/unsat", f"the design rules admit no ring of {size} in this order")


def ring_of(size: int, values: Mapping[str, int]) -> tuple[Space, ...]:
    """The ring's spaces from a layout's values."""
    ring = [Space(Kind.PATH)] * size
    ring[START] = Space(Kind.START)
    for room in HOTEL_ROOMS:
        ring[room] = Space(Kind.ROOM, HOTEL)
    for k in PLACED:
        for offset in range(ROOMS_PER_LOCATION):
            ring[values[room_var(k)] + offset] = Space(Kind.ROOM, f"L{k}")
        ring[values[to_var(k)]] = Space(Kind.TO, f"L{k}")
    singles: Sequence[tuple[tuple[str, ...], Kind]] = (
        (DOCK_VARS, Kind.DOCK),
        (ACCUSE_VARS, Kind.ACCUSE),
        (ESCAPE_VARS, Kind.ESCAPE),
    )
    for names, kind in singles:
        for name in names:
            ring[values[name]] = Space(kind)
    return tuple(ring)


def rooms_of(size: int, values: Mapping[str, int]) -> dict[str, tuple[int, ...]]:
    """Each location's rooms, in ring order."""
    rooms = {HOTEL: HOTEL_ROOMS}
    for k in PLACED:
        first = values[room_var(k)]
        rooms[f"L{k}"] = tuple(range(first, first + ROOMS_PER_LOCATION))
    return rooms
