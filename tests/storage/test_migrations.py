"""Migrations: repeatable, safe to race, keep stored games, and match the tables the code uses."""

from __future__ import annotations

import fnmatch
import threading
import tomllib
from pathlib import Path

import pytest
import sqlalchemy as sa
from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext

from api.storage import Store
from api.storage.migrate import MIGRATIONS, upgrade
from api.storage.schema import metadata
from tests.storage.conftest import new_game, step

REPO = Path(__file__).resolve().parents[2]


def head_revisions(store: Store) -> list[str]:
    with store.engine.connect() as conn:
        return list(conn.execute(sa.text("SELECT version_num FROM alembic_version")).scalars())


def test_migrate_twice_is_harmless(store: Store) -> None:
    game = new_game(store)

    store.migrate()

    assert store.get_game(game.id) == game
    assert head_revisions(store) == ["0001"]


def test_migrate_from_four_threads_at_once(database_url: str) -> None:
    """Four engines stand for four API processes starting together on an empty database."""
    stores = [Store(database_url) for _ in range(4)]
    barrier = threading.Barrier(len(stores))
    errors: list[BaseException] = []

    def start(store: Store) -> None:
        barrier.wait(timeout=60)
        try:
            store.migrate()
        except BaseException as error:  # reported below, with the others
            errors.append(error)

    threads = [threading.Thread(target=start, args=(s,)) for s in stores]
    try:
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        assert errors == []
        assert head_revisions(stores[0]) == ["0001"]
        game = new_game(stores[0])
        assert stores[3].get_game(game.id) == game
    finally:
        for store in stores:
            store.dispose()


def test_upgrade_to_head_keeps_games_stored_at_0001(database_url: str) -> None:
    store = Store(database_url)
    try:
        upgrade(store.engine, "0001")
        game = new_game(store)
        store.append_steps(game.id, expected_version=0, steps=[step(1)], state={}, status="x")
        before = store.get_game(game.id)

        store.migrate()

        assert store.get_game(game.id) == before
        assert store.list_steps(game.id) == [step(1)]
    finally:
        store.dispose()


def test_latest_revision_creates_the_tables_the_code_uses(store: Store) -> None:
    with store.engine.connect() as conn:
        differences = compare_metadata(MigrationContext.configure(conn), metadata)

    assert differences == []


def test_the_alembic_cli_is_refused_an_upgrade(tmp_path: Path) -> None:
    """Upgrades must go through Store.migrate(), which holds the lock."""
    from alembic import command
    from alembic.config import Config

    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    config.set_main_option("sqlalchemy.url", f"sqlite:///{tmp_path / 'x.db'}")
    with pytest.raises(RuntimeError, match="migrate"):
        command.upgrade(config, "head")


def test_every_migration_file_ships_in_the_package() -> None:
    pyproject = tomllib.loads((REPO / "pyproject.toml").read_text())
    patterns = pyproject["tool"]["setuptools"]["package-data"]["api"]
    files = [
        path.relative_to(MIGRATIONS.parent).as_posix()
        for path in MIGRATIONS.rglob("*")
        if path.is_file() and "__pycache__" not in path.parts
    ]

    assert "migrations/env.py" in files
    assert "migrations/versions/0001_initial.py" in files
    assert [f for f in files if not any(fnmatch.fnmatch(f, p) for p in patterns)] == []
