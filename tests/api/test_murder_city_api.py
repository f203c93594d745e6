"""Murder City through the HTTP API: random clients finish games with every option, on the
game's own city and on a stored one, with no server error; bad tables, options and moves are
problems that change nothing; two people trade, each with its own token; the HTTP benchmark's
plans are played move by move."""

from __future__ import annotations

import itertools
import random
from typing import Any

import pytest
import sqlalchemy as sa
from flask import Flask
from flask.testing import FlaskClient

from api.storage.schema import games as games_table
from benchmarks.http import solo_table
from benchmarks.plays import planned_moves
from rules.murder_city.game import SYSTEM
from rules.murder_city.spec import SPEC, TURN_CHOICES, Act, Mode
from tests.api.helpers import Table, assert_problem
from tests.suite.client import InProcess
from tests.suite.players import modes, new_game, play

MC = SPEC.id
SHORTEST = min(TURN_CHOICES)
#: The most requests' worth of moves a random client makes in one game: a random game of three
#: turns takes some 50-250 steps (each a look, a read of the actions and a move, and mischief),
#: so a game that never ends fails instead of hanging.
MAX_MOVES = 3000
#: Games of each option: half on the game's own city, half on a stored one.
GAMES = 4


def test_the_mode_is_served_with_its_seats_and_options(client: FlaskClient) -> None:
    """ "5 Jovan Dataslate Cards, one for each player" (2-5 seats: the design's table); "The
    game lasts 6 turns", or longer "if all players agree"."""
    listed = {s["id"]: s for s in client.get("/v1/systems").get_json()["systems"]}[MC]
    assert [(m["id"], m["min_seats"], m["max_seats"]) for m in listed["modes"]] == [
        (Mode.STANDARD, 2, 5)
    ]
    (mode,) = listed["modes"]
    assert [(o["name"], o["choices"], o["default"], o["for_case"]) for o in mode["options"]] == [
        ("turns", list(TURN_CHOICES), 6, False),
        ("jovans", ["dealt", "chosen"], "dealt", False),
    ]
    assert listed["endings"] == list(SPEC.endings)


# random clients ------------------------------------------------------------------------------


@pytest.mark.parametrize("jovans", ["dealt", "chosen"])
def test_random_clients_finish_games_with_no_server_error(app: Flask, jovans: str) -> None:
    """Random clients (with mischief: moves out of turn, actions that do not exist, stale
    versions, reading the log) play the shortest contracts to the end, 2-5 seats, people and
    bots, on the game's own city and on a stored one; every refusal is problem+json."""
    transport = InProcess(app.test_client())
    (listed,) = [m for system, m in modes(transport) if system == MC]
    rng = random.Random(f"mc-{jovans}")
    # the tables drawn apart from the play, whose draws follow the games' secret seeds: the
    # same table sizes every run (drawn from ``rng``, four games had one size about once in 64)
    tables = random.Random(f"murder-city-tables-{jovans}")
    options = {"turns": SHORTEST, "jovans": jovans}
    seen_counts = set()
    for number in range(GAMES):
        case_id = None
        if number % 2:
            made = transport("POST", "/v1/cases", {"system": MC, "seed": number})
            assert made.status == 201, made.text
            case_id = made.body["id"]
        game = new_game(transport, MC, listed, tables, case_id=case_id, options=options)
        play(transport, game, rng, max_moves=MAX_MOVES, mischief=0.2)
        assert game.finished, f"game {game.id} did not end in {MAX_MOVES} moves"
        errors = [seen for seen in game.seen if seen.answer.status >= 500]
        assert errors == [], errors[:3]
        for seen in game.seen:
            if seen.answer.status >= 400:
                assert seen.answer.headers.get("Content-Type") == "application/problem+json"
        token = next(iter(game.tokens.values()))
        final = transport("GET", f"/v1/games/{game.id}", token=token)
        assert final.body["status"] == "finished" and final.body["options"] == options
        assert final.body["result"]["ending"] in SPEC.endings
        seen_counts.add(len(final.body["view"]["seats"]))
        if jovans == "chosen":
            log = transport("GET", f"/v1/games/{game.id}/log", token=token).body
            chosen = [e for e in log["events"] if e["type"] == "jovan-chosen"]
            assert len(chosen) == len(final.body["view"]["seats"])
    assert len(seen_counts) > 1  # several table sizes


# bad tables and options ----------------------------------------------------------------------


def count_games(app: Flask) -> int:
    with app.extensions["casebook"].store.engine.connect() as conn:
        return int(conn.execute(sa.select(sa.func.count()).select_from(games_table)).scalar())


PERSON = {"name": "Ann"}
BOT = {"name": "Bot", "bot": True}


@pytest.mark.parametrize(
    ("seats", "options", "code"),
    [
        ([PERSON, BOT], {"turns": 2}, "options/bad-choice"),
        ([PERSON, BOT], {"turns": 11}, "options/bad-choice"),
        ([PERSON, BOT], {"turns": "3"}, "options/bad-choice"),
        ([PERSON, BOT], {"jovans": "random"}, "options/bad-choice"),
        ([PERSON, BOT], {"rounds": 20}, "options/unknown"),
        ([PERSON], {}, "setup/seat-count"),
        ([PERSON] + [BOT] * 5, {}, "setup/seat-count"),
    ],
)
def test_bad_tables_and_options_are_refused_and_create_nothing(
    app: Flask, client: FlaskClient, seats: list[dict[str, Any]], options: Any, code: str | None
) -> None:
    """ "5 Jovan Dataslate Cards, one for each player": two to five seats; "The number of
    turns you choose is the period of the contracts of all Jovans": one of the listed."""
    named = [{**seat, "name": f"{seat['name']} {n}"} for n, seat in enumerate(seats)]
    body = {"system": MC, "mode": Mode.STANDARD, "seats": named, "seed": 3, "options": options}
    assert_problem(client.post("/v1/games", json=body), 422, code)
    assert count_games(app) == 0


@pytest.mark.parametrize("options", [{"size": "short"}, {"turns": 6}])
def test_a_city_takes_no_options(client: FlaskClient, options: dict[str, Any]) -> None:
    """Every city has the rulebook's numbers of cards: a seed alone chooses one."""
    response = client.post("/v1/cases", json={"system": MC, "options": options})
    assert_problem(response, 422, "case/bad-options")


def test_a_stored_city_belongs_to_its_system(client: FlaskClient) -> None:
    made = client.post("/v1/cases", json={"system": MC, "seed": 4})
    assert made.status_code == 201
    other = client.post(
        "/v1/games",
        json={
            "system": "tiny-epic-crimes",
            "mode": "solo",
            "case_id": made.get_json()["id"],
            "seats": [PERSON],
        },
    )
    assert_problem(other, 422, "case/wrong-system")


# bad moves -----------------------------------------------------------------------------------


def start(app: Flask, seats: list[dict[str, Any]], seed: int = 5) -> Table:
    """A game of the shortest contracts, its draws fixed, so every run is the same."""
    app.extensions["casebook"].draw_seed = itertools.count(seed).__next__
    client = app.test_client()
    named = [{**seat, "name": f"{seat['name']} {n}"} for n, seat in enumerate(seats)]
    body = {
        "system": MC,
        "mode": Mode.STANDARD,
        "seats": named,
        "seed": seed,
        "options": {"turns": SHORTEST},
    }
    response = client.post("/v1/games", json=body)
    assert response.status_code == 201, response.get_json()
    created = response.get_json()
    tokens = {seat["number"]: seat["token"] for seat in created["seats"] if "token" in seat}
    return Table(created["id"], tokens, created)


def look(client: FlaskClient, table: Table, seat: int, path: str = "") -> Any:
    response = client.get(f"/v1/games/{table.id}{path}", headers=table.auth(seat))
    assert response.status_code == 200, response.get_json()
    return response.get_json()


def snapshot(client: FlaskClient, table: Table) -> tuple[Any, ...]:
    """Every seat's view (its version with it) and log: what a refusal must not change."""
    return tuple(look(client, table, seat, path) for seat in table.tokens for path in ("", "/log"))


def act(client: FlaskClient, table: Table, seat: int, body: Any) -> Any:
    return client.post(f"/v1/games/{table.id}/actions", json=body, headers=table.auth(seat))


def assert_refused(
    client: FlaskClient, table: Table, seat: int, body: Any, status: int, code: str | None
) -> None:
    before = snapshot(client, table)
    assert_problem(act(client, table, seat, body), status, code)
    assert snapshot(client, table) == before


def on_turn(client: FlaskClient, table: Table) -> int:
    (seat,) = look(client, table, 0)["to_act"]
    return int(seat)


def test_bad_moves_are_problems_that_change_nothing(app: Flask, client: FlaskClient) -> None:
    """ "Players place Evidence cards from their hand into play" on their own turn of the
    Investigation Phase; court comes after it; a legwork card must be held to be played."""
    table = start(app, [PERSON, {"name": "Bob"}])
    seat = on_turn(client, table)
    other = 1 - seat
    hand = look(client, table, seat)["view"]["hand"]
    theirs = [c["murder"] for c in look(client, table, seat)["view"]["seats"][other]["cases"]]
    refusals: list[tuple[int, Any, int, str | None]] = [
        (other, {"type": Act.END_INVESTIGATION, "params": {}}, 409, "action/not-your-turn"),
        (seat, {"type": Act.ATTACH, "params": {"card": "XX01", "murder": theirs[0]}}, 422, None),
        (seat, {"type": Act.ATTACH, "params": {"card": hand[0], "murder": theirs[0]}}, 422, None),
        (seat, {"type": Act.PRESENT, "params": {"murder": theirs[0], "suspect": "x"}}, 422, None),
        (seat, {"type": Act.PLAY_LEGWORK, "params": {"card": "L99"}}, 409, "legwork/not-held"),
        (seat, {"type": Act.ANSWER_OFFER, "params": {"accept": True}}, 422, None),
        (seat, {"type": "no-such-action", "params": {}}, 422, "action/not-allowed"),
        (seat, {"type": Act.END_INVESTIGATION, "params": {"x": 1}}, 422, None),
        (seat, ["end-investigation"], 422, None),
    ]
    for actor, body, status, code in refusals:
        assert_refused(client, table, actor, body, status, code)
    version = look(client, table, seat)["version"]
    moved = act(client, table, seat, {"type": Act.END_INVESTIGATION, "params": {}})
    assert moved.status_code == 200 and moved.get_json()["version"] > version
    assert on_turn(client, table) == other
    before = snapshot(client, table)
    stale = client.post(
        f"/v1/games/{table.id}/actions",
        json={"type": Act.END_INVESTIGATION, "params": {}},
        headers={**table.auth(other), "If-Match": f'"{version}"'},
    )
    assert_problem(stale, 412, "game/version-mismatch")
    assert snapshot(client, table) == before


# trades between two people -------------------------------------------------------------------


def offer(partner: int, give_credits: int) -> dict[str, Any]:
    params = {
        "partner": partner,
        "give_evidence": [],
        "give_legwork": [],
        "give_murders": [],
        "give_credits": give_credits,
        "take_evidence": "",
        "take_legwork": 0,
        "take_murders": [],
        "take_credits": 0,
    }
    return {"type": Act.OFFER_TRADE, "params": params}


def credits(client: FlaskClient, table: Table) -> list[int]:
    return [s["credits"] for s in look(client, table, 0)["view"]["seats"]]


def test_two_people_trade_each_with_its_own_token(app: Flask, client: FlaskClient) -> None:
    """ "Players may exchange or sell cards at any price and under any agreement": the seat on
    turn offers; the game waits for the partner alone, who answers with its own token (the
    offerer may not answer for it); accepted, the credits move; declined, nothing does."""
    table = start(app, [PERSON, {"name": "Bob"}])
    seat = on_turn(client, table)
    partner = next(s for s in table.tokens if s != seat)
    before = credits(client, table)
    assert act(client, table, seat, offer(partner, 1)).status_code == 200
    pending = look(client, table, partner)
    assert pending["to_act"] == [partner]
    assert pending["view"]["offer"]["give"]["credits"] == 1
    assert [s["type"] for s in look(client, table, partner, "/actions")["actions"]] == [
        Act.ANSWER_OFFER,
        Act.ANSWER_OFFER,
    ]
    answer = {"type": Act.ANSWER_OFFER, "params": {"accept": True}}
    assert_refused(client, table, seat, answer, 409, "action/not-your-turn")
    assert act(client, table, partner, answer).status_code == 200
    after = credits(client, table)
    assert after[seat] == before[seat] - 1 and after[partner] == before[partner] + 1
    assert look(client, table, seat)["to_act"] == [seat]  # back to the offerer's turn
    assert act(client, table, seat, offer(partner, 1)).status_code == 200
    declined = {"type": Act.ANSWER_OFFER, "params": {"accept": False}}
    assert act(client, table, partner, declined).status_code == 200
    assert credits(client, table) == after
    log = look(client, table, partner, "/log")["events"]
    trades = [(e["type"], e.get("accepted")) for e in log if e["type"].startswith("trade-")]
    assert trades[-4:] == [
        ("trade-offered", None),
        ("trade-answered", True),
        ("trade-offered", None),
        ("trade-answered", False),
    ]


# the HTTP benchmark's plans ------------------------------------------------------------------


def test_the_benchmark_plans_a_game_the_server_plays_move_by_move(
    app: Flask, client: FlaskClient
) -> None:
    """benchmarks/plays.py plays the person's seat with the built-in bot and the bot seat
    with the server's own bot loop: every planned move is accepted in order, none ends the
    game."""
    mode, seats = solo_table(SYSTEM)
    assert mode.id == Mode.STANDARD and [seat.get("bot", False) for seat in seats] == [
        False,
        True,
    ]
    store = app.extensions["casebook"].store
    for seed in range(2):
        body = {"system": MC, "mode": mode.id, "seats": seats, "seed": seed}
        created = client.post("/v1/games", json=body).get_json()
        table = Table(created["id"], {0: created["seats"][0]["token"]}, created)
        moves = planned_moves(store, SYSTEM, table.id)
        assert len(moves) >= 20
        for move in moves:
            answer = act(client, table, 0, move.to_json())
            assert answer.status_code == 200, answer.get_json()
        assert look(client, table, 0)["status"] == "active"
