"""The rows behind ``Idempotency-Key``: claimed, completed, released, purged.

A request claims its row by inserting it (the primary key decides between racing repeats); it
completes it with its answer, or releases it when it failed on our side so that a retry runs
afresh. What the row holds is opaque here: ``api/idempotency.py`` hashes and seals it.
"""

from __future__ import annotations

from collections.abc import Callable
from contextlib import AbstractContextManager
from dataclasses import dataclass
from datetime import datetime

import sqlalchemy as sa
from sqlalchemy.engine import Engine

from api.storage.failures import translated
from api.storage.schema import idempotency_keys as keys

_GET = sa.select(keys.c.fingerprint, keys.c.status, keys.c.sealed, keys.c.created_at).where(
    keys.c.lookup == sa.bindparam("lookup")
)


@dataclass(frozen=True)
class KeyRow:
    """A claimed key: the request it was first used for and, once answered, the answer."""

    fingerprint: str
    status: int | None
    sealed: bytes | None
    created_at: datetime


class IdempotencyStore:
    """The idempotency rows of the store; shares its engines and writer gate."""

    def __init__(
        self, gate: Callable[[], AbstractContextManager[None]], reader: Engine, writer: Engine
    ) -> None:
        self._gate, self._reader, self._writer = gate, reader, writer

    def claim(self, lookup: str, fingerprint: str, now: datetime) -> KeyRow | None:
        """Claim ``lookup`` for a request: ``None`` if claimed now, else the row already there."""
        with translated("claim the key"):
            try:
                with self._gate(), self._writer.begin() as conn:
                    conn.execute(
                        sa.insert(keys).values(
                            lookup=lookup, fingerprint=fingerprint, created_at=now
                        )
                    )
                return None
            except sa.exc.IntegrityError:  # the key was claimed before: by whom, for what
                pass
        found = self.get(lookup)
        if found is None:  # released between our insert and this read: try once more
            return self.claim(lookup, fingerprint, now)
        return found

    def get(self, lookup: str) -> KeyRow | None:
        with translated("read the key"), self._reader.connect() as conn:
            row = conn.execute(_GET, {"lookup": lookup}).first()
        return None if row is None else KeyRow(*row)

    def complete(self, lookup: str, status: int, sealed: bytes) -> None:
        with translated("keep the answer"), self._gate(), self._writer.begin() as conn:
            conn.execute(
                sa.update(keys).where(keys.c.lookup == lookup).values(status=status, sealed=sealed)
            )

    def release(self, lookup: str) -> None:
        """Forget a claim whose request failed on our side: a retry runs afresh."""
        with translated("release the key"), self._gate(), self._writer.begin() as conn:
            conn.execute(sa.delete(keys).where(keys.c.lookup == lookup, keys.c.status.is_(None)))

    def purge(self, before: datetime) -> int:
        """Forget every key claimed before ``before``; how many."""
        with translated("purge old keys"), self._gate(), self._writer.begin() as conn:
            return conn.execute(sa.delete(keys).where(keys.c.created_at < before)).rowcount
