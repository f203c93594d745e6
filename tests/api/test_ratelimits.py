"""Rate limits on making cases, games and tables and on accusations: 429 with Retry-After."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import sqlalchemy as sa
from flask import Flask

from api.app import create_app
from api.limits_storage import SqlStorage, storage_uri
from api.ratelimits import DEFAULT_LIMITS, parse_setting
from api.storage.schema import games as games_table
from tests.api.helpers import TOY, assert_problem
from tests.conftest import PLUGINS

GAME = {"system": TOY, "mode": "solo", "seats": [{"name": "Ann"}]}


def limited_app(database: Path, limits: str) -> Flask:
    url = f"sqlite:///{database}"
    return create_app(
        {"TESTING": True, "DATABASE_URL": url, "PLUGINS": PLUGINS, "RATE_LIMITS": limits}
    )


@pytest.fixture
def workers(tmp_path: Path) -> Iterator[list[Flask]]:
    """Two apps on one database, as two worker processes of one server are."""
    apps = [limited_app(tmp_path / "api.sqlite3", "new-game=3/minute") for _ in range(2)]
    yield apps
    for app in apps:
        app.extensions["casebook"].store.dispose()


def stored_games(app: Flask) -> int:
    with app.extensions["casebook"].store.engine.connect() as conn:
        return int(conn.execute(sa.select(sa.func.count()).select_from(games_table)).scalar_one())


def new_game(app: Flask, address: str = "10.0.0.1") -> Any:
    client = app.test_client()
    return client.post("/v1/games", json=GAME, environ_base={"REMOTE_ADDR": address})


def test_a_client_over_its_limit_gets_429_with_retry_after(workers: list[Flask]) -> None:
    app = workers[0]
    assert [new_game(app).status_code for _ in range(3)] == [201] * 3
    refused = new_game(app)
    assert_problem(refused, 429, "rate-limited")
    assert 1 <= int(refused.headers["Retry-After"]) <= 60
    assert stored_games(app) == 3  # the refused request made nothing
    assert new_game(app, "10.0.0.2").status_code == 201  # another client is not held back


def test_every_worker_counts_against_one_limit(workers: list[Flask]) -> None:
    first, second = workers
    assert [new_game(first).status_code, new_game(second).status_code] == [201, 201]
    assert new_game(first).status_code == 201
    assert_problem(new_game(second), 429, "rate-limited")


def test_a_token_is_limited_whatever_address_it_comes_from(tmp_path: Path) -> None:
    app = limited_app(tmp_path / "api.sqlite3", "accusation=2/minute")
    client = app.test_client()
    case = client.post("/v1/cases", json={"system": TOY}).get_json()
    author = {"Authorization": f"Bearer {case['author_token']}"}
    url = f"/v1/cases/{case['id']}/accusations"
    guesses = [
        client.post(
            url,
            json={"accusation": {"culprit": "Ada"}},
            headers=author,
            environ_base={"REMOTE_ADDR": f"10.0.1.{n}"},
        )
        for n in range(3)
    ]
    assert [guess.status_code for guess in guesses[:2]] == [200, 200]
    assert_problem(guesses[2], 429, "rate-limited")


def test_limits_are_read_from_the_setting() -> None:
    assert parse_setting("") == DEFAULT_LIMITS
    assert parse_setting("off") is None
    assert parse_setting("new-case=5/minute,50/day")["new-case"] == "5/minute;50/day"  # type: ignore[index]
    for bad in ("new-case", "chess=1/minute", "new-case="):
        with pytest.raises(ValueError, match="CASEBOOK_RATE_LIMITS"):
            parse_setting(bad)


def test_the_shared_counters_lose_no_count_when_processes_race(database_url: str) -> None:
    storage = SqlStorage(storage_uri(database_url))
    try:
        _race(storage)
    finally:
        storage.dispose()


def _race(storage: SqlStorage) -> None:
    storage.reset()

    def count() -> None:
        for _ in range(10):
            storage.incr("racing", 60)

    threads = [threading.Thread(target=count) for _ in range(8)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert storage.get("racing") == 80
    assert storage.incr("expired", -1) == 1 and storage.get("expired") == 0  # window over
    assert storage.incr("expired", 60) == 1  # a new window starts from nothing
    storage.clear("racing")
    assert storage.get("racing") == 0
