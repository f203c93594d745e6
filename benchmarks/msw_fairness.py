"""Murder, She Wrote fairness: shortcut accusers against chance (issue #11).

The project's fairness rule: "A player who skips a step, or reads a habit of the generator
instead of the evidence, must do no better than an honest guess." Bot-only games (4 seats,
each rule set) are stopped at the start of every fourth round, and every Jessica still in is
asked to name the Murderer by a shortcut (``tests/generator/murder_she_wrote/shortcuts.py``):
the first player, the seat to her left or right, the seat with most or fewest visits, the one
nearest an Escape space, the one last in before a death she found, and habits learned from
other games. Each guesses among every other seat still in (*blind*, chance ``1/(seats in -
1)``) and again among the suspects her deduction leaves (*after the deduction*, chance
``1/candidates``: an honest guess). The honest deduction itself (a uniform pick among
``suspects.candidates``) is the reference that must stand far above chance; the honest
deduction *weighed* (its candidates weighed by the deaths she found, every world counted
equally, the likeliest named) is the honest guess a step-skipping reader must not beat.

A leaky control shows the measure can fail: the same games with a Murderer that avoids ending
its moves in locations; "fewest visits" then finds it far more often than chance.

``python -m benchmarks.msw_fairness [--games N]`` prints the section alone.
"""

from __future__ import annotations

import argparse
from collections.abc import Sequence

from benchmarks.msw_games import islands
from tests.generator.murder_she_wrote import shortcuts
from tests.generator.murder_she_wrote.shortcuts import (
    BLIND,
    EVIDENCE,
    Habits,
    Moment,
    Score,
    Shortcut,
    SneakyMurderer,
    honest,
    learned,
    play,
    score,
    weighed,
)

GAMES = 600
TRAINING = 300
ISLANDS = 200
SEATS = 4
RULES = ("basic", "advanced")
TRAINING_SEEDS = 10**6
#: A gap within two standard errors and this share of the chance is flagged as none.
RELATIVE = 0.10


def cell(result: Score) -> str:
    flag = "" if result.within(2.0, RELATIVE) else " ⚠"
    return (
        f"{result.success:.1%} vs {result.chance:.1%}"
        f" ({result.gap * 100:+.1f} ± {2 * result.error * 100:.1f}){flag}"
    )


def measure(
    games: int = GAMES, training: int = TRAINING, count: int = ISLANDS
) -> tuple[dict[str, list[list[Moment]]], dict[str, list[Shortcut]], list[list[Moment]]]:
    """Per rule set: the measured games' moments and the shortcuts (their habits learned from
    other games); and the leaky control's games (basic rules)."""
    cases = islands(count)
    measured: dict[str, list[list[Moment]]] = {}
    readers: dict[str, list[Shortcut]] = {}
    for rules in RULES:
        measured[rules] = play(cases, rules, SEATS, range(games))
        others = play(cases, rules, SEATS, range(TRAINING_SEEDS, TRAINING_SEEDS + training))
        readers[rules] = [*BLIND, *EVIDENCE, *learned(Habits.learn(others)), honest(), weighed()]
    control = play(cases, "basic", SEATS, range(games), SneakyMurderer())
    return measured, readers, control


def run(games: int = GAMES, training: int = TRAINING, count: int = ISLANDS) -> list[str]:
    measured, readers, control = measure(games, training, count)
    moments = ", ".join(f"{rules} {sum(map(len, measured[rules])):,}" for rules in RULES)
    rows = [
        f"{games} bot-only games per rule set, {SEATS} seats, on {count} generated islands;"
        f" habits learned from {training} other games. Moments (a Jessica still in, at the"
        f" start of every {shortcuts.MOMENT_EVERY}th round): {moments}.",
        "",
        "| shortcut | reads | "
        + " | ".join(f"{rules}: blind | {rules}: after the deduction" for rules in RULES)
        + " |",
        "| --- | --- | " + " | ".join("--- | ---" for _ in RULES) + " |",
    ]
    flagged = {"habits": 0, "evidence": 0}
    evidence = {reader.name for reader in EVIDENCE}
    names = [reader.name for reader in readers[RULES[0]]]
    for index, name in enumerate(names):
        cells = []
        for rules in RULES:
            reader = readers[rules][index]
            for deduced in (False, True):
                result = score(reader, measured[rules], deduced=deduced)
                text = cell(result)
                if text.endswith("⚠") and reader.reads != "the deduction":
                    flagged["evidence" if reader.name in evidence else "habits"] += 1
                cells.append(text)
        rows.append(f"| {name} | {readers[RULES[0]][index].reads} | " + " | ".join(cells) + " |")
    fewest = next(s for s in BLIND if s.name == "fewest visits")
    caught = score(fewest, control, deduced=False)
    rows += [
        "",
        "Each cell: the shortcut's success vs its chance (gap in points ± two standard errors,"
        " the moments of one game averaged first); ⚠ marks a gap beyond two standard errors"
        f" and {RELATIVE:.0%} of the chance: {flagged['habits']} of the habit readers' cells,"
        f" {flagged['evidence']} of the evidence readers'. Blind:"
        " a guess among every other seat still in; after the deduction: among the suspects"
        " her list leaves (an honest guess). The honest row is the deduction itself: blind, it"
        " is how far the evidence lifts a guess above chance. The weighed honest row takes every"
        " step, then names the likeliest candidate (every world of her view counted equally:"
        " each Murderer visit a kill or not); it is the baseline the shortcuts are compared"
        ' with. The rows reading "deaths, no ALIVE look" skip one step of the deduction but'
        " still read the deaths and who came before them: evidence, so they beat chance and"
        " the uniform honest pick, but not the weighed one. Control: the"
        " same basic games with a Murderer that avoids ending its moves in locations give"
        f' "fewest visits" {caught.success:.1%} vs {caught.chance:.1%} blind.',
    ]
    return rows


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--games", type=int, default=GAMES, help="games per rule set")
    parser.add_argument("--training", type=int, default=TRAINING, help="games habits learn from")
    parser.add_argument("--islands", type=int, default=ISLANDS, help="islands they share")
    args = parser.parse_args(argv)
    print("\n".join(run(args.games, args.training, args.islands)))


if __name__ == "__main__":
    main()
