"""Old finished games, their cases and idempotency keys are forgotten on schedule; nothing else."""

from __future__ import annotations

import time
from datetime import UTC, datetime, timedelta

import sqlalchemy as sa
from flask import Flask
from flask.testing import FlaskClient

from api import housekeeping
from api.storage import Store
from api.storage.schema import cases, games, seats, steps
from tests.api.commands.helpers import run_cli
from tests.api.helpers import TOY, start_game

MONTH = timedelta(days=housekeeping.KEEP_FINISHED_DAYS)


def count(app: Flask, table: sa.Table) -> int:
    with app.extensions["casebook"].store.engine.connect() as conn:
        return int(conn.execute(sa.select(sa.func.count()).select_from(table)).scalar_one())


def finished_game(client: FlaskClient) -> None:
    """A game of bots only: played out, and finished, when it is made."""
    bots = [{"name": "B1", "bot": True}, {"name": "B2", "bot": True}]
    created = client.post("/v1/games", json={"system": TOY, "mode": "duel", "seats": bots})
    assert created.get_json()["status"] == "finished"


def test_finished_games_go_after_a_month_with_their_own_cases(
    app: Flask, client: FlaskClient
) -> None:
    finished_game(client)
    start_game(client, [{"name": "Ann"}])  # running: kept however old
    authored = client.post("/v1/cases", json={"system": TOY}).get_json()  # has an author: kept
    store: Store = app.extensions["casebook"].store
    before = {table.name: count(app, table) for table in (games, cases, seats, steps)}

    assert housekeeping.tidy(store, MONTH)["games"] == 0  # not a month old yet
    forgotten = housekeeping.tidy(store, MONTH, datetime.now(UTC) + MONTH + timedelta(days=1))

    assert (forgotten["games"], forgotten["cases"]) == (1, 1)  # the running game stays
    assert count(app, games) == before["games"] - 1
    assert count(app, cases) == before["cases"] - 1
    assert count(app, seats) == before["seats"] - 2 and count(app, steps) < before["steps"]
    assert client.get(f"/v1/cases/{authored['id']}").status_code != 404
    idle = datetime.now(UTC) + timedelta(days=housekeeping.KEEP_IDLE_DAYS + 1)
    assert housekeeping.tidy(store, MONTH, idle)["games"] == 1  # nobody moved it for 90 days
    assert count(app, games) == before["games"] - 2


def test_each_process_tidies_on_the_first_request_after_the_hour(
    app: Flask, client: FlaskClient
) -> None:
    app.config["KEEP_FINISHED_DAYS"] = 0
    finished_game(client)
    client.get("/v1/health")
    assert count(app, games) == 1  # within the hour: nothing yet
    app.extensions["casebook-tidied-at"][0] = time.monotonic() - housekeeping.EVERY_S - 1
    client.get("/v1/health")
    assert count(app, games) == 0


def test_casebook_tidy_forgets_now(app: Flask, client: FlaskClient) -> None:
    finished_game(client)
    url = app.config["DATABASE_URL"]
    done = run_cli("tidy", "--keep-finished-days", "0", env={"CASEBOOK_DATABASE_URL": url})
    assert done.exit_code == 0, done.stderr
    assert done.stdout.startswith("forgot 1 games, 0 tables, 1 cases, 0 idempotency keys")
    assert count(app, games) == 0


def test_a_game_of_bots_only_gives_a_token_that_reads_it_and_cannot_act(
    client: FlaskClient,
) -> None:
    bots = [{"name": "B1", "bot": True}, {"name": "B2", "bot": True}]
    created = client.post("/v1/games", json={"system": TOY, "mode": "duel", "seats": bots})
    body = created.get_json()
    assert all("token" not in seat for seat in body["seats"])
    watch = {"Authorization": f"Bearer {body['watch_token']}"}
    read = client.get(f"/v1/games/{body['id']}", headers=watch)
    assert read.status_code == 200 and read.get_json()["status"] == "finished"
    assert client.get(f"/v1/games/{body['id']}/log", headers=watch).status_code == 200
    acted = client.post(
        f"/v1/games/{body['id']}/actions", json={"type": "investigate"}, headers=watch
    )
    assert acted.status_code == 403 and acted.get_json()["code"] == "auth/watch-only"
    person = start_game(client, [{"name": "Ann"}, {"name": "Bot", "bot": True}])
    assert "watch_token" not in person.created
