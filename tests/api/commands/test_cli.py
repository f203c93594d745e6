"""The ``casebook`` group: serve and migrate, help, and one-line errors everywhere."""

from __future__ import annotations

import os
import sqlite3
import subprocess
import sys
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
from gunicorn.app.base import BaseApplication

import api.app
import api.cli
from api.cli import cli, main
from tests.api.commands.helpers import assert_refused, run_cli


@dataclass
class FakeStore:
    calls: list[str] = field(default_factory=list)

    def migrate(self) -> None:
        self.calls.append("migrate")

    def dispose(self) -> None:
        self.calls.append("dispose")


@dataclass
class FakeApp:
    store: FakeStore
    configs: list[Any]
    runs: list[dict[str, Any]] = field(default_factory=list)

    @property
    def extensions(self) -> dict[str, Any]:
        return {"casebook": self}

    def run(self, **kwargs: Any) -> None:
        self.runs.append(kwargs)


@pytest.fixture
def app(monkeypatch: pytest.MonkeyPatch) -> Iterator[FakeApp]:
    """``create_app`` replaced by a fake that records what the commands ask of it."""
    fake = FakeApp(FakeStore(), [])

    def create_app(test_config: dict[str, Any] | None = None) -> FakeApp:
        fake.configs.append(test_config)
        return fake

    monkeypatch.setattr(api.app, "create_app", create_app)
    monkeypatch.setattr(api.cli, "migrate_in_a_child", lambda: fake.store.calls.append("child"))
    for name in ("HOST", "PORT", "WEB_CONCURRENCY", "CASEBOOK_ACCESS_LOG"):
        monkeypatch.delenv(name, raising=False)
    yield fake


@pytest.fixture
def gunicorn(monkeypatch: pytest.MonkeyPatch) -> list[dict[str, Any]]:
    """gunicorn's ``run`` replaced: the settings the server would have started with."""
    started: list[dict[str, Any]] = []

    def run(self: BaseApplication) -> None:
        settings = self.cfg.settings
        started.append(
            {
                "bind": settings["bind"].get(),
                "workers": settings["workers"].get(),
                "accesslog": settings["accesslog"].get(),
                "worker": settings["worker_class"].get().__name__,
                "keepalive": settings["keepalive"].get(),
                "control_socket": settings["control_socket"].get(),
            }
        )

    monkeypatch.setattr(BaseApplication, "run", run)
    return started


def test_serve_starts_gunicorn_with_the_defaults(
    app: FakeApp, gunicorn: list[dict[str, Any]]
) -> None:
    done = run_cli("serve", env={"XDG_RUNTIME_DIR": "/run/user/7"})
    assert done.exit_code == 0, done.stderr
    assert gunicorn == [
        {
            "bind": ["127.0.0.1:8000"],
            "workers": 2,
            "accesslog": None,
            "worker": "GeventProblemWorker",
            "keepalive": 5,
            "control_socket": "/run/user/7/casebook-127.0.0.1-8000.ctl",
        }
    ]
    # migrated once, before the fork, in a child; the master's app made without migrating
    assert app.store.calls == ["child", "dispose"]
    assert app.configs == [{"AUTO_MIGRATE": False}]


def test_serve_reads_the_environment(app: FakeApp, gunicorn: list[dict[str, Any]]) -> None:
    env = {
        "HOST": "0.0.0.0",
        "PORT": "9001",
        "WEB_CONCURRENCY": "5",
        "CASEBOOK_ACCESS_LOG": "yes",
        "CASEBOOK_WORKER_CLASS": "sync",
        "CASEBOOK_KEEP_ALIVE": "9",
        "CASEBOOK_CONTROL_SOCKET": "/srv/casebook.ctl",
    }
    assert run_cli("serve", env=env).exit_code == 0
    assert gunicorn == [
        {
            "bind": ["0.0.0.0:9001"],
            "workers": 5,
            "accesslog": "-",
            "worker": "SyncProblemWorker",
            "keepalive": 9,
            "control_socket": "/srv/casebook.ctl",
        }
    ]


def test_options_win_over_the_environment(app: FakeApp, gunicorn: list[dict[str, Any]]) -> None:
    env = {"PORT": "9001", "CASEBOOK_ACCESS_LOG": "1"}
    done = run_cli("serve", "--port", "9002", "--workers", "3", "--no-access-log", env=env)
    assert done.exit_code == 0
    assert [
        {key: started[key] for key in ("bind", "workers", "accesslog")} for started in gunicorn
    ] == [{"bind": ["127.0.0.1:9002"], "workers": 3, "accesslog": None}]


@pytest.mark.parametrize("value", ["", "0", "off", "maybe"])
def test_the_access_log_is_on_only_when_the_environment_says_so(
    app: FakeApp, gunicorn: list[dict[str, Any]], value: str
) -> None:
    assert run_cli("serve", env={"CASEBOOK_ACCESS_LOG": value}).exit_code == 0
    assert gunicorn[0]["accesslog"] is None


def test_serve_debug_runs_flasks_server(app: FakeApp) -> None:
    done = run_cli("serve", "--debug", "--port", "5005", "--host", "0.0.0.0")
    assert done.exit_code == 0
    assert app.runs == [{"host": "0.0.0.0", "port": 5005, "debug": True}]


@pytest.mark.parametrize(
    ("argv", "env", "fragments"),
    [
        (["--port", "0"], {}, ["--port", "1<=x<=65535"]),
        (["--port", "65536"], {}, ["--port"]),
        (["--port", "eighty"], {}, ["--port", "eighty"]),
        ([], {"PORT": "eighty"}, ["--port", "eighty"]),
        (["--workers", "0"], {}, ["--workers", "x>=1"]),
        ([], {"WEB_CONCURRENCY": "-1"}, ["--workers"]),
        (["--worker-class", "eventlet"], {}, ["--worker-class", "eventlet", "gevent", "sync"]),
        ([], {"CASEBOOK_WORKER_CLASS": "thread"}, ["--worker-class", "thread"]),
        (["--keep-alive", "0"], {}, ["--keep-alive"]),
        ([], {"CASEBOOK_CLIENT_TIMEOUT": "soon"}, ["--client-timeout", "soon"]),
    ],
)
def test_bad_serve_input_is_one_line(
    app: FakeApp,
    gunicorn: list[dict[str, Any]],
    argv: list[str],
    env: dict[str, str],
    fragments: list[str],
) -> None:
    assert_refused(run_cli("serve", *argv, env=env), "casebook serve", *fragments, code=2)
    assert gunicorn == [] and app.configs == []


def test_migrate_migrates(app: FakeApp) -> None:
    done = run_cli("migrate")
    assert (done.exit_code, done.stdout) == (0, "database schema is up to date\n")
    assert app.store.calls == ["migrate"] and app.configs == [{"AUTO_MIGRATE": False}]


def test_a_database_that_cannot_be_reached_is_one_line(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path}/no/such/folder/db.sqlite3"
    done = run_cli("migrate", env={"CASEBOOK_DATABASE_URL": url})
    assert_refused(done, "casebook: ")


def test_help_lists_every_command() -> None:
    done = run_cli("--help")
    assert done.exit_code == 0
    for command in ("serve", "migrate", "generate", "verify", "play"):
        assert f"  {command} " in done.stdout


def test_no_command_shows_the_help() -> None:
    done = run_cli()
    assert done.exit_code == 2 and "Commands:" in done.stderr


def test_an_unknown_command_is_one_line() -> None:
    assert_refused(run_cli("dance"), "casebook", "No such command 'dance'", code=2)


def test_main_is_the_entry_point_and_returns_the_status() -> None:
    assert main is cli
    assert main.main(["verify", "/no/such/file"], standalone_mode=False) == 1
    assert main.main(["--help"], standalone_mode=False) == 0


def test_the_server_migrates_in_a_child_and_never_imports_alembic(tmp_path: Path) -> None:
    """``casebook serve``'s master migrates in a forked child, then makes the app the workers
    share without migrating: no server process holds alembic, mako or pygments."""
    database = tmp_path / "fresh.sqlite3"
    script = (
        "import sys\n"
        "from api.cli import migrate_in_a_child\n"
        "from api.app import create_app\n"
        "migrate_in_a_child()\n"
        "create_app({'AUTO_MIGRATE': False}).extensions['casebook'].store.dispose()\n"
        "print(sorted({'alembic', 'mako', 'pygments'} & set(sys.modules)))\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", script],
        env={**os.environ, "CASEBOOK_DATABASE_URL": f"sqlite:///{database}"},
        capture_output=True,
        text=True,
        check=True,
    )
    assert done.stdout == "[]\n"
    with sqlite3.connect(database) as connection:
        tables = {row[0] for row in connection.execute("SELECT name FROM sqlite_master")}
    assert {"alembic_version", "games", "cases", "steps"} <= tables


def test_a_migration_that_fails_in_the_child_fails_the_start(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path}/no/such/folder/db.sqlite3"
    done = run_cli("serve", env={"CASEBOOK_DATABASE_URL": url})
    assert_refused(done, "casebook: ")
