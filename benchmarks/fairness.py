"""Murdered by Midnight fairness: shortcut detectives against chance, 300 cases per difficulty.

Each detective of ``tests/generator/murdered_by_midnight/shortcuts.py`` skips one deduction step
or reads a habit of the generator; its success is the exact chance its guess is right, its
chance an honest guess among the accusations it has not ruled out, both averaged over the same
cases. The frequency readers learn their habits from other seeds first. A fair generator keeps
every row's gap within a few points (``±`` is two standard errors of the gap).
"""

from __future__ import annotations

import generator.murdered_by_midnight  # noqa: F401  (registers the generator)
from generator import registry
from rules.murdered_by_midnight.case import SYSTEM_ID, MbmCase, from_envelope
from tests.generator.murdered_by_midnight import shortcuts

CASES = 300
TRAINING = 100
TRAINING_SEEDS = 10**6
DIFFICULTIES = ("easy", "standard", "hard")
#: A gap beyond this many points (and two standard errors) is flagged.
POINTS = 0.05


def cases(difficulty: str, seeds: range) -> list[MbmCase]:
    return [
        from_envelope(registry.generate(SYSTEM_ID, seed, {"difficulty": difficulty}))
        for seed in seeds
    ]


def run(count: int = CASES, training: int = TRAINING) -> list[str]:
    rows = [
        f"{count} cases per difficulty; habits learned from {training} others.",
        "",
        "| detective | skips | " + " | ".join(DIFFICULTIES) + " |",
        "| --- | --- | " + " | ".join("---" for _ in DIFFICULTIES) + " |",
    ]
    cells: dict[str, list[str]] = {}
    skips: dict[str, str] = {}
    for difficulty in DIFFICULTIES:
        measured = cases(difficulty, range(count))
        learned = cases(difficulty, range(TRAINING_SEEDS, TRAINING_SEEDS + training))
        for detective in shortcuts.detectives(shortcuts.Habits.learn(learned)):
            result = shortcuts.score(detective, measured)
            flag = "" if shortcuts.is_within(result, points=POINTS, errors=2) else " ⚠"
            cells.setdefault(detective.name, []).append(
                f"{result.success:.1%} vs {result.chance:.1%} ({result.gap * 100:+.1f}"
                f" ± {2 * result.error * 100:.1f}){flag}"
            )
            skips[detective.name] = detective.skips
    for name, row in cells.items():
        rows.append(f"| {name} | {skips[name]} | " + " | ".join(row) + " |")
    rows += [
        "",
        "Each cell: success vs chance (gap in points ± two standard errors); ⚠ marks a gap"
        f" beyond {POINTS * 100:.0f} points and two standard errors.",
    ]
    return rows


if __name__ == "__main__":
    print("\n".join(run()))
