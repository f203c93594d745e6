"""Table sessions and the accusation bound of each case, over SQLAlchemy Core.

A table moves on like a game, by compare-and-set on its version. Accusations are counted on
the case with one conditional update (the count rises only while it stays within the bound), so
two requests racing for the last accusation cannot both get it.
"""

from __future__ import annotations

import secrets
from collections.abc import Callable, Sequence
from contextlib import AbstractContextManager
from datetime import UTC, datetime
from typing import Any

import sqlalchemy as sa
from sqlalchemy.engine import Connection, Engine

from api.storage.failures import translated
from api.storage.records import StoredTable, VersionConflict
from api.storage.schema import cases, tables

_ID_BYTES = 16

_GET = sa.select(tables).where(tables.c.id == sa.bindparam("table_id"))
_INSERT = sa.insert(tables)
_ADVANCE = (
    sa.update(tables)
    .where(tables.c.id == sa.bindparam("table_id"), tables.c.version == sa.bindparam("expected"))
    .values(
        version=sa.bindparam("version"),
        state=sa.bindparam("state"),
        status=sa.bindparam("status"),
        updated_at=sa.bindparam("now"),
    )
)
_SPEND = (
    sa.update(cases)
    .where(
        cases.c.id == sa.bindparam("case_id"),
        cases.c.accusations + sa.bindparam("count") <= sa.bindparam("limit"),
    )
    .values(accusations=cases.c.accusations + sa.bindparam("count"))
)


class TableStore:
    """The tables of the store; shares its engines and writer gate."""

    def __init__(
        self, gate: Callable[[], AbstractContextManager[None]], reader: Engine, writer: Engine
    ) -> None:
        self._gate, self._reader, self._writer = gate, reader, writer

    def spend_accusations(self, case_id: str, count: int, *, limit: int) -> bool:
        """Count ``count`` more accusations against the case, if that stays within ``limit``."""
        with translated("count the accusation"), self._gate(), self._writer.begin() as conn:
            return _spend(conn, case_id, count, limit)

    def create_table(
        self,
        *,
        case_id: str,
        system: str,
        inspectors: Sequence[str],
        token_hash: str,
        state: dict[str, Any],
        status: str,
        accusations: int,
        limit: int,
    ) -> StoredTable | None:
        """Store a new table with ``accusations`` set aside for it on its case, all or nothing;
        ``None`` (and nothing stored) when the case has not that many left."""
        now = datetime.now(UTC)
        table = StoredTable(
            id=secrets.token_urlsafe(_ID_BYTES),
            case_id=case_id,
            system=system,
            inspectors=tuple(inspectors),
            token_hash=token_hash,
            version=0,
            state=state,
            status=status,
        )
        with translated("open the table"), self._gate(), self._writer.begin() as conn:
            if not _spend(conn, case_id, accusations, limit):
                return None
            conn.execute(
                _INSERT,
                {
                    "id": table.id,
                    "case_id": case_id,
                    "system": system,
                    "inspectors": list(inspectors),
                    "token_hash": token_hash,
                    "version": 0,
                    "state": state,
                    "status": status,
                    "created_at": now,
                    "updated_at": now,
                },
            )
        return table

    def get_table(self, table_id: str) -> StoredTable | None:
        with translated("read the table"), self._reader.connect() as conn:
            row = conn.execute(_GET, {"table_id": table_id}).first()
        if row is None:
            return None
        return StoredTable(
            id=row.id,
            case_id=row.case_id,
            system=row.system,
            inspectors=tuple(row.inspectors),
            token_hash=row.token_hash,
            version=row.version,
            state=row.state,
            status=row.status,
        )

    def advance_table(
        self, table_id: str, *, expected_version: int, state: dict[str, Any], status: str
    ) -> int:
        """Store the table's next state if it is still at ``expected_version``; the new version.

        ``VersionConflict`` when another answer was stored first.
        """
        params = {
            "table_id": table_id,
            "expected": expected_version,
            "version": expected_version + 1,
            "state": state,
            "status": status,
            "now": datetime.now(UTC),
        }
        with translated("store the answer"), self._gate(), self._writer.begin() as conn:
            if conn.execute(_ADVANCE, params).rowcount != 1:
                raise VersionConflict(table_id, expected_version, None)
        return expected_version + 1


def _spend(conn: Connection, case_id: str, count: int, limit: int) -> bool:
    found = conn.execute(_SPEND, {"case_id": case_id, "count": count, "limit": limit})
    return found.rowcount == 1
