"""Shared test helpers: the database URLs storage-backed tests run against, and the API app."""

from __future__ import annotations

import contextlib
import functools
import os
import secrets
from collections.abc import Iterator
from pathlib import Path

import pytest
import sqlalchemy as sa
from flask import Flask
from flask.testing import FlaskClient
from hypothesis import settings

from api.app import create_app
from api.storage import Store

# No property test is timed: hypothesis's default deadline (200 ms an example) fails an example
# that a loaded machine merely slowed (speed is measured by `make bench`, never by a test).
settings.register_profile("casebook", deadline=None)
settings.load_profile("casebook")

POSTGRES_URL = os.environ.get(
    "CASEBOOK_TEST_POSTGRES_URL", "postgresql+psycopg://postgres@127.0.0.1:5432/test"
)


@functools.cache
def postgres_available() -> bool:
    """Whether the server named by ``POSTGRES_URL`` answers (asked once, 2 s at most)."""
    try:
        engine = sa.create_engine(
            POSTGRES_URL, poolclass=sa.NullPool, connect_args={"connect_timeout": 2}
        )
    except ImportError:  # psycopg not installed
        return False
    try:
        with engine.connect():
            return True
    except sa.exc.DBAPIError:
        return False
    finally:
        engine.dispose()


@pytest.fixture(params=["sqlite", pytest.param("postgres", marks=pytest.mark.postgres)])
def database_url(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    """An empty database: a fresh SQLite file, or a fresh schema in the PostgreSQL database."""
    if request.param == "sqlite":
        yield f"sqlite:///{tmp_path / 'casebook.db'}"
        return
    if not postgres_available():
        shown = sa.make_url(POSTGRES_URL).render_as_string(hide_password=True)
        reason = f"PostgreSQL not reachable at CASEBOOK_TEST_POSTGRES_URL ({shown})"
        if os.environ.get("CASEBOOK_REQUIRE_POSTGRES"):  # CI: a missing server is a failure
            pytest.fail(reason)
        pytest.skip(reason)
    with postgres_schema() as url:
        yield url


@contextlib.contextmanager
def postgres_schema(prefix: str = "test") -> Iterator[str]:
    """The URL of a fresh schema in the PostgreSQL database, dropped afterwards."""
    schema = f"{prefix}_{secrets.token_hex(6)}"
    admin = sa.create_engine(POSTGRES_URL, poolclass=sa.NullPool)
    try:
        with admin.begin() as conn:
            conn.exec_driver_sql(f"CREATE SCHEMA {schema}")
        url = sa.make_url(POSTGRES_URL).update_query_dict({"options": f"-csearch_path={schema}"})
        yield url.render_as_string(hide_password=False)
        with admin.begin() as conn:
            conn.exec_driver_sql(f"DROP SCHEMA {schema} CASCADE")
    finally:
        admin.dispose()


@pytest.fixture
def store(database_url: str) -> Iterator[Store]:
    """A migrated ``Store`` on ``database_url``, disposed after the test."""
    migrated = Store(database_url)
    migrated.migrate()
    yield migrated
    migrated.dispose()


#: Systems the API tests serve besides the built-in ones.
PLUGINS = ("tests.toy",)


def make_app(database: Path) -> Flask:
    """The API on a fresh SQLite file, with Toy Culprit loaded beside the built-in systems."""
    return create_app(
        {
            "TESTING": True,
            "DATABASE_URL": f"sqlite:///{database}",
            "PLUGINS": PLUGINS,
            "RATE_LIMITS": "off",  # tests make games fast; tests/api/test_ratelimits.py limits
            "RUNNING_GAMES_PER_CLIENT": 0,  # and many: tests/api/test_quotas.py counts them
        }
    )


@pytest.fixture
def app(tmp_path: Path) -> Iterator[Flask]:
    made = make_app(tmp_path / "api.sqlite3")
    yield made
    made.extensions["casebook"].store.dispose()


@pytest.fixture
def client(app: Flask) -> FlaskClient:
    return app.test_client()
