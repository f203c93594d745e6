"""One client keeps at most so many games running; others and finished games do not count."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from typing import Any

import pytest
from flask import Flask

from api.app import create_app
from tests.api.helpers import TOY, assert_problem
from tests.conftest import PLUGINS

SOLO = {"system": TOY, "mode": "solo", "seats": [{"name": "Ann"}]}
BOTS = {"system": TOY, "mode": "duel", "seats": [{"name": "B", "bot": True}] * 2}


@pytest.fixture
def capped(database_url: str) -> Iterator[Flask]:
    """The API on SQLite and on PostgreSQL, three running games a client."""
    config = {
        "TESTING": True,
        "DATABASE_URL": database_url,
        "PLUGINS": PLUGINS,
        "RATE_LIMITS": "off",
        "RUNNING_GAMES_PER_CLIENT": 3,
    }
    app = create_app(config)
    yield app
    app.extensions["casebook"].store.dispose()


def new_game(app: Flask, body: dict[str, Any], address: str = "10.0.0.1") -> Any:
    return app.test_client().post("/v1/games", json=body, environ_base={"REMOTE_ADDR": address})


def test_a_client_with_its_share_of_running_games_is_refused(capped: Flask) -> None:
    assert [new_game(capped, SOLO).status_code for _ in range(3)] == [201] * 3
    assert_problem(new_game(capped, SOLO), 409, "quota/running-games")
    assert new_game(capped, BOTS).status_code == 409  # refused before any work
    assert new_game(capped, SOLO, "10.0.0.2").status_code == 201  # another client


def test_finished_games_do_not_count(capped: Flask) -> None:
    for _ in range(5):  # games of bots only are finished when made
        assert new_game(capped, BOTS).status_code == 201
    assert new_game(capped, SOLO).status_code == 201


def test_racing_requests_cannot_both_take_the_last_place(capped: Flask) -> None:
    assert new_game(capped, SOLO).status_code == 201
    statuses: list[int] = []

    def make() -> None:
        statuses.append(new_game(capped, SOLO).status_code)

    threads = [threading.Thread(target=make) for _ in range(6)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert sorted(statuses) == [201, 201, 409, 409, 409, 409]
