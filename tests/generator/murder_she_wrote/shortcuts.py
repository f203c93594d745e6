"""Shortcut accusers for Murder, She Wrote: players who skip the deduction (fairness).

The project's fairness rule: "A player who skips a step, or reads a habit of the generator
instead of the evidence, must do no better than an honest guess." In this game the Murderer is
not in the case at all (it is dealt from each game's secret seed), so the only habits a player
could read are the table's (who went first, who sits where) and the bots' (who visits most,
who heads for an Escape space, who came last to a death). Each shortcut here names a seat by
such a habit and is scored at fixed moments of bot-only games:

- *blind*: among every other seat still in; its chance is ``1 / (seats still in - 1)``;
- *after the deduction*: among the seats the accuser's suspect list leaves
  (``suspects.candidates``); its chance is ``1 / len(candidates)``, an honest guess.

A shortcut prefers some seats of the pool and guesses uniformly among them, so its success at a
moment is exactly ``1 / len(preferred)`` when the Murderer is preferred, else 0. The honest
deduction (a uniform pick among the candidates) is the reference that must stand far above
chance; the honest deduction *weighed* (the most likely candidate, every world of hers counted
equally) is the bar a step-skipping reader must not beat. This module is a test oracle: it
reads the island, the public record and one Jessica's view the way a player does, and shares
no code with the bots beyond the rules' suspect list.
"""

from __future__ import annotations

import random
import statistics
from collections import Counter
from collections.abc import Callable, Hashable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from rules.core import Action, ActionSpec, Seat, rng_for, start
from rules.murder_she_wrote import suspects
from rules.murder_she_wrote.case import Island, Kind
from rules.murder_she_wrote.game import SYSTEM, MurderSheWrote
from rules.murder_she_wrote.spec import Act, Phase
from rules.murder_she_wrote.state import MswState

#: The rounds at whose start every Jessica still in is asked to name the Murderer.
MOMENT_EVERY = 4
#: A bot game never runs past this many steps (the rules' own step limit).
STEP_CAP = SYSTEM.SPEC.step_limit


@dataclass(frozen=True)
class Moment:
    """One Jessica at the start of a round: what she may read, and (for scoring) the truth."""

    island: Island
    view: Mapping[str, Any]
    first: int  # the first player: public ("Decide who's going first")
    murderer: int  # the truth, read only to score

    @property
    def seat(self) -> int:
        seat: int = self.view["seat"]
        return seat

    @property
    def seats(self) -> int:
        return len(self.view["pawns"])

    @property
    def others(self) -> list[int]:
        """Every other seat still in the game: whom she may accuse."""
        out = set(self.view["out"])
        return [s for s in range(self.seats) if s != self.seat and s not in out]

    @property
    def candidates(self) -> list[int]:
        return sorted(suspects.candidates(self.view))


Prefer = Callable[[Moment, list[int]], list[int]]


@dataclass(frozen=True)
class Shortcut:
    name: str
    reads: str
    prefer: Prefer

    def success(self, moment: Moment, pool: list[int]) -> float:
        """The exact chance its guess among ``pool`` names the Murderer."""
        preferred = [seat for seat in self.prefer(moment, pool) if seat in pool] or pool
        return 1 / len(preferred) if moment.murderer in preferred else 0.0


def _most(pool: list[int], key: Callable[[int], float]) -> list[int]:
    best = max(key(seat) for seat in pool)
    return [seat for seat in pool if key(seat) == best]


# the table's habits -------------------------------------------------------------------------


def _first_player(moment: Moment, pool: list[int]) -> list[int]:
    return [moment.first]


def _next_in(moment: Moment, pool: list[int], step: int) -> list[int]:
    for ahead in range(1, moment.seats):
        seat = (moment.seat + step * ahead) % moment.seats
        if seat in pool:
            return [seat]
    return pool


def _left(moment: Moment, pool: list[int]) -> list[int]:
    return _next_in(moment, pool, 1)


def _right(moment: Moment, pool: list[int]) -> list[int]:
    return _next_in(moment, pool, -1)


def _lowest_seat(moment: Moment, pool: list[int]) -> list[int]:
    return [min(pool)]


# the bots' habits, read from the public record ------------------------------------------------


def _visits(moment: Moment) -> Counter[int]:
    return Counter(visit["seat"] for visit in moment.view["visits"])


def _most_visits(moment: Moment, pool: list[int]) -> list[int]:
    counts = _visits(moment)
    return _most(pool, lambda seat: counts[seat])


def _fewest_visits(moment: Moment, pool: list[int]) -> list[int]:
    counts = _visits(moment)
    return _most(pool, lambda seat: -counts[seat])


def _most_returns(moment: Moment, pool: list[int]) -> list[int]:
    """The seat that went back most often to a location it had visited before."""
    seen: set[tuple[int, str]] = set()
    returns: Counter[int] = Counter()
    for visit in moment.view["visits"]:
        key = (visit["seat"], visit["location"])
        returns[visit["seat"]] += key in seen
        seen.add(key)
    return _most(pool, lambda seat: returns[seat])


def _escape_distance(moment: Moment, seat: int) -> float:
    here = moment.view["pawns"][seat]
    if here is None:
        return float("inf")
    island = moment.island
    return min(island.ring_distance(here, space) for space in island.spaces_of(Kind.ESCAPE))


def _nearest_escape(moment: Moment, pool: list[int]) -> list[int]:
    return _most(pool, lambda seat: -_escape_distance(moment, seat))


def _farthest_from_escape(moment: Moment, pool: list[int]) -> list[int]:
    return _most(pool, lambda seat: _escape_distance(moment, seat))


def _nearest_me(moment: Moment, pool: list[int]) -> list[int]:
    """The seat whose pawn is nearest hers: who stalks her."""
    mine = moment.view["pawns"][moment.seat]
    island = moment.island
    return _most(pool, lambda seat: -island.ring_distance(mine, moment.view["pawns"][seat]))


def _top_cards(moment: Moment, pool: list[int]) -> list[int]:
    """The seat LAST IN at the most locations."""
    tops = Counter(cards[0] for cards in moment.view["last_in"].values() if cards)
    return _most(pool, lambda seat: tops[seat])


def _last_visitor(moment: Moment, pool: list[int]) -> list[int]:
    """The seat that visited most recently anywhere."""
    for visit in reversed(moment.view["visits"]):
        if visit["seat"] in pool:
            return [visit["seat"]]
    return pool


# half the evidence: a step skipped ----------------------------------------------------------


def _last_before_a_death(moment: Moment, pool: list[int]) -> list[int]:
    """The seat that entered most recently before she found a death (her latest DEAD
    sighting), whether or not she had seen that islander alive: the ALIVE step skipped."""
    view = moment.view
    dead = [s for s in view["seen"] if s["status"] == "dead"]
    if not dead:
        return pool
    latest = dead[-1]
    for visit in reversed(view["visits"][: latest["visit"]]):
        if visit["location"] == latest["location"] and visit["seat"] in pool:
            return [visit["seat"]]
    return pool


def _visited_her_deaths(moment: Moment, pool: list[int]) -> list[int]:
    """The seat that had visited most of the locations she found dead, at any time before:
    the window between her ALIVE and DEAD looks skipped."""
    view = moment.view
    found = Counter[int]()
    for sighting in view["seen"]:
        if sighting["status"] != "dead":
            continue
        before = view["visits"][: sighting["visit"]]
        found.update({v["seat"] for v in before if v["location"] == sighting["location"]})
    return _most(pool, lambda seat: found[seat])


BLIND: tuple[Shortcut, ...] = (
    Shortcut("the first player", "who went first", _first_player),
    Shortcut("the seat to her left", "where seats sit", _left),
    Shortcut("the seat to her right", "where seats sit", _right),
    Shortcut("the lowest seat", "seat numbers", _lowest_seat),
    Shortcut("most visits", "the visit log", _most_visits),
    Shortcut("fewest visits", "the visit log", _fewest_visits),
    Shortcut("most returns to a location", "the visit log", _most_returns),
    Shortcut("nearest an Escape space", "the pawns", _nearest_escape),
    Shortcut("farthest from an Escape space", "the pawns", _farthest_from_escape),
    Shortcut("nearest her pawn", "the pawns", _nearest_me),
    Shortcut("LAST IN at most locations", "the LAST IN columns", _top_cards),
    Shortcut("the latest visitor", "the visit log", _last_visitor),
)
#: Shortcuts that skip a step of the deduction (the ALIVE look that opens a death's window)
#: but still read the deaths she found and who came before them.
EVIDENCE: tuple[Shortcut, ...] = (
    Shortcut("last in before her latest death", "deaths, no ALIVE look", _last_before_a_death),
    Shortcut("visited most of her deaths", "deaths, no ALIVE look", _visited_her_deaths),
)


# habits learned from other games ---------------------------------------------------------------

Feature = Callable[[Moment, int], Hashable]

FEATURES: dict[str, Feature] = {
    "seat number": lambda moment, seat: (moment.seats, seat),
    "seats after the first player": lambda moment, seat: (
        moment.seats,
        (seat - moment.first) % moment.seats,
    ),
    "seats after her": lambda moment, seat: (moment.seats, (seat - moment.seat) % moment.seats),
    "visits, ranked": lambda moment, seat: _visit_rank(moment, seat),
}


def _visit_rank(moment: Moment, seat: int) -> Hashable:
    """How many other seats visited more often than ``seat``."""
    counts = _visits(moment)
    return (moment.seats, sum(counts[other] > counts[seat] for other in range(moment.seats)))


@dataclass
class Habits:
    """From other games: for each feature value, how often a seat with it was the Murderer."""

    hits: dict[str, Counter[Hashable]] = field(default_factory=dict)
    seen: dict[str, Counter[Hashable]] = field(default_factory=dict)

    @classmethod
    def learn(cls, games: Iterable[Sequence[Moment]]) -> Habits:
        habits = cls({f: Counter() for f in FEATURES}, {f: Counter() for f in FEATURES})
        for moments in games:
            for moment in moments:
                for seat in moment.others:
                    for name, feature in FEATURES.items():
                        value = feature(moment, seat)
                        habits.seen[name][value] += 1
                        habits.hits[name][value] += seat == moment.murderer
        return habits

    def rate(self, feature: str, value: Hashable) -> float:
        seen = self.seen[feature][value]
        return self.hits[feature][value] / seen if seen else 0.0


def learned(habits: Habits) -> tuple[Shortcut, ...]:
    def by(feature: str) -> Prefer:
        def prefer(moment: Moment, pool: list[int]) -> list[int]:
            return _most(pool, lambda seat: habits.rate(feature, FEATURES[feature](moment, seat)))

        return prefer

    return tuple(
        Shortcut(f"{feature} most often the Murderer's", "other games", by(feature))
        for feature in FEATURES
    )


def honest() -> Shortcut:
    """The deduction: a uniform pick among the suspect list's candidates."""
    return Shortcut("the suspect list (honest)", "the deduction", lambda m, pool: m.candidates)


def _likelihood(moment: Moment, seat: int) -> float:
    """How well ``seat`` as the Murderer explains her sightings, under a simple model: at each
    of its visits it killed or not, each way equally likely (every world counted equally). A
    death she found needs a kill among its visits in that death's window (``1 - 2**-n`` of the
    worlds); a visit before a later ALIVE look there was no kill (half); a death never seen
    ALIVE that it did not enter is left to the first victim (half, as an allowance)."""
    visits = moment.view["visits"]
    weight = 1.0
    for clue in suspects.knowledge(moment.view).clues:
        start = -1 if clue.alive_at is None else clue.alive_at
        inside = sum(
            1
            for time in range(start + 1, clue.dead_at)
            if visits[time]["seat"] == seat and visits[time]["location"] == clue.location
        )
        if inside:
            weight *= 1 - 0.5**inside
        else:
            weight *= 0.5 if clue.alive_at is None else 0.0
    last_alive: dict[str, int] = {}
    for sighting in moment.view["seen"]:
        if sighting["status"] != "dead":
            location = sighting["location"]
            last_alive[location] = max(last_alive.get(location, -1), sighting["visit"])
    spared = sum(
        1
        for time, visit in enumerate(visits)
        if visit["seat"] == seat and last_alive.get(visit["location"], -1) > time
    )
    return weight * 0.5**spared


def _weighed_candidates(moment: Moment, pool: list[int]) -> list[int]:
    left = [seat for seat in moment.candidates if seat in pool]
    if not left:
        return pool
    return _most(left, lambda seat: _likelihood(moment, seat))


def weighed() -> Shortcut:
    """The whole deduction, then the candidates weighed by the evidence: the most likely under
    :func:`_likelihood` (ties uniformly). An honest reader: every step is taken."""
    return Shortcut("the suspect list, weighed (honest)", "the deduction", _weighed_candidates)


# playing and scoring ----------------------------------------------------------------------


class SneakyMurderer(MurderSheWrote):
    """A leaky control: the Murderer ends its move outside every location it can (it visits
    only when every move is a visit), so it visits far less than a Jessica."""

    def bot_choose(
        self, view: Mapping[str, Any], legal: Sequence[ActionSpec], rng: random.Random
    ) -> Action:
        if view["role"] == "murderer" and view["phase"] == Phase.MOVE:
            quiet = [m["to"] for m in view["moves"] if not m["visit"]]
            if quiet and len(view["kills"]) < 4:
                return Action(Act.MOVE.value, {"to": rng.choice(quiet)})
        return super().bot_choose(view, legal, rng)


def moments_of_game(
    system: MurderSheWrote, envelope: Mapping[str, Any], rules: str, seats: int, seed: int
) -> list[Moment]:
    """One bot-only game; at the start of every :data:`MOMENT_EVERY`-th round, each Jessica
    still in is a moment."""
    table = [Seat(f"Bot {n}", True) for n in range(seats)]
    case, state = start(system, envelope, table, "standard", seed=seed, options={"rules": rules})
    assert isinstance(state, MswState)
    moments: list[Moment] = []
    asked: set[int] = set()
    for step in range(1, STEP_CAP + 1):
        if state.phase == Phase.OVER:
            return moments
        if (
            state.phase == Phase.MOVE
            and state.turn == state.first
            and state.round % MOMENT_EVERY == 0
            and state.round not in asked
        ):
            asked.add(state.round)
            moments += [
                Moment(case, system.view(case, state, seat), state.first, state.murderer)
                for seat in range(seats)
                if seat != state.murderer and seat not in state.out
            ]
        seat = min(system.to_act(case, state))
        action = system.bot_choose(
            system.view(case, state, seat),
            system.legal_actions(case, state, seat),
            rng_for(seed, step, f"bot:{seat}"),
        )
        state, _ = system.apply(case, state, seat, action)
    raise AssertionError("a bot game passed the step limit")


def play(
    envelopes: Sequence[Mapping[str, Any]],
    rules: str,
    seats: int,
    games: Iterable[int],
    system: MurderSheWrote = SYSTEM,
) -> list[list[Moment]]:
    """The moments of each game (game seed ``n`` on island ``n % len(envelopes)``)."""
    return [moments_of_game(system, envelopes[n % len(envelopes)], rules, seats, n) for n in games]


@dataclass(frozen=True)
class Score:
    """A shortcut over many games: mean success, mean chance, and the standard error of their
    difference (moments of one game averaged first: they are not independent)."""

    shortcut: str
    moments: int
    games: int
    success: float
    chance: float
    error: float

    @property
    def gap(self) -> float:
        return self.success - self.chance

    def within(self, errors: float = 2.0, slack: float = 0.0) -> bool:
        """Whether the success is no further from chance than ``errors`` standard errors
        (plus ``slack`` of the chance)."""
        return abs(self.gap) <= errors * self.error + slack * self.chance


def score(shortcut: Shortcut, games: Sequence[Sequence[Moment]], *, deduced: bool) -> Score:
    """``deduced``: the shortcut guesses among the candidates, else among every other seat."""
    successes: list[float] = []
    chances: list[float] = []
    gaps: list[float] = []
    for moments in games:
        if not moments:
            continue
        game_gaps = []
        for moment in moments:
            pool = moment.candidates if deduced else moment.others
            pool = pool or moment.others
            success, chance = shortcut.success(moment, pool), 1 / len(pool)
            successes.append(success)
            chances.append(chance)
            game_gaps.append(success - chance)
        gaps.append(statistics.fmean(game_gaps))
    error = statistics.stdev(gaps) / len(gaps) ** 0.5 if len(gaps) > 1 else 0.0
    return Score(
        shortcut.name,
        len(successes),
        len(gaps),
        statistics.fmean(successes),
        statistics.fmean(chances),
        error,
    )


def compare(
    first: Shortcut, second: Shortcut, games: Sequence[Sequence[Moment]], *, deduced: bool
) -> tuple[float, float]:
    """How much more often ``first`` names the Murderer than ``second`` at the same moments:
    the mean difference of their successes and its standard error (games averaged first)."""
    gaps: list[float] = []
    for moments in games:
        if not moments:
            continue
        game_gaps = []
        for moment in moments:
            pool = (moment.candidates if deduced else moment.others) or moment.others
            game_gaps.append(first.success(moment, pool) - second.success(moment, pool))
        gaps.append(statistics.fmean(game_gaps))
    error = statistics.stdev(gaps) / len(gaps) ** 0.5 if len(gaps) > 1 else 0.0
    return statistics.fmean(gaps), error
