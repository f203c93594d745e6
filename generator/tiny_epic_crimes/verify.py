"""The independent verifier of a Tiny Epic Crimes case.

Written without z3 and without the generator's code (it imports only the case types and the
rulebook's numbers from ``rules.tiny_epic_crimes.case``): it reads a :class:`TecCase` as an
officer setting up the box would, and checks

1. the roster: sixteen suspects A to P with one of two values per evidence; every two differ
   (distinct), in at least two evidences (separated); each value on exactly eight (balanced);
   the murderer is a suspect and the only one with the murderer's five values (identifiable);
2. the city: 24 blocks with 7 search and 5 stakeout icons, a 5x5 grid with the HQ in the centre
   and every block once, the die tokens 1-5 in order, the Informant and Witness Tokens in the
   rows and columns of the table's size, one Holding Token per mobster colour, mobsters of every
   colour in the bag;
3. the clues: each evidence has at least as many clue tokens as solve it; a search token on each
   search block and only there, enough of them successes; a stakeout token on each stakeout
   block, its number one an officer may risk;
4. the time track: 48 hours in order, day and night both before the red hours, the red hours
   43-48 and the timed-event icons 39-48, at least one Event Line;
5. a win: with hindsight, one plan for the search and one for the stakeouts (drive from the HQ
   to the three best tokens, in the best order) fits in the table's daytime, resp. nighttime,
   hours before the red spaces (:attr:`Report.plan_hours`); a solo player runs two officers.

Each problem has a stable ``code`` and a sentence.
"""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from rules.tiny_epic_crimes.case import (
    BLOCK_COUNT,
    CLUES_NEEDED,
    CLUES_NEEDED_TWO_PLAYERS,
    DAY,
    DIE_NUMBERS,
    EVIDENCE,
    FINAL_HOURS,
    GRID_SIZE,
    HOURS,
    HQ,
    INFORMANT_ROWS,
    INFORMANT_ROWS_TWO_PLAYERS,
    MOBSTER_COLOURS,
    NIGHT,
    SEARCH_ICONS,
    STAKEOUT_ICONS,
    STAKEOUT_RISK,
    SUSPECT_LETTERS,
    TIMED_EVENT_HOURS,
    TRAIT_VALUES,
    WITNESS_COLUMNS,
    WITNESS_COLUMNS_TWO_PLAYERS,
    TecCase,
    from_envelope,
)

#: Hours each step of a plan costs: Search Scene takes 2 hours; a stakeout risks the token's
#: number; driving one block takes 1.
SEARCH_HOURS = 2


@dataclass(frozen=True)
class Problem:
    code: str
    message: str


@dataclass(frozen=True)
class Report:
    problems: tuple[Problem, ...]
    #: "search" / "stakeout" -> hours of the best hindsight plan for that evidence
    plan_hours: Mapping[str, int] = field(default_factory=dict)

    @property
    def ok(self) -> bool:
        return not self.problems

    @property
    def codes(self) -> frozenset[str]:
        return frozenset(problem.code for problem in self.problems)


def verify(case: TecCase) -> Report:
    """Every problem of ``case`` (none for a fair one) and the plan that wins it."""
    checker = _Checker(case)
    checker.check_roster()
    checker.check_city()
    if checker.city_ok:
        checker.check_clues()
    checker.check_track()
    if checker.city_ok and not checker.problems:
        checker.check_plans()
    return Report(tuple(checker.problems), checker.plans)


def verify_envelope(envelope: Mapping[str, Any]) -> list[tuple[str, str]]:
    """The registry's verifier hook: ``(code, reason)`` pairs, none for a fair case."""
    try:
        case = from_envelope(envelope)
    except (KeyError, TypeError, ValueError, AttributeError) as error:
        return [("envelope/malformed", f"not a Tiny Epic Crimes case: {error!r}")]
    return [(problem.code, problem.message) for problem in verify(case).problems]


def differences(a: Sequence[str], b: Sequence[str]) -> int:
    """In how many evidences two profiles differ."""
    return sum(x != y for x, y in zip(a, b, strict=True))


class _Checker:
    def __init__(self, case: TecCase) -> None:
        self.case = case
        self.problems: list[Problem] = []
        self.plans: dict[str, int] = {}
        self.city_ok = False

    def fail(self, code: str, message: str) -> None:
        self.problems.append(Problem(code, message))

    # 1. the roster ------------------------------------------------------------------------

    def check_roster(self) -> None:
        case = self.case
        letters = "".join(s.letter for s in case.suspects)
        if letters != SUSPECT_LETTERS:
            self.fail("roster/letters", f"the suspects are {letters!r}, not A to P in order")
        names = [s.name for s in case.suspects]
        if len(set(names)) != len(names) or not all(name.strip() for name in names):
            self.fail("roster/names", "two suspects share a name, or one has none")
        for suspect in case.suspects:
            for evidence in EVIDENCE:
                if suspect.trait(evidence) not in TRAIT_VALUES[evidence]:
                    self.fail(
                        "roster/value",
                        f"suspect {suspect.letter}'s {evidence} is {suspect.trait(evidence)!r}",
                    )
        for a, b in itertools.combinations(case.suspects, 2):
            apart = differences(a.profile, b.profile)
            if apart == 0:
                self.fail("roster/duplicate", f"suspects {a.letter} and {b.letter} are alike")
            elif apart < 2:
                self.fail(
                    "roster/too-close",
                    f"suspects {a.letter} and {b.letter} differ in one evidence only",
                )
        half = len(case.suspects) // 2
        for evidence in EVIDENCE:
            counts = Counter(s.trait(evidence) for s in case.suspects)
            for value in TRAIT_VALUES[evidence]:
                if counts[value] != half:
                    self.fail(
                        "roster/unbalanced",
                        f"{counts[value]} suspects have {evidence} {value}, not {half}",
                    )
        murderer = case.solution.murderer
        known = {s.letter: s for s in case.suspects}
        if murderer not in known:
            self.fail("solution/unknown", f"the murderer {murderer!r} is no suspect")
            return
        matching = [s.letter for s in case.suspects if s.profile == known[murderer].profile]
        if matching != [murderer]:
            self.fail(
                "solution/not-identifiable",
                f"the five evidences fit suspects {', '.join(matching)}",
            )

    # 2. the city --------------------------------------------------------------------------

    def check_city(self) -> None:
        case = self.case
        ids = [b.id for b in case.blocks]
        icons = Counter(b.icon for b in case.blocks)
        if len(ids) != BLOCK_COUNT or len(set(ids)) != BLOCK_COUNT or HQ in ids:
            self.fail("city/blocks", f"{len(set(ids))} different blocks, not {BLOCK_COUNT}")
        if len({b.name for b in case.blocks}) != len(ids):
            self.fail("city/names", "two blocks share a name")
        if icons["search"] != SEARCH_ICONS or icons["stakeout"] != STAKEOUT_ICONS:
            self.fail(
                "city/icons",
                f"{icons['search']} search and {icons['stakeout']} stakeout icons,"
                f" not {SEARCH_ICONS} and {STAKEOUT_ICONS}",
            )
        if set(icons) - {"search", "stakeout", None}:
            self.fail("city/icons", f"unknown icons {sorted(map(str, icons))}")
        shape = [len(row) for row in case.grid]
        if shape != [GRID_SIZE] * GRID_SIZE:
            self.fail("grid/shape", f"the grid's rows are {shape} long, not 5x5")
            return
        centre = (GRID_SIZE + 1) // 2
        if case.grid[centre - 1][centre - 1] != HQ:
            self.fail("grid/hq", "the HQ is not in the centre of the city")
        cells = Counter(item for row in case.grid for item in row)
        if cells != Counter([*ids, HQ]):
            self.fail("grid/blocks", "the grid does not hold every block and the HQ once each")
        if case.white_dice != DIE_NUMBERS or case.black_dice != DIE_NUMBERS:
            self.fail("grid/dice", "the die tokens do not run 1 to 5 in order on both sides")
        self.city_ok = not any(p.code.startswith(("city/", "grid/")) for p in self.problems)

    # 3. the clues -------------------------------------------------------------------------

    def check_clues(self) -> None:
        case = self.case
        two = case.players <= 2
        rows = INFORMANT_ROWS_TWO_PLAYERS if two else INFORMANT_ROWS
        columns = WITNESS_COLUMNS_TWO_PLAYERS if two else WITNESS_COLUMNS
        needed = CLUES_NEEDED_TWO_PLAYERS if two else CLUES_NEEDED
        if not 1 <= case.players <= 4:
            self.fail("clues/players", f"{case.players} officers: the box has mats for 1 to 4")
        if case.informant_rows != rows or case.witness_columns != columns:
            self.fail(
                "clues/lines",
                f"Informant rows {case.informant_rows} and Witness columns"
                f" {case.witness_columns}, not {rows} and {columns} for {case.players}",
            )
        if dict(case.clues_needed) != dict(needed):
            self.fail("clues/needed", f"clues needed {dict(case.clues_needed)}, not {needed}")
        supply = {
            "informant": len(set(case.informant_rows)),
            "witness": len(set(case.witness_columns)),
            "holding": len(set(case.holding_tokens) & set(MOBSTER_COLOURS)),
            "search": sum(t.success for t in case.search_tokens),
            "stakeout": sum(
                STAKEOUT_RISK[0] <= t.value <= STAKEOUT_RISK[1] for t in case.stakeout_tokens
            ),
        }
        for clue, count in supply.items():
            if count < needed[clue]:
                self.fail(
                    "clues/unsolvable",
                    f"only {count} {clue} tokens can be collected; {needed[clue]} are needed",
                )
        if sorted(case.holding_tokens) != sorted(MOBSTER_COLOURS):
            self.fail("clues/holding", f"Holding Tokens {case.holding_tokens}, one per colour")
        if set(case.mobsters) != set(MOBSTER_COLOURS) or min(case.mobsters.values()) < 1:
            self.fail("clues/mobsters", f"the bag holds {dict(case.mobsters)}")
        for kind, tokens in (("search", case.search_tokens), ("stakeout", case.stakeout_tokens)):
            where = Counter(t.block for t in tokens)
            icons = {b.id for b in case.blocks if b.icon == kind}
            if set(where) != icons or max(where.values(), default=0) > 1:
                self.fail(
                    f"clues/{kind}-tokens",
                    f"{kind} tokens lie on {sorted(where)}, not one on each {kind} block",
                )
        for token in case.stakeout_tokens:
            if not STAKEOUT_RISK[0] <= token.value <= STAKEOUT_RISK[1]:
                self.fail(
                    "clues/stakeout-value",
                    f"the stakeout token on {token.block} needs {token.value} hours; an officer"
                    f" risks {STAKEOUT_RISK[0]} to {STAKEOUT_RISK[1]}",
                )

    # 4. the time track ----------------------------------------------------------------------

    def check_track(self) -> None:
        track = self.case.time_track
        if [s.hour for s in track] != list(range(1, HOURS + 1)):
            self.fail("track/hours", f"the track's spaces are not hours 1 to {HOURS} in order")
            return
        for space in track:
            final = FINAL_HOURS[0] <= space.hour <= FINAL_HOURS[1]
            timed = TIMED_EVENT_HOURS[0] <= space.hour <= TIMED_EVENT_HOURS[1]
            if space.final != final:
                self.fail("track/final", f"hour {space.hour} is {'not ' * final}a red space")
            if space.timed_event_icon != timed:
                self.fail("track/timed", f"hour {space.hour}'s timed-event icon is wrong")
            if space.phase not in (DAY, NIGHT):
                self.fail("track/phase", f"hour {space.hour} is {space.phase!r}")
        before = {s.phase for s in track if s.hour < FINAL_HOURS[0]}
        if before != {DAY, NIGHT}:
            self.fail("track/phase", "day and night do not both come before the red hours")
        if not any(s.event_line for s in track if s.hour < HOURS):
            self.fail("track/event-lines", "no Event Line: no event is ever drawn")

    # 5. a win -----------------------------------------------------------------------------

    def check_plans(self) -> None:
        case = self.case
        needed = case.clues_needed
        successes = [t.block for t in case.search_tokens if t.success]
        self.plans["search"] = self._best_plan(
            {block: SEARCH_HOURS for block in successes}, needed["search"]
        )
        self.plans["stakeout"] = self._best_plan(
            {t.block: t.value for t in case.stakeout_tokens}, needed["stakeout"]
        )
        officers = max(case.players, 2)  # solo plays a 2-player game's two officers
        for clue, phase in (("search", DAY), ("stakeout", NIGHT)):
            available = officers * sum(
                s.phase == phase for s in case.time_track if s.hour < FINAL_HOURS[0]
            )
            if self.plans[clue] > available:
                self.fail(
                    "win/too-slow",
                    f"the best {clue} plan takes {self.plans[clue]} hours; the table has"
                    f" {available} {phase} hours",
                )

    def _best_plan(self, costs: Mapping[str, int], count: int) -> int:
        """The fewest hours to drive from the HQ and act on ``count`` of the blocks."""
        best = None
        for order in itertools.permutations(sorted(costs), count):
            here, hours = self.case.position(HQ), 0
            for block in order:
                there = self.case.position(block)
                hours += abs(here[0] - there[0]) + abs(here[1] - there[1]) + costs[block]
                here = there
            best = hours if best is None else min(best, hours)
        return 0 if best is None else best
