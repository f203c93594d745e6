"""The cards' numbers, chosen by z3 under the design rules (:mod:`.design`).

One integer each (QF_LIA):

- ``n<m>_<t>`` (0/1): murder card ``m`` (0-24, colour ``m // 5``) needs evidence type ``t``;
  exactly three a card, no two cards of a colour with the same three, 2-4 cards of each colour
  per type and 15 in all;
- ``th<m>_<c>`` and ``pay<m>_<c>``: the threshold and payout of charge ``c`` (Murder One first)
  of card ``m``, in the charge's band, a higher threshold never paying less; thresholds and
  payouts strictly decreasing from Murder One down; every threshold within six times a full
  case's dice; every colour's five cards adding up to the same totals, charge by charge;
- ``v<t>_<k>_<i>``: the value (1-3) of genuine card ``i`` (0-5) of colour ``k`` in deck ``t``,
  in rising order (the seed shuffles them after), every value present in every colour, each
  colour's values adding up to the deck's ``sum<t>``: as every colour has six genuine cards in
  every deck, every murder card's need has genuine evidence of its colour at each value;
- ``pick<j>``, ``die<j>``, ``weak<j>``: Jovan ``j``'s Strength types (the discard pile it may
  choose from, the type that brings a die) and its Weakness, each a different type for every
  Jovan; its weakness is neither of its strengths, nor its pick its die; ``s<j>_<t>`` (0/1): it
  starts with a card of type ``t``, three types, its pick among them and its weakness not, every
  type the starting type of three Jovans, no two Jovans starting alike.

The text of these rules is written once per process; the seed adds hints (:class:`Hints`):
the charges of two cards of each colour and each deck's sum of values, so the numbers vary with
the seed rather than with z3's search order alone. The seed then permutes what no rule tells
apart (colours, types, cards within a colour, Jovans) in :mod:`.maker`.
"""

from __future__ import annotations

import itertools
import random
from dataclasses import dataclass

from generator.kit import smt
from generator.kit.retry import Rejected
from generator.kit.runner import CaseSolver, Verdict, cached_per_shape
from rules.murder_city.case import (
    COLOURS,
    EVIDENCE_TYPES,
    JOVAN_COUNT,
    MURDERS_PER_COLOUR,
    PORTS,
    VALUES,
)

from .design import (
    BANDS,
    FULL_CASE_DICE,
    GENUINE_PER_COLOUR,
    NEED_SHARE,
    NEEDS_PER_TYPE,
    VALUE_SUMS,
)

LOGIC = "ALL"
#: Effort bound per check.
RLIMIT = 20_000_000
MURDERS = len(COLOURS) * MURDERS_PER_COLOUR
TYPES = len(EVIDENCE_TYPES)
#: Cards of each colour whose charges the seed fixes.
HINTED_PER_COLOUR = 2


def need(m: int, t: int) -> str:
    return f"n{m}_{t}"


def threshold(m: int, c: int) -> str:
    return f"th{m}_{c}"


def payout(m: int, c: int) -> str:
    return f"pay{m}_{c}"


def value(t: int, k: int, i: int) -> str:
    return f"v{t}_{k}_{i}"


def deck_sum(t: int) -> str:
    return f"sum{t}"


def pick(j: int) -> str:
    return f"pick{j}"


def die(j: int) -> str:
    return f"die{j}"


def weak(j: int) -> str:
    return f"weak{j}"


def start(j: int, t: int) -> str:
    return f"s{j}_{t}"


def _int(n: int) -> str:
    return str(n) if n >= 0 else f"(- {-n})"


def _between(term: str, low: int, high: int) -> str:
    return smt.assert_(smt.app("<=", _int(low), term, _int(high)))


def _sum(terms: list[str]) -> str:
    return smt.app("+", *terms) if len(terms) > 1 else terms[0]


def _colour_cards(k: int) -> range:
    return range(k * MURDERS_PER_COLOUR, (k + 1) * MURDERS_PER_COLOUR)


def _ones(count: int) -> str:
    return " ".join(["1"] * count)


def _exactly(count: int, terms: list[str]) -> str:
    return smt.assert_(smt.app(f"(_ pbeq {count} {_ones(len(terms))})", *terms))


def _differ(a: list[str], b: list[str]) -> str:
    return smt.assert_(smt.or_(*(smt.app("xor", x, y) for x, y in zip(a, b, strict=True))))


def constrain_needs() -> list[str]:
    commands = [_exactly(PORTS, [need(m, t) for t in range(TYPES)]) for m in range(MURDERS)]
    low, high = NEED_SHARE
    for k in range(len(COLOURS)):
        for t in range(TYPES):
            cards = [need(m, t) for m in _colour_cards(k)]
            commands.append(smt.assert_(smt.app(f"(_ at-least {low})", *cards)))
            commands.append(smt.assert_(smt.app(f"(_ at-most {high})", *cards)))
        for a, b in itertools.combinations(_colour_cards(k), 2):
            commands.append(
                _differ([need(a, t) for t in range(TYPES)], [need(b, t) for t in range(TYPES)])
            )
    for t in range(TYPES):
        commands.append(_exactly(NEEDS_PER_TYPE, [need(m, t) for m in range(MURDERS)]))
    return commands


def constrain_charges() -> list[str]:
    commands = []
    for m in range(MURDERS):
        for c, band in enumerate(BANDS):
            commands.append(_between(threshold(m, c), *band.thresholds))
            commands.append(_between(payout(m, c), *band.payouts))
            offset = smt.app("-", threshold(m, c), str(band.offset))
            commands.append(smt.assert_(smt.app("<=", payout(m, c), offset)))
            commands.append(smt.assert_(smt.app(">=", payout(m, c), smt.app("-", offset, "1"))))
            commands.append(smt.assert_(smt.app("<=", threshold(m, c), str(6 * FULL_CASE_DICE))))
        for c in range(len(BANDS) - 1):
            commands.append(smt.assert_(smt.app(">", threshold(m, c), threshold(m, c + 1))))
            commands.append(smt.assert_(smt.app(">", payout(m, c), payout(m, c + 1))))
    for c in range(len(BANDS)):
        for name in (threshold, payout):
            totals = [_sum([name(m, c) for m in _colour_cards(k)]) for k in range(len(COLOURS))]
            commands += [smt.assert_(smt.eq(totals[0], other)) for other in totals[1:]]
    return commands


def constrain_evidence() -> list[str]:
    commands = []
    for t in range(TYPES):
        commands.append(_between(deck_sum(t), *VALUE_SUMS))
        for k in range(len(COLOURS)):
            cards = [value(t, k, i) for i in range(GENUINE_PER_COLOUR)]
            commands += [_between(card, min(VALUES), max(VALUES)) for card in cards]
            commands += [smt.assert_(smt.app("<=", a, b)) for a, b in itertools.pairwise(cards)]
            for v in VALUES:
                commands.append(smt.assert_(smt.or_(*(smt.eq(card, str(v)) for card in cards))))
            commands.append(smt.assert_(smt.eq(_sum(cards), deck_sum(t))))
    return commands


def constrain_jovans() -> list[str]:
    commands = []
    jovans = range(JOVAN_COUNT)
    for j in jovans:
        for name in (pick, die, weak):
            commands.append(_between(name(j), 0, TYPES - 1))
        commands.append(smt.assert_(smt.app("distinct", pick(j), die(j), weak(j))))
        for t in range(TYPES):
            commands.append(smt.assert_(smt.app("=>", smt.eq(pick(j), str(t)), start(j, t))))
            commands.append(
                smt.assert_(smt.app("=>", smt.eq(weak(j), str(t)), smt.not_(start(j, t))))
            )
        commands.append(_exactly(PORTS, [start(j, t) for t in range(TYPES)]))
    for name in (pick, die, weak):
        commands.append(smt.assert_(smt.app("distinct", *(name(j) for j in jovans))))
    for t in range(TYPES):
        commands.append(_exactly(JOVAN_COUNT * PORTS // TYPES, [start(j, t) for j in jovans]))
    for a, b in itertools.combinations(jovans, 2):
        commands.append(
            _differ([start(a, t) for t in range(TYPES)], [start(b, t) for t in range(TYPES)])
        )
    return commands


@cached_per_shape
def city_text() -> str:
    """The SMT-LIB text of the design rules, written once per process."""
    flags = [
        *(need(m, t) for m in range(MURDERS) for t in range(TYPES)),
        *(start(j, t) for j in range(JOVAN_COUNT) for t in range(TYPES)),
    ]
    numbers = [
        *(f(m, c) for m in range(MURDERS) for c in range(len(BANDS)) for f in (threshold, payout)),
        *(
            value(t, k, i)
            for t in range(TYPES)
            for k in range(len(COLOURS))
            for i in range(GENUINE_PER_COLOUR)
        ),
        *(deck_sum(t) for t in range(TYPES)),
        *(f(j) for j in range(JOVAN_COUNT) for f in (pick, die, weak)),
    ]
    commands = [smt.declare_const(name, "Bool") for name in flags]
    commands += [smt.declare_const(name, "Int") for name in numbers]
    commands += constrain_needs() + constrain_charges() + constrain_evidence() + constrain_jovans()
    return smt.script(commands)


@dataclass(frozen=True)
class Hints:
    """What the seed fixes before z3 chooses: ``charges[m]`` the (threshold, payout) pairs of
    a hinted card ``m``, Murder One first; ``sums[t]`` deck ``t``'s sum of values a colour."""

    charges: dict[int, tuple[tuple[int, int], ...]]
    sums: tuple[int, ...]


def draw_hints(rng: random.Random) -> Hints:
    """Hints the rules allow on their own: each hinted card's charges from its bands with
    payouts strictly decreasing, each deck's sum within :data:`~.design.VALUE_SUMS`."""
    charges: dict[int, tuple[tuple[int, int], ...]] = {}
    for k in range(len(COLOURS)):
        for m in rng.sample(list(_colour_cards(k)), HINTED_PER_COLOUR):
            while True:
                drawn = []
                for band in BANDS:
                    t = rng.randint(*band.thresholds)
                    drawn.append((t, rng.choice(band.payouts_for(t))))
                pays = [p for _, p in drawn]
                if all(a > b for a, b in itertools.pairwise(pays)):
                    break
            charges[m] = tuple(drawn)
    sums = tuple(rng.randint(*VALUE_SUMS) for _ in range(TYPES))
    return Hints(charges, sums)


def hint_text(hints: Hints) -> str:
    commands = []
    for m, pairs in sorted(hints.charges.items()):
        for c, (t, p) in enumerate(pairs):
            commands.append(smt.assert_(smt.eq(threshold(m, c), str(t))))
            commands.append(smt.assert_(smt.eq(payout(m, c), str(p))))
    for t, total in enumerate(hints.sums):
        commands.append(smt.assert_(smt.eq(deck_sum(t), str(total))))
    return smt.script(commands)


@dataclass(frozen=True)
class Numbers:
    """z3's answer, by index: murder card ``m``'s needed types (rising) and (threshold,
    payout) per charge; deck ``t`` colour ``k``'s values; each Jovan's pick, die, weakness and
    starting types (rising)."""

    needs: tuple[tuple[int, ...], ...]
    charges: tuple[tuple[tuple[int, int], ...], ...]
    values: tuple[tuple[tuple[int, ...], ...], ...]
    jovans: tuple[tuple[int, int, int, tuple[int, ...]], ...]


def solve_numbers(rng: random.Random) -> Numbers:
    """The numbers of one case, with the seed's hints; :class:`Rejected` if z3 finds none."""
    hints = draw_hints(rng)
    text = city_text() + hint_text(hints)
    solver = CaseSolver(text, logic=LOGIC, rlimit=RLIMIT, random_seed=rng.randrange(2**31))
    verdict = solver.check()
    if verdict is Verdict.UNKNOWN:
        raise Rejected("numbers/unknown", "z3 found no cards within its effort bound")
    if verdict is Verdict.UNSAT:
        raise Rejected("numbers/unsat", "the seed's hints leave no cards the rules allow")
    got = solver.values()
    return Numbers(
        needs=tuple(tuple(t for t in range(TYPES) if got[need(m, t)]) for m in range(MURDERS)),
        charges=tuple(
            tuple((got[threshold(m, c)], got[payout(m, c)]) for c in range(len(BANDS)))
            for m in range(MURDERS)
        ),
        values=tuple(
            tuple(
                tuple(got[value(t, k, i)] for i in range(GENUINE_PER_COLOUR))
                for k in range(len(COLOURS))
            )
            for t in range(TYPES)
        ),
        jovans=tuple(
            (
                got[pick(j)],
                got[die(j)],
                got[weak(j)],
                tuple(t for t in range(TYPES) if got[start(j, t)]),
            )
            for j in range(JOVAN_COUNT)
        ),
    )
