"""Shortcut detectives: each skips one of the rulebook's deduction steps or reads a habit of the
generator instead of the evidence, and must do no better than an honest guess.

The rulebook's steps to solve: the murderer from the prints on the murder weapon (dusting), the
weapon from forensics, the motive from a suspicion naming the murderer, the time from a sighting
of the murderer near the scene. A detective here hears what the honest path gives (the Author's
answer to every question, through the game's own Author, :mod:`rules.murdered_by_midnight.author`)
except the step it skips, works out with the rulebook's reasoning which accusations it has not
ruled out (its *candidates*), and then prefers some of them: all of them for a plain skipper, the
ones a pattern points to for a pattern reader. It guesses uniformly among those it prefers.

For each case, a detective's success is the exact chance its guess is right (``1/len(preferred)``
when the solution is among them, else 0) and its *chance* is ``1/len(candidates)``, the honest
guess among what it has not ruled out. A fair generator keeps the average success of every
detective at its average chance, and a skipper's chance well below 1.

This is a test oracle: it reads the case the way a player does and shares no code with the
generator or its verifier.
"""

from __future__ import annotations

import statistics
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass

from rules.murdered_by_midnight import author
from rules.murdered_by_midnight.case import MbmCase, Sighting, Suspicion
from rules.murdered_by_midnight.reasoning import is_possible_death

Answer = tuple[str, str, str, str]  # murderer, weapon, motive, time
STEPS = ("dusting", "forensics", "suspicions", "sightings")


@dataclass(frozen=True)
class Heard:
    """What a detective learned by asking every question of the honest path but one step's."""

    skipped: str | None
    suspects: tuple[str, ...]  # living characters with a token who gave no answer
    murder_weapons: tuple[str, ...]  # what forensics confirms (or, skipped, every weapon)
    prints: dict[str, str | None]  # weapon -> prints on it (empty when never dusted)
    sightings: tuple[tuple[str, Sighting], ...]  # (witness, what they saw)
    suspicions: tuple[tuple[str, Suspicion], ...]  # (witness, whom they suspect)


def hear(case: MbmCase, skipped: str | None) -> Heard:
    """Every answer the Author gives a detective who searches everywhere and asks everyone
    everything, but for the step ``skipped``."""
    finds = [author.find_at(case, w, loc) for loc in _locations(case) for w in case.finds_at(loc)]
    found = [f for f in finds if f is not None]
    living = [c.id for c in case.characters if c.id != case.victim and c.id in case.whereabouts]
    sightings = [(c, author.what_they_saw(case, c)) for c in living]
    suspicions = [(c, author.who_did_it(case, c)) for c in living]
    answered = {c for c, s in sightings if s is not None} | {c for c, s in suspicions if s}
    return Heard(
        skipped=skipped,
        suspects=tuple(c for c in living if c not in answered),
        murder_weapons=tuple(
            f.weapon for f in found if skipped == "forensics" or author.is_murder_weapon(case, f)
        ),
        prints={} if skipped == "dusting" else {f.weapon: author.prints_on(case, f) for f in found},
        sightings=()
        if skipped == "sightings"
        else tuple((c, s) for c, s in sightings if s is not None),
        suspicions=()
        if skipped == "suspicions"
        else tuple((c, s) for c, s in suspicions if s is not None),
    )


def _locations(case: MbmCase) -> list[str]:
    return [loc.id for loc in case.locations]


def candidates(case: MbmCase, heard: Heard) -> list[Answer]:
    """Every accusation the rulebook's reasoning leaves open to what was heard: the murderer is
    a suspect whose prints are on the murder weapon, the weapon leaves the cause of death, the
    motive comes from a suspicion naming the murderer (unheard: one of the murderer's ties), the
    time is one a witness saw the murderer near the scene, after every time the victim was seen
    alive elsewhere (unheard: any time before the discovery)."""
    causes = {w.id: w.cause_of_death for w in case.weapons}
    weapons = [w for w in heard.murder_weapons if causes[w] == case.cause_of_death]
    before = [t for t in case.times if t < case.discovered_at]
    alive = [
        s.time for _, s in heard.sightings if s.person == case.victim and s.location != case.scene
    ]
    answers: list[Answer] = []
    for murderer in heard.suspects:
        held = [w for w in weapons if heard.skipped == "dusting" or heard.prints[w] == murderer]
        if heard.skipped == "suspicions":
            motives = sorted(case.ties.get(murderer, ())) or [m.id for m in case.motives]
        else:
            motives = sorted({s.motive for _, s in heard.suspicions if s.suspect == murderer})
        if heard.skipped == "sightings":
            times = before
        else:
            times = sorted(
                {
                    s.time
                    for _, s in heard.sightings
                    if s.person == murderer
                    and s.location == case.scene
                    and s.time in before
                    and is_possible_death(s.time, alive)
                }
            )
        answers += [(murderer, w, m, t) for w in held for m in motives for t in times]
    return answers


# the detectives -----------------------------------------------------------------------------------

Prefer = Callable[[MbmCase, Heard, list[Answer]], list[Answer]]


@dataclass(frozen=True)
class Detective:
    name: str
    skips: str  # the step it never takes
    prefer: Prefer  # the candidates it guesses among

    def expected(self, case: MbmCase) -> tuple[float, float]:
        """(its chance of being right on ``case``, an honest guess's chance)."""
        heard = hear(case, self.skips)
        open_ = candidates(case, heard)
        solution = case.solution
        truth = (solution.murderer, solution.weapon, solution.motive, solution.time)
        assert truth in open_, (self.name, truth, open_)  # the reasoning is sound
        chosen = self.prefer(case, heard, open_) or open_
        assert set(chosen) <= set(open_), self.name
        return (1 / len(chosen) if truth in chosen else 0.0), 1 / len(open_)


def _all(case: MbmCase, heard: Heard, open_: list[Answer]) -> list[Answer]:
    return open_


def _most(open_: list[Answer], key: Callable[[Answer], float]) -> list[Answer]:
    """The candidates with the highest ``key``."""
    best = max(key(a) for a in open_)
    return [a for a in open_ if key(a) == best]


def _last_seen(case: MbmCase, heard: Heard, open_: list[Answer]) -> list[Answer]:
    """The murderer is the last person seen near the scene (the time is theirs)."""
    return _most(open_, lambda a: case.times.index(a[3]))


def _first_seen(case: MbmCase, heard: Heard, open_: list[Answer]) -> list[Answer]:
    return _most(open_, lambda a: -case.times.index(a[3]))


def _standing_by_weapon(case: MbmCase, heard: Heard, open_: list[Answer]) -> list[Answer]:
    """The murderer is the character whose token stands where the murder weapon lies."""
    lies = {f.weapon: f.location for f in case.weapon_finds}
    return [a for a in open_ if case.whereabouts.get(a[0]) == lies[a[1]]]


def _not_discoverer(case: MbmCase, heard: Heard, open_: list[Answer]) -> list[Answer]:
    """The discoverer never did it."""
    return [a for a in open_ if a[0] != case.discoverer]


def _discoverer(case: MbmCase, heard: Heard, open_: list[Answer]) -> list[Answer]:
    """The discoverer did it."""
    return [a for a in open_ if a[0] == case.discoverer]


def _seen_most(case: MbmCase, heard: Heard, open_: list[Answer]) -> list[Answer]:
    """The murderer is the one seen near the scene most often."""
    seen = Counter(s.person for _, s in heard.sightings if s.location == case.scene)
    return _most(open_, lambda a: seen[a[0]])


def _one_witness_tells_all(case: MbmCase, heard: Heard, open_: list[Answer]) -> list[Answer]:
    """The witness who saw the murderer near the scene also suspects them."""
    saw = {(w, s.person) for w, s in heard.sightings}
    told = saw & {(w, s.suspect) for w, s in heard.suspicions}
    return [a for a in open_ if any(person == a[0] for _, person in told)]


def _discoverer_names(case: MbmCase, heard: Heard, open_: list[Answer]) -> list[Answer]:
    """The one the discoverer saw near the scene or suspects did it."""
    named = {s.person for w, s in heard.sightings if w == case.discoverer}
    named |= {s.suspect for w, s in heard.suspicions if w == case.discoverer}
    return [a for a in open_ if a[0] in named]


def _weapon_by_the_holder(case: MbmCase, heard: Heard, open_: list[Answer]) -> list[Answer]:
    """Without forensics: the weapon whose print-holder's token stands where it lies."""
    return _standing_by_weapon(case, heard, open_)


def _fewest_prints(case: MbmCase, heard: Heard, open_: list[Answer]) -> list[Answer]:
    """Without forensics: whoever left prints on the fewest weapons did it."""
    held = Counter(prints for prints in heard.prints.values() if prints is not None)
    return _most(open_, lambda a: -held[a[0]])


def _first_tie(case: MbmCase, heard: Heard, open_: list[Answer]) -> list[Answer]:
    """Without suspicions: the first tie the murderer's biography names."""
    return [a for a in open_ if case.ties.get(a[0], ("",))[0] == a[2]]


@dataclass
class Habits:
    """What a detective could learn from other cases of the generator: how often each weapon
    name, motive name and distance from the discovery was the answer when it was open."""

    weapon: Counter[str]
    weapon_open: Counter[str]
    motive: Counter[str]
    motive_open: Counter[str]
    before_discovery: Counter[int]

    @classmethod
    def learn(cls, cases: Iterable[MbmCase]) -> Habits:
        habits = cls(Counter(), Counter(), Counter(), Counter(), Counter())
        for case in cases:
            solution = case.solution
            for a in {a[1] for a in candidates(case, hear(case, "forensics"))}:
                habits.weapon_open[case.weapon(a).name] += 1
            habits.weapon[case.weapon(solution.weapon).name] += 1
            for m in {a[2] for a in candidates(case, hear(case, "suspicions"))}:
                habits.motive_open[case.motive(m).name] += 1
            habits.motive[case.motive(solution.motive).name] += 1
            gap = case.times.index(case.discovered_at) - case.times.index(solution.time)
            habits.before_discovery[gap] += 1
        return habits

    def weapon_rate(self, name: str) -> float:
        return self.weapon[name] / self.weapon_open[name] if self.weapon_open[name] else 0.0

    def motive_rate(self, name: str) -> float:
        return self.motive[name] / self.motive_open[name] if self.motive_open[name] else 0.0


def detectives(habits: Habits) -> list[Detective]:
    """Every shortcut detective; the frequency readers learned ``habits`` from other cases."""

    def weapon_by_cause(case: MbmCase, heard: Heard, open_: list[Answer]) -> list[Answer]:
        """Without forensics: the weapon that most often did it when its cause was found."""
        return _most(open_, lambda a: habits.weapon_rate(case.weapon(a[1]).name))

    def motive_by_habit(case: MbmCase, heard: Heard, open_: list[Answer]) -> list[Answer]:
        return _most(open_, lambda a: habits.motive_rate(case.motive(a[2]).name))

    def time_by_habit(case: MbmCase, heard: Heard, open_: list[Answer]) -> list[Answer]:
        """Without sightings: the time as far before the discovery as it usually is."""
        found = case.times.index(case.discovered_at)
        return _most(open_, lambda a: habits.before_discovery[found - case.times.index(a[3])])

    return [
        Detective("never dusts", "dusting", _all),
        Detective("never runs forensics", "forensics", _all),
        Detective("ignores suspicions", "suspicions", _all),
        Detective("ignores sightings", "sightings", _all),
        Detective("last seen near the scene did it", "dusting", _last_seen),
        Detective("first seen near the scene did it", "dusting", _first_seen),
        Detective("seen near the scene most did it", "dusting", _seen_most),
        Detective("standing where the weapon lies did it", "dusting", _standing_by_weapon),
        Detective("the discoverer never did it", "dusting", _not_discoverer),
        Detective("the discoverer did it", "dusting", _discoverer),
        Detective("one witness saw and suspects them", "dusting", _one_witness_tells_all),
        Detective("the discoverer's answers name them", "dusting", _discoverer_names),
        Detective("weapon by its holder's token", "forensics", _weapon_by_the_holder),
        Detective("weapon matching the cause most often", "forensics", weapon_by_cause),
        Detective("prints on the fewest weapons did it", "forensics", _fewest_prints),
        Detective("motive: the biography's first tie", "suspicions", _first_tie),
        Detective("motive most often the answer", "suspicions", motive_by_habit),
        Detective("time as far before the discovery as usual", "sightings", time_by_habit),
    ]


# measuring --------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Score:
    """A detective over a set of cases: mean success, mean chance, and the standard error of
    their difference (case by case, so the spread of chance between cases cancels)."""

    detective: str
    skips: str
    cases: int
    success: float
    chance: float
    error: float

    @property
    def gap(self) -> float:
        return self.success - self.chance


def score(detective: Detective, cases: Sequence[MbmCase]) -> Score:
    pairs = [detective.expected(case) for case in cases]
    gaps = [success - chance for success, chance in pairs]
    error = statistics.stdev(gaps) / len(gaps) ** 0.5 if len(gaps) > 1 else 0.0
    return Score(
        detective.name,
        detective.skips,
        len(cases),
        statistics.fmean(s for s, _ in pairs),
        statistics.fmean(c for _, c in pairs),
        error,
    )


def is_within(result: Score, *, points: float, errors: float = 3.0) -> bool:
    """Whether ``result`` is within ``points`` (plus ``errors`` standard errors) above chance."""
    return result.gap <= points + errors * result.error
