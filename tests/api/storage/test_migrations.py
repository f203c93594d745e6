"""Migrations: repeatable, safe to race, keep stored games, and match the tables the code uses."""

from __future__ import annotations

import fnmatch
import threading
import tomllib
from datetime import UTC, datetime
from pathlib import Path

import pytest
import sqlalchemy as sa
from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext

from api.storage import Store
from api.storage.migrate import MIGRATIONS, upgrade
from api.storage.schema import metadata
from tests.api.storage.conftest import new_game, step
from tests.api.storage.stored import read_game

REPO = Path(__file__).resolve().parents[3]
HEAD = "0005"


def head_revisions(store: Store) -> list[str]:
    with store.engine.connect() as conn:
        return list(conn.execute(sa.text("SELECT version_num FROM alembic_version")).scalars())


def test_migrate_twice_is_harmless(store: Store) -> None:
    game = new_game(store)

    store.migrate()

    assert read_game(store, game.id) == game
    assert head_revisions(store) == [HEAD]


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
        assert head_revisions(stores[0]) == [HEAD]
        game = new_game(stores[0])
        assert read_game(stores[3], game.id) == game
    finally:
        for store in stores:
            store.dispose()


def test_upgrade_to_head_keeps_games_stored_at_0001(database_url: str) -> None:
    """Both kinds of 0001 game survive: one holding its own case, one naming a stored case.

    (A real previous-release Midnight game is upgraded and played on in test_upgrade_0002.)
    """
    store = Store(database_url)
    try:
        upgrade(store.engine, "0001")
        now = datetime.now(UTC)
        with store.engine.begin() as conn:
            old = sa.MetaData()
            old.reflect(conn)
            conn.execute(
                sa.insert(old.tables["cases"]),
                [dict(id="stored", system="toy", seed=5, case_data={"c": 5},
                      author_token_hash="ab" * 32, created_at=now)],
            )  # fmt: skip
            conn.execute(
                sa.insert(old.tables["games"]),
                [
                    dict(id=game_id, system="toy", mode="solo", seed=9, case_id=case_id,
                         case_data=data, version=1, state={"turn": 1, "case": data},
                         status="active", created_at=now, updated_at=now)
                    for game_id, case_id, data in [
                        ("own", None, {"seed": 3, "murderer": "S1"}),
                        ("named", "stored", {"c": 5}),
                    ]
                ],
            )  # fmt: skip
            conn.execute(
                sa.insert(old.tables["seats"]),
                [dict(game_id=g, number=0, name="Ann", bot=False, token_hash="cd" * 32)
                 for g in ("own", "named")],
            )  # fmt: skip
            conn.execute(
                sa.insert(old.tables["steps"]),
                [dict(game_id=g, step=1, seat=0, action={"kind": "move"}, events=[{"step": 1}],
                      created_at=now) for g in ("own", "named")],
            )  # fmt: skip

        store.migrate()

        own, named = read_game(store, "own"), read_game(store, "named")
        assert own is not None and named is not None
        assert named.case_id == "stored"
        assert store.get_case("stored") is not None
        made = store.get_case(own.case_id)
        assert made is not None
        assert (made.case, made.seed, made.author_token_hash) == (
            {"seed": 3, "murderer": "S1"},
            3,  # the envelope's own seed, not the game's
            None,
        )
        for game in (own, named):
            assert (game.state, game.options, game.version) == ({"turn": 1}, {}, 1)
            assert [seat.name for seat in game.seats] == ["Ann"]
            assert store.list_steps(game.id) == [step(1)]
        assert head_revisions(store) == [HEAD]
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
