"""The z3 model of the ring: it lays out every length, and each design rule is one the model
enforces (asked to break it, z3 answers unsat)."""

from __future__ import annotations

import random

import pytest

from generator.kit import smt
from generator.kit.runner import CaseSolver, Verdict
from generator.murder_she_wrote.layout import (
    ACCUSE_VARS,
    DOCK_VARS,
    ESCAPE_VARS,
    LOGIC,
    RLIMIT,
    TO_VARS,
    draft_preferences,
    ge,
    le,
    minus,
    num,
    ring_of,
    ring_text,
    solve_layout,
)
from rules.murder_she_wrote.case import MAX_RING, MIN_RING, Kind


def verdict(size: int, *extra: smt.Term) -> Verdict:
    text = ring_text(size) + smt.script(smt.assert_(term) for term in extra)
    return CaseSolver(text, logic=LOGIC, rlimit=RLIMIT, random_seed=0).check()


@pytest.mark.parametrize("size", [MIN_RING, 64, MAX_RING])
def test_every_length_has_a_layout(size: int) -> None:
    assert verdict(size) is Verdict.SAT
    ring = ring_of(size, solve_layout(random.Random(size), size))
    assert len(ring) == size and ring[0].kind == Kind.START


def test_a_to_space_within_a_roll_of_its_location_is_refused() -> None:
    """A To space lies further than one roll (6) from its location's rooms: a To space 6 after
    the last room of L2 is refused, 7 after fits."""
    last_room = smt.app("+", "r2", num(2))
    assert verdict(60, smt.eq("t2", smt.app("+", last_room, num(6)))) is Verdict.UNSAT
    assert verdict(60, smt.eq("t2", smt.app("+", last_room, num(7)))) is Verdict.SAT


def test_the_docks_lie_a_third_of_the_ring_apart() -> None:
    first, second = DOCK_VARS
    assert verdict(60, le(minus(second, first), num(19))) is Verdict.UNSAT
    assert verdict(60, le(minus(second, first), num(20))) is Verdict.SAT


def test_the_accuse_and_escape_pairs_lie_a_quarter_apart() -> None:
    for first, second in (ACCUSE_VARS, ESCAPE_VARS):
        assert verdict(60, le(minus(second, first), num(14))) is Verdict.UNSAT
        assert verdict(60, le(minus(second, first), num(15))) is Verdict.SAT


def test_no_escape_within_a_roll_of_the_start() -> None:
    """The Start is space 0; an Escape space on 6 is one roll away, on 7 it is not."""
    assert verdict(60, smt.eq(ESCAPE_VARS[0], num(6))) is Verdict.UNSAT
    assert verdict(60, smt.eq(ESCAPE_VARS[0], num(59 - 5))) is Verdict.UNSAT


def test_no_escape_one_roll_away_by_boat() -> None:
    """A dock 3 from the Start and an Escape space 3 past the other dock: a roll of 6 would
    cross and pass it."""
    near, far = DOCK_VARS
    assert verdict(60, smt.eq(near, num(4)), smt.eq(ESCAPE_VARS[0], minus(far, num(2)))) is (
        Verdict.UNSAT
    )
    assert verdict(60, smt.eq(near, num(4))) is Verdict.SAT


def test_no_two_single_spaces_side_by_side() -> None:
    assert verdict(60, smt.eq(TO_VARS[0], smt.app("+", ACCUSE_VARS[0], num(1)))) is Verdict.UNSAT
    assert verdict(60, smt.eq(TO_VARS[0], smt.app("+", ACCUSE_VARS[0], num(2)))) is Verdict.SAT


def test_locations_never_touch_nor_hold_a_single_space() -> None:
    assert verdict(60, smt.eq("r3", smt.app("+", "r2", num(3)))) is Verdict.UNSAT
    assert verdict(60, smt.eq("r3", smt.app("+", "r2", num(4)))) is Verdict.SAT
    assert verdict(60, smt.eq(DOCK_VARS[0], smt.app("+", "r2", num(1)))) is Verdict.UNSAT
    assert verdict(60, ge(DOCK_VARS[0], num(60))) is Verdict.UNSAT


def test_the_targets_sketch_every_placed_space_once() -> None:
    """The seed's sketch gives every variable a target on the ring, none on the Start."""
    preferences = draft_preferences(random.Random(3), 58)
    assert len(preferences.targets) == 8 + 14
    assert all(2 <= target <= 57 for target in preferences.targets.values())
