"""The tables, declared once at import so every call reuses them (no reflection).

They mirror the latest Alembic revision in ``api/migrations/versions``; a test compares the two.
"""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

import sqlalchemy as sa
from sqlalchemy.engine import Dialect


class UTCDateTime(sa.TypeDecorator[datetime]):
    """A timestamp that is always timezone-aware UTC in Python.

    SQLite keeps no zone, so what it hands back is naive; PostgreSQL answers in the session's zone.
    """

    impl = sa.DateTime(timezone=True)
    cache_ok = True

    def process_bind_param(self, value: datetime | None, dialect: Dialect) -> datetime | None:
        if value is None:
            return None
        if value.tzinfo is None:
            raise ValueError("timestamps must be timezone-aware")
        return value.astimezone(UTC)

    def process_result_value(self, value: Any, dialect: Dialect) -> datetime | None:
        if value is None:
            return None
        if value.tzinfo is None:
            return value.replace(tzinfo=UTC)  # type: ignore[no-any-return]
        return value.astimezone(UTC)  # type: ignore[no-any-return]


metadata = sa.MetaData()

cases = sa.Table(
    "cases",
    metadata,
    sa.Column("id", sa.String(32), primary_key=True),
    sa.Column("system", sa.String(64), nullable=False),
    sa.Column("seed", sa.BigInteger, nullable=False),
    sa.Column("case_data", sa.JSON, nullable=False),
    sa.Column("author_token_hash", sa.String(64), nullable=True),  # None: made for one game
    sa.Column("created_at", UTCDateTime, nullable=False),
    # Accusations spent or set aside for tables, against the case's bound (api/desks.py).
    sa.Column("accusations", sa.Integer, nullable=False, server_default="0"),
)

games = sa.Table(
    "games",
    metadata,
    sa.Column("id", sa.String(32), primary_key=True),
    sa.Column("system", sa.String(64), nullable=False),
    sa.Column("mode", sa.String(32), nullable=False),
    sa.Column("seed", sa.BigInteger, nullable=False),
    sa.Column("case_id", sa.String(32), sa.ForeignKey("cases.id"), nullable=False),
    sa.Column("options", sa.JSON, nullable=False),
    sa.Column("version", sa.Integer, nullable=False),
    sa.Column("state", sa.JSON, nullable=False),
    sa.Column("status", sa.String(16), nullable=False),
    sa.Column("created_at", UTCDateTime, nullable=False),
    sa.Column("updated_at", UTCDateTime, nullable=False),
    sa.Column("creator", sa.String(64), nullable=True),  # a hash of who made it (api/quotas.py)
    sa.Index("games_creator_status", "creator", "status"),
)

seats = sa.Table(
    "seats",
    metadata,
    sa.Column(
        "game_id", sa.String(32), sa.ForeignKey("games.id", ondelete="CASCADE"), primary_key=True
    ),
    sa.Column("number", sa.Integer, primary_key=True),
    sa.Column("name", sa.String(200), nullable=False),
    sa.Column("bot", sa.Boolean, nullable=False),
    sa.Column("token_hash", sa.String(64), nullable=True, index=True),
)

steps = sa.Table(
    "steps",
    metadata,
    sa.Column(
        "game_id", sa.String(32), sa.ForeignKey("games.id", ondelete="CASCADE"), primary_key=True
    ),
    sa.Column("step", sa.Integer, primary_key=True),
    sa.Column("seat", sa.Integer, nullable=False),
    sa.Column("action", sa.JSON, nullable=False),
    sa.Column("events", sa.JSON, nullable=False),
    sa.Column("created_at", UTCDateTime, nullable=False),
)

tables = sa.Table(
    "tables",
    metadata,
    sa.Column("id", sa.String(32), primary_key=True),
    sa.Column(
        "case_id", sa.String(32), sa.ForeignKey("cases.id", ondelete="CASCADE"), nullable=False
    ),
    sa.Column("system", sa.String(64), nullable=False),
    sa.Column("inspectors", sa.JSON, nullable=False),  # their names, in seat order
    sa.Column("token_hash", sa.String(64), nullable=False),
    sa.Column("version", sa.Integer, nullable=False),  # questions answered so far
    sa.Column("state", sa.JSON, nullable=False),  # the system's table_to_json
    sa.Column("status", sa.String(16), nullable=False),
    sa.Column("created_at", UTCDateTime, nullable=False),
    sa.Column("updated_at", UTCDateTime, nullable=False),
)

idempotency_keys = sa.Table(
    "idempotency_keys",
    metadata,
    sa.Column("lookup", sa.String(64), primary_key=True),  # hash of scope and key
    sa.Column("fingerprint", sa.String(64), nullable=False),  # hash of the request
    sa.Column("status", sa.Integer, nullable=True),  # None while the first request runs
    sa.Column("sealed", sa.LargeBinary, nullable=True),  # the answer, sealed with the key
    sa.Column("created_at", UTCDateTime, nullable=False),
    sa.Index("idempotency_keys_created_at", "created_at"),
)
