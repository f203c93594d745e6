"""Rate-limit counters every API process of a server shares, in SQL: ``limits``'s storage API.

``api/ratelimits.py`` counts requests in fixed windows with the ``limits`` library (the engine
of Flask-Limiter). Its own storages are memory (one per process: two workers would double every
limit), Redis, memcached and MongoDB; this one keeps the counters where the server's data
already is, so a server needs nothing more:

- beside a SQLite database, in a file of its own (``<database>-limits``): WAL, and no fsync per
  count (``synchronous=OFF``), since a counter lost in a power cut costs nothing;
- on PostgreSQL, in an UNLOGGED table of the same database.

A count is one upsert that starts a new window when the old one has expired, so racing
processes never lose one. ``CASEBOOK_RATE_LIMIT_STORAGE`` may name a Redis server instead.
"""

from __future__ import annotations

import time
from typing import Any

import sqlalchemy as sa
from limits.storage import Storage
from sqlalchemy.pool import NullPool

SCHEME = "casebook+"
_CREATE = (
    "CREATE {unlogged} TABLE IF NOT EXISTS rate_limits "
    "(key VARCHAR(255) PRIMARY KEY, count INTEGER NOT NULL, expires_at DOUBLE PRECISION NOT NULL)"
)
_INCR = sa.text(
    "INSERT INTO rate_limits (key, count, expires_at) VALUES (:key, :amount, :expires_at) "
    "ON CONFLICT (key) DO UPDATE SET "
    "count = CASE WHEN rate_limits.expires_at <= :now THEN :amount "
    "ELSE rate_limits.count + :amount END, "
    "expires_at = CASE WHEN rate_limits.expires_at <= :now THEN :expires_at "
    "ELSE rate_limits.expires_at END "
    "RETURNING count"
)
_GET = sa.text("SELECT count, expires_at FROM rate_limits WHERE key = :key")


def storage_uri(database_url: str) -> str:
    """The counters' URI for a casebook database: a file beside SQLite, else the database."""
    if database_url.startswith("sqlite:///") and ":memory:" not in database_url:
        return SCHEME + database_url + "-limits"
    return SCHEME + database_url


class SqlStorage(Storage):
    """Fixed-window counters in SQLite or PostgreSQL (``casebook+<SQLAlchemy URL>``)."""

    STORAGE_SCHEME = ["casebook+sqlite", "casebook+postgresql", "casebook+postgresql+psycopg"]

    def __init__(self, uri: str, wrap_exceptions: bool = False, **options: Any) -> None:
        super().__init__(uri, wrap_exceptions=wrap_exceptions, **options)
        url = sa.make_url(uri[len(SCHEME) :])
        sqlite = url.get_backend_name() == "sqlite"
        # SQLite: a connection per use, each a few microseconds, so forked workers share none.
        self._engine = (
            sa.create_engine(url, poolclass=NullPool) if sqlite else sa.create_engine(url)
        )
        if sqlite:
            sa.event.listen(self._engine, "connect", _sqlite_pragmas)
        with self._engine.begin() as conn:
            conn.exec_driver_sql(_CREATE.format(unlogged="" if sqlite else "UNLOGGED"))

    @property
    def base_exceptions(self) -> type[Exception] | tuple[type[Exception], ...]:
        return sa.exc.DBAPIError

    def incr(self, key: str, expiry: float, amount: int = 1) -> int:
        now = time.time()
        with self._engine.begin() as conn:
            count = conn.execute(
                _INCR, {"key": key, "amount": amount, "expires_at": now + expiry, "now": now}
            ).scalar_one()
        return int(count)

    def get(self, key: str) -> int:
        row = self._row(key)
        return 0 if row is None or row[1] <= time.time() else int(row[0])

    def get_expiry(self, key: str) -> float:
        row = self._row(key)
        return time.time() if row is None else float(row[1])

    def check(self) -> bool:
        try:
            with self._engine.connect() as conn:
                conn.exec_driver_sql("SELECT 1")
            return True
        except sa.exc.DBAPIError:
            return False

    def reset(self) -> int | None:
        with self._engine.begin() as conn:
            return int(conn.exec_driver_sql("DELETE FROM rate_limits").rowcount)

    def clear(self, key: str) -> None:
        with self._engine.begin() as conn:
            conn.execute(sa.text("DELETE FROM rate_limits WHERE key = :key"), {"key": key})

    def dispose(self) -> None:
        """Close the pooled connections (PostgreSQL)."""
        self._engine.dispose()

    def _row(self, key: str) -> Any:
        with self._engine.connect() as conn:
            return conn.execute(_GET, {"key": key}).first()


def _sqlite_pragmas(connection: Any, _record: Any) -> None:
    cursor = connection.cursor()
    cursor.execute("PRAGMA busy_timeout = 5000")
    cursor.execute("PRAGMA journal_mode = WAL")
    cursor.execute("PRAGMA synchronous = OFF")
    cursor.close()
