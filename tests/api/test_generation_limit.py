"""A case made in a request stops at the server's hard limit (api/generation.py).

RELIABILITY R4, "z3 budget": "The request answers 422 or 503 within a hard limit (e.g. <= 12 s
with a 10 s kill). The worker process is killed. ... No zombie processes."
"""

from __future__ import annotations

import time
from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import Any

import pytest
import sqlalchemy as sa
from flask import Flask
from flask.testing import FlaskClient

from api import config
from api.app import create_app
from api.storage import schema
from rules import registry
from tests.api.helpers import TOY, assert_problem
from tests.conftest import PLUGINS

LIMIT = 0.5
MARGIN = 1.5
GAME = {"system": TOY, "mode": "duel", "seats": [{"name": "Ann"}, {"name": "Ben"}]}


def endless(seed: int, options: Mapping[str, Any]) -> dict[str, Any]:
    """A generator caught in a loop of its own, which no solver budget would stop."""
    while True:
        pass


def children() -> set[int]:
    found: set[int] = set()
    for task in Path("/proc/self/task").iterdir():
        found.update(int(pid) for pid in (task / "children").read_text().split())
    return found


def rows(app: Flask, table: sa.Table) -> int:
    with app.extensions["casebook"].store.engine.connect() as connection:
        return int(connection.execute(sa.select(sa.func.count()).select_from(table)).scalar_one())


@pytest.fixture
def limited(tmp_path: Path) -> Iterator[Flask]:
    made = create_app(
        {
            "TESTING": True,
            "DATABASE_URL": f"sqlite:///{tmp_path / 'limited.sqlite3'}",
            "PLUGINS": PLUGINS,
            "RATE_LIMITS": "off",
            "GENERATION_TIME_LIMIT": LIMIT,
        }
    )
    yield made
    made.extensions["casebook"].store.dispose()


@pytest.mark.parametrize(
    ("path", "body"), [("/v1/cases", {"system": TOY, "seed": 4}), ("/v1/games", GAME)]
)
def test_a_case_that_will_not_end_is_a_503_in_time_and_stores_nothing(
    limited: Flask, path: str, body: dict[str, Any]
) -> None:
    client = limited.test_client()
    before = children()
    with registry.override(TOY, generate=endless):
        started = time.monotonic()
        response = client.post(path, json=body)
        took = time.monotonic() - started
    problem = assert_problem(response, 503, "case/time-limit")
    assert took < LIMIT + MARGIN
    assert response.headers["Retry-After"]
    assert f"{LIMIT:g} s" in problem["detail"]
    assert children() == before  # the child was killed and reaped
    assert rows(limited, schema.cases) == rows(limited, schema.games) == 0
    assert client.post(path, json=body).status_code == 201  # the server goes on serving


def test_a_refusal_from_the_child_is_the_same_problem(limited: Flask) -> None:
    response = limited.test_client().post(
        "/v1/cases", json={"system": TOY, "options": {"colour": "red"}}
    )
    assert_problem(response, 422, "case/bad-options")


def test_the_case_is_the_same_made_in_a_child_or_in_process(
    limited: Flask, client: FlaskClient
) -> None:
    limited_case = limited.test_client().post("/v1/cases", json={"system": TOY, "seed": 9})
    plain_case = client.post("/v1/cases", json={"system": TOY, "seed": 9})
    assert limited_case.get_json()["public"] == plain_case.get_json()["public"]


@pytest.mark.parametrize(
    ("value", "limit"), [("10", 10.0), ("2.5", 2.5), ("0", None), (" 3 ", 3.0)]
)
def test_the_setting(value: str, limit: float | None) -> None:
    assert config.generation_time_limit(value) == limit


@pytest.mark.parametrize("value", ["", "ten", "-1", "inf", "nan"])
def test_a_bad_setting_is_refused_at_start(value: str) -> None:
    with pytest.raises(ValueError, match="CASEBOOK_GENERATION_TIME_LIMIT"):
        config.from_env({"CASEBOOK_GENERATION_TIME_LIMIT": value})
