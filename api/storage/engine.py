"""Engines configured for safe concurrent writes on SQLite and PostgreSQL.

SQLite: every connection gets WAL, ``synchronous=FULL`` (an acknowledged move survives an OS
crash; ``normal`` may be chosen instead, which survives a crash of the process but not of the
machine), a busy timeout and foreign keys. pysqlite's own BEGIN handling is switched off so that
writers start with ``BEGIN IMMEDIATE``: two writers that both began deferred and then tried to
upgrade their read locks would make one fail at once with "database is locked", whatever the
timeout. Reads begin deferred and never wait on writers in WAL mode.

Connections are pooled (SQLAlchemy's default QueuePool; pysqlite connections are shared across
threads, one at a time): measured on SQLite, ``append_steps`` took 0.35 ms pooled against 1.6 ms
with a new connection per call (NullPool), reading a game 0.10 ms against 0.43 ms.
"""

from __future__ import annotations

from typing import Any

import orjson
import sqlalchemy as sa
from sqlalchemy.engine import Connection, Engine, make_url
from sqlalchemy.pool import ConnectionPoolEntry

from api import json_text

WRITE_OPTION = "casebook_write"
"""Execution option marking a connection whose transaction will write (BEGIN IMMEDIATE)."""

DEFAULT_BUSY_TIMEOUT_MS = 5000
#: The ``synchronous`` settings a SQLite database may run with; the first is the default.
SQLITE_SYNCHRONOUS = ("full", "normal")
#: SQLite's page cache per connection, negative: in KiB. SQLite's default (2,000) filled up in
#: every pooled connection of every worker; the pages a request needs past it are read from
#: the operating system's file cache, which the processes share. In the memory benchmark the
#: server held 5.7 MiB less with this, and the kept states of ``api.states`` are paid from it.
PAGE_CACHE_KIB = -500
_PG_CONNECT_TIMEOUT_S = 10


def _dumps(value: Any) -> str:
    """Compact JSON for JSON columns (orjson: a mid-game state in a fraction of json's time)."""
    return json_text.dumps(value).decode()


def create_engine(
    url: str,
    *,
    busy_timeout_ms: int = DEFAULT_BUSY_TIMEOUT_MS,
    sqlite_synchronous: str = SQLITE_SYNCHRONOUS[0],
) -> Engine:
    """Build the engine for ``url`` with the settings its backend needs."""
    if sqlite_synchronous not in SQLITE_SYNCHRONOUS:
        raise ValueError(f"SQLite synchronous must be one of {', '.join(SQLITE_SYNCHRONOUS)}")
    parsed = make_url(url)
    options: dict[str, Any] = {"json_serializer": _dumps, "json_deserializer": orjson.loads}
    if parsed.get_backend_name() == "sqlite":
        engine = sa.create_engine(parsed, **options)
        _configure_sqlite(engine, busy_timeout_ms, sqlite_synchronous)
        return engine
    if parsed.get_backend_name() == "postgresql" and "connect_timeout" not in parsed.query:
        options["connect_args"] = {"connect_timeout": _PG_CONNECT_TIMEOUT_S}
    return sa.create_engine(parsed, **options)


def writer(engine: Engine) -> Engine:
    """The engine write transactions go through (on SQLite they BEGIN IMMEDIATE)."""
    return engine.execution_options(**{WRITE_OPTION: True})


def reader(engine: Engine) -> Engine:
    """The engine reads go through.

    PostgreSQL reads run in autocommit: each statement sees committed data anyway, and skipping
    BEGIN and ROLLBACK saves two round trips (reading a game measured 340 -> 240 us). SQLite reads
    keep a deferred BEGIN, which costs microseconds in-process, so that a read sees one snapshot.
    """
    if engine.dialect.name == "postgresql":
        return engine.execution_options(isolation_level="AUTOCOMMIT")
    return engine


def _configure_sqlite(engine: Engine, busy_timeout_ms: int, synchronous: str) -> None:
    """Install the per-connection pragmas and our own BEGIN (the pysqlite recipe)."""

    def on_connect(dbapi_connection: Any, _record: ConnectionPoolEntry) -> None:
        dbapi_connection.isolation_level = None  # pysqlite must not BEGIN on its own
        cursor = dbapi_connection.cursor()
        try:
            # The timeout first: switching to WAL may have to wait for another connection.
            cursor.execute(f"PRAGMA busy_timeout = {int(busy_timeout_ms)}")
            cursor.execute("PRAGMA journal_mode = WAL")
            cursor.execute(f"PRAGMA synchronous = {synchronous.upper()}")
            cursor.execute("PRAGMA foreign_keys = ON")
            cursor.execute(f"PRAGMA cache_size = {PAGE_CACHE_KIB}")
        finally:
            cursor.close()

    def on_begin(connection: Connection) -> None:
        options = connection.get_execution_options()
        if options.get(WRITE_OPTION, False):
            connection.exec_driver_sql("BEGIN IMMEDIATE")
        else:
            connection.exec_driver_sql("BEGIN")

    sa.event.listen(engine, "connect", on_connect)
    sa.event.listen(engine, "begin", on_begin)
