"""Tiny Epic Crimes through the HTTP API: random clients finish games of every mode with no
server error; bad actions are problems that change nothing; bad tables and options are refused
with problem+json before a game exists."""

from __future__ import annotations

import random
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from rules.tiny_epic_crimes.spec import SPEC, Mode
from tests.api.helpers import Table, assert_problem, bearer, post_game
from tests.suite.client import InProcess
from tests.suite.players import modes, new_game, play

TEC = SPEC.id
#: The most moves a random client makes in one game: several times what a game takes (random
#: clients end one in about 60 to 120), so a game that never ends fails instead of hanging.
MAX_MOVES = 1500
GAMES_PER_MODE = 3


def test_every_mode_is_served_with_its_seats_and_options(client: FlaskClient) -> None:
    """ "Solo Game Mode: Set up a 2-player, Cooperative game ... you can set up a 3- or a
    4-player game, playing with even more officers"; the standard and cooperative games seat
    two to four."""
    listed = {s["id"]: s for s in client.get("/v1/systems").get_json()["systems"]}[TEC]
    seats = {m["id"]: (m["min_seats"], m["max_seats"]) for m in listed["modes"]}
    assert seats == {Mode.STANDARD: (2, 4), Mode.COOPERATIVE: (2, 4), Mode.SOLO: (1, 1)}
    solo = next(m for m in listed["modes"] if m["id"] == Mode.SOLO)
    assert [(o["name"], o["choices"], o["default"]) for o in solo["options"]] == [
        ("officers", [2, 3, 4], 2)
    ]
    assert listed["endings"] == ["solved", "unsolved"]


@pytest.mark.parametrize("mode", list(Mode))
def test_random_clients_finish_games_with_no_server_error(app: Flask, mode: str) -> None:
    """Random clients (and some mischief: moves out of turn, actions that do not exist, stale
    versions) play each mode to its end, on the game's own case and on a stored one."""
    transport = InProcess(app.test_client())
    (listed,) = [m for system, m in modes(transport) if system == TEC and m["id"] == mode]
    rng = random.Random(f"tec-{mode}")
    for number in range(GAMES_PER_MODE):
        case_id = None
        if number == 1:  # a stored case laid out for the table, as a person would make it
            officers = 2 if mode == Mode.SOLO else 4
            made = transport("POST", "/v1/cases", {"system": TEC, "options": {"players": officers}})
            assert made.status == 201, made.text
            case_id = made.body["id"]
        game = new_game(transport, TEC, listed, rng, case_id=case_id)
        play(transport, game, rng, max_moves=MAX_MOVES, mischief=0.2)
        assert game.finished, f"{mode} game {game.id} did not end in {MAX_MOVES} moves"
        errors = [seen for seen in game.seen if seen.answer.status >= 500]
        assert errors == [], errors[:3]
        problems = [seen.answer for seen in game.seen if seen.answer.status >= 400]
        for answer in problems:
            assert answer.headers.get("Content-Type") == "application/problem+json", answer
        final = transport("GET", f"/v1/games/{game.id}", token=next(iter(game.tokens.values())))
        assert final.body["status"] == "finished"
        assert final.body["result"]["ending"] in SPEC.endings


def start(client: FlaskClient, mode: str, seats: list[dict[str, Any]], **fields: Any) -> Table:
    body = {
        "system": TEC,
        "mode": mode,
        "seats": seats,
        **({} if "case_id" in fields else {"seed": 11}),
        **fields,
    }
    return post_game(client, body)


def snapshot(client: FlaskClient, table: Table) -> tuple[Any, Any]:
    """Seat 0's view of the game (its version with it) and its log: what a refusal must not
    change."""
    view = client.get(f"/v1/games/{table.id}", headers=table.auth(0)).get_json()
    log = client.get(f"/v1/games/{table.id}/log", headers=table.auth(0)).get_json()
    return view, log


#: (seat, body, status, code): malformed actions are 422; actions the rules refuse in this
#: state are 409 (the game waits for seat 0's Ability Card: "Each player chooses one").
BAD_ACTIONS: list[tuple[int, Any, int, str | None]] = [
    # no such action, or no such card: malformed whatever the game waits for (as Midnight's)
    (0, {"type": "no-such-action", "params": {}}, 422, "action/not-allowed"),
    (0, {"type": "play-force", "params": {"card": "F99"}}, 422, "action/not-allowed"),
    (0, {"type": "choose-ability", "params": {}}, 422, "action/missing-param"),
    (0, {"type": "choose-ability", "params": {"ability": "A99"}}, 422, "action/bad-choice"),
    (0, {"type": "choose-ability", "params": {"ability": "A01", "extra": 1}}, 422, None),
    (0, {"type": "choose-ability", "params": []}, 422, None),
    (0, ["choose-ability"], 422, None),
    (0, {"type": "drive", "params": {"to": "B01"}}, 409, "decision/owed"),
    (0, {"type": "accuse", "params": {"murderer": "A"}}, 409, "decision/owed"),
    (0, {"type": "peek", "params": {"evidence": "gang"}}, 409, "decision/owed"),
    (0, {"type": "discard-force", "params": {"card": "F01"}}, 409, "decision/owed"),
    (1, {"type": "choose-ability", "params": {"ability": "A01"}}, 409, None),  # seat 0 first
]


@pytest.mark.parametrize(("seat", "body", "status", "code"), BAD_ACTIONS)
def test_a_bad_action_is_a_problem_and_changes_nothing(
    client: FlaskClient, seat: int, body: Any, status: int, code: str | None
) -> None:
    table = start(client, Mode.STANDARD, [{"name": "Ann"}, {"name": "Bob"}])
    before = snapshot(client, table)
    response = client.post(f"/v1/games/{table.id}/actions", json=body, headers=table.auth(seat))
    assert_problem(response, status, code)
    assert snapshot(client, table) == before and before[0]["version"] == 0


def test_bad_actions_mid_game_change_nothing(client: FlaskClient) -> None:
    """After a few legal moves, an action whose choices are not offered is refused and the
    game stays where it was; a legal one then still goes through."""
    table = start(client, Mode.SOLO, [{"name": "Ann"}])
    rng = random.Random(3)
    for _ in range(6):  # the Ability Cards, then a few moves
        offered = client.get(f"/v1/games/{table.id}/actions", headers=table.auth(0)).get_json()
        spec = offered["actions"][0]
        params = {name: rng.choice(p["choices"]) for name, p in spec["params"].items()}
        moved = client.post(
            f"/v1/games/{table.id}/actions",
            json={"type": spec["type"], "params": params},
            headers=table.auth(0),
        )
        assert moved.status_code == 200, moved.get_json()
    before = snapshot(client, table)
    offered = client.get(f"/v1/games/{table.id}/actions", headers=table.auth(0)).get_json()
    for spec in offered["actions"]:
        for name in spec["params"]:
            wrong = {
                n: "nowhere" if n == name else p["choices"][0] for n, p in spec["params"].items()
            }
            response = client.post(
                f"/v1/games/{table.id}/actions",
                json={"type": spec["type"], "params": wrong},
                headers=table.auth(0),
            )
            # a value never offered; some the rules weigh against the state first (409)
            assert response.status_code in (409, 422)
            assert_problem(response, response.status_code)
            assert snapshot(client, table) == before
    stale = client.post(
        f"/v1/games/{table.id}/actions",
        json={"type": "coffee-break", "params": {}},
        headers={**table.auth(0), "If-Match": '"0"'},
    )
    assert_problem(stale, 412, "game/version-mismatch")
    assert snapshot(client, table) == before
    spec = offered["actions"][0]
    params = {name: p["choices"][0] for name, p in spec["params"].items()}
    version = before[0]["version"]
    moved = client.post(
        f"/v1/games/{table.id}/actions",
        json={"type": spec["type"], "params": params},
        headers={**table.auth(0), "If-Match": f'"{version}"'},
    )
    assert moved.status_code == 200 and moved.get_json()["version"] > version


@pytest.mark.parametrize(
    ("mode", "seats", "fields", "code"),
    [
        (Mode.SOLO, 1, {"options": {"officers": 7}}, "options/bad-choice"),
        (Mode.SOLO, 1, {"options": {"officers": "two"}}, "options/bad-choice"),
        (Mode.STANDARD, 2, {"options": {"officers": 2}}, "options/unknown"),
        (Mode.STANDARD, 2, {"options": {"players": 2}}, "options/unknown"),  # a case option
        (Mode.SOLO, 2, {}, "setup/seat-count"),
        (Mode.STANDARD, 1, {}, "setup/seat-count"),
        (Mode.STANDARD, 5, {}, "setup/seat-count"),
        (Mode.COOPERATIVE, 5, {}, "setup/seat-count"),
        (Mode.COOPERATIVE, 1, {}, "setup/seat-count"),
    ],
)
def test_bad_tables_and_options_are_refused(
    client: FlaskClient, mode: str, seats: int, fields: dict[str, Any], code: str
) -> None:
    table = [{"name": f"Officer {n}"} for n in range(seats)]
    body = {"system": TEC, "mode": mode, "seats": table, **fields}
    assert_problem(client.post("/v1/games", json=body), 422, code)


@pytest.mark.parametrize(
    ("players", "mode", "seats", "options", "code"),
    [
        (4, Mode.STANDARD, 2, {}, "setup/case-players"),
        (4, Mode.SOLO, 1, {}, "setup/case-officers"),
        (2, Mode.STANDARD, 4, {}, "setup/case-players"),
        (2, Mode.COOPERATIVE, 3, {}, "setup/case-players"),
        (2, Mode.SOLO, 1, {"officers": 4}, "setup/case-officers"),
    ],
)
def test_a_stored_case_for_another_table_is_refused(
    client: FlaskClient, players: int, mode: str, seats: int, options: dict[str, Any], code: str
) -> None:
    """2-Player variant: "Place only 3 Informant Tokens ... Place only 3 Witness Tokens": a case
    laid out for four officers does not seat two, nor one for two officers four."""
    body = {"system": TEC, "seed": 3, "options": {"players": players}}
    made = client.post("/v1/cases", json=body)
    assert made.status_code == 201
    table = [{"name": f"Officer {n}"} for n in range(seats)]
    body = {
        "system": TEC,
        "mode": mode,
        "case_id": made.get_json()["id"],
        "seats": table,
        "options": options,
    }
    assert_problem(client.post("/v1/games", json=body), 422, code)


@pytest.mark.parametrize(
    "options", [{"players": 9}, {"players": 0}, {"players": "two"}, {"officers": 2}]
)
def test_bad_case_options_are_refused(client: FlaskClient, options: dict[str, Any]) -> None:
    response = client.post("/v1/cases", json={"system": TEC, "options": options})
    assert_problem(response, 422, "case/bad-options")


def test_a_case_laid_out_for_the_table_is_played(client: FlaskClient) -> None:
    made = client.post("/v1/cases", json={"system": TEC, "seed": 3, "options": {"players": 3}})
    table = start(
        client,
        Mode.COOPERATIVE,
        [{"name": "Ann"}, {"name": "Bob"}, {"name": "Cy"}],
        case_id=made.get_json()["id"],
    )
    view = client.get(f"/v1/games/{table.id}", headers=bearer(table.tokens[2])).get_json()
    assert view["status"] == "active" and view["version"] == 0
