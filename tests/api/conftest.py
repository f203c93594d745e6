"""Fixtures of the API tests: an app on a fresh SQLite file per test, with Toy Culprit loaded."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from flask import Flask
from flask.testing import FlaskClient

from api.app import create_app
from tests.api.helpers import Table, start_game

PLUGINS = ("tests.toy",)


def make_app(database: Path) -> Flask:
    return create_app(
        {"TESTING": True, "DATABASE_URL": f"sqlite:///{database}", "PLUGINS": PLUGINS}
    )


@pytest.fixture
def app(tmp_path: Path) -> Iterator[Flask]:
    made = make_app(tmp_path / "api.sqlite3")
    yield made
    made.extensions["casebook"].store.dispose()


@pytest.fixture
def client(app: Flask) -> FlaskClient:
    return app.test_client()


@pytest.fixture
def duel(client: FlaskClient) -> Table:
    """A Toy Culprit duel between two people, seat 0 to move."""
    return start_game(client, [{"name": "Ann"}, {"name": "Ben"}])


@pytest.fixture
def other_duel(client: FlaskClient) -> Table:
    """A second game, whose tokens must open nothing of the first."""
    return start_game(client, [{"name": "Cy"}, {"name": "Di"}])
