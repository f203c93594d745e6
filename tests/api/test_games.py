"""Games over HTTP: start, read, act, conflicts, bots, the log, and whole playthroughs."""

from __future__ import annotations

import dataclasses
import json
import random
from typing import Any

import pytest
import sqlalchemy as sa
from flask import Flask
from flask.testing import FlaskClient
from werkzeug.test import TestResponse

from api.security import new_token
from api.storage import VersionConflict
from api.storage.schema import games as games_table
from rules import registry
from tests.api.helpers import TOY, Table, assert_problem, bearer, game_state, start_game
from tests.toy.system import ToyCulprit

TWO_PEOPLE = [{"name": "Ann"}, {"name": "Ben"}]


def act(
    client: FlaskClient, table: Table, seat: int, action: dict[str, Any], **headers: str
) -> TestResponse:
    return client.post(
        f"/v1/games/{table.id}/actions", json=action, headers={**table.auth(seat), **headers}
    )


def culprit_game(client: FlaskClient, seats: list[dict[str, Any]]) -> tuple[Table, str]:
    """A game of a stored case, with the culprit its author knows."""
    case = client.post("/v1/cases", json={"system": TOY, "seed": 1}).get_json()
    author = client.get(f"/v1/cases/{case['id']}", headers=bearer(case["author_token"]))
    return start_game(client, seats, case_id=case["id"]), author.get_json()["solution"]["culprit"]


# ------------------------------------------------------------------------------- start


def test_a_game_starts_with_one_token_per_person(client: FlaskClient) -> None:
    table = start_game(client, [{"name": "Ann"}, {"name": "Bot", "bot": True}], seed=4)
    assert table.created["version"] == 0
    assert table.created["status"] == "active"
    assert table.created["seats"] == [
        {"number": 0, "name": "Ann", "bot": False, "token": table.tokens[0]},
        {"number": 1, "name": "Bot", "bot": True},
    ]


def test_bots_move_before_the_first_answer(client: FlaskClient) -> None:
    table = start_game(client, [{"name": "Bot", "bot": True}, {"name": "Ann"}])
    assert table.created["version"] == 1
    assert game_state(client, table, 1)["view"]["turn"] == 1


def test_a_game_of_only_bots_is_played_out(client: FlaskClient) -> None:
    bots = [{"name": "B1", "bot": True}, {"name": "B2", "bot": True}]
    table = start_game(client, bots)
    assert table.created["status"] == "finished"
    assert table.tokens == {}


@pytest.mark.parametrize(
    ("fields", "code", "pointer"),
    [
        ({"seats": [{"name": "Ann"}] * 3}, "setup/seat-count", None),
        ({"mode": "melee"}, "setup/unknown-mode", None),
        ({"system": "chess"}, "system/unknown", "/system"),
        ({"seed": 1, "case_id": "abc"}, "request/invalid", "/case_id"),
        ({"case_id": "abc"}, "case/not-found", "/case_id"),
        ({"seats": []}, "request/invalid", "/seats"),
        ({"seats": [{"name": "x" * 41}, {"name": "B"}]}, "request/invalid", "/seats/0/name"),
    ],
)
def test_bad_game_requests_are_422(
    client: FlaskClient, fields: dict[str, Any], code: str, pointer: str | None
) -> None:
    body = {"system": TOY, "mode": "duel", "seats": TWO_PEOPLE, **fields}
    problem = assert_problem(client.post("/v1/games", json=body), 422, code)
    if pointer is not None:
        assert pointer in {error["pointer"] for error in problem["errors"]}


@pytest.mark.parametrize("field", ["version", "status", "solution", "token", "id"])
def test_server_owned_fields_cannot_be_set_on_a_new_game(client: FlaskClient, field: str) -> None:
    body = {"system": TOY, "mode": "duel", "seats": TWO_PEOPLE, field: "x"}
    problem = assert_problem(client.post("/v1/games", json=body), 422, "request/invalid")
    assert {"pointer": f"/{field}", "detail": "Unknown field."} in problem["errors"]


def test_a_seat_cannot_bring_its_own_token(client: FlaskClient) -> None:
    seats = [{"name": "Ann", "token": new_token()}, {"name": "Ben"}]
    body = {"system": TOY, "mode": "duel", "seats": seats}
    problem = assert_problem(client.post("/v1/games", json=body), 422)
    assert problem["errors"][0]["pointer"] == "/seats/0/token"


@pytest.mark.parametrize("field", ["version", "status", "solution", "token", "seat"])
def test_server_owned_fields_cannot_be_set_by_an_action(
    client: FlaskClient, duel: Table, field: str
) -> None:
    before = game_state(client, duel)
    response = act(client, duel, 0, {"type": "investigate", field: 99})
    problem = assert_problem(response, 422, "request/invalid")
    assert problem["errors"] == [{"pointer": f"/{field}", "detail": "Unknown field."}]
    assert game_state(client, duel) == before


# ------------------------------------------------------------------------------- auth


def _reads(table: Table) -> list[str]:
    return [f"/v1/games/{table.id}", f"/v1/games/{table.id}/actions", f"/v1/games/{table.id}/log"]


@pytest.mark.parametrize(
    "authorization", [None, "Bearer", "Basic YWxhZGRpbjpvcGVu", "Bearer short", "Bearer a b"]
)
def test_no_or_malformed_token_is_401(
    client: FlaskClient, duel: Table, authorization: str | None
) -> None:
    headers = {} if authorization is None else {"Authorization": authorization}
    for path in _reads(duel):
        response = client.get(path, headers=headers)
        assert_problem(response, 401, "auth/unauthenticated")
        assert response.headers["WWW-Authenticate"] == "Bearer"
    response = client.post(_reads(duel)[1], json={"type": "investigate"}, headers=headers)
    assert_problem(response, 401)


def test_a_token_that_opens_no_seat_here_is_404(
    client: FlaskClient, duel: Table, other_duel: Table
) -> None:
    for token in (new_token(), other_duel.tokens[0]):
        for path in _reads(duel):
            assert_problem(client.get(path, headers=bearer(token)), 404, "game/not-found")
        response = client.post(_reads(duel)[1], json={"type": "investigate"}, headers=bearer(token))
        assert_problem(response, 404, "game/not-found")
    assert game_state(client, duel)["version"] == 0


def test_unknown_and_foreign_games_look_the_same(client: FlaskClient, duel: Table) -> None:
    foreign = client.get(f"/v1/games/{duel.id}", headers=bearer(new_token()))
    unknown = client.get("/v1/games/no-such-game", headers=bearer(new_token()))
    assert foreign.get_json() == unknown.get_json()


def test_each_token_opens_its_own_seat(client: FlaskClient, duel: Table) -> None:
    assert game_state(client, duel, 0)["seat"] == 0
    assert game_state(client, duel, 1)["seat"] == 1


# ------------------------------------------------------------------------------- acting


def test_legal_actions_come_with_their_choices(client: FlaskClient, duel: Table) -> None:
    mine = client.get(f"/v1/games/{duel.id}/actions", headers=duel.auth(0)).get_json()
    assert mine == {
        "version": 0,
        "actions": [
            {"type": "investigate", "params": {}},
            {
                "type": "accuse",
                "params": {"suspect": {"kind": "one", "choices": ["Ada", "Bram", "Cleo", "Dov"]}},
            },
        ],
    }
    theirs = client.get(f"/v1/games/{duel.id}/actions", headers=duel.auth(1)).get_json()
    assert theirs == {"version": 0, "actions": []}


def test_an_action_answers_with_the_seats_events(client: FlaskClient, duel: Table) -> None:
    body = act(client, duel, 0, {"type": "investigate"}).get_json()
    assert body["version"] == 1
    assert body["status"] == "active"
    [event] = body["events"]
    assert event["type"] == "investigated"
    assert event["step"] == 1
    assert event["actor"] == 0
    assert "cleared" in event
    assert event["text"].startswith("Ann ")


@pytest.mark.parametrize("tag", ['"0"', "0", 'W/"0"', '"7", "0"', "*"])
def test_if_match_accepts_the_current_version(client: FlaskClient, duel: Table, tag: str) -> None:
    response = act(client, duel, 0, {"type": "investigate"}, **{"If-Match": tag})
    assert response.status_code == 200
    assert response.get_json()["version"] == 1


@pytest.mark.parametrize("tag", ['"1"', "7", 'W/"2", 3'])
def test_a_stale_if_match_is_412_and_changes_nothing(
    client: FlaskClient, duel: Table, tag: str
) -> None:
    before = game_state(client, duel)
    response = act(client, duel, 0, {"type": "investigate"}, **{"If-Match": tag})
    assert_problem(response, 412, "game/version-mismatch")
    assert game_state(client, duel) == before


@pytest.mark.parametrize(
    "tag", ['W/"-1"', "banana", '"99999999999999999999999"', "", " ", '"0", banana', '"0",']
)
def test_an_if_match_that_is_no_version_is_400_and_changes_nothing(
    client: FlaskClient, duel: Table, tag: str
) -> None:
    before = game_state(client, duel)
    response = act(client, duel, 0, {"type": "investigate"}, **{"If-Match": tag})
    assert_problem(response, 400, "request/bad-if-match")
    assert game_state(client, duel) == before


def test_not_your_turn_is_409_and_changes_nothing(client: FlaskClient, duel: Table) -> None:
    before = game_state(client, duel, 1)
    assert_problem(act(client, duel, 1, {"type": "investigate"}), 409, "action/not-your-turn")
    assert game_state(client, duel, 1) == before


@pytest.mark.parametrize(
    ("action", "code"),
    [
        ({"type": "dance"}, "action/not-allowed"),
        ({"type": "accuse"}, "action/missing-param"),
        ({"type": "accuse", "params": {"suspect": "Zed"}}, "action/bad-choice"),
        ({"type": "accuse", "params": {"suspect": ["Ada"]}}, "action/bad-choice"),
        ({"type": "investigate", "params": {"how": 1}}, "action/unknown-param"),
    ],
)
def test_invalid_actions_are_422_with_the_rule_code(
    client: FlaskClient, duel: Table, action: dict[str, Any], code: str
) -> None:
    assert_problem(act(client, duel, 0, action), 422, code)
    assert game_state(client, duel)["version"] == 0


def test_game_over_is_409_and_the_result_appears_only_then(client: FlaskClient) -> None:
    table, culprit = culprit_game(client, TWO_PEOPLE)
    running = game_state(client, table, 0)
    assert "result" not in running and running["to_act"] == [0]
    body = act(client, table, 0, {"type": "accuse", "params": {"suspect": culprit}}).get_json()
    assert body["status"] == "finished"
    for seat in (0, 1):
        state = game_state(client, table, seat)
        assert state["status"] == "finished"
        assert state["to_act"] == []
        result = state["result"]
        text = result.pop("text")
        assert result == {
            "ending": "named",
            "winners": [0],
            "standings": [
                {"seat": 0, "rank": 1, "score": 1.0},
                {"seat": 1, "rank": 2, "score": 0.0},
            ],
            "solution": {"culprit": culprit},
        }
        assert "Ann" in text and "Ben" not in text  # the ending, narrated, names the winner
    assert_problem(act(client, table, 1, {"type": "investigate"}), 409, "game/over")


def test_a_lost_race_without_if_match_is_retried(
    app: Flask, client: FlaskClient, duel: Table, monkeypatch: pytest.MonkeyPatch
) -> None:
    store = app.extensions["casebook"].store
    real = store.append_steps
    calls: list[int] = []

    def lose_once(game_id: str, **kwargs: Any) -> Any:
        calls.append(kwargs["expected_version"])
        if len(calls) == 1:
            raise VersionConflict(game_id, kwargs["expected_version"], None)
        return real(game_id, **kwargs)

    monkeypatch.setattr(store, "append_steps", lose_once)
    assert act(client, duel, 0, {"type": "investigate"}).status_code == 200
    assert calls == [0, 0]
    assert game_state(client, duel)["version"] == 1


def test_a_lost_race_with_if_match_is_412(
    app: Flask, client: FlaskClient, duel: Table, monkeypatch: pytest.MonkeyPatch
) -> None:
    def lose(game_id: str, **kwargs: Any) -> Any:
        raise VersionConflict(game_id, kwargs["expected_version"], kwargs["expected_version"] + 1)

    monkeypatch.setattr(app.extensions["casebook"].store, "append_steps", lose)
    response = act(client, duel, 0, {"type": "investigate"}, **{"If-Match": '"0"'})
    assert_problem(response, 412, "game/version-mismatch")


def test_endless_races_end_in_a_409(
    app: Flask, client: FlaskClient, duel: Table, monkeypatch: pytest.MonkeyPatch
) -> None:
    def lose(game_id: str, **kwargs: Any) -> Any:
        raise VersionConflict(game_id, kwargs["expected_version"], None)

    monkeypatch.setattr(app.extensions["casebook"].store, "append_steps", lose)
    assert_problem(act(client, duel, 0, {"type": "investigate"}), 409, "game/version-conflict")


class StepLimited(ToyCulprit):
    """Toy Culprit whose games may take one step: two bots pass the limit at once."""

    SPEC = dataclasses.replace(ToyCulprit.SPEC, step_limit=1)


def test_bots_that_never_stop_are_a_generic_500(app: Flask, client: FlaskClient) -> None:
    bots = [{"name": "B1", "bot": True}, {"name": "B2", "bot": True}]
    body = {"system": TOY, "mode": "duel", "seats": bots}
    with registry.override(TOY, system=StepLimited()):
        assert_problem(client.post("/v1/games", json=body), 500, "internal-error")
    with app.extensions["casebook"].store.engine.connect() as conn:
        assert conn.execute(sa.select(sa.func.count()).select_from(games_table)).scalar() == 0


# ------------------------------------------------------------------------------- reading


def test_the_view_has_a_strong_etag_and_honours_if_none_match(
    client: FlaskClient, duel: Table
) -> None:
    first = client.get(f"/v1/games/{duel.id}", headers=duel.auth(0))
    etag = first.headers["ETag"]
    assert etag.startswith('"') and not etag.startswith("W/")
    again = client.get(f"/v1/games/{duel.id}", headers={**duel.auth(0), "If-None-Match": etag})
    assert again.status_code == 304
    assert again.get_data() == b""
    assert again.headers["ETag"] == etag
    other_seat = client.get(f"/v1/games/{duel.id}", headers=duel.auth(1))
    assert other_seat.headers["ETag"] != etag
    act(client, duel, 0, {"type": "investigate"})
    moved = client.get(f"/v1/games/{duel.id}", headers={**duel.auth(0), "If-None-Match": etag})
    assert moved.status_code == 200
    assert moved.headers["ETag"] != etag


def test_the_log_pages_by_step(client: FlaskClient, duel: Table) -> None:
    for seat in (0, 1, 0):
        assert act(client, duel, seat, {"type": "investigate"}).status_code == 200
    log = client.get(f"/v1/games/{duel.id}/log", headers=duel.auth(0)).get_json()
    assert log["version"] == 3
    assert [event["step"] for event in log["events"]] == [1, 2, 3]
    page = client.get(f"/v1/games/{duel.id}/log?after=1&limit=1", headers=duel.auth(0))
    assert [event["step"] for event in page.get_json()["events"]] == [2]


@pytest.mark.parametrize(
    ("query", "parameter"),
    [
        ("after=-1", "after"),
        ("after=x", "after"),
        (f"after={10**30}", "after"),
        ("limit=0", "limit"),
        ("limit=501", "limit"),
        ("limit=1e3", "limit"),
        ("after=1&colour=red", "colour"),
    ],
)
def test_bad_log_queries_are_422(
    client: FlaskClient, duel: Table, query: str, parameter: str
) -> None:
    response = client.get(f"/v1/games/{duel.id}/log?{query}", headers=duel.auth(0))
    problem = assert_problem(response, 422, "request/invalid")
    assert problem["errors"][0]["parameter"] == parameter


# ------------------------------------------------------------------------------- playthroughs


def _play_out(client: FlaskClient, table: Table, rng: random.Random) -> list[dict[str, Any]]:
    """Play random legal actions for every person until the game ends; every answer they got."""
    answers: list[dict[str, Any]] = []
    for _ in range(100):
        if game_state(client, table, next(iter(table.tokens)))["status"] == "finished":
            return answers
        for seat in table.tokens:
            legal = client.get(f"/v1/games/{table.id}/actions", headers=table.auth(seat))
            actions = legal.get_json()["actions"]
            if not actions:
                continue
            spec = rng.choice(actions)
            params = {name: _pick(p, rng) for name, p in spec["params"].items()}
            version = legal.get_json()["version"]
            response = act(
                client,
                table,
                seat,
                {"type": spec["type"], "params": params},
                **{"If-Match": str(version)},
            )
            assert response.status_code == 200, response.get_json()
            answers.append({"seat": seat, **response.get_json()})
    raise AssertionError("the game did not end")


def _pick(param: dict[str, Any], rng: random.Random) -> Any:
    """One advertised choice, or a list of them for a subset parameter."""
    if param["kind"] == "subset":
        return rng.sample(param["choices"], rng.randint(param["min"], param["max"]))
    return rng.choice(param["choices"])


def _assert_finished(client: FlaskClient, table: Table) -> None:
    for seat in table.tokens:
        state = game_state(client, table, seat)
        assert state["status"] == "finished"
        result = state["result"]
        assert set(result) == {"ending", "text", "winners", "standings", "solution"}
        assert result["ending"] in ToyCulprit.SPEC.endings and result["text"]
        assert sorted(s["seat"] for s in result["standings"]) == [0, 1]
        first = {s["seat"] for s in result["standings"] if s["rank"] == 1}
        assert first == set(result["winners"]) or (not result["winners"] and first == {0, 1})
        log = client.get(f"/v1/games/{table.id}/log", headers=table.auth(seat)).get_json()
        steps = sorted({event["step"] for event in log["events"]})
        assert steps == list(range(1, state["version"] + 1))


@pytest.mark.parametrize("seed", range(4))
def test_one_person_against_a_bot_to_the_end(client: FlaskClient, seed: int) -> None:
    table = start_game(client, [{"name": "Ann"}, {"name": "Bot", "bot": True}], seed=seed)
    answers = _play_out(client, table, random.Random(seed))
    assert all(answer["seat"] == 0 for answer in answers)
    if answers[0]["status"] == "active":  # the bot had a turn, and its move came back
        assert any(event["actor"] == 1 for event in answers[0]["events"])
    _assert_finished(client, table)


@pytest.mark.parametrize("seed", range(4))
def test_two_people_to_the_end_never_see_each_others_secrets(
    client: FlaskClient, seed: int
) -> None:
    table = start_game(client, TWO_PEOPLE, seed=seed)
    hands = {seat: game_state(client, table, seat)["view"]["hand"] for seat in (0, 1)}
    assert hands[0] != hands[1]
    answers = _play_out(client, table, random.Random(seed))
    for seat, other in ((0, 1), (1, 0)):
        view = game_state(client, table, seat)["view"]
        assert view["hand"] == hands[seat]
        assert f'"hand": "{hands[other]}"' not in json.dumps(view)
        log = client.get(f"/v1/games/{table.id}/log", headers=table.auth(seat)).get_json()
        shown = log["events"] + [e for a in answers if a["seat"] == seat for e in a["events"]]
        for event in shown:
            assert event["text"]
            if event["type"] == "investigated" and event["actor"] != seat:
                assert "cleared" not in event
                assert "could not have done it" not in event["text"]
    _assert_finished(client, table)
