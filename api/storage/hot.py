"""The two statements every move runs, straight on the driver: open a game, append its steps.

Serving a move reads the game with its seats and writes the new state with its steps. Through
SQLAlchemy Core those cost about 0.48 ms on SQLite; on the driver's own cursor, with the same
SQL, the same bind processing and the same transaction discipline, about 0.22 ms (measured:
``append_steps`` 414 -> 191 us, most of the rest being the commit's fsync). Everything else the
store does stays on SQLAlchemy Core.

The rules of the rest of the store hold here too: SQLite writers queue on the writer gate and
``BEGIN IMMEDIATE`` (under gevent too: running the transaction on the hub's thread pool, so
that its fsync would not stall the worker, cost 500 us of CPU a move and a third of the
throughput, measured side by side on 2026-12-01). On PostgreSQL both statements run in
autocommit: a read sees committed data anyway, and a write is one statement (the compare-and-set
and the inserts), which PostgreSQL runs as its own transaction, all or nothing, committed before
it answers. That is one round trip a write: in a transaction, even pipelined, psycopg waited
for its ``BEGIN``, then for the statement and ``COMMIT``, then for the pipeline's closing sync
(three round trips; ``strace``: 7 sends and 14 polls a move, 2026-12-03). The compare-and-set
on the version and the unique (game, step) key decide a race; a driver error is logged and
raised as :class:`~api.storage.records.StoreError`.
"""

from __future__ import annotations

import functools
import logging
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from contextvars import ContextVar
from datetime import datetime
from typing import Any, TypeVar

import orjson
import sqlalchemy as sa
from sqlalchemy.engine import Engine
from sqlalchemy.pool import PoolProxiedConnection

from api.storage.records import OpenGame, StoredSeat, StoredStep, StoreError, VersionConflict
from api.storage.schema import UTCDateTime
from rules.kit.frozen import make

logger = logging.getLogger("api.storage")

R = TypeVar("R")

_OPEN = """
SELECT g.system, g.mode, g.seed, g.case_id, CAST(g.options AS TEXT), g.version,
       CAST(g.state AS TEXT), g.status, s.number, s.name, s.bot, s.token_hash
FROM games AS g LEFT OUTER JOIN seats AS s ON s.game_id = g.id
WHERE g.id = ?
ORDER BY s.number
"""
_ADVANCE = (
    "UPDATE games SET version = ?, state = ?, status = ?, updated_at = ? "
    "WHERE id = ? AND version = ?"
)
#: SQLite: the same advance for a move that leaves the status as it was. SQLite rewrites the
#: entry of every index on a column the ``SET`` names, whatever the value: the status's index
#: (``games_creator_status``) cost each move one more page in the write-ahead log (4 KiB
#: written, checksummed and synced; 11 writes a commit -> 9 under ``strace``).
_ADVANCE_KEEPING_STATUS = (
    "UPDATE games SET version = ?, state = ?, updated_at = ? WHERE id = ? AND version = ?"
)
_INSERT_STEP = (
    "INSERT INTO steps (game_id, step, seat, action, events, created_at) VALUES (?, ?, ?, ?, ?, ?)"
)
_VERSION = "SELECT version FROM games WHERE id = ?"


@functools.cache
def _advance_and_insert(count: int) -> str:
    """PostgreSQL: the compare-and-set and the inserts of ``count`` steps as one statement."""
    values = ", ".join(["(%s::int, %s::int, %s::json, %s::json, %s::timestamptz)"] * count)
    return (
        "WITH moved AS (UPDATE games SET version = %s, state = %s, status = %s, updated_at = %s"
        " WHERE id = %s AND version = %s RETURNING id)"
        " INSERT INTO steps (game_id, step, seat, action, events, created_at)"
        " SELECT moved.id, v.step, v.seat, v.action, v.events, v.created_at"
        f" FROM moved, (VALUES {values}) AS v (step, seat, action, events, created_at)"
    )


#: How many connections the hot path keeps between requests (the pool holds 5).
_KEPT = 2
#: psycopg's ``TransactionStatus.IDLE``: no transaction open.
_PG_IDLE = 0


def _identity(value: Any) -> Any:
    return value


def _sqlite_text(bound: Callable[[datetime], Any], now: datetime) -> str:
    """The text ``sqlite3``'s default adapter writes for ``bound(now)``, a ``datetime``, made
    here: the adapter is a Python function (``isoformat(" ")``) the driver calls for each
    datetime parameter, and a served move binds one for the game and one for each step (about
    6 k instructions each through the adapter). These statements write the text they wrote
    before; both it and the store's Core statements' (no ``+00:00``) read back as UTC."""
    text: str = bound(now).isoformat(" ")
    return text


class HotPath:
    """The hot statements of one engine, in its driver's parameter style."""

    def __init__(self, engine: Engine, gate: Callable[[], Any]) -> None:
        dialect = engine.dialect
        self._engine = engine
        self._gate = gate
        #: Connections kept checked out between requests (see ``_checkin``).
        self._idle: list[PoolProxiedConnection] = []
        #: The connection ``one_connection`` holds for the statements inside it, if any.
        self._held: ContextVar[list[Any] | None] = ContextVar(f"held-{id(self)}", default=None)
        self._sqlite = dialect.name == "sqlite"
        self._dbapi = dialect.loaded_dbapi
        # Values are bound exactly as the store's Core statements bind them.
        self._json = sa.JSON().bind_processor(dialect) or _identity  # type: ignore[no-untyped-call]
        self._time = UTCDateTime().bind_processor(dialect) or _identity
        if self._sqlite:
            self._time = functools.partial(_sqlite_text, self._time)
        marker = "?" if dialect.paramstyle == "qmark" else "%s"
        self._open, self._advance, self._insert, self._version = (
            sql.replace("?", marker) for sql in (_OPEN, _ADVANCE, _INSERT_STEP, _VERSION)
        )

    def open_game(self, game_id: str) -> OpenGame | None:
        """The game and its seats, in one statement that is its own snapshot."""
        rows = self._run("read the game", functools.partial(_fetch_all, self._open, (game_id,)))
        if not rows:
            return None
        system, mode, seed, case_id, options, version, state, status = rows[0][:8]
        seats = tuple(
            make(
                StoredSeat,
                {"number": row[8], "name": row[9], "bot": bool(row[10]), "token_hash": row[11]},
            )
            for row in rows
            if row[8] is not None  # the outer join's row of a game without seats
        )
        fields = {
            "id": game_id,
            "system": system,
            "mode": mode,
            "seed": seed,
            "case_id": case_id,
            "options": orjson.loads(options),
            "seats": seats,
            "version": version,
            "state_text": state,
            "status": status,
        }
        return make(OpenGame, fields)

    def state_text(self, state: dict[str, Any]) -> str:
        """``state`` as the JSON text the store writes and :meth:`open_game` reads back."""
        text: str = self._json(state)
        return text

    def append_steps(
        self,
        game_id: str,
        *,
        expected_version: int,
        steps: Sequence[StoredStep],
        state: dict[str, Any] | str,
        status: str,
        now: datetime,
        status_was: str | None = None,
    ) -> int:
        """Advance the game from ``expected_version`` and add ``steps``, all or nothing;
        ``state`` as JSON data or as the text :meth:`state_text` made of it; ``status_was``:
        the status read with ``expected_version``, if known (the compare-and-set on the version
        makes it the status the row holds when it is advanced)."""
        new_version = expected_version + len(steps)
        stamp = self._time(now)
        rows = [
            (game_id, step.step, step.seat, self._json(step.action), self._json(step.events), stamp)
            for step in steps
        ]
        text = state if isinstance(state, str) else self.state_text(state)
        statement = self._advance
        advance: tuple[Any, ...] = (new_version, text, status, stamp, game_id, expected_version)
        if self._sqlite and status == status_was:
            statement = _ADVANCE_KEEPING_STATUS  # SQLite's own markers
            advance = (new_version, text, stamp, game_id, expected_version)
        write = functools.partial(
            self._advance_and_insert, game_id, expected_version, statement, advance, rows
        )
        # PostgreSQL: one statement in autocommit, its own transaction
        self._run("record the move", write, autocommit=not self._sqlite)
        return new_version

    def _advance_and_insert(
        self,
        game_id: str,
        expected_version: int,
        statement: str,
        advance: tuple[Any, ...],
        rows: list[Any],
        cursor: Any,
    ) -> None:
        """The write of :meth:`append_steps` on ``cursor`` (on SQLite, ``statement`` advances
        the game); a lost race as ``VersionConflict``."""
        try:
            if self._sqlite:
                advanced = self._write_sqlite(cursor, statement, advance, rows)
            else:
                advanced = self._write_postgresql(cursor, advance, rows)
            if not advanced:
                cursor.execute(self._version, (game_id,))
                found = cursor.fetchone()
                raise VersionConflict(
                    game_id, expected_version, None if found is None else found[0]
                )
        except self._dbapi.IntegrityError:
            # Only a step key already taken can fail here: another writer won that step.
            self._rollback(cursor)
            raise VersionConflict(game_id, expected_version, None) from None
        except BaseException:
            self._rollback(cursor)
            raise

    def _write_sqlite(
        self, cursor: Any, statement: str, advance: tuple[Any, ...], rows: list[Any]
    ) -> bool:
        """Advance and insert in one ``BEGIN IMMEDIATE`` transaction; ``False``: not advanced.

        A failed transaction is rolled back before the gate opens for the next writer.
        """
        with self._gate():
            try:
                cursor.execute("BEGIN IMMEDIATE")  # the driver's BEGIN is off: lock first
                cursor.execute(statement, advance)
                if cursor.rowcount != 1:
                    cursor.execute("ROLLBACK")
                    return False
                cursor.executemany(self._insert, rows)
                cursor.execute("COMMIT")
                return True
            except BaseException:
                self._rollback(cursor)
                raise

    def _write_postgresql(self, cursor: Any, advance: tuple[Any, ...], rows: list[Any]) -> bool:
        """Advance and insert in one statement, run in autocommit: its own transaction.

        The steps are inserted only from the row the compare-and-set updated, so a stale
        version inserts nothing and changes nothing; a step already taken fails the whole
        statement, the update with it.
        """
        cursor.execute(
            _advance_and_insert(len(rows)),
            (*advance, *(value for row in rows for value in row[1:])),
        )
        return bool(cursor.rowcount == len(rows))

    @contextmanager
    def one_connection(self) -> Iterator[None]:
        """Let the statements run inside share one pooled connection: a move reads its game,
        then writes it, and checking a connection out of SQLAlchemy's pool and back in twice
        cost more than either statement's own Python work."""
        if self._held.get() is not None:  # already inside
            yield
            return
        held: list[Any] = [None]
        reset = self._held.set(held)
        try:
            yield
        finally:
            self._held.reset(reset)
            if held[0] is not None:
                self._checkin(held[0])

    def dispose(self) -> None:
        """Hand back the connections kept between requests (before the pool is disposed)."""
        while self._idle:
            self._idle.pop().close()

    def _checkout(self) -> PoolProxiedConnection:
        """A connection kept from an earlier request, else one from the pool."""
        try:
            return self._idle.pop()
        except IndexError:
            return self._engine.raw_connection()

    def _checkin(self, fairy: PoolProxiedConnection) -> None:
        """Keep ``fairy`` for the next request, clean (no transaction open), or hand it back.

        SQLAlchemy's pool costs a checkout and a checkin per request (its bookkeeping, events
        and reset), about a tenth of a game read's Python work under gunicorn; the hot
        statements leave their connection as they found it, so a few are kept checked out.
        """
        if not fairy.is_valid or len(self._idle) >= _KEPT:
            fairy.close()
            return
        driver: Any = fairy.driver_connection
        try:
            if self._sqlite:
                clean = not driver.in_transaction
            else:
                clean = driver.info.transaction_status == _PG_IDLE
        except self._dbapi.Error:
            clean = False
        if clean:
            self._idle.append(fairy)
        else:
            fairy.close()  # the pool resets it

    def _run(self, operation: str, work: Callable[[Any], R], *, autocommit: bool = True) -> R:
        """``work(cursor)`` on a pooled driver connection (PostgreSQL's in autocommit if
        asked); a driver error is raised as a ``StoreError`` naming ``operation``, its details
        logged. One function rather than two generator context managers: they cost as much as
        a read's own Python work around its statement.

        A connection the server dropped is thrown away rather than handed back to the pool, as
        SQLAlchemy does for its own statements, so the next request gets a live one.
        """
        try:
            held = self._held.get()
            if held is None or held[0] is None:
                fairy = self._checkout()
                if held is not None:
                    held[0] = fairy  # handed back when ``one_connection`` ends
            else:
                fairy = held[0]
            try:
                return self._on_cursor(fairy, work, autocommit and not self._sqlite)
            finally:
                if held is None:
                    self._checkin(fairy)
                elif not fairy.is_valid:  # the next statement checks out a live one
                    held[0] = None
                    fairy.close()
        except (self._dbapi.Error, sa.exc.TimeoutError):
            logger.exception("storage failed to %s", operation)
            raise StoreError(f"the database could not {operation}; try again shortly") from None

    def _on_cursor(self, fairy: PoolProxiedConnection, work: Callable[[Any], R], switch: bool) -> R:
        """``work`` on a cursor of ``fairy``, with autocommit on around it if ``switch``."""
        driver = fairy.driver_connection
        try:
            if switch:
                driver.autocommit = True  # type: ignore[union-attr]
            cursor = fairy.cursor()
            try:
                return work(cursor)
            finally:
                cursor.close()
        except self._dbapi.Error as error:
            if self._engine.dialect.is_disconnect(error, driver, None):
                fairy.invalidate(error)
            raise
        finally:
            if switch and fairy.is_valid:
                try:
                    driver.autocommit = False  # type: ignore[union-attr]
                except self._dbapi.Error as error:  # a connection that cannot: not reused
                    fairy.invalidate(error)

    def _rollback(self, cursor: Any) -> None:
        try:
            if self._sqlite:
                if cursor.connection.in_transaction:
                    cursor.execute("ROLLBACK")
            else:
                cursor.connection.rollback()
        except self._dbapi.Error:
            logger.warning("rollback failed", exc_info=True)


def _fetch_all(sql: str, parameters: tuple[Any, ...], cursor: Any) -> list[Any]:
    cursor.execute(sql, parameters)
    rows: list[Any] = cursor.fetchall()
    return rows
