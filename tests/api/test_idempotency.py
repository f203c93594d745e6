"""``Idempotency-Key``: a repeated POST is applied once and answered alike, even racing."""

from __future__ import annotations

import threading
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest
import sqlalchemy as sa
from flask import Flask
from flask.testing import FlaskClient

from api import idempotency
from api.storage import Store, StoreError
from api.storage.schema import games as games_table
from api.storage.schema import idempotency_keys
from tests.api.helpers import TOY, Table, assert_problem, start_game
from tests.api.server.live import LiveServer, python_output, request

GAME: dict[str, Any] = {"system": TOY, "mode": "duel", "seats": [{"name": "Ann"}, {"name": "Ben"}]}


def key(name: str) -> dict[str, str]:
    return {idempotency.HEADER: f"key-{name}"}


def rows(app: Flask, table: sa.Table) -> list[Any]:
    store: Store = app.extensions["casebook"].store
    with store.engine.connect() as conn:
        return list(conn.execute(sa.select(table)))


def test_a_repeated_game_creation_makes_one_game_and_the_same_answer(
    app: Flask, client: FlaskClient
) -> None:
    first = client.post("/v1/games", json=GAME, headers=key("a"))
    again = client.post("/v1/games", json=GAME, headers=key("a"))
    assert first.status_code == again.status_code == 201
    assert again.get_json() == first.get_json()  # the same game, the same seat tokens
    assert again.headers[idempotency.REPLAYED] == "true"
    assert idempotency.REPLAYED not in first.headers
    assert len(rows(app, games_table)) == 1
    other = client.post("/v1/games", json=GAME, headers=key("b"))
    assert other.get_json()["id"] != first.get_json()["id"]


def test_a_repeated_move_is_applied_once(client: FlaskClient, duel: Table) -> None:
    move = {"type": "investigate"}
    url = f"/v1/games/{duel.id}/actions"
    first = client.post(url, json=move, headers={**duel.auth(0), **key("m")})
    again = client.post(url, json=move, headers={**duel.auth(0), **key("m")})
    assert first.status_code == again.status_code == 200
    assert again.get_json() == first.get_json()
    assert client.get(f"/v1/games/{duel.id}", headers=duel.auth(0)).get_json()["version"] == 1


def test_a_refusal_is_answered_alike_too(client: FlaskClient, duel: Table) -> None:
    url = f"/v1/games/{duel.id}/actions"
    first = client.post(url, json={"type": "investigate"}, headers={**duel.auth(1), **key("r")})
    assert_problem(first, 409, "action/not-your-turn")
    again = client.post(url, json={"type": "investigate"}, headers={**duel.auth(1), **key("r")})
    assert again.get_json() == first.get_json() and again.headers[idempotency.REPLAYED]


def test_the_same_key_with_another_body_is_422_and_changes_nothing(
    app: Flask, client: FlaskClient
) -> None:
    client.post("/v1/games", json=GAME, headers=key("c"))
    other = {**GAME, "seats": [{"name": "Cy"}, {"name": "Di"}]}
    assert_problem(
        client.post("/v1/games", json=other, headers=key("c")), 422, "idempotency/key-reused"
    )
    assert len(rows(app, games_table)) == 1


def test_a_key_belongs_to_its_token_and_path(client: FlaskClient) -> None:
    duel = start_game(client, GAME["seats"])
    solo = start_game(client, [{"name": "Ann"}])
    move = {"type": "investigate"}
    for table in (duel, solo):
        played = client.post(
            f"/v1/games/{table.id}/actions", json=move, headers={**table.auth(0), **key("k")}
        )
        assert played.status_code == 200 and idempotency.REPLAYED not in played.headers


@pytest.mark.parametrize("bad", ["", "has space", "é", "x" * 256])
def test_a_bad_key_is_400(client: FlaskClient, bad: str) -> None:
    response = client.post("/v1/games", json=GAME, headers={idempotency.HEADER: bad})
    assert_problem(response, 400, "idempotency/bad-key")


def test_a_failure_on_our_side_releases_the_key(
    app: Flask, client: FlaskClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    service = app.extensions["casebook"]
    real = service.create_game
    calls: list[int] = []

    def flaky(*args: Any, **kwargs: Any) -> Any:
        calls.append(1)
        if len(calls) == 1:
            raise StoreError("the database could not record the game; try again shortly")
        return real(*args, **kwargs)

    monkeypatch.setattr(service, "create_game", flaky)
    assert client.post("/v1/games", json=GAME, headers=key("f")).status_code == 503
    retried = client.post("/v1/games", json=GAME, headers=key("f"))
    assert retried.status_code == 201 and idempotency.REPLAYED not in retried.headers


def test_neither_the_key_nor_the_answer_is_kept_in_the_clear(
    app: Flask, client: FlaskClient
) -> None:
    created = client.post("/v1/games", json=GAME, headers=key("secret")).get_json()
    [row] = rows(app, idempotency_keys)
    stored = repr(tuple(row))
    assert "key-secret" not in stored
    assert all(seat["token"] not in stored for seat in created["seats"])
    assert created["id"] not in stored


def test_old_keys_are_purged(app: Flask, client: FlaskClient) -> None:
    client.post("/v1/games", json=GAME, headers=key("old"))
    store: Store = app.extensions["casebook"].store
    assert idempotency.purge(store, datetime.now(UTC)) == 0
    assert idempotency.purge(store, datetime.now(UTC) + idempotency.KEEP * 2) == 1
    assert rows(app, idempotency_keys) == []


@pytest.mark.slow
def test_racing_repeats_are_applied_once_and_answered_alike(
    database_url: str, tmp_path: Path
) -> None:
    live = LiveServer(database_url, tmp_path / "server.log")
    live.start()
    try:
        created = request(
            live, "POST", "/v1/games", {**GAME, "mode": "solo", "seats": [{"name": "Ann"}]}
        )
        game, token = created.body["id"], created.body["seats"][0]["token"]
        replies: list[Any] = []

        def repeat() -> None:
            replies.append(
                request(
                    live,
                    "POST",
                    f"/v1/games/{game}/actions",
                    {"type": "investigate"},
                    token=token,
                    headers=key("race"),
                )
            )

        threads = [threading.Thread(target=repeat) for _ in range(16)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        assert {reply.status for reply in replies} == {200}
        assert all(reply.body == replies[0].body for reply in replies)
        assert sum(reply.headers.get(idempotency.REPLAYED) != "true" for reply in replies) == 1
        view = request(live, "GET", f"/v1/games/{game}", token=token)
        assert view.body["version"] == 1
    finally:
        live.kill()


def test_without_a_token_an_operation_that_needs_one_claims_no_key(
    client: FlaskClient, duel: Table
) -> None:
    """The 401 comes first: a key is neither claimed nor compared before the token is read."""
    url = f"/v1/games/{duel.id}/actions"
    for body in ({"type": "investigate"}, {"type": "accuse", "params": {}}):
        response = client.post(url, json=body, headers=key("anonymous"))
        assert_problem(response, 401, "auth/unauthenticated")
    played = client.post(
        url, json={"type": "investigate"}, headers={**duel.auth(0), **key("anonymous")}
    )
    assert played.status_code == 200 and idempotency.REPLAYED not in played.headers


#: A server's app made and a game played without an Idempotency-Key, in a fresh interpreter.
WITHOUT_KEYS = """
import sys, tempfile
from api.app import create_app
from tests.api.helpers import TOY

folder = tempfile.mkdtemp()
app = create_app({"TESTING": True, "DATABASE_URL": f"sqlite:///{folder}/keys.sqlite3",
                  "PLUGINS": ["tests.toy"], "RATE_LIMITS": "off"})
client = app.test_client()
made = client.post("/v1/games", json={"system": TOY, "mode": "solo", "seed": 1,
                                      "seats": [{"name": "Ann"}]})
assert made.status_code == 201, made.json
print(sorted(name for name in sys.modules if name.split(".")[0] == "cryptography"))
"""


def test_the_cipher_is_loaded_at_the_first_key_not_with_the_app() -> None:
    # cryptography maps 5.5 MiB of code into each process that loads it (api.idempotency).
    output = python_output(WITHOUT_KEYS, timeout=120)
    assert output.strip() == "[]"
