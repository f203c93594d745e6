"""The SMT-LIB writers produce the text z3 parses."""

from __future__ import annotations

import pytest
import z3

from generator.kit import smt


def test_terms() -> None:
    assert smt.eq("x", smt.bv(5, 4)) == "(= x (_ bv5 4))"
    assert smt.bits(1, 3) == "#b001"
    assert smt.and_() == "true" and smt.or_() == "false"
    assert smt.or_("a") == "a"
    assert smt.or_("a", "b", smt.FALSE) == "(or a b false)"
    assert smt.one_of("x", ["1", "2"]) == "(or (= x 1) (= x 2))"
    assert smt.not_(smt.and_("p", "q")) == "(not (and p q))"
    assert smt.extract(3, 3, "a") == "((_ extract 3 3) a)"
    assert smt.let({"r": "a", "c": "b"}, "(= r c)") == "(let ((r a) (c b)) (= r c))"
    assert smt.width_for(0) == 1 and smt.width_for(7) == 3 and smt.width_for(8) == 4


def test_commands_parse_and_solve() -> None:
    sort = smt.bv_sort(3)
    text = smt.script(
        [
            smt.define_fun("small", [("v", sort)], "Bool", smt.app("bvult", "v", smt.bv(2, 3))),
            smt.declare_const("x", sort),
            smt.assert_(smt.app("small", "x")),
            smt.assert_(smt.not_(smt.eq("x", smt.bits(0, 3)))),
        ]
    )
    assert text.endswith(")\n") and text.count("\n") == 4
    solver = z3.Solver(ctx=z3.Context())
    solver.from_string(text)
    assert solver.check() == z3.sat
    assert solver.model().eval(z3.BitVec("x", 3, solver.ctx)).as_long() == 1


@pytest.mark.parametrize(("value", "width"), [(16, 4), (-1, 8)])
def test_literals_must_fit(value: int, width: int) -> None:
    with pytest.raises(ValueError, match="does not fit"):
        smt.bv(value, width)
    with pytest.raises(ValueError, match="does not fit"):
        smt.bits(value, width)


def test_a_sort_is_at_least_one_bit() -> None:
    with pytest.raises(ValueError, match="at least one bit"):
        smt.bv_sort(0)
