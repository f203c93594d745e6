"""``kill -9`` of the whole server during a load of moves (D2).

Clients race on a few games of a real server; at a random moment the master and every worker
are SIGKILLed at once; the server is started again and the next round begins on new games.
After the last round every acknowledged move must be in the store, at its step, the stored
states must be their logs replayed, and SQLite's ``integrity_check`` must say ``ok``.
"""

from __future__ import annotations

import random
import threading
import time
from dataclasses import dataclass, field

from api.storage import Store
from tests.api.server.live import LiveServer
from tests.suite.client import OverHttp
from tests.suite.race import Tally, check_acknowledged, launch, start_game


@dataclass
class KillReport:
    kills: int = 0
    #: moves acknowledged in each round, before its kill
    rounds: list[int] = field(default_factory=list)
    tally: Tally = field(default_factory=Tally)
    games: dict[str, dict[int, str]] = field(default_factory=dict)
    problems: list[str] = field(default_factory=list)
    integrity: str = "not checked"


def restart(server: LiveServer, attempts: int = 3) -> None:
    """Start ``server`` again; a start that fails is tried again a little later."""
    for attempt in range(attempts):
        try:
            server.start()
            return
        except RuntimeError:
            if attempt == attempts - 1:
                raise
            time.sleep(2)


def kill_during_load(
    server: LiveServer,
    database_url: str,
    *,
    kills: int,
    clients: int = 8,
    games_per_round: int = 2,
    seed: int = 9,
    window: tuple[float, float] = (0.2, 0.6),
) -> KillReport:
    """``kills`` rounds of load, each ended by a SIGKILL at a random moment in ``window``
    after its first acknowledged move."""
    rng = random.Random(seed)
    report = KillReport()
    transport = OverHttp(server, timeout=15)
    for round_number in range(kills):
        games = dict(start_game(transport) for _ in range(games_per_round))
        report.games.update(games)
        stop = threading.Event()
        before = len(report.tally.acknowledged)
        threads = launch(
            transport,
            games,
            report.tally,
            clients=clients,
            attempts=10_000,
            seed=seed * 7919 + round_number,
            stop=stop,
        )
        deadline = time.monotonic() + 30  # the load is on once a move is acknowledged
        while len(report.tally.acknowledged) == before and time.monotonic() < deadline:
            time.sleep(0.01)
        time.sleep(rng.uniform(*window))
        server.kill()
        stop.set()
        for thread in threads:
            thread.join(timeout=60)
        report.kills += 1
        report.rounds.append(len(report.tally.acknowledged) - before)
        restart(server)
    store = Store(database_url)
    try:
        report.problems = check_acknowledged(store, report.tally, report.games, answered_all=False)
        if store.engine.dialect.name == "sqlite":
            with store.engine.connect() as conn:
                report.integrity = str(conn.exec_driver_sql("PRAGMA integrity_check").scalar())
            if report.integrity != "ok":
                report.problems.append(f"integrity_check: {report.integrity}")
    finally:
        store.dispose()
    return report
