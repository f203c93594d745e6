"""Whole Murdered by Midnight games through the API by a random client, every reply checked.

The random client picks uniformly among the actions the API advertises, in every mode with 1-6
seats and a mix of bots; now and then it also tries an action out of turn or with a choice that
is not offered. No reply is a 5xx, each is a 2xx or a conforming problem, and the solution
appears in no reply before the game is over, and in the game's result after.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

import pytest
from flask.testing import FlaskClient

from narration import public_glossary
from rules.core import Action, ActionSpec, JSONScalar, random_action
from tests.api.helpers import assert_problem
from tests.api.murdered_by_midnight.helpers import create_case, reveals_solution, solution_of, start
from tests.api.murdered_by_midnight.play import Client
from tests.narration.test_murdered_by_midnight import check_text

#: (mode, people, bots) for the 30 games: every mode, 1-6 seats, people and bots mixed.
TABLES = [
    ("solo", 1, 0),
    ("co-op", 1, 0),
    ("co-op", 2, 0),
    ("co-op", 2, 1),
    ("co-op", 3, 3),
    ("co-op", 1, 5),
    ("competitive", 2, 0),
    ("competitive", 1, 1),
    ("competitive", 3, 1),
    ("competitive", 2, 4),
    ("competitive", 6, 0),
    ("competitive", 1, 5),
]
GAMES = [(n, *TABLES[n % len(TABLES)]) for n in range(30)]


def _seats(people: int, bots: int) -> list[dict[str, Any]]:
    seats: list[dict[str, Any]] = [{"name": f"Inspector {n}"} for n in range(people)]
    seats += [{"name": f"Bot {n}", "bot": True} for n in range(bots)]
    return seats


@pytest.mark.parametrize(("number", "mode", "people", "bots"), GAMES)
def test_a_random_client_plays_to_the_end(
    client: FlaskClient, number: int, mode: str, people: int, bots: int
) -> None:
    case = create_case(client, seed=number)
    solution = solution_of(client, case)
    table, _ = start(client, mode, _seats(people, bots), case_id=case["id"])
    player = Client(client, table, solution)
    rng = random.Random(number)

    def choose(view: Mapping[str, Any], legal: Sequence[ActionSpec], r: random.Random) -> Action:
        seat = view["you"]
        if r.random() < 0.05:  # a move the rules refuse: a problem, and the game unchanged
            _refused(player, seat, legal, r)
        return random_action(legal, r)

    final = player.play(choose, rng, scan_every=7)
    glossary = public_glossary(case["public"])
    names = [seat["name"] for seat in table.created["seats"]]
    assert final["result"]["solution"] == solution
    for seat in table.tokens:
        body = player.game(seat)
        assert body["result"]["solution"] == solution
        assert body["view"]["result"]["solution"] == solution
        assert player.legal(seat) == []
        events = player.log(seat)
        assert events[-1]["type"] == "game-ended"
        assert reveals_solution(events, solution)
        for event in events:
            check_text(event, event["text"], glossary, names)
            sealed = mode == "competitive" and event["actor"] != seat
            if event["type"] in {"prints-dusted", "forensics-analysed"} and sealed:
                assert "prints" not in event and "murder_weapon" not in event, event
                assert "sealed envelope" in event["text"]
        refused = player.act(seat, Action("end-turn"))
        assert_problem(refused, 409, "game/over")
    assert set(player.statuses) <= {200, 409, 422}


def _refused(player: Client, seat: int, legal: Sequence[ActionSpec], rng: random.Random) -> None:
    before = player.game(seat)["version"]
    others = [s for s in player.table.tokens if s != seat]
    if others and rng.random() < 0.5:
        response = player.act(rng.choice(others), random_action(legal, rng))
        assert_problem(response, 409, "action/not-your-turn")
    else:
        spec = rng.choice(list(legal))
        params: dict[str, JSONScalar] = {name: "nowhere" for name in spec.params} or {"x": 1}
        response = player.act(seat, Action(spec.type, params))
        assert response.status_code in {409, 422}  # the rules name the cause: a specific code
    assert player.game(seat)["version"] == before
