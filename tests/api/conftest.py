"""Fixtures of the API tests: Toy Culprit tables (the app and client are in tests/conftest.py)."""

from __future__ import annotations

import pytest
from flask.testing import FlaskClient

from tests.api.helpers import Table, start_game


@pytest.fixture
def duel(client: FlaskClient) -> Table:
    """A Toy Culprit duel between two people, seat 0 to move."""
    return start_game(client, [{"name": "Ann"}, {"name": "Ben"}])


@pytest.fixture
def other_duel(client: FlaskClient) -> Table:
    """A second game, whose tokens must open nothing of the first."""
    return start_game(client, [{"name": "Cy"}, {"name": "Di"}])
