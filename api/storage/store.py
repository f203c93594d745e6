"""The game store: cases, games, seats and the append-only step log, over SQLAlchemy Core.

Moves are stored with compare-and-set: ``append_steps`` advances a game only from the version
its caller read, and each step sits under the unique key (game, step), so of two writers that
read the same version exactly one wins and nothing is lost or applied twice. Statements are
built once at import; SQLAlchemy's compiled cache makes each call a cache hit.
"""

from __future__ import annotations

import secrets
from collections.abc import Callable, Sequence
from contextlib import AbstractContextManager
from datetime import UTC, datetime
from typing import Any

import sqlalchemy as sa
from sqlalchemy.engine import Connection, Engine

from api.storage.checks import check_postgresql, check_sqlite
from api.storage.engine import (
    DEFAULT_BUSY_TIMEOUT_MS,
    SQLITE_SYNCHRONOUS,
    create_engine,
    reader,
    writer,
)
from api.storage.failures import translated
from api.storage.gate import WriterGate, no_gate
from api.storage.hot import HotPath
from api.storage.idempotency import IdempotencyStore
from api.storage.records import (
    ACTIVE,
    FINISHED,
    OpenGame,
    QuotaExceeded,
    StoredCase,
    StoredGame,
    StoredSeat,
    StoredStep,
)
from api.storage.schema import cases, games, seats, steps, tables
from api.storage.tables import TableStore

_ID_BYTES = 16  # 128 random bits: IDs can be neither guessed nor enumerated
_SEED_RANGE = range(-(2**63), 2**63)  # what a BIGINT holds

_GET_CASE = sa.select(cases).where(cases.c.id == sa.bindparam("id"))
_STEPS_AFTER = (
    sa.select(steps.c.step, steps.c.seat, steps.c.action, steps.c.events)
    .where(steps.c.game_id == sa.bindparam("game_id"), steps.c.step > sa.bindparam("after"))
    .order_by(steps.c.step)
)
_STEPS_AFTER_LIMITED = _STEPS_AFTER.limit(sa.bindparam("limit", type_=sa.Integer))
_INSERT_CASE = sa.insert(cases)
_INSERT_GAME = sa.insert(games)
_LOCK_CREATOR = sa.text("SELECT pg_advisory_xact_lock(hashtext(:creator))")
_RUNNING = (
    sa.select(sa.func.count())
    .select_from(games)
    .where(games.c.creator == sa.bindparam("creator"), games.c.status == ACTIVE)
)
_INSERT_SEATS = sa.insert(seats)
_INSERT_STEPS = sa.insert(steps)


class Store:
    """Durable storage for cases and games; safe to share between threads."""

    def __init__(
        self,
        url: str,
        *,
        busy_timeout_ms: int = DEFAULT_BUSY_TIMEOUT_MS,
        sqlite_synchronous: str = SQLITE_SYNCHRONOUS[0],
    ) -> None:
        """``sqlite_synchronous``: ``full`` (the default: an acknowledged write survives an OS
        crash) or ``normal`` (it survives a crash of the process only); ignored off SQLite."""
        self._engine = create_engine(
            url, busy_timeout_ms=busy_timeout_ms, sqlite_synchronous=sqlite_synchronous
        )
        self._sqlite_synchronous = sqlite_synchronous
        self._gate = _writer_gate(self._engine, busy_timeout_ms)
        self._reader = reader(self._engine)
        self._writer = writer(self._engine)
        self._hot = HotPath(self._engine, self._gate)
        #: Table sessions and each case's accusation bound (``api/storage/tables.py``).
        self.tables = TableStore(self._gate, self._reader, self._writer)
        #: The rows behind ``Idempotency-Key`` (``api/storage/idempotency.py``).
        self.idempotency = IdempotencyStore(self._gate, self._reader, self._writer)

    @property
    def engine(self) -> Engine:
        """The underlying engine, for migrations, health checks and tests."""
        return self._engine

    def migrate(self) -> None:
        """Bring the schema to the latest revision; harmless to repeat or run concurrently."""
        # imported here: alembic brings mako and pygments (about 11 MB of objects), which a
        # server that does not migrate (``casebook serve``'s processes) never holds
        from api.storage import migrate as migrations

        with translated("upgrade its schema"):
            migrations.upgrade(self._engine)

    def self_check(self) -> dict[str, object]:
        """Report the settings durability depends on; raise ``StoreError`` if one is wrong."""
        with translated("report its settings"), self._reader.connect() as conn:
            if self._engine.dialect.name == "sqlite":
                database = self._engine.url.database or ""
                return check_sqlite(conn, database, self._sqlite_synchronous)
            return check_postgresql(conn)

    def dispose(self) -> None:
        """Close every pooled connection, and the writer gate's descriptor."""
        self._hot.dispose()
        self._engine.dispose()
        if isinstance(self._gate, WriterGate):
            self._gate.close()

    # Housekeeping

    def purge_old(self, finished_before: datetime, idle_before: datetime) -> dict[str, int]:
        """Forget games and tables finished before ``finished_before``, games nobody has moved
        since ``idle_before``, their seats and steps, and the cases made for those games
        alone; how many of each."""
        with translated("purge old games"), self._gate(), self._writer.begin() as conn:
            old_games = conn.execute(
                sa.delete(games).where(
                    sa.or_(
                        sa.and_(games.c.status == FINISHED, games.c.updated_at < finished_before),
                        games.c.updated_at < idle_before,
                    )
                )
            ).rowcount
            old_tables = conn.execute(
                sa.delete(tables).where(
                    tables.c.status == FINISHED, tables.c.updated_at < finished_before
                )
            ).rowcount
            orphans = conn.execute(
                sa.delete(cases).where(
                    cases.c.author_token_hash.is_(None),
                    cases.c.created_at < finished_before,
                    cases.c.id.not_in(sa.select(games.c.case_id)),
                    cases.c.id.not_in(sa.select(tables.c.case_id)),
                )
            ).rowcount
        return {"games": old_games, "tables": old_tables, "cases": orphans}

    # Cases

    def new_case(
        self, *, system: str, seed: int, case: dict[str, Any], author_token_hash: str | None
    ) -> StoredCase:
        """A case record with a fresh id, not stored yet (see ``create_case``/``create_game``).

        ``author_token_hash`` is ``None`` for a case made for one game: nobody is its author.
        """
        _check_seed(seed)
        return StoredCase(
            id=_new_id(),
            system=system,
            seed=seed,
            case=case,
            author_token_hash=author_token_hash,
            created_at=_now(),
        )

    def create_case(
        self, *, system: str, seed: int, case: dict[str, Any], author_token_hash: str | None
    ) -> StoredCase:
        stored = self.new_case(
            system=system, seed=seed, case=case, author_token_hash=author_token_hash
        )
        with translated("store the case"), self._gate(), self._writer.begin() as conn:
            conn.execute(_INSERT_CASE, _case_row(stored))
        return stored

    def get_case(self, case_id: str) -> StoredCase | None:
        with translated("read the case"), self._reader.connect() as conn:
            row = conn.execute(_GET_CASE, {"id": case_id}).first()
        if row is None:
            return None
        return StoredCase(
            id=row.id,
            system=row.system,
            seed=row.seed,
            case=row.case_data,
            author_token_hash=row.author_token_hash,
            created_at=row.created_at,
        )

    # Games

    def create_game(
        self,
        *,
        system: str,
        mode: str,
        seed: int,
        case_id: str,
        options: dict[str, Any],
        seats: Sequence[StoredSeat],
        state: dict[str, Any],
        steps: Sequence[StoredStep],
        status: str,
        new_case: StoredCase | None = None,
        creator: str | None = None,
        running_limit: int | None = None,
    ) -> StoredGame:
        """Store a new game; its version is ``len(steps)``, which must be numbered 1..n.

        ``new_case`` (made by ``new_case``) is stored in the same transaction, for a game that
        generated its own case: the game and its case are kept together or not at all. With
        ``running_limit``, a ``creator`` who already has that many games running gets
        :class:`QuotaExceeded` and nothing is stored (counted inside the transaction, under a
        lock per creator, so racing requests cannot both take the last place).
        """
        if new_case is not None and new_case.id != case_id:
            raise ValueError("the new case must be the game's case")
        _check_seed(seed)
        _check_numbering(steps, first=1)
        now = _now()
        game = StoredGame(
            id=_new_id(),
            system=system,
            mode=mode,
            seed=seed,
            case_id=case_id,
            options=options,
            seats=tuple(seats),
            version=len(steps),
            state=state,
            status=status,
            created_at=now,
            updated_at=now,
        )
        with translated("create the game"), self._gate(), self._writer.begin() as conn:
            if creator is not None and running_limit is not None:
                _check_quota(conn, creator, running_limit)
            if new_case is not None:
                conn.execute(_INSERT_CASE, _case_row(new_case))
            conn.execute(
                _INSERT_GAME,
                {
                    "id": game.id,
                    "system": system,
                    "mode": mode,
                    "seed": seed,
                    "case_id": case_id,
                    "options": options,
                    "version": game.version,
                    "state": state,
                    "status": status,
                    "created_at": now,
                    "updated_at": now,
                    "creator": creator,
                },
            )
            if seats:
                conn.execute(_INSERT_SEATS, [_seat_row(game.id, seat) for seat in seats])
            if steps:
                conn.execute(_INSERT_STEPS, [_step_row(game.id, step, now) for step in steps])
        return game

    def running_games(self, creator: str) -> int:
        """How many games ``creator`` made that are still running."""
        with translated("count the games"), self._reader.connect() as conn:
            return int(conn.execute(_RUNNING, {"creator": creator}).scalar_one())

    def one_connection(self) -> AbstractContextManager[None]:
        """Run :meth:`open_game` and :meth:`append_steps` inside on one pooled connection."""
        return self._hot.one_connection()

    def open_game(self, game_id: str) -> OpenGame | None:
        """What serving a request needs of a game (no timestamps), in one statement."""
        return self._hot.open_game(game_id)

    def state_text(self, state: dict[str, Any]) -> str:
        """``state`` as the JSON text :meth:`append_steps` writes and :meth:`open_game` reads."""
        return self._hot.state_text(state)

    def append_steps(
        self,
        game_id: str,
        *,
        expected_version: int,
        steps: Sequence[StoredStep],
        state: dict[str, Any] | str,
        status: str,
        status_was: str | None = None,
    ) -> int:
        """Apply ``steps`` if the game is still at ``expected_version``, all or nothing;
        ``state`` as JSON data or as the text :meth:`state_text` made of it; ``status_was``,
        the status read with ``expected_version`` if the caller has it: a status left as it
        was is not written again (on SQLite that spares its index a write).

        Returns the new version. Raises ``VersionConflict`` when another writer got there first
        or the game is gone. Only the version, state, status and update time of a game change
        (its seats and case never do), so nothing is read back.
        """
        if not steps:
            raise ValueError("append at least one step: an empty append could not detect a race")
        _check_numbering(steps, first=expected_version + 1)
        return self._hot.append_steps(
            game_id,
            expected_version=expected_version,
            steps=steps,
            state=state,
            status=status,
            now=_now(),
            status_was=status_was,
        )

    def list_steps(
        self, game_id: str, *, after: int = 0, limit: int | None = None
    ) -> list[StoredStep]:
        """Steps numbered above ``after``, in order, at most ``limit`` of them."""
        if after < 0 or (limit is not None and limit < 0):
            raise ValueError("after and limit must not be negative")
        params: dict[str, Any] = {"game_id": game_id, "after": after}
        statement = _STEPS_AFTER
        if limit is not None:
            statement, params["limit"] = _STEPS_AFTER_LIMITED, limit
        with translated("read the moves"), self._reader.connect() as conn:
            rows = conn.execute(statement, params).all()
        return [
            StoredStep(step=row.step, seat=row.seat, action=row.action, events=row.events)
            for row in rows
        ]


def _writer_gate(engine: Engine, timeout_ms: int) -> Callable[[], AbstractContextManager[None]]:
    """A queue for the writers of a SQLite file; PostgreSQL and in-memory SQLite need none.

    (Nor do ``file:`` URIs get one: their path is not a plain file name to put a lock beside.)
    """
    database = engine.url.database or ""
    if engine.dialect.name != "sqlite" or database in ("", ":memory:") or database[:5] == "file:":
        return no_gate
    return WriterGate(database + "-writers", timeout_ms)


def _case_row(case: StoredCase) -> dict[str, Any]:
    return {
        "id": case.id,
        "system": case.system,
        "seed": case.seed,
        "case_data": case.case,
        "author_token_hash": case.author_token_hash,
        "created_at": case.created_at,
    }


def _seat_row(game_id: str, seat: StoredSeat) -> dict[str, Any]:
    return {
        "game_id": game_id,
        "number": seat.number,
        "name": seat.name,
        "bot": seat.bot,
        "token_hash": seat.token_hash,
    }


def _step_row(game_id: str, step: StoredStep, now: datetime) -> dict[str, Any]:
    return {
        "game_id": game_id,
        "step": step.step,
        "seat": step.seat,
        "action": step.action,
        "events": step.events,
        "created_at": now,
    }


def _check_numbering(new_steps: Sequence[StoredStep], *, first: int) -> None:
    numbers = [step.step for step in new_steps]
    if numbers != list(range(first, first + len(numbers))):
        raise ValueError(f"steps must be numbered from {first} without gaps, got {numbers}")


def _check_seed(seed: int) -> None:
    if seed not in _SEED_RANGE:
        raise ValueError("a seed must fit in 64 signed bits")


def _new_id() -> str:
    return secrets.token_urlsafe(_ID_BYTES)


def _now() -> datetime:
    return datetime.now(UTC)


def _check_quota(conn: Connection, creator: str, limit: int) -> None:
    """Refuse a creator's game beyond ``limit`` running ones, inside the writing transaction."""
    if conn.dialect.name == "postgresql":  # SQLite's BEGIN IMMEDIATE already serialises
        conn.execute(
            sa.text("SELECT pg_advisory_xact_lock(hashtext(:creator))"), {"creator": creator}
        )
    if conn.execute(_RUNNING, {"creator": creator}).scalar_one() >= limit:
        raise QuotaExceeded(limit)
