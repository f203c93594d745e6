"""D2 quick: a few ``kill -9`` of the whole server during a load of moves; every acknowledged
move survives in the store and the stored states replay. The negative control serves the load
from a store that answers before it writes, and the check must find moves lost."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.api.server.live import LiveServer
from tests.suite.kills import kill_during_load

pytestmark = pytest.mark.slow

KILLS = 2


def test_acknowledged_moves_survive_kill_9_during_load(tmp_path: Path) -> None:
    """On SQLite here (``make soak`` kills PostgreSQL-backed servers too)."""
    database_url = f"sqlite:///{tmp_path / 'kills.sqlite3'}"
    server = LiveServer(database_url, tmp_path / "server.log")
    server.start()
    try:
        report = kill_during_load(server, database_url, kills=KILLS)
    finally:
        server.kill()
    assert report.problems == [], "\n".join(report.problems)
    assert report.kills == KILLS
    assert all(report.rounds), f"a kill came before any move was acknowledged: {report.rounds}"
    assert report.integrity in ("ok", "not checked")


def test_the_kill_check_catches_a_store_that_answers_before_it_writes(tmp_path: Path) -> None:
    database_url = f"sqlite:///{tmp_path / 'lazy.sqlite3'}"
    server = LiveServer(
        database_url,
        tmp_path / "server.log",
        env={"CASEBOOK_PLUGINS": "tests.toy,tests.suite.lazy_store"},
    )
    server.start()
    try:
        report = kill_during_load(server, database_url, kills=1)
    finally:
        server.kill()
    assert report.tally.acknowledged
    assert any("lost" in problem for problem in report.problems), report.problems
