"""The suspect roster, chosen by z3 under the design constraints that make deduction work.

Sixteen suspects, five evidences of two values each: one Boolean ``t<s>_<e>`` per suspect ``s``
and evidence ``e`` (true: the evidence's second value). A :class:`RosterDesign` says which
constraints the model asserts (one ``constrain_*`` function each):

- **distinct**: no two suspects share all five values, so the five solved evidences name one
  suspect;
- **balanced**: each value of each evidence is on exactly half the suspects (8), so every solved
  evidence halves the suspects still in play, whichever value the murderer has;
- **separated**: every two suspects differ in at least two evidences, so any four solved
  evidences already name the murderer and no single one is the evidence that decides.

Separated implies distinct, and the two together imply balanced: sixteen five-bit profiles two
apart are exactly the words of one parity (the even-weight ones or the odd-weight ones), so the
full design leaves z3 a choice of parity and of which suspect gets which word. The tests in
``tests/generator/tiny_epic_crimes/test_roster.py`` measure what each constraint buys.

z3 answers in a fresh context with a random seed from the case's ``rng``; the seed then
shuffles which letter gets which row and, per evidence, which value is which (both keep every
constraint), so every roster the full design allows is equally likely.
"""

from __future__ import annotations

import itertools
import random
from dataclasses import dataclass

from generator.kit import smt
from generator.kit.retry import Rejected
from generator.kit.runner import CaseSolver, Verdict, cached_per_shape
from rules.tiny_epic_crimes.case import EVIDENCE, SUSPECT_LETTERS

SUSPECTS = len(SUSPECT_LETTERS)
TRAITS = len(EVIDENCE)
LOGIC = "QF_FD"
#: Effort bound per check (the full design takes about 10% of it).
RLIMIT = 5_000_000

#: A roster as bits: one row of five 0/1 values per suspect, in letter order.
Rows = tuple[tuple[int, ...], ...]


@dataclass(frozen=True)
class RosterDesign:
    """Which design constraints the model asserts (all of them for a real case)."""

    distinct: bool = True
    balanced: bool = True
    separated: bool = True


FULL = RosterDesign()


def var(suspect: int, trait: int) -> str:
    return f"t{suspect}_{trait}"


def _differences(a: int, b: int) -> list[smt.Term]:
    return [smt.app("xor", var(a, t), var(b, t)) for t in range(TRAITS)]


def constrain_distinct() -> list[str]:
    return [
        smt.assert_(smt.or_(*_differences(a, b)))
        for a, b in itertools.combinations(range(SUSPECTS), 2)
    ]


def constrain_balanced() -> list[str]:
    weights = " ".join(["1"] * SUSPECTS)
    return [
        smt.assert_(
            smt.app(f"(_ pbeq {SUSPECTS // 2} {weights})", *(var(s, t) for s in range(SUSPECTS)))
        )
        for t in range(TRAITS)
    ]


def constrain_separated() -> list[str]:
    return [
        smt.assert_(smt.app("(_ at-least 2)", *_differences(a, b)))
        for a, b in itertools.combinations(range(SUSPECTS), 2)
    ]


@cached_per_shape
def roster_text(distinct: bool, balanced: bool, separated: bool) -> str:
    """The SMT-LIB text of a design, written once per process."""
    cells = itertools.product(range(SUSPECTS), range(TRAITS))
    commands = [smt.declare_const(var(s, t), "Bool") for s, t in cells]
    if distinct:
        commands += constrain_distinct()
    if balanced:
        commands += constrain_balanced()
    if separated:
        commands += constrain_separated()
    return smt.script(commands)


def solve_roster(rng: random.Random, design: RosterDesign = FULL) -> Rows:
    """A roster of ``design`` drawn with ``rng``; :class:`Rejected` if z3 finds none."""
    text = roster_text(design.distinct, design.balanced, design.separated)
    solver = CaseSolver(text, logic=LOGIC, rlimit=RLIMIT, random_seed=rng.randrange(2**31))
    verdict = solver.check()
    if verdict is Verdict.UNKNOWN:
        raise Rejected("roster/unknown", "z3 found no roster within its effort bound")
    if verdict is Verdict.UNSAT:
        raise Rejected("roster/unsat", "the design constraints admit no roster")
    values = solver.values()
    rows = [[values.get(var(s, t), 0) for t in range(TRAITS)] for s in range(SUSPECTS)]
    rng.shuffle(rows)
    flips = [rng.randrange(2) for _ in range(TRAITS)]
    return tuple(tuple(bit ^ flip for bit, flip in zip(row, flips, strict=True)) for row in rows)
