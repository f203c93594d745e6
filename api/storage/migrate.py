"""Run the Alembic migrations shipped in ``api/migrations``, one process at a time.

The upgrade runs on a connection we pass to Alembic, inside one transaction, so no URL goes
through Alembic's configuration and the lock below covers the whole upgrade. Several API
processes may start together: PostgreSQL serialises them with a transaction-level advisory lock,
SQLite with ``flock`` on a sidecar ``<db>.migrate.lock`` file (the write transaction alone would
not stop two processes from racing to switch the new file to WAL and create the version table).
"""

from __future__ import annotations

import fcntl
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import sqlalchemy as sa
from alembic import command
from alembic.config import Config
from sqlalchemy.engine import Connection, Engine

from api.storage.engine import writer

MIGRATIONS = Path(__file__).resolve().parent.parent / "migrations"
_PG_LOCK_KEY = 0x6361_7365_626F_6F6B  # "casebook"
_LOCK_PG = sa.text("SELECT pg_advisory_xact_lock(:key)")


def upgrade(engine: Engine, revision: str = "head") -> None:
    """Upgrade the database behind ``engine`` to ``revision``; a no-op when already there."""
    with _file_lock(engine), writer(engine).connect() as conn, _foreign_keys_off(conn):
        with conn.begin():
            if engine.dialect.name == "postgresql":
                conn.execute(_LOCK_PG, {"key": _PG_LOCK_KEY})
            config = Config()
            config.set_main_option("script_location", str(MIGRATIONS))
            config.attributes["connection"] = conn
            command.upgrade(config, revision)
            if engine.dialect.name == "sqlite":
                broken = conn.exec_driver_sql("PRAGMA foreign_key_check").all()
                if broken:  # rolled back with the rest: the database stays as it was
                    raise RuntimeError(f"the upgrade broke {len(broken)} foreign key(s)")


@contextmanager
def _foreign_keys_off(conn: Connection) -> Iterator[None]:
    """SQLite: no foreign key enforcement while the schema changes (its pragma is ignored
    inside a transaction, so it is set before BEGIN). Batch migrations rebuild a table by copy,
    drop and rename; with enforcement on, dropping ``cases`` fails while games refer to it, and
    dropping ``games`` would cascade to every seat and step. :func:`upgrade` checks the keys
    itself before committing."""
    if conn.dialect.name != "sqlite":
        yield
        return
    raw = conn.connection.dbapi_connection
    assert raw is not None
    raw.execute("PRAGMA foreign_keys = OFF")
    try:
        yield
    finally:
        raw.execute("PRAGMA foreign_keys = ON")


@contextmanager
def _file_lock(engine: Engine) -> Iterator[None]:
    """Hold an exclusive ``flock`` beside a SQLite file; nothing for other backends."""
    database = engine.url.database
    if engine.dialect.name != "sqlite" or not database or database == ":memory:":
        yield
        return
    with open(f"{database}.migrate.lock", "a") as lock_file:
        fcntl.flock(lock_file, fcntl.LOCK_EX)  # released when the file closes
        yield
