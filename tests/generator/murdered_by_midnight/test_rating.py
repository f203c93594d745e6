"""The rating is calibrated against measured effort: the detective bot's turns and questions.

``.venv/bin/python -m tests.generator.murdered_by_midnight.test_rating`` plays the bot alone on
:data:`FIT_GAMES` cases of each option set of :data:`OPTION_SETS` and prints the least-squares
weights that ``generator/murdered_by_midnight/rating.py`` keeps as ``TURNS`` and ``QUESTIONS``.
"""

from __future__ import annotations

import statistics
from typing import Any

import pytest

import generator.murdered_by_midnight  # noqa: F401  (registers the generator)
import rules.murdered_by_midnight  # noqa: F401  (registers the system)
from generator import registry as generators
from rules import registry
from rules.core import Seat, start
from rules.loop import run_bots
from rules.murdered_by_midnight.case import SYSTEM_ID, from_envelope

LABELS = {"easy": "gentle", "standard": "tricky", "hard": "fiendish"}
#: The presets and counts around them, so that rooms, people and weapons vary apart.
OPTION_SETS: list[dict[str, Any]] = [
    {"difficulty": "easy"},
    {},
    {"difficulty": "hard"},
    {"locations": 10, "characters": 8},
    {"characters": 13, "witness_groups": 4},
    {"locations": 10, "red_herrings": 7},
    {"difficulty": "hard", "locations": 6, "red_herrings": 4},
    {"difficulty": "easy", "locations": 10},
    {"difficulty": "easy", "characters": 12, "witness_groups": 3},
    {"locations": 12, "characters": 15, "witness_groups": 5, "red_herrings": 9},
]
FIT_GAMES = 48


def bot_effort(seed: int, options: dict[str, Any]) -> tuple[dict[str, Any], int, int]:
    """The case of ``seed`` with its rating, and the turns and questions the bot took alone."""
    envelope = generators.generate(SYSTEM_ID, seed, options)
    system = registry.get(SYSTEM_ID)
    case, state = start(system, envelope, [Seat("Bot", True)], "solo", seed=seed)
    state, _ = run_bots(system, case, state, bots=frozenset({0}), seed=seed, steps_so_far=0)
    outcome = system.result(case, state)
    assert outcome is not None and outcome.ending == "solved", (seed, options)
    return envelope, state.turns_taken, len(state.questions)


@pytest.mark.parametrize("difficulty", sorted(LABELS))
def test_each_preset_lands_in_its_label(difficulty: str) -> None:
    for seed in range(30):
        rating = generators.generate(SYSTEM_ID, seed, {"difficulty": difficulty})["rating"]
        assert rating["label"] == LABELS[difficulty], (seed, rating)


@pytest.mark.parametrize(
    "options", [OPTION_SETS[0], OPTION_SETS[1], OPTION_SETS[2], OPTION_SETS[9]]
)
def test_the_rating_follows_the_bots_measured_effort(options: dict[str, Any]) -> None:
    """Over a few games, the bot's mean turns and questions are within 15 % of the rating's."""
    played = [bot_effort(seed, options) for seed in range(500, 508)]
    expected = statistics.fmean(e["rating"]["detective_turns"] for e, _, _ in played)
    asked = statistics.fmean(e["rating"]["detective_questions"] for e, _, _ in played)
    assert statistics.fmean(t for _, t, _ in played) == pytest.approx(expected, rel=0.15)
    assert statistics.fmean(q for _, _, q in played) == pytest.approx(asked, rel=0.15)


def _least_squares(rows: list[list[float]], targets: list[float]) -> list[float]:
    """Weights minimising the squared error of ``rows @ weights`` (normal equations)."""
    n = len(rows[0])
    system = [
        [sum(r[i] * r[j] for r in rows) for j in range(n)]
        + [sum(r[i] * t for r, t in zip(rows, targets, strict=True))]
        for i in range(n)
    ]
    for i in range(n):
        pivot = max(range(i, n), key=lambda r: abs(system[r][i]))
        system[i], system[pivot] = system[pivot], system[i]
        for r in range(n):
            if r != i:
                factor = system[r][i] / system[i][i]
                system[r] = [a - factor * b for a, b in zip(system[r], system[i], strict=True)]
    return [system[i][n] / system[i][i] for i in range(n)]


def fit() -> None:
    rows, turns, questions = [], [], []
    for options in OPTION_SETS:
        for seed in range(7000, 7000 + FIT_GAMES):
            envelope, taken, asked = bot_effort(seed, options)
            case = from_envelope(envelope)
            rows.append([1.0, len(case.locations), len(case.characters) - 1, len(case.weapons)])
            turns.append(float(taken))
            questions.append(float(asked))
    for name, targets in (("TURNS", turns), ("QUESTIONS", questions)):
        weights = _least_squares(rows, targets)
        fitted = [sum(w * x for w, x in zip(weights, row, strict=True)) for row in rows]
        mean = statistics.fmean(targets)
        residual = sum((t - f) ** 2 for t, f in zip(targets, fitted, strict=True))
        r2 = 1 - residual / sum((t - mean) ** 2 for t in targets)
        print(f"{name} = {tuple(round(w, 2) for w in weights)}  # R² {r2:.2f}")


if __name__ == "__main__":
    fit()
