"""A detective that uses only the API solves generated cases with a correct accusation.

It is the engine's own bot (``bot_choose``) given nothing but what the API returns to its seat:
the view of ``GET /v1/games/{id}`` and the actions of ``GET /v1/games/{id}/actions``. That it
wins shows a case can be solved through the API's views alone, in every mode.
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from flask.testing import FlaskClient

from generator import registry as generators
from rules import registry
from rules.core import Seat
from rules.core import start as start_game
from rules.murdered_by_midnight.case import SYSTEM_ID
from tests.api.murdered_by_midnight.helpers import create_case, solution_of, start
from tests.api.murdered_by_midnight.play import Client

SOLO_CASES = 200
#: A few tables beyond solo: (mode, people, bots).
TABLES = [("co-op", 3, 0), ("co-op", 2, 2), ("competitive", 2, 0), ("competitive", 3, 0)]


def _solve(client: FlaskClient, seed: int, mode: str, people: int, bots: int) -> dict[str, Any]:
    case = create_case(client, seed=seed, difficulty="standard")
    solution = solution_of(client, case)
    seats: list[dict[str, Any]] = [{"name": f"Detective {n}"} for n in range(people)]
    seats += [{"name": f"Bot {n}", "bot": True} for n in range(bots)]
    table, _ = start(client, mode, seats, case_id=case["id"])
    detective = Client(client, table, solution)
    final = detective.play(registry.get(SYSTEM_ID).bot_choose, random.Random(seed))
    result = final["result"]
    assert result["winners"], (seed, result)
    assert result["solution"] == solution
    events = detective.log(min(table.tokens))
    accusations = [event for event in events if event["type"] == "accusation-made"]
    assert accusations and accusations[-1]["correct"] is True, accusations
    assert {key: accusations[-1][key] for key in solution} == solution
    return final


@pytest.mark.slow
def test_the_detective_solves_two_hundred_cases_alone(client: FlaskClient) -> None:
    for seed in range(SOLO_CASES):
        final = _solve(client, seed, "solo", 1, 0)
        assert final["result"]["winners"] == [0]


@pytest.mark.parametrize(("mode", "people", "bots"), TABLES)
def test_detectives_solve_cases_together_and_against_each_other(
    client: FlaskClient, mode: str, people: int, bots: int
) -> None:
    for seed in range(1000, 1005):
        _solve(client, seed, mode, people, bots)


HARD_CASES = 50


def _times_heard(view: dict[str, Any], murderer: str) -> set[str]:
    """The times of death the sightings in ``view`` allow (docs/rulings.md), worked out here
    rather than by the bot: the murderer seen at the scene, the victim not seen elsewhere later."""
    case = view["case"]
    sightings = [item["sighting"] for item in view["testimony"] if item.get("sighting")]
    alive = [
        s["time"]
        for s in sightings
        if s["person"] == case["victim"] and s["location"] != case["scene"]
    ]
    return {
        s["time"]
        for s in sightings
        if (s["person"], s["location"]) == (murderer, case["scene"])
        and all(s["time"] > time for time in alive)
    }


def _visits_on_sheet(envelope: dict[str, Any]) -> int:
    """How many times the Author's sheet has the murderer seen near the scene."""
    murderer, scene = envelope["solution"]["murderer"], envelope["public"]["scene"]
    return sum(
        (g["saw"]["person"], g["saw"]["location"]) == (murderer, scene)
        for g in envelope["secret"]["witness_groups"]
    )


@pytest.mark.slow
def test_the_detective_cross_references_hard_cases() -> None:
    """On cases whose time is narrowed by two statements, the bot waits for both and is right.

    Played through the rules engine directly: whenever the bot accuses, the sightings it has
    heard allow the solution's time and no other, and it has heard the earlier visit of the
    murderer and the sighting of the victim that rules it out."""
    generators.load()
    system = registry.get(SYSTEM_ID)
    for seed in range(HARD_CASES):
        envelope = generators.generate(SYSTEM_ID, seed, {"difficulty": "hard"})
        solution = envelope["solution"]
        case, state = start_game(system, envelope, [Seat("Bot", True)], "solo", seed=seed)
        rng = random.Random(seed)
        accusations = 0
        while system.result(case, state) is None:
            view = system.view(case, state, 0)
            action = system.bot_choose(view, system.legal_actions(case, state, 0), rng)
            if action.type == "accuse":
                accusations += 1
                assert _times_heard(view, solution["murderer"]) == {solution["time"]}, seed
                heard = [item["sighting"] for item in view["testimony"] if item.get("sighting")]
                victim = view["case"]["victim"]
                assert any(s["person"] == victim for s in heard), seed
                visits = {
                    s["time"]
                    for s in heard
                    if (s["person"], s["location"]) == (solution["murderer"], view["case"]["scene"])
                }
                # the earlier visit near the scene is the murderer's in some hard cases, a
                # decoy's in others (docs/rulings.md): every one on the sheet was heard
                assert len(visits) == _visits_on_sheet(envelope), (seed, visits)
            state, _ = system.apply(case, state, 0, action)
        outcome = system.result(case, state)
        assert outcome is not None and outcome.winners == (0,), outcome
        assert accusations == 1, seed
        assert outcome.solution is not None and dict(outcome.solution) == solution
