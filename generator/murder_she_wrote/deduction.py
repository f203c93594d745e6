"""What a seat can conclude about the Murderer, proved by z3, with the reason each seat is out.

The model is the rulebook's world written as SMT-LIB text (``generator.kit.smt``): the Murderer
``murderer``, the first victim's location ``first_victim`` (dead before play), and a kill flag
per visit of the public log, which only the Murderer may raise, at a visit where the islander
was still ALIVE ("murder is final"). Whether a location is DEAD when a visitor looks is a chain
along that location's visits. Each thing the viewer knows is a tracked assumption: each of its
sightings ("the token read ALIVE/DEAD at visit t"), and each seat known to be a Jessica (the
viewer itself, every accuser, every seat out of the game). For every seat, z3 answers whether
``murderer == seat`` is satisfiable with them; for a seat it is not, the unsat core, shrunk to a
minimal one, names the sightings (or the role) that rule it out, and :func:`deduce` words them:
"the islander of L1 was alive when you looked at visit 3 and dead at visit 9; only seats 1 and 3
entered in between".

A fresh ``z3.Context`` per call, as every model here (generator/kit/runner.py), with a
deterministic effort bound. ``rules.murder_she_wrote.suspects`` computes the same candidates
without z3 for the bots; the tests check both against brute-force enumeration of worlds.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import z3

from generator.kit.smt import (
    Term,
    and_,
    app,
    assert_,
    declare_const,
    define_fun,
    eq,
    not_,
    or_,
    script,
)
from rules.murder_she_wrote import suspects
from rules.murder_she_wrote.case import LOCATION_COUNT

#: z3's deterministic effort bound per check: a 40-round log needs a small fraction of it.
RLIMIT = 5_000_000

MURDERER = "murderer"
FIRST_VICTIM = "first_victim"


@dataclass(frozen=True)
class _Model:
    """The SMT-LIB text of one view's world and the names of its tracked assumptions."""

    text: str
    sightings: Mapping[str, suspects.Look]  # tracked name -> the sighting it asserts
    jessicas: Mapping[str, int]  # tracked name -> the seat it says is a Jessica


def _number(location: str) -> str:
    return location.removeprefix("L")


def _implies(condition: Term, conclusion: Term) -> Term:
    return app("=>", condition, conclusion)


def _model(
    seat_count: int,
    visits: Sequence[tuple[int, str]],
    looks: Sequence[suspects.Look],
    jessicas: Sequence[int],
) -> _Model:
    commands = [
        declare_const(MURDERER, "Int"),
        declare_const(FIRST_VICTIM, "Int"),
        assert_(and_(app("<=", "0", MURDERER), app("<", MURDERER, str(seat_count)))),
        assert_(and_(app("<=", "1", FIRST_VICTIM), app("<=", FIRST_VICTIM, str(LOCATION_COUNT)))),
    ]
    dead_before: list[Term] = []
    latest: dict[str, Term] = {}
    for time, (seat, location) in enumerate(visits):
        before = latest.get(location, eq(FIRST_VICTIM, _number(location)))
        dead_before.append(before)
        kill = f"kill_{time}"
        commands.append(declare_const(kill, "Bool"))
        commands.append(assert_(_implies(kill, and_(eq(MURDERER, str(seat)), not_(before)))))
        after = f"dead_after_{time}"
        commands.append(define_fun(after, (), "Bool", or_(before, kill)))
        latest[location] = after
    tracked_sightings: dict[str, suspects.Look] = {}
    for look in looks:
        time, _, dead = look
        name = f"saw_{time}"
        tracked_sightings[name] = look
        reads = dead_before[time] if dead else not_(dead_before[time])
        commands += [declare_const(name, "Bool"), assert_(_implies(name, reads))]
    tracked_jessicas: dict[str, int] = {}
    for seat in sorted(set(jessicas)):
        name = f"jessica_{seat}"
        tracked_jessicas[name] = seat
        commands += [
            declare_const(name, "Bool"),
            assert_(_implies(name, not_(eq(MURDERER, str(seat))))),
        ]
    for seat in range(seat_count):
        commands += [
            declare_const(f"is_{seat}", "Bool"),
            assert_(_implies(f"is_{seat}", eq(MURDERER, str(seat)))),
        ]
    return _Model(script(commands), tracked_sightings, tracked_jessicas)


class _Solver:
    """One view's solver: checks ``murderer == seat`` under the tracked assumptions."""

    def __init__(self, model: _Model) -> None:
        self._context = z3.Context()
        self._solver = z3.SolverFor("QF_LIA", ctx=self._context)
        self._solver.set("rlimit", RLIMIT)
        self._solver.from_string(model.text)
        # a core is shrunk in this order, sightings first, so that a role outlasts them
        names = [*model.sightings, *model.jessicas]
        self._tracked = {name: z3.Bool(name, self._context) for name in names}

    def _unsat(self, seat: int, names: Sequence[str]) -> bool:
        query = z3.Bool(f"is_{seat}", self._context)
        verdict = self._solver.check(query, *(self._tracked[name] for name in names))
        if verdict == z3.unknown:
            raise RuntimeError(f"z3 gave up on seat {seat}: {self._solver.reason_unknown()}")
        return bool(verdict == z3.unsat)

    def why_not(self, seat: int) -> list[str] | None:
        """``None`` when ``seat`` can be the Murderer; else a minimal set of tracked names that
        rules it out."""
        if not self._unsat(seat, list(self._tracked)):
            return None
        known = f"jessica_{seat}"
        if known in self._tracked and self._unsat(seat, [known]):
            return [known]  # the public record (or the viewer's own role) says it at once
        in_core = {str(literal) for literal in self._solver.unsat_core()}
        core = [name for name in self._tracked if name in in_core]
        for name in list(core):
            trial = [kept for kept in core if kept != name]
            if self._unsat(seat, trial):
                core = trial
        return core


# wording ----------------------------------------------------------------------------------


def _seats(seats: Sequence[int]) -> str:
    """``seat 2``, ``seats 1 and 3``, ``seats 0, 1 and 3``, ``nobody``."""
    if not seats:
        return "nobody"
    if len(seats) == 1:
        return f"seat {seats[0]}"
    return f"seats {', '.join(map(str, seats[:-1]))} and {seats[-1]}"


def _when(time: int, rounds: Sequence[int]) -> str:
    return f"visit {time} (round {rounds[time]})"


def _death(
    location: str,
    looks: Sequence[suspects.Look],
    used: Sequence[suspects.Look],
    visits: Sequence[tuple[int, str]],
) -> dict[str, Any]:
    """A death the core relies on, with the tightest window the viewer's sightings give."""
    dead_at = min(time for time, at, dead in looks if at == location and dead)
    alive_at: int | None = None
    if any(at == location and not dead for _, at, dead in used):
        alive_at = max(
            time for time, at, dead in looks if at == location and not dead and time < dead_at
        )
    start = -1 if alive_at is None else alive_at
    entered = sorted(
        {
            seat
            for time, (seat, at) in enumerate(visits)
            if at == location and start < time < dead_at
        }
    )
    return {
        "kind": "window" if alive_at is not None else "first-look",
        "location": location,
        "islander": f"I{_number(location)}",
        "alive_at": alive_at,
        "dead_at": dead_at,
        "entered_between": entered,
    }


def _text(seat: int, because: Sequence[Mapping[str, Any]], rounds: Sequence[int]) -> str:
    kinds = {reason["kind"] for reason in because}
    if "you" in kinds:
        return "You are a Jessica."
    if "accused" in kinds:
        return f"Seat {seat} accused someone, and the Murderer may not accuse."
    if "out" in kinds:
        return f"Seat {seat} is out of the game, which only a wrong accusation does."
    if kinds == {"window"} and len(because) == 1:
        (reason,) = because
        return (
            f"The islander of {reason['location']} ({reason['islander']}) was alive when you "
            f"looked at {_when(reason['alive_at'], rounds)} and dead when you came back at "
            f"{_when(reason['dead_at'], rounds)}; only {_seats(reason['entered_between'])} "
            f"entered in between, not seat {seat}."
        )
    if kinds == {"first-look"}:
        parts = [
            f"{reason['islander']} dead at {reason['location']} at "
            f"{_when(reason['dead_at'], rounds)}, where "
            + (
                f"only {_seats(reason['entered_between'])} had been before you"
                if reason["entered_between"]
                else "nobody had been before you"
            )
            for reason in because
        ]
        return (
            f"You found {'; and '.join(parts)}. Only one islander was dead when play began, "
            f"and seat {seat} entered none of these places before you looked."
        )
    return f"Your sightings fit no world in which seat {seat} is the Murderer."


# the deduction ----------------------------------------------------------------------------


def deduce(view: Mapping[str, Any]) -> dict[str, Any]:
    """What the viewer can conclude: the seats that can still be the Murderer, and for each
    other seat the reasons (structured, and as a sentence with ids) it cannot be.

    The Murderer knows itself, and gets ``exposure``: what each Jessica still in the game can
    work out (``suspects.exposure``).
    """
    seat_count = len(view["pawns"])
    viewer = view["seat"]
    rounds = [visit["round"] for visit in view["visits"]]
    if suspects.is_murderer(view):
        return {
            "candidates": [viewer],
            "ruled_out": [
                {
                    "seat": seat,
                    "because": [{"kind": "you-are-the-murderer"}],
                    "text": "You are the Murderer.",
                }
                for seat in range(seat_count)
                if seat != viewer
            ],
            "exposure": [
                {"seat": seat, "suspects": sorted(found)}
                for seat, found in sorted(suspects.exposure(view).items())
            ],
        }
    visits = suspects.log_of(view)
    looks = suspects.looks_of(view)
    accusers = {accuser["seat"] for accuser in view["accusers"]}
    jessicas = sorted(accusers | set(view["out"]) | ({viewer} if viewer is not None else set()))
    model = _model(seat_count, visits, looks, jessicas)
    solver = _Solver(model)
    candidates: list[int] = []
    ruled_out: list[dict[str, Any]] = []
    for seat in range(seat_count):
        core = solver.why_not(seat)
        if core is None:
            candidates.append(seat)
            continue
        because = _reasons(core, model, viewer, accusers, looks, visits)
        ruled_out.append({"seat": seat, "because": because, "text": _text(seat, because, rounds)})
    return {"candidates": candidates, "ruled_out": ruled_out}


def _reasons(
    core: Sequence[str],
    model: _Model,
    viewer: int | None,
    accusers: set[int],
    looks: Sequence[suspects.Look],
    visits: Sequence[tuple[int, str]],
) -> list[dict[str, Any]]:
    reasons: list[dict[str, Any]] = []
    for name in core:
        if name in model.jessicas:
            seat = model.jessicas[name]
            kind = "you" if seat == viewer else "accused" if seat in accusers else "out"
            reasons.append({"kind": kind, "seat": seat})
    used = [model.sightings[name] for name in core if name in model.sightings]
    if used and suspects.fits_no_world(looks):
        return [*reasons, {"kind": "inconsistent", "sightings": sorted(t for t, _, _ in used)}]
    dead_places = sorted(
        {location for _, location, dead in used if dead},
        key=lambda location: min(t for t, at, dead in looks if at == location and dead),
    )
    reasons += [_death(location, looks, used, visits) for location in dead_places]
    if used and not dead_places:
        reasons.append({"kind": "inconsistent", "sightings": [time for time, _, _ in used]})
    return reasons
