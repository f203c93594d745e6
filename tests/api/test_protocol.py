"""What protocol v2 offers over HTTP: secret game seeds, game options, subset choices, standings,
deductions, and a stored log that replays to the stored state.

Toy Culprit has no options and one-of choices only; Nightfall (tests/nightfall) brings options
(``nights``, ``charms``), subset votes and dependent choices, so it is served here too.
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import sqlalchemy as sa
from flask import Flask
from flask.testing import FlaskClient
from werkzeug.test import TestResponse

from api.app import create_app
from api.storage import Store
from api.storage.schema import cases as cases_table
from api.storage.schema import games as games_table
from rules import registry
from tests.api.helpers import TOY, Table, assert_problem, bearer, game_state, start_game
from tests.api.storage.stored import assert_replays, read_game

NIGHTFALL = "nightfall"
GUESTS = [{"name": "Ann"}, {"name": "Ben"}, {"name": "Cy"}]
VOTING_SEED = 2


@pytest.fixture
def app(tmp_path: Path) -> Iterator[Flask]:
    """The API with Toy Culprit and Nightfall loaded beside the built-in systems."""
    made = create_app(
        {
            "TESTING": True,
            "DATABASE_URL": f"sqlite:///{tmp_path / 'api.sqlite3'}",
            "PLUGINS": ("tests.toy", "tests.nightfall"),
        }
    )
    yield made
    made.extensions["casebook"].store.dispose()


def store_of(app: Flask) -> Store:
    store: Store = app.extensions["casebook"].store
    return store


def count(app: Flask, table: sa.Table) -> int:
    with store_of(app).engine.connect() as conn:
        return int(conn.execute(sa.select(sa.func.count()).select_from(table)).scalar() or 0)


def nightfall(client: FlaskClient, seats: list[dict[str, Any]], **fields: Any) -> Table:
    return start_game(client, seats, system=NIGHTFALL, mode="manor", **fields)


def act(client: FlaskClient, table: Table, seat: int, action: dict[str, Any]) -> TestResponse:
    return client.post(f"/v1/games/{table.id}/actions", json=action, headers=table.auth(seat))


def pick(param: dict[str, Any], rng: random.Random) -> Any:
    if param["kind"] == "subset":
        return rng.sample(param["choices"], rng.randint(param["min"], param["max"]))
    return rng.choice(param["choices"])


def play_out(
    client: FlaskClient, table: Table, rng: random.Random, seen: list[str] | None = None
) -> None:
    """Random legal actions for every person until the game ends; ``seen`` gets every body."""
    limit = 2_000
    for _ in range(limit):
        shown = game_state(client, table, next(iter(table.tokens)))
        if seen is not None:
            seen.append(json.dumps(shown))
        if shown["status"] == "finished":
            return
        for seat in shown["to_act"]:
            if seat not in table.tokens:
                continue
            legal = client.get(f"/v1/games/{table.id}/actions", headers=table.auth(seat))
            spec = rng.choice(legal.get_json()["actions"])
            params = {name: pick(param, rng) for name, param in spec["params"].items()}
            response = act(client, table, seat, {"type": spec["type"], "params": params})
            assert response.status_code == 200, response.get_json()
            if seen is not None:
                seen += [legal.get_data(as_text=True), response.get_data(as_text=True)]
            break
    raise AssertionError("the game did not end")


# ------------------------------------------------------------------------------- secret seeds


def test_the_same_case_seed_gives_the_same_case_and_different_game_seeds(
    app: Flask, client: FlaskClient
) -> None:
    seats: list[dict[str, Any]] = [{"name": "Ann"}, {"name": "Bot", "bot": True}]
    first, second = (start_game(client, seats, seed=42) for _ in range(2))
    store = store_of(app)
    games = [read_game(store, table.id) for table in (first, second)]
    assert games[0] is not None and games[1] is not None
    cases = [store.get_case(game.case_id) for game in games if game is not None]
    assert cases[0] is not None and cases[1] is not None

    assert cases[0].id != cases[1].id  # each game keeps its own copy, with no author
    assert cases[0].case == cases[1].case and cases[0].seed == cases[1].seed == 42
    assert cases[0].author_token_hash is None and cases[1].author_token_hash is None
    assert games[0].seed != games[1].seed
    views = [game_state(client, table)["view"] for table in (first, second)]
    assert views[0]["suspects"] == views[1]["suspects"]  # the same public part


def test_nightfall_games_of_one_case_seed_draw_differently(app: Flask, client: FlaskClient) -> None:
    """Nightfall draws its killer and every bot's move from the game's seed: games of one
    case seed, all bots, play out differently (the odds of 12 equal games are negligible)."""
    bots = [{"name": f"B{n}", "bot": True} for n in range(5)]
    logs = set()
    for _ in range(12):
        table = nightfall(client, bots, seed=7)
        assert table.created["status"] == "finished"
        game = read_game(store_of(app), table.id)
        assert game is not None
        logs.add(json.dumps([step.action for step in store_of(app).list_steps(table.id)]))
        assert_replays(store_of(app), table.id)
    assert len(logs) > 1


def test_no_answer_ever_shows_the_game_seed(app: Flask, client: FlaskClient) -> None:
    table = start_game(client, [{"name": "Ann"}, {"name": "Bot", "bot": True}], seed=3)
    seen = [json.dumps(table.created)]
    play_out(client, table, random.Random(3), seen)
    seen.append(client.get(f"/v1/games/{table.id}/log", headers=table.auth(0)).get_data(True))
    game = read_game(store_of(app), table.id)
    assert game is not None
    body = "\n".join(seen)
    assert str(game.seed) not in body
    assert '"seed"' not in body  # not under any name either
    # Nor is the game's own case named: with its id, POST /v1/cases/{id}/accuse would tell
    # right from wrong, one guess at a time, while the game runs.
    assert game.case_id not in body


def test_a_game_s_own_case_has_no_author(app: Flask, client: FlaskClient) -> None:
    table = start_game(client, [{"name": "Ann"}], seed=6)
    game = read_game(store_of(app), table.id)
    assert game is not None
    response = client.get(f"/v1/cases/{game.case_id}", headers=table.auth(0))
    assert_problem(response, 401, "auth/unauthenticated")  # no token is its author's
    assert_replays(store_of(app), table.id)


@pytest.mark.parametrize("seed", range(3))
def test_a_played_game_replays_from_its_stored_seed(
    app: Flask, client: FlaskClient, seed: int
) -> None:
    table = nightfall(client, [*GUESTS, {"name": "Bot", "bot": True}], seed=seed)
    play_out(client, table, random.Random(seed))
    assert_replays(store_of(app), table.id)


# ------------------------------------------------------------------------------- options


def test_options_are_resolved_stored_and_shown(app: Flask, client: FlaskClient) -> None:
    table = nightfall(client, GUESTS, options={"nights": 3, "charms": False})
    assert table.created["options"] == {"nights": 3, "charms": False}
    for seat in table.tokens:
        assert game_state(client, table, seat)["options"] == {"nights": 3, "charms": False}
    game = read_game(store_of(app), table.id)
    assert game is not None and game.options == {"nights": 3, "charms": False}
    legal = client.get(f"/v1/games/{table.id}/actions", headers=table.auth(0)).get_json()
    assert all(action["type"] != "use-charm" for action in legal["actions"])


def test_defaults_fill_the_options_left_out(client: FlaskClient) -> None:
    table = nightfall(client, GUESTS, options={"charms": False})
    assert table.created["options"] == {"nights": 4, "charms": False}
    assert game_state(client, table)["options"] == {"nights": 4, "charms": False}
    assert nightfall(client, GUESTS).created["options"] == {"nights": 4, "charms": True}
    assert start_game(client, [{"name": "Ann"}]).created["options"] == {}


@pytest.mark.parametrize(
    ("system", "mode", "options", "code", "pointer"),
    [
        (NIGHTFALL, "manor", {"colour": "red"}, "options/unknown", "/options/colour"),
        (NIGHTFALL, "manor", {"nights": 7}, "options/bad-choice", "/options/nights"),
        (NIGHTFALL, "manor", {"nights": "3"}, "options/bad-choice", "/options/nights"),
        (NIGHTFALL, "manor", {"charms": 1}, "options/bad-choice", "/options/charms"),
        (NIGHTFALL, "manor", {"charms": None}, "options/bad-choice", "/options/charms"),
        (NIGHTFALL, "manor", {"a.b": 1}, "options/unknown", "/options/a.b"),
        (NIGHTFALL, "manor", {"a/b": 1}, "request/invalid", "/options/a~1b/key"),  # no id
        (TOY, "solo", {"turn_limit": 100}, "options/unknown", "/options/turn_limit"),
    ],
)
def test_bad_options_are_422_and_store_nothing(
    app: Flask,
    client: FlaskClient,
    system: str,
    mode: str,
    options: dict[str, Any],
    code: str,
    pointer: str,
) -> None:
    seats = GUESTS if system == NIGHTFALL else [{"name": "Ann"}]
    body = {"system": system, "mode": mode, "seats": seats, "seed": 5, "options": options}
    problem = assert_problem(client.post("/v1/games", json=body), 422, code)
    assert [error["pointer"] for error in problem["errors"]] == [pointer]
    assert (count(app, games_table), count(app, cases_table)) == (0, 0)


# ------------------------------------------------------------------------------- choices


def test_a_subset_parameter_is_advertised_and_taken_as_a_list(
    app: Flask, client: FlaskClient
) -> None:
    # Fixed secret seeds (the case's and the game's) under which the first night leaves enough
    # seats for a vote, so the test never depends on a secret draw.
    app.extensions["casebook"].draw_seed = lambda: VOTING_SEED
    table = nightfall(client, GUESTS, options={"charms": False, "nights": 3})
    night = client.get(f"/v1/games/{table.id}/actions", headers=table.auth(0)).get_json()
    assert night["actions"] == [
        {"type": "visit", "params": {"seat": {"kind": "one", "choices": [1, 2]}}}
    ]
    vote = None
    for _ in range(30):  # visit, then raise the alarm so that a vote follows
        state = game_state(client, table)
        if state["status"] == "finished" or vote is not None:
            break
        for seat in state["to_act"]:
            actions = client.get(f"/v1/games/{table.id}/actions", headers=table.auth(seat))
            specs = {spec["type"]: spec for spec in actions.get_json()["actions"]}
            if "vote" in specs:
                vote = (seat, specs["vote"])
                break
            spec = specs.get("raise-alarm") or specs["visit"]
            params = {name: param["choices"][0] for name, param in spec["params"].items()}
            assert (
                act(client, table, seat, {"type": spec["type"], "params": params}).status_code
                == 200
            )
    assert vote is not None, "no vote came: choose another VOTING_SEED"
    seat, spec = vote
    suspects = spec["params"]["suspects"]
    assert suspects["kind"] == "subset" and (suspects["min"], suspects["max"]) == (1, 2)
    assert seat not in suspects["choices"]
    too_many = {"type": "vote", "params": {"suspects": [*suspects["choices"], seat]}}
    assert_problem(act(client, table, seat, too_many), 422)
    not_a_list = {"type": "vote", "params": {"suspects": 99}}
    assert_problem(act(client, table, seat, not_a_list), 422)
    chosen = {"type": "vote", "params": {"suspects": suspects["choices"][:1]}}
    assert act(client, table, seat, chosen).status_code == 200


# ------------------------------------------------------------------------------- result


def test_a_finished_game_shows_its_ending_standings_and_text(client: FlaskClient) -> None:
    table = nightfall(client, GUESTS, seed=11)
    play_out(client, table, random.Random(11))
    spec = registry.get(NIGHTFALL).SPEC
    for seat in table.tokens:
        shown = game_state(client, table, seat)
        result = shown["result"]
        assert shown["to_act"] == []
        assert set(result) == {"ending", "text", "winners", "standings", "solution"}
        assert result["ending"] in spec.endings and result["text"].strip()
        standings = result["standings"]
        assert sorted(s["seat"] for s in standings) == [0, 1, 2]
        assert [s["rank"] for s in standings] == sorted(s["rank"] for s in standings)
        assert {s["seat"] for s in standings if s["rank"] == 1} == set(result["winners"])
        assert result["winners"]  # Nightfall always has a side that won


# ------------------------------------------------------------------------------- deductions


def test_deductions_are_422_for_a_system_without_them(client: FlaskClient) -> None:
    table = start_game(client, [{"name": "Ann"}])
    response = client.get(f"/v1/games/{table.id}/deductions", headers=table.auth(0))
    problem = assert_problem(response, 422, "deductions/unsupported")
    assert "Toy Culprit" in problem["detail"]


def test_deductions_need_a_seat_of_the_game(client: FlaskClient) -> None:
    table = start_game(client, [{"name": "Ann"}])
    other = start_game(client, [{"name": "Ben"}])
    path = f"/v1/games/{table.id}/deductions"
    assert_problem(client.get(path), 401, "auth/unauthenticated")
    assert_problem(client.get(path, headers=bearer(other.tokens[0])), 404, "game/not-found")
