"""Murdered by Midnight over protocol v2: game options, secret game seeds, replay, deductions.

``difficulty`` chooses the case a game generates for itself (``for_case``), ``turn_limit`` the
game's clock; ``seed`` chooses the case only, and the game draws from a secret seed of its own.
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
import sqlalchemy as sa
from flask import Flask
from flask.testing import FlaskClient

from api.storage import Store, StoredGame
from api.storage.schema import cases as cases_table
from api.storage.schema import games as games_table
from generator import registry as generators
from rules import registry
from rules.murdered_by_midnight.case import SYSTEM_ID
from tests.api.helpers import assert_problem, bearer
from tests.api.murdered_by_midnight.helpers import create_case, reveals_solution, solution_of
from tests.api.murdered_by_midnight.helpers import start as start_game
from tests.api.murdered_by_midnight.play import Client
from tests.api.storage.stored import assert_replays, read_game

PERSON_AND_BOT: list[dict[str, Any]] = [{"name": "Bot", "bot": True}, {"name": "Ada"}]


def store_of(app: Flask) -> Store:
    store: Store = app.extensions["casebook"].store
    return store


def stored(app: Flask, game_id: str) -> StoredGame:
    game = read_game(store_of(app), game_id)
    assert game is not None
    return game


def count(app: Flask, table: sa.Table) -> int:
    with store_of(app).engine.connect() as conn:
        return int(conn.execute(sa.select(sa.func.count()).select_from(table)).scalar() or 0)


# ------------------------------------------------------------------------------- options


def test_options_choose_the_case_and_the_clock(app: Flask, client: FlaskClient) -> None:
    options = {"difficulty": "easy", "turn_limit": 100}
    table, created = start_game(client, "solo", [{"name": "Ada"}], seed=5, options=options)

    assert created["options"] == options
    shown = client.get(f"/v1/games/{table.id}", headers=table.auth(0)).get_json()
    assert shown["options"] == options
    assert shown["view"]["max_turns"] == 100
    game = stored(app, table.id)
    assert game.options == options
    case = store_of(app).get_case(game.case_id)
    assert case is not None and case.author_token_hash is None
    assert case.case == generators.generate(SYSTEM_ID, 5, {"difficulty": "easy"})  # turn_limit
    # is the game's, not the case's: the generator was given the difficulty alone


def test_defaults_fill_every_option(client: FlaskClient) -> None:
    _, created = start_game(client, "co-op", [{"name": "Ada"}], seed=5)
    assert created["options"] == {"difficulty": "standard", "turn_limit": 400}
    _, created = start_game(client, "co-op", [{"name": "Ada"}], options={"turn_limit": 200})
    assert created["options"] == {"difficulty": "standard", "turn_limit": 200}


def test_a_stored_case_takes_the_clock_but_not_a_difficulty(
    app: Flask, client: FlaskClient
) -> None:
    case = create_case(client, seed=3)
    body = {"system": SYSTEM_ID, "mode": "solo", "seats": [{"name": "Ada"}], "case_id": case["id"]}

    refused = client.post("/v1/games", json={**body, "options": {"difficulty": "hard"}})
    problem = assert_problem(refused, 422, "options/for-case")
    assert [error["pointer"] for error in problem["errors"]] == ["/options/difficulty"]
    assert (count(app, games_table), count(app, cases_table)) == (0, 1)

    table, created = start_game(client, "solo", [{"name": "Ada"}], case_id=case["id"],
                                options={"turn_limit": 200})  # fmt: skip
    assert created["options"]["turn_limit"] == 200
    assert stored(app, table.id).case_id == case["id"]  # the stored case, not a copy
    assert count(app, cases_table) == 1


@pytest.mark.parametrize(
    ("options", "code", "pointer"),
    [
        ({"turn_limit": 150}, "options/bad-choice", "/options/turn_limit"),
        ({"turn_limit": "100"}, "options/bad-choice", "/options/turn_limit"),
        ({"turn_limit": 100.0}, "options/bad-choice", "/options/turn_limit"),
        ({"difficulty": "brutal"}, "options/bad-choice", "/options/difficulty"),
        ({"weather": "fog"}, "options/unknown", "/options/weather"),
    ],
)
def test_bad_options_are_422_with_pointers_and_store_nothing(
    app: Flask, client: FlaskClient, options: dict[str, Any], code: str, pointer: str
) -> None:
    body = {"system": SYSTEM_ID, "mode": "solo", "seats": [{"name": "Ada"}], "options": options}
    problem = assert_problem(client.post("/v1/games", json={**body, "seed": 2}), 422, code)
    assert [error["pointer"] for error in problem["errors"]] == [pointer]
    assert (count(app, games_table), count(app, cases_table)) == (0, 0)


# ------------------------------------------------------------------------------- secret seeds


def test_one_case_seed_two_games_different_shuffles_and_bot_draws(
    app: Flask, client: FlaskClient
) -> None:
    tables = [start_game(client, "competitive", PERSON_AND_BOT, seed=8)[0] for _ in range(2)]
    games = [stored(app, table.id) for table in tables]
    cases = [store_of(app).get_case(game.case_id) for game in games]
    assert cases[0] is not None and cases[1] is not None

    assert cases[0].case == cases[1].case  # the same case, public part and all
    views = [client.get(f"/v1/games/{t.id}", headers=t.auth(1)).get_json() for t in tables]
    assert views[0]["view"]["case"] == views[1]["view"]["case"]
    assert games[0].seed != games[1].seed
    assert games[0].state["deck"] != games[1].state["deck"]  # the map cards are dealt apart

    bots = [{"name": f"Bot {n}", "bot": True} for n in range(2)]
    played = []
    for _ in range(2):  # bots only: each game is played out when it is created
        table, created = start_game(client, "co-op", bots, seed=8)
        assert created["status"] == "finished"
        played.append([step.action for step in store_of(app).list_steps(table.id)])
        assert_replays(store_of(app), table.id)
    assert played[0] != played[1]


def test_no_reply_shows_the_game_seed_and_the_log_replays(app: Flask, client: FlaskClient) -> None:
    case = create_case(client, seed=21)
    solution = solution_of(client, case)
    table, created = start_game(client, "competitive", PERSON_AND_BOT, case_id=case["id"])
    player = Client(client, table, solution)  # H1: no reply names the solution before the end
    final = player.play(registry.get(SYSTEM_ID).bot_choose, random.Random(21), scan_every=5)
    player.log(1)
    assert final["status"] == "finished"

    seed = stored(app, table.id).seed
    for body in [json.dumps(created), *player.bodies]:
        assert str(seed) not in body
        assert '"seed"' not in body
    assert_replays(store_of(app), table.id)


# ------------------------------------------------------------------------------- deductions


def test_deductions_are_the_seat_s_own(app: Flask, client: FlaskClient) -> None:
    case = create_case(client, seed=4)
    solution = solution_of(client, case)
    seats = [{"name": "Ada"}, {"name": "Ben"}]
    table, _ = start_game(client, "competitive", seats, case_id=case["id"])
    system = registry.get(SYSTEM_ID)
    deduce = registry.registration(SYSTEM_ID).deduce
    assert deduce is not None
    game = stored(app, table.id)
    opened = system.read_case(case_envelope(app, game))
    state = system.state_from_json(game.state)

    for seat in (0, 1):
        response = client.get(f"/v1/games/{table.id}/deductions", headers=table.auth(seat))
        assert response.status_code == 200, response.get_json()
        body = response.get_json()
        assert body["version"] == game.version
        expected = json.loads(json.dumps(dict(deduce(system.view(opened, state, seat)))))
        assert body["deductions"] == expected  # worked out from this seat's view only
        assert not reveals_solution(body, solution)
    assert_problem(client.get(f"/v1/games/{table.id}/deductions"), 401)
    stranger = bearer(create_game_token(client))
    assert_problem(client.get(f"/v1/games/{table.id}/deductions", headers=stranger), 404)


def case_envelope(app: Flask, game: StoredGame) -> dict[str, Any]:
    case = store_of(app).get_case(game.case_id)
    assert case is not None
    return case.case


def create_game_token(client: FlaskClient) -> str:
    table, _ = start_game(client, "solo", [{"name": "Eve"}], seed=1)
    return table.tokens[0]
