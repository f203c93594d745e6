"""H1/H3/H4/H6 quick: random clients play every mode of every registered system through the
API, and no answer a seat receives gives away what it must not know.

``make soak`` runs the same scan over 1,000 games (``python -m soak``). Each negative control
serves deliberately leaky rules and the scan must catch them: a scan that cannot find a leak
proves nothing by finding none.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest
from flask import Flask

from api.app import create_app
from rules import registry
from tests.suite.client import InProcess
from tests.suite.leaky import LEAKS
from tests.suite.scan import scan

#: Every system the suite serves: the built-in ones and the test-only plugins.
PLUGINS = ("tests.toy", "tests.nightfall")
GAMES_PER_MODE = int(os.environ.get("SUITE_GAMES_PER_MODE", "2"))


def serve(database: Path) -> Flask:
    return create_app(
        {
            "TESTING": True,
            "DATABASE_URL": f"sqlite:///{database}",
            "PLUGINS": PLUGINS,
            "RATE_LIMITS": "off",  # the scan makes games fast, and many
            "RUNNING_GAMES_PER_CLIENT": 0,
        }
    )


@pytest.fixture
def app(tmp_path: Path) -> Iterator[Flask]:
    made = serve(tmp_path / "scan.sqlite3")
    yield made
    made.extensions["casebook"].store.dispose()


def test_no_seat_is_shown_what_it_must_not_know(app: Flask) -> None:
    report = scan(
        InProcess(app.test_client()),
        app.extensions["casebook"].store,
        games_per_mode=GAMES_PER_MODE,
        seed=8,
        max_moves=100,
    )
    assert report.leaks == [], "\n".join(map(str, report.leaks[:20]))
    every_mode = {
        (entry.id, mode.id)
        for entry in registry.all_registrations()
        for mode in entry.system.SPEC.modes
    }
    assert set(report.played) == every_mode  # every registered system joined, in every mode
    assert report.answers > 50 * report.games / 2, "the games were too short to scan much"


@pytest.mark.parametrize("leak", sorted(LEAKS))
def test_the_scan_catches_a_leaky_server(leak: str, tmp_path: Path) -> None:
    """Serve each system through a leaky wrapper: the scan must catch the leak on every system
    that has such a secret to leak, and on at least one."""
    app = serve(tmp_path / "leaky.sqlite3")
    caught: dict[str, int] = {}
    try:
        for entry in registry.all_registrations():
            leaky = LEAKS[leak](entry.system)
            with registry.override(entry.id, system=leaky):
                report = scan(
                    InProcess(app.test_client()),
                    app.extensions["casebook"].store,
                    games_per_mode=1,
                    seed=3,
                    max_moves=30,
                    mischief=0.5,  # errors too are scanned: make a few more of them
                    only=entry.id.__eq__,
                    judge={entry.id: entry.system}.get,
                )
            caught[entry.id] = len(report.leaks)
    finally:
        app.extensions["casebook"].store.dispose()
    assert any(caught.values()), f"{leak} went unnoticed on every system"
    if leak == "state-in-view":  # every state holds its secret seed
        assert all(caught.values()), caught
    if leak == "neighbour-in-view":  # wherever seats keep secrets from each other
        private = {
            entry.id
            for entry in registry.all_registrations()
            if any(mode.private and mode.max_seats > 1 for mode in entry.system.SPEC.modes)
        }
        assert all(caught[system] for system in private), caught
