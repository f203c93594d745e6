"""Upgrade safety (D5): games the previous release stored at revision 0001 play on after 0002.

``data/midnight_games_0001.json`` holds every row the previous release wrote for two Murdered
by Midnight games (see ``data/README.md``): one from a seed, its case only inside the game and
its state holding the case and a prose ending; one of a stored case, still running. They are
loaded at revision 0001, upgraded to head, and then served by today's service.
"""

from __future__ import annotations

import json
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest
import sqlalchemy as sa

from api.service import Service
from api.storage import Store
from api.storage.migrate import upgrade
from api.systems import load_systems
from rules import registry
from rules.core import Action
from tests.api.storage.stored import read_game

FIXTURE = Path(__file__).parent / "data" / "midnight_games_0001.json"
TIMESTAMPS = ("created_at", "updated_at")


def recorded() -> dict[str, Any]:
    data: dict[str, Any] = json.loads(FIXTURE.read_text())
    return data


def insert_at_0001(store: Store, tables: dict[str, list[dict[str, Any]]]) -> None:
    """Write the rows as 0001 stored them, through that revision's own tables."""
    with store.engine.begin() as conn:
        schema = sa.MetaData()
        schema.reflect(conn, only=list(tables))
        for name in ("cases", "games", "seats", "steps"):  # parents first
            rows = [
                {
                    key: datetime.fromisoformat(value).replace(tzinfo=UTC)
                    if key in TIMESTAMPS
                    else value
                    for key, value in row.items()
                }
                for row in tables[name]
            ]
            if rows:
                conn.execute(sa.insert(schema.tables[name]), rows)


@pytest.fixture
def upgraded(database_url: str) -> Any:
    """A store at head holding the previous release's games, and what was recorded."""
    load_systems()
    data = recorded()
    store = Store(database_url)
    try:
        upgrade(store.engine, "0001")
        insert_at_0001(store, data["tables"])
        store.migrate()
        yield store, data
    finally:
        store.dispose()


def old_games(data: dict[str, Any]) -> tuple[dict[str, Any], dict[str, Any]]:
    """(the finished game from a seed, the running game of a stored case)."""
    by_case = {row["case_id"] is None: row for row in data["tables"]["games"]}
    return by_case[True], by_case[False]


def test_the_recording_is_what_0001_stored() -> None:
    """The fixture really is the old shape: case inside the game and the state, prose ending."""
    finished, running = old_games(recorded())

    assert finished["case_data"]["public"] and "case" in finished["state"]
    assert finished["state"]["ended"] == "the murderer was confronted"
    assert running["case_id"] is not None and "case" in running["state"]
    assert running["state"]["ended"] is None


def test_a_game_s_own_case_becomes_a_case_row(upgraded: Any) -> None:
    store, data = upgraded
    finished, running = old_games(data)

    game = read_game(store, finished["id"])
    assert game is not None
    case = store.get_case(game.case_id)
    assert case is not None
    assert (case.system, case.case, case.author_token_hash) == (
        "murdered-by-midnight",
        finished["case_data"],
        None,  # nobody is the author of a case made for one game
    )
    assert case.seed == finished["case_data"]["seed"]
    assert game.options == {}
    assert "case" not in game.state and game.state["ended"] == "solved"
    steps = store.list_steps(game.id)
    assert [step.step for step in steps] == list(range(1, game.version + 1))
    (ended,) = [event for event in steps[-1].events if event["type"] == "game-ended"]
    system = registry.get("murdered-by-midnight")
    outcome = system.result(system.read_case(case.case), system.state_from_json(game.state))
    assert outcome is not None
    assert ended["data"] == outcome.to_json()  # the log's last word, as the rules say it now

    kept = read_game(store, running["id"])
    assert kept is not None and kept.case_id == running["case_id"]  # its case row stays
    stored_case = store.get_case(running["case_id"])
    assert stored_case is not None and stored_case.author_token_hash is not None
    assert "case" not in kept.state
    with store.engine.connect() as conn:
        assert conn.execute(sa.select(sa.func.count()).select_from(sa.table("cases"))).scalar() == 2


def test_the_finished_game_shows_its_view_and_result(upgraded: Any) -> None:
    store, data = upgraded
    service = Service(store)
    finished, _ = old_games(data)
    token = data["tokens"][finished["id"]]["0"]
    system = registry.get("murdered-by-midnight")

    shown = service.read_game(finished["id"], token)

    assert shown["status"] == "finished" and shown["to_act"] == []
    assert shown["view"]
    result = shown["result"]
    assert result["ending"] == "solved" and result["ending"] in system.SPEC.endings
    assert result["winners"] == data["ended"]["winners"]
    assert result["solution"] == data["ended"]["solution"]
    assert {s["seat"] for s in result["standings"] if s["rank"] == 1} == set(result["winners"])
    assert result["text"]
    events = service.log(finished["id"], token, after=0, limit=500)["events"]
    assert events and all(event["text"] for event in events)
    assert service.legal_actions(finished["id"], token)["actions"] == []


def test_the_running_game_plays_on(upgraded: Any) -> None:
    store, data = upgraded
    service = Service(store)
    _, running = old_games(data)
    tokens = data["tokens"][running["id"]]

    views = {seat: service.read_game(running["id"], token) for seat, token in tokens.items()}
    assert {shown["status"] for shown in views.values()} == {"active"}
    assert {shown["version"] for shown in views.values()} == {running["version"]}
    assert service.log(running["id"], tokens["0"], after=0, limit=500)["events"]

    (seat,) = views["0"]["to_act"]
    token = tokens[str(seat)]
    legal = service.legal_actions(running["id"], token)["actions"]
    assert legal
    first = legal[0]
    params = {name: choice["choices"][0] for name, choice in first["params"].items()}
    if any(choice["kind"] == "subset" for choice in first["params"].values()):
        params = {
            name: choice["choices"][: choice["min"]]
            if choice["kind"] == "subset"
            else choice["choices"][0]
            for name, choice in first["params"].items()
        }
    played = service.play(running["id"], token, Action(first["type"], params), if_match=None)

    assert played["version"] == running["version"] + 1
    assert played["events"]
