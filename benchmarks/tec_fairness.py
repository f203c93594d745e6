"""Tiny Epic Crimes fairness: shortcut detectives against chance (issue #9).

The rulebook names two paths to the murderer: "Gaining Suspects' Alibis" ("Suspect Cards in the
Suspect Deck are innocent of the murder") and "Solving Evidence" ("On the Murderer's Card there
are 5 different types of evidence that, taken together, identifies them"). The roster's
separation makes any four solved evidences name the murderer, so a detective holding ``k < 4``
of them must still guess. Each detective here knows ``k`` solved evidences of a generated case
(every set of ``k`` evidences in turn, averaged) and, for some, the top Suspect Cards of that
case's game (its alibis, as the game's own setup dealt the deck); it rules out every suspect
the rulebook's reasoning rules out and then *prefers* some of the rest, by a habit a generator
could leak: a letter, a name, where a suspect is listed, the order of an evidence's two values,
the deck's order, the city. It guesses uniformly among those it prefers.

Per case, a detective's success is the exact chance its guess is right (``1/len(preferred)``
when the murderer is among them, else 0) and its chance is ``1/len(open)``, an honest guess
among the suspects left. A fair generator keeps every detective's mean success at its mean
chance; the frequency readers learn their habits from other seeds first.

This is a test oracle: it reads cases the way a player does and shares no code with the
generator or its verifier. ``tests/generator/tiny_epic_crimes/test_fairness.py`` runs a quick
version with leaky controls that must be caught. ``python -m benchmarks.tec_fairness
[--cases N] [--training N]`` prints the section alone.
"""

from __future__ import annotations

import argparse
import itertools
import statistics
from collections import Counter
from collections.abc import Callable, Hashable, Iterable, Mapping, Sequence
from dataclasses import dataclass, replace

from generator.tiny_epic_crimes import envelope
from rules.core import Seat, start
from rules.tiny_epic_crimes.case import EVIDENCE, SUSPECT_LETTERS, TRAIT_VALUES, TecCase
from rules.tiny_epic_crimes.game import SYSTEM
from rules.tiny_epic_crimes.state import TecState

CASES = 500
TRAINING = 200
#: Seeds the frequency readers learn from, apart from those they are measured on.
TRAINING_SEEDS = 10**6
#: Solved evidences a detective holds: fewer than the four that name the murderer.
KNOWN = (0, 1, 2, 3)
#: Alibis (top Suspect Cards) a detective that reads them holds: what two Solve Evidence
#: contributions and a reward or two give an officer in a game.
ALIBIS = 3
#: A gap beyond this share of the chance (and the standard errors) is flagged.
RELATIVE = 0.25
OFFICERS = 4


@dataclass(frozen=True)
class Table:
    """A generated case and the Suspect deck its game's setup dealt (top first)."""

    case: TecCase
    deck: tuple[str, ...]

    @property
    def murderer(self) -> str:
        return self.case.solution.murderer


def table_for(seed: int, players: int = OFFICERS) -> Table:
    """The case of ``seed`` and the Suspect deck of a standard game of it from the same seed."""
    env = envelope(seed, {"players": players})
    seats = [Seat(f"Officer {n}", True) for n in range(players)]
    case, state = start(SYSTEM, env, seats, "standard", seed=seed)
    assert isinstance(state, TecState)
    return Table(case, state.suspect_deck.draw_pile)


def tables(seeds: Iterable[int]) -> list[Table]:
    return [table_for(seed) for seed in seeds]


@dataclass(frozen=True)
class Known:
    """What a detective holds: solved evidences (evidence -> value) and alibis in draw order."""

    evidence: Mapping[str, str]
    alibis: tuple[str, ...]


def open_suspects(case: TecCase, known: Known) -> list[str]:
    """The suspects the rulebook's reasoning leaves: no alibi, every solved evidence matching."""
    return [
        s.letter
        for s in case.suspects
        if s.letter not in known.alibis and all(s.trait(e) == v for e, v in known.evidence.items())
    ]


Prefer = Callable[[Table, Known, list[str]], list[str]]


@dataclass(frozen=True)
class Detective:
    name: str
    reads: str  # the habit or shortcut it relies on
    alibis: int  # top Suspect Cards it holds
    prefer: Prefer

    def expected(self, table: Table, k: int) -> tuple[float, float]:
        """(its chance of being right, an honest guess's chance), averaged over every set of
        ``k`` solved evidences."""
        case = table.case
        murderer = case.suspect(table.murderer)
        alibis = table.deck[: self.alibis]
        successes: list[float] = []
        chances: list[float] = []
        for solved in itertools.combinations(EVIDENCE, k):
            known = Known({e: murderer.trait(e) for e in solved}, alibis)
            left = open_suspects(case, known)
            assert table.murderer in left, (self.name, table.murderer, left)  # sound reasoning
            chosen = self.prefer(table, known, left) or left
            assert set(chosen) <= set(left), self.name
            successes.append(1 / len(chosen) if table.murderer in chosen else 0.0)
            chances.append(1 / len(left))
        return statistics.fmean(successes), statistics.fmean(chances)


# fixed habits ------------------------------------------------------------------------------------


def _most(left: list[str], key: Callable[[str], float]) -> list[str]:
    """The suspects with the highest ``key``."""
    best = max(key(s) for s in left)
    return [s for s in left if key(s) == best]


def _all(table: Table, known: Known, left: list[str]) -> list[str]:
    return left


def _listed_first(table: Table, known: Known, left: list[str]) -> list[str]:
    """The suspect listed first in the case (the JSON's order of suspects)."""
    order = [s.letter for s in table.case.suspects]
    return _most(left, lambda s: -order.index(s))


def _listed_last(table: Table, known: Known, left: list[str]) -> list[str]:
    order = [s.letter for s in table.case.suspects]
    return _most(left, lambda s: order.index(s))


def _first_values(table: Table, known: Known, left: list[str]) -> list[str]:
    """The suspect with most evidences at the value printed first (gun before knife, …)."""
    case = table.case
    return _most(left, lambda s: sum(_bits(case, s)) * -1)


def _second_values(table: Table, known: Known, left: list[str]) -> list[str]:
    case = table.case
    return _most(left, lambda s: sum(_bits(case, s)))


def _bits(case: TecCase, letter: str) -> tuple[int, ...]:
    """Which of its two printed values each evidence of ``letter`` is (0 the first)."""
    suspect = case.suspect(letter)
    return tuple(TRAIT_VALUES[e].index(suspect.trait(e)) for e in EVIDENCE)


def _roster_majority(table: Table, known: Known, left: list[str]) -> list[str]:
    """The suspect with the most values shared by more than half the roster."""
    counts = Counter(v for s in table.case.suspects for v in s.profile)
    half = len(table.case.suspects) / 2
    return _most(left, lambda s: sum(counts[v] > half for v in table.case.suspect(s).profile))


def _roster_minority(table: Table, known: Known, left: list[str]) -> list[str]:
    counts = Counter(v for s in table.case.suspects for v in s.profile)
    half = len(table.case.suspects) / 2
    return _most(left, lambda s: sum(counts[v] < half for v in table.case.suspect(s).profile))


def _like_the_first(table: Table, known: Known, left: list[str]) -> list[str]:
    """The suspect sharing most values with the first one listed."""
    first = table.case.suspects[0].profile
    return _most(left, lambda s: _shared(first, table.case.suspect(s).profile))


def _unlike_the_first(table: Table, known: Known, left: list[str]) -> list[str]:
    first = table.case.suspects[0].profile
    return _most(left, lambda s: -_shared(first, table.case.suspect(s).profile))


def _shared(a: Sequence[str], b: Sequence[str]) -> int:
    return sum(x == y for x, y in zip(a, b, strict=True))


def _shortest_name(table: Table, known: Known, left: list[str]) -> list[str]:
    return _most(left, lambda s: -len(table.case.suspect(s).name))


def _first_name_alphabetically(table: Table, known: Known, left: list[str]) -> list[str]:
    names = sorted(table.case.suspect(s).name for s in left)
    return [s for s in left if table.case.suspect(s).name == names[0]]


def _next_to_an_alibi(table: Table, known: Known, left: list[str]) -> list[str]:
    """The suspect whose letter is next to an alibi's (a deck that was barely shuffled)."""
    near = {
        SUSPECT_LETTERS[(SUSPECT_LETTERS.index(a) + d) % 16] for a in known.alibis for d in (-1, 1)
    }
    return [s for s in left if s in near]


# learned habits ----------------------------------------------------------------------------------

Feature = Callable[[Table, str], Hashable]


def _letter(table: Table, letter: str) -> Hashable:
    return letter


def _name(table: Table, letter: str) -> Hashable:
    return table.case.suspect(letter).name


def _profile_bits(table: Table, letter: str) -> Hashable:
    return _bits(table.case, letter)


def _shared_with_first(table: Table, letter: str) -> Hashable:
    return _shared(table.case.suspects[0].profile, table.case.suspect(letter).profile)


def _after_the_top_card(table: Table, letter: str) -> Hashable:
    """How many letters after the Suspect deck's top card."""
    return (SUSPECT_LETTERS.index(letter) - SUSPECT_LETTERS.index(table.deck[0])) % 16


def _after_the_corner_block(table: Table, letter: str) -> Hashable:
    """How many letters after the number of the city's top-left block."""
    return (SUSPECT_LETTERS.index(letter) - int(table.case.grid[0][0][1:])) % 16


def _beside_the_first_search(table: Table, letter: str) -> Hashable:
    """How many letters after the number of the first block with a successful search."""
    first = next(t.block for t in table.case.search_tokens if t.success)
    return (SUSPECT_LETTERS.index(letter) - int(first[1:])) % 16


FEATURES: dict[str, Feature] = {
    "letter": _letter,
    "name": _name,
    "printed-value order": _profile_bits,
    "shared with the first listed": _shared_with_first,
    "offset from the deck's top card": _after_the_top_card,
    "offset from the corner block": _after_the_corner_block,
    "offset from a successful search": _beside_the_first_search,
}


@dataclass
class Habits:
    """What other cases of the generator teach: for each feature value, how often a suspect
    with it was the murderer (``hits / seen``), and how often each letter lay among the top
    Suspect Cards."""

    hits: dict[str, Counter[Hashable]]
    seen: dict[str, Counter[Hashable]]
    on_top: Counter[str]
    value_hits: Counter[str]
    value_seen: Counter[str]

    @classmethod
    def learn(cls, training: Iterable[Table], alibis: int = ALIBIS) -> Habits:
        habits = cls(
            {f: Counter() for f in FEATURES},
            {f: Counter() for f in FEATURES},
            Counter(),
            Counter(),
            Counter(),
        )
        for table in training:
            habits.on_top.update(table.deck[:alibis])
            for suspect in table.case.suspects:
                guilty = suspect.letter == table.murderer
                for name, feature in FEATURES.items():
                    value = feature(table, suspect.letter)
                    habits.seen[name][value] += 1
                    habits.hits[name][value] += guilty
                for value in suspect.profile:
                    habits.value_seen[value] += 1
                    habits.value_hits[value] += guilty
        return habits

    def rate(self, feature: str, value: Hashable) -> float:
        seen = self.seen[feature][value]
        return self.hits[feature][value] / seen if seen else 0.0

    def value_rate(self, value: str) -> float:
        seen = self.value_seen[value]
        return self.value_hits[value] / seen if seen else 0.0


def _by_feature(habits: Habits, feature: str) -> Prefer:
    def prefer(table: Table, known: Known, left: list[str]) -> list[str]:
        return _most(left, lambda s: habits.rate(feature, FEATURES[feature](table, s)))

    return prefer


def detectives(habits: Habits) -> list[Detective]:
    """Every shortcut detective; the frequency readers learned ``habits`` from other cases."""

    def values_most_often(table: Table, known: Known, left: list[str]) -> list[str]:
        """The suspect whose unsolved values were most often the murderer's (gun, red, …)."""
        return _most(
            left,
            lambda s: sum(
                habits.value_rate(table.case.suspect(s).trait(e))
                for e in EVIDENCE
                if e not in known.evidence
            ),
        )

    def least_on_top(table: Table, known: Known, left: list[str]) -> list[str]:
        """The suspect least often among the Suspect deck's top cards in other games."""
        return _most(left, lambda s: -habits.on_top[s])

    learned = [
        ("letter most often the murderer", "letter", 0),
        ("name most often the murderer", "name", 0),
        ("printed-value pattern most often the murderer's", "printed-value order", 0),
        ("as alike the first listed as usual", "shared with the first listed", 0),
        ("as far after the deck's top card as usual", "offset from the deck's top card", ALIBIS),
        ("as far after the corner block as usual", "offset from the corner block", 0),
        ("as far after a successful search as usual", "offset from a successful search", 0),
    ]
    return [
        Detective("guesses among the suspects left", "solved evidence only", 0, _all),
        Detective("alibis too", f"solved evidence and {ALIBIS} alibis", ALIBIS, _all),
        Detective("listed first", "the order of suspects", 0, _listed_first),
        Detective("listed last", "the order of suspects", 0, _listed_last),
        Detective("most first-printed values", "the order of values", 0, _first_values),
        Detective("most second-printed values", "the order of values", 0, _second_values),
        Detective("most common values in the roster", "the roster's counts", 0, _roster_majority),
        Detective("rarest values in the roster", "the roster's counts", 0, _roster_minority),
        Detective("most like the first listed", "the first suspect", 0, _like_the_first),
        Detective("least like the first listed", "the first suspect", 0, _unlike_the_first),
        Detective("shortest name", "names", 0, _shortest_name),
        Detective("first name alphabetically", "names", 0, _first_name_alphabetically),
        Detective("letter next to an alibi's", "the deck's order", ALIBIS, _next_to_an_alibi),
        Detective("least often on top of the deck", "other games' decks", ALIBIS, least_on_top),
        Detective("unsolved values most often the murderer's", "other cases", 0, values_most_often),
        *(
            Detective(name, f"other cases ({feature})", alibis, _by_feature(habits, feature))
            for name, feature, alibis in learned
        ),
    ]


# measuring ---------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Score:
    """A detective over a set of cases at ``k`` solved evidences: mean success, mean chance,
    and the standard error of their difference (case by case)."""

    detective: str
    k: int
    cases: int
    success: float
    chance: float
    error: float

    @property
    def gap(self) -> float:
        return self.success - self.chance


def score(detective: Detective, measured: Sequence[Table], k: int) -> Score:
    pairs = [detective.expected(table, k) for table in measured]
    gaps = [success - chance for success, chance in pairs]
    error = statistics.stdev(gaps) / len(gaps) ** 0.5 if len(gaps) > 1 else 0.0
    return Score(
        detective.name,
        k,
        len(measured),
        statistics.fmean(s for s, _ in pairs),
        statistics.fmean(c for _, c in pairs),
        error,
    )


def is_within(result: Score, *, relative: float = RELATIVE, errors: float = 3.0) -> bool:
    """Whether ``result`` is within ``relative`` of its chance (plus ``errors`` standard
    errors), above or below: a detective far below chance would make its opposite beat it."""
    return abs(result.gap) <= relative * result.chance + errors * result.error


def with_first_values(table: Table) -> Table:
    """A leaky control: the same case with each evidence's two values swapped on every suspect
    where needed so that the murderer's values are all the printed-first ones. Every roster
    constraint still holds (the verifier accepts it); only the value order leaks."""
    murderer = table.case.suspect(table.murderer)
    swap = {e for e in EVIDENCE if murderer.trait(e) != TRAIT_VALUES[e][0]}

    def flipped(value: str, evidence: str) -> str:
        if evidence not in swap:
            return value
        first, second = TRAIT_VALUES[evidence]
        return second if value == first else first

    suspects = tuple(
        replace(s, **{e: flipped(s.trait(e), e) for e in EVIDENCE}) for s in table.case.suspects
    )
    return Table(replace(table.case, suspects=suspects), table.deck)


def run(count: int = CASES, training: int = TRAINING) -> list[str]:
    measured = tables(range(count))
    habits = Habits.learn(tables(range(TRAINING_SEEDS, TRAINING_SEEDS + training)))
    header = " | ".join(f"k = {k}" for k in KNOWN)
    rows = [
        f"{count} cases, 4 officers; habits learned from {training} others. A detective holds k"
        " solved evidences (every set of k in turn) and, where its row says so, the top"
        f" {ALIBIS} Suspect Cards of the case's game; any 4 evidences name the murderer.",
        "",
        f"| detective | reads | alibis | {header} |",
        "| --- | --- | --- | " + " | ".join("---" for _ in KNOWN) + " |",
    ]
    flagged = 0
    for detective in detectives(habits):
        cells = []
        for k in KNOWN:
            result = score(detective, measured, k)
            flag = "" if is_within(result, errors=2) else " ⚠"
            flagged += bool(flag)
            cells.append(
                f"{result.success:.1%} vs {result.chance:.1%} ({result.gap * 100:+.1f}"
                f" ± {2 * result.error * 100:.1f}){flag}"
            )
        rows.append(
            f"| {detective.name} | {detective.reads} | {detective.alibis} | "
            + " | ".join(cells)
            + " |"
        )
    control = [with_first_values(t) for t in measured]
    leak = next(d for d in detectives(habits) if d.name == "most first-printed values")
    caught = score(leak, control, 2)
    rows += [
        "",
        "Each cell: success vs chance (gap in points ± two standard errors); ⚠ marks a gap"
        f" beyond {RELATIVE:.0%} of the chance and two standard errors ({flagged} of"
        f" {len(detectives(habits)) * len(KNOWN)} cells). The exact chance with no alibi is"
        " 1/16, 1/8, 1/4 and 1/2. Control: the same cases with the murderer's values all"
        f' printed first (still valid cases) give "{leak.name}" {caught.success:.1%} vs'
        f" {caught.chance:.1%} at k = 2.",
    ]
    return rows


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--cases", type=int, default=CASES, help="cases measured")
    parser.add_argument(
        "--training", type=int, default=TRAINING, help="other cases the habits are learned from"
    )
    args = parser.parse_args(argv)
    print("\n".join(run(args.cases, args.training)))


if __name__ == "__main__":
    main()
