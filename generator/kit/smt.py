"""Write SMT-LIB text without string formatting in the models.

Each function returns the text of one term or command. A model composes them, so its rules read
as ``assert_(eq(x, value))`` rather than as nested f-strings, and the text stays exactly what
z3 parses (z3 reads the text much faster than it builds the same terms through its Python API;
docs/performance.md).

Terms are plain ``str``: a symbol (``"x0_3"``), a literal (:func:`bv`, :func:`bits`) or an
application (:func:`app` and the named shorthands).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence

Term = str

TRUE: Term = "true"
FALSE: Term = "false"


def app(operator: str, *arguments: Term) -> Term:
    """``(operator arguments...)``."""
    return f"({' '.join((operator, *arguments))})"


# sorts and literals ---------------------------------------------------------------------------


def bv_sort(width: int) -> str:
    """The sort of bit-vectors ``width`` bits wide: ``(_ BitVec width)``."""
    _check_width(width)
    return f"(_ BitVec {width})"


def bv(value: int, width: int) -> Term:
    """The bit-vector literal ``value`` in ``width`` bits, written ``(_ bvVALUE width)``."""
    _check_width(width)
    if not 0 <= value < 1 << width:
        raise ValueError(f"{value} does not fit in {width} bits")
    return f"(_ bv{value} {width})"


def bits(value: int, width: int) -> Term:
    """The same literal written in binary: ``#b0101``."""
    _check_width(width)
    if not 0 <= value < 1 << width:
        raise ValueError(f"{value} does not fit in {width} bits")
    return f"#b{value:0{width}b}"


def width_for(largest: int) -> int:
    """The fewest bits that hold every value from 0 to ``largest``."""
    return max(1, largest.bit_length())


def _check_width(width: int) -> None:
    if width < 1:
        raise ValueError(f"a bit-vector is at least one bit wide, not {width}")


# terms ----------------------------------------------------------------------------------------


def eq(left: Term, right: Term) -> Term:
    return app("=", left, right)


def not_(term: Term) -> Term:
    return app("not", term)


def and_(*terms: Term) -> Term:
    """All of ``terms``: ``true`` for none, the term itself for one."""
    if not terms:
        return TRUE
    return terms[0] if len(terms) == 1 else app("and", *terms)


def or_(*terms: Term) -> Term:
    """Any of ``terms``: ``false`` for none, the term itself for one."""
    if not terms:
        return FALSE
    return terms[0] if len(terms) == 1 else app("or", *terms)


def one_of(term: Term, values: Iterable[Term]) -> Term:
    """``term`` equals one of ``values`` (``false`` when there are none)."""
    return or_(*(eq(term, value) for value in values))


def extract(high: int, low: int, term: Term) -> Term:
    """Bits ``high`` down to ``low`` of a bit-vector term."""
    return app(f"(_ extract {high} {low})", term)


def let(bindings: Mapping[str, Term] | Sequence[tuple[str, Term]], body: Term) -> Term:
    """``body`` with local names bound in order: ``(let ((name term) ...) body)``."""
    pairs = bindings.items() if isinstance(bindings, Mapping) else bindings
    return app("let", _list(app(name, term) for name, term in pairs), body)


# commands -------------------------------------------------------------------------------------


def declare_const(name: str, sort: str) -> str:
    return app("declare-const", name, sort)


def define_fun(name: str, parameters: Sequence[tuple[str, str]], sort: str, body: Term) -> str:
    """A named macro: ``(define-fun name ((p sort) ...) sort body)``."""
    return app("define-fun", name, _list(app(p, s) for p, s in parameters), sort, body)


def _list(items: Iterable[str]) -> str:
    return "(" + " ".join(items) + ")"


def assert_(term: Term) -> str:
    return app("assert", term)


def script(commands: Iterable[str]) -> str:
    """Commands one per line, ending with a newline (so scripts concatenate)."""
    return "".join(f"{command}\n" for command in commands)
