"""SQLite specifics: durability settings, BEGIN IMMEDIATE for writers, busy beyond the timeout."""

from __future__ import annotations

import logging
import sqlite3
from collections.abc import Iterator
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any

import pytest
import sqlalchemy as sa

from api.storage import Store, StoreError, checks, engine
from tests.api.storage.conftest import new_game, step
from tests.api.storage.stored import read_game


@pytest.fixture
def db_path(tmp_path: Path) -> Path:
    return tmp_path / "casebook.db"


@pytest.fixture
def sqlite_store(db_path: Path) -> Iterator[Store]:
    store = Store(f"sqlite:///{db_path}")
    store.migrate()
    yield store
    store.dispose()


def test_self_check_reports_durable_settings(sqlite_store: Store) -> None:
    report = sqlite_store.self_check()

    assert report["journal_mode"] == "wal"
    assert report["synchronous"] == "FULL"
    assert isinstance(report["busy_timeout_ms"], int) and report["busy_timeout_ms"] > 0
    assert report["foreign_keys"] == 1
    assert report["filesystem"]  # known on Linux, and not a network filesystem


def test_self_check_refuses_a_network_filesystem(
    sqlite_store: Store, db_path: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    mounts = tmp_path / "mounts"
    mounts.write_text(f"/dev/vda / ext4 rw 0 0\nserver:/share {db_path.parent} nfs4 rw 0 0\n")
    monkeypatch.setattr(checks, "_MOUNTS", mounts)

    with pytest.raises(StoreError, match="filesystem"):
        sqlite_store.self_check()


def test_filesystem_of_picks_the_longest_mount_point(tmp_path: Path) -> None:
    mounts = tmp_path / "mounts"
    mounts.write_text(
        "/dev/vda / ext4 rw 0 0\nserver:/a /mnt/a nfs rw 0 0\ntmpfs /mnt/a\\040b tmpfs rw 0 0\n"
    )

    assert checks.filesystem_of("/mnt/a/db.sqlite", mounts) == "nfs"
    assert checks.filesystem_of("/mnt/a b/db.sqlite", mounts) == "tmpfs"
    assert checks.filesystem_of("/mnt/ab/db.sqlite", mounts) == "ext4"
    assert checks.filesystem_of("/db.sqlite", tmp_path / "missing") is None


def test_self_check_fails_on_a_weakened_connection(sqlite_store: Store) -> None:
    @sa.event.listens_for(sqlite_store.engine, "connect")
    def weaken(dbapi_connection: Any, _record: object) -> None:
        dbapi_connection.execute("PRAGMA synchronous = NORMAL")

    sqlite_store.engine.dispose()  # the next connection is a new, weakened one

    with pytest.raises(StoreError, match="synchronous"):
        sqlite_store.self_check()


def test_normal_synchronous_is_an_operator_choice(db_path: Path) -> None:
    store = Store(f"sqlite:///{db_path}", sqlite_synchronous="normal")
    try:
        store.migrate()
        assert store.self_check()["synchronous"] == "NORMAL"
    finally:
        store.dispose()


def test_unknown_synchronous_settings_are_refused(db_path: Path) -> None:
    with pytest.raises(ValueError, match="synchronous"):
        Store(f"sqlite:///{db_path}", sqlite_synchronous="off")


def test_writers_begin_immediate_and_readers_deferred(sqlite_store: Store) -> None:
    """Seen by the driver itself, so the hot path (straight on the driver) is watched too."""
    game = new_game(sqlite_store)
    begins: list[str] = []

    def record(statement: str) -> None:
        if statement.startswith("BEGIN"):
            begins.append(statement)

    sqlite_store.engine.dispose()  # every connection from now on is traced

    @sa.event.listens_for(sqlite_store.engine, "connect")
    def trace(dbapi_connection: Any, _record: Any) -> None:
        dbapi_connection.set_trace_callback(record)

    sqlite_store.append_steps(game.id, expected_version=0, steps=[step(1)], state={}, status="a")
    read_game(sqlite_store, game.id)

    assert begins == ["BEGIN IMMEDIATE", "BEGIN"]


def test_foreign_keys_are_enforced(sqlite_store: Store) -> None:
    with pytest.raises(StoreError):
        sqlite_store.create_game(
            system="toy",
            mode="solo",
            seed=1,
            case_id="no-such-case",
            options={},
            seats=[],
            state={},
            steps=[],
            status="active",
        )


def test_busy_beyond_the_timeout_is_a_clean_store_error(
    db_path: Path, sqlite_store: Store, caplog: pytest.LogCaptureFixture
) -> None:
    game = new_game(sqlite_store)
    impatient = Store(f"sqlite:///{db_path}", busy_timeout_ms=1)
    holder = sqlite3.connect(db_path, isolation_level=None)
    try:
        holder.execute("BEGIN IMMEDIATE")  # another process holds the write lock

        with pytest.raises(StoreError) as caught, caplog.at_level(logging.ERROR, "api.storage"):
            impatient.append_steps(
                game.id, expected_version=0, steps=[step(1)], state={}, status="a"
            )
        assert read_game(impatient, game.id) == game  # WAL: readers are not blocked by a writer

        holder.execute("ROLLBACK")
        moved = impatient.append_steps(
            game.id, expected_version=0, steps=[step(1)], state={}, status="a"
        )
    finally:
        holder.close()
        impatient.dispose()

    for message in (caught.value.message, str(caught.value)):  # what a client and the log see
        for leak in (str(db_path), db_path.name, "locked", "sqlite", "UPDATE", "BEGIN", "games"):
            assert leak not in message
    assert caught.value.__cause__ is None and caught.value.__suppress_context__
    assert "database is locked" in caplog.text  # the original goes to the log
    assert moved == 1  # the store recovers once the lock is gone


def test_each_connection_keeps_a_small_page_cache(sqlite_store: Store) -> None:
    """SQLite's default page cache (2,000 KiB) filled up in every pooled connection of every
    worker; a connection now keeps ``PAGE_CACHE_KIB`` and reads the rest from the file cache."""
    with sqlite_store.engine.connect() as connection:
        size = connection.exec_driver_sql("PRAGMA cache_size").scalar_one()
    assert size == engine.PAGE_CACHE_KIB < 0
    assert -engine.PAGE_CACHE_KIB < 2000


def test_a_move_writes_its_times_as_the_driver_would(sqlite_store: Store) -> None:
    """A move binds its timestamps as text it makes itself (the driver's datetime adapter is
    a Python call a parameter): the very text the adapter wrote for them before, the game's
    and its steps' alike, read back as the same UTC time."""
    game = new_game(sqlite_store)
    sqlite_store.append_steps(game.id, expected_version=0, steps=[step(1)], state={}, status="x")
    with sqlite_store.engine.connect() as conn:
        updated, stepped = conn.exec_driver_sql(
            "SELECT g.updated_at, s.created_at FROM games g JOIN steps s ON s.game_id = g.id"
            " WHERE g.id = ?",
            (game.id,),
        ).one()
    written = datetime.fromisoformat(updated)
    adapter = sqlite3.adapters[(datetime, sqlite3.PrepareProtocol)]
    assert updated == stepped == adapter(written)
    assert written.utcoffset() == timedelta(0)
    fetched = read_game(sqlite_store, game.id)
    assert fetched is not None and fetched.updated_at == written


def test_a_move_names_the_status_only_when_it_changes(db_path: Path) -> None:
    """SQLite rewrites the entry of every index on a column an UPDATE names, whatever its value:
    a move that leaves the game's status as it was read does not name it (its index,
    ``games_creator_status``, is not written again); a move that changes it does, and so does
    a caller that does not say what the status was. Either way the move's status is stored."""
    store = Store(f"sqlite:///{db_path}")
    statements: list[str] = []
    sa.event.listen(
        store.engine, "connect", lambda dbapi, _: dbapi.set_trace_callback(statements.append)
    )
    try:
        store.migrate()
        game = new_game(store)
        moves = [("active", "active"), ("finished", "active"), ("finished", None)]
        for number, (status, was) in enumerate(moves, start=1):
            store.append_steps(
                game.id,
                expected_version=number - 1,
                steps=[step(number)],
                state={"log": [number]},
                status=status,
                status_was=was,
            )
            stored = read_game(store, game.id)
            assert stored is not None and (stored.version, stored.status) == (number, status)
        advances = [sql for sql in statements if sql.startswith("UPDATE games")]
        assert len(advances) == 3
        assert ["status =" in sql for sql in advances] == [False, True, True]
    finally:
        store.dispose()
