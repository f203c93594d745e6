"""C2/C5 quick: 16 clients race on one game of a real server, on SQLite and on PostgreSQL;
every acknowledged move is stored once, at its step, and the log replays. The negative control
serves the same race from a store without compare-and-set, and the check must catch it."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from api.storage import Store
from tests.api.server.live import LiveServer
from tests.suite.client import OverHttp
from tests.suite.race import Tally, check_acknowledged, race, start_game

pytestmark = pytest.mark.slow

CLIENTS = 16
ATTEMPTS = 8


def run_race(
    database_url: str, log: Path, plugins: str, workers: int = 2
) -> tuple[Tally, list[str]]:
    server = LiveServer(database_url, log, workers=workers, env={"CASEBOOK_PLUGINS": plugins})
    server.start()
    try:
        transport = OverHttp(server)
        game, tokens = start_game(transport)
        tally = race(transport, {game: tokens}, clients=CLIENTS, attempts=ATTEMPTS, seed=16)
    finally:
        server.kill()
    store = Store(database_url)
    try:
        return tally, check_acknowledged(store, tally, {game: tokens})
    finally:
        store.dispose()


@pytest.fixture
def log(tmp_path: Path) -> Iterator[Path]:
    yield tmp_path / "server.log"


def test_16_racing_clients_lose_and_double_nothing(database_url: str, log: Path) -> None:
    # PostgreSQL is shared by 4 worker processes, as several API instances would share it.
    workers = 2 if database_url.startswith("sqlite") else 4
    tally, problems = run_race(database_url, log, "tests.toy", workers)
    assert problems == [], "\n".join(problems)
    assert not [status for status in tally.statuses if status >= 500], tally.errors
    assert tally.acknowledged, "no move was acknowledged: nothing was tested"
    assert tally.statuses[412] + tally.statuses[409] > 0, "the clients never collided"


def test_the_race_catches_a_store_without_compare_and_set(database_url: str, log: Path) -> None:
    tally, problems = run_race(database_url, log, "tests.toy,tests.suite.broken_store")
    assert tally.acknowledged
    assert any("lost" in problem or "times" in problem for problem in problems), problems
