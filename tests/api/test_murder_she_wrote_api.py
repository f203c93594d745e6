"""Murder, She Wrote through the HTTP API: random clients finish games of every mode and both
rules with no server error; bad tables, options and moves are problems that change nothing; the
deductions endpoint tells each seat what its own view proves, and nothing it may not know."""

from __future__ import annotations

import itertools
import random
from collections.abc import Mapping
from typing import Any

import pytest
import sqlalchemy as sa
from flask import Flask
from flask.testing import FlaskClient

from api.storage.schema import games as games_table
from benchmarks.http import solo_table
from benchmarks.plays import planned_moves
from generator.murder_she_wrote.deduction import deduce
from rules.murder_she_wrote.game import SYSTEM
from rules.murder_she_wrote.spec import ROUNDS, SPEC, Mode, Rules
from rules.murder_she_wrote.state import MswState
from tests.api.helpers import Table, assert_problem, bearer, post_game
from tests.api.storage.stored import read_game
from tests.rules.murder_she_wrote.resample import resample
from tests.suite.client import InProcess, Transport
from tests.suite.players import PlayedGame, modes, new_game, play

MSW = SPEC.id
#: The most requests' worth of moves a random client makes in one game: several times what the
#: shortest game (20 rounds of at most six seats, a move and a check each: 240 steps) takes,
#: so a game that never ends fails instead of hanging.
MAX_MOVES = 1500
SHORTEST = min(ROUNDS)
#: Games of each mode and rules: half on the game's own island, half on a stored one.
GAMES = 4


def test_every_mode_is_served_with_its_seats_and_options(client: FlaskClient) -> None:
    """ "Select enough Identity cards for the amount of players. (1 Murderer and the rest
    Jessica"; the box holds six pawns: three to six seats in either mode. Solo: the one person
    plays the role ``play_as`` names."""
    listed = {s["id"]: s for s in client.get("/v1/systems").get_json()["systems"]}[MSW]
    assert listed["has_deductions"] is True
    seats = {m["id"]: (m["min_seats"], m["max_seats"]) for m in listed["modes"]}
    assert seats == {Mode.STANDARD: (3, 6), Mode.SOLO: (3, 6)}
    options = {
        m["id"]: [(o["name"], o["choices"], o["default"]) for o in m["options"]]
        for m in listed["modes"]
    }
    common = [("rules", ["basic", "advanced"], "basic"), ("rounds", [20, 30, 40, 60], 40)]
    assert options[Mode.STANDARD] == common
    assert options[Mode.SOLO] == [*common, ("play_as", ["jessica", "murderer", "either"], "either")]
    assert listed["endings"] == [
        "murderer-caught",
        "murderer-escaped",
        "no-jessicas-left",
        "time-up",
    ]


# random clients ------------------------------------------------------------------------------


def solo_game(
    transport: Transport,
    mode: Mapping[str, Any],
    rng: random.Random,
    options: dict[str, Any],
    case_id: str | None,
) -> PlayedGame:
    """A solo game: one person at a random seat among two to five bots, a random role."""
    count = rng.randint(mode["min_seats"], mode["max_seats"])
    person = rng.randrange(count)
    seats = [
        {"name": "Ann"} if n == person else {"name": f"Bot {n}", "bot": True} for n in range(count)
    ]
    play_as = rng.choice(next(o for o in mode["options"] if o["name"] == "play_as")["choices"])
    body: dict[str, Any] = {
        "system": MSW,
        "mode": mode["id"],
        "seats": seats,
        "options": {**options, "play_as": play_as},
    }
    body.update({"case_id": case_id} if case_id else {"seed": rng.randrange(10**6)})
    created = transport("POST", "/v1/games", body)
    assert created.status == 201, created.text
    tokens = {seat["number"]: seat["token"] for seat in created.body["seats"] if "token" in seat}
    assert list(tokens) == [person]
    return PlayedGame(created.body["id"], MSW, mode["id"], tokens)


@pytest.mark.parametrize("rules", list(Rules))
@pytest.mark.parametrize("mode", list(Mode))
def test_random_clients_finish_games_with_no_server_error(
    app: Flask, mode: str, rules: str
) -> None:
    """Random clients (and some mischief: moves out of turn, actions that do not exist, stale
    versions, reading the log and the deductions) play each mode under both rules to its end,
    on the game's own island and on a stored one. Along the way no Jessica's deductions ever
    rule the true Murderer out, and the Murderer's name only itself."""
    transport = InProcess(app.test_client())
    (listed,) = [m for system, m in modes(transport) if system == MSW and m["id"] == mode]
    rng = random.Random(f"msw-{mode}-{rules}")
    options = {"rules": rules, "rounds": SHORTEST}
    for number in range(GAMES):
        case_id = None
        if number % 2:  # a stored island, as a person would make it
            made = transport("POST", "/v1/cases", {"system": MSW, "options": {"size": "short"}})
            assert made.status == 201, made.text
            case_id = made.body["id"]
        if mode == Mode.SOLO:
            game = solo_game(transport, listed, rng, options, case_id)
        else:
            game = new_game(transport, MSW, listed, rng, case_id=case_id, options=options)
        play(transport, game, rng, max_moves=MAX_MOVES, mischief=0.2)
        assert game.finished, f"{mode} game {game.id} did not end in {MAX_MOVES} moves"
        errors = [seen for seen in game.seen if seen.answer.status >= 500]
        assert errors == [], errors[:3]
        for seen in game.seen:
            if seen.answer.status >= 400:
                assert seen.answer.headers.get("Content-Type") == "application/problem+json"
        final = transport("GET", f"/v1/games/{game.id}", token=next(iter(game.tokens.values())))
        assert final.body["status"] == "finished"
        assert final.body["options"] == options | (
            {"play_as": final.body["options"]["play_as"]} if mode == Mode.SOLO else {}
        )
        result = final.body["result"]
        assert result["ending"] in SPEC.endings
        murderer = result["solution"]["murderer"]
        told = [s for s in game.seen if s.request == "GET /deductions" and s.answer.status == 200]
        assert told, "the client read its deductions"
        for seen in told:
            found = seen.answer.body["deductions"]
            if seen.seat == murderer:
                assert found["candidates"] == [murderer]
            else:
                assert murderer in found["candidates"], found


def test_solo_seats_the_person_in_the_role_asked_for(client: FlaskClient) -> None:
    """Solo: the person plays a Jessica, the bots including the Murderer, or the Murderer
    against bot Jessicas ("1 Murderer and the rest Jessica")."""
    for seed, play_as in itertools.product(range(4), ("jessica", "murderer")):
        seats = [{"name": f"Bot {n}", "bot": True} for n in range(3 + seed % 3)]
        seats.insert(seed % len(seats), {"name": "Ann"})
        table = start(client, Mode.SOLO, seats, options={"play_as": play_as}, seed=seed)
        (person,) = table.tokens
        view = client.get(f"/v1/games/{table.id}", headers=table.auth(person)).get_json()
        assert view["view"]["role"] == play_as and view["view"]["seat"] == person


# bad tables and options ----------------------------------------------------------------------


def count_games(app: Flask) -> int:
    with app.extensions["casebook"].store.engine.connect() as conn:
        return int(conn.execute(sa.select(sa.func.count()).select_from(games_table)).scalar())


PERSON = {"name": "Ann"}
BOT = {"name": "Bot", "bot": True}


@pytest.mark.parametrize(
    ("mode", "seats", "options", "code"),
    [
        (Mode.SOLO, [PERSON, BOT, BOT], {"rounds": 7}, "options/bad-choice"),
        (Mode.SOLO, [PERSON, BOT, BOT], {"rounds": "20"}, "options/bad-choice"),
        (Mode.SOLO, [PERSON, BOT, BOT], {"play_as": "detective"}, "options/bad-choice"),
        (Mode.STANDARD, [PERSON, BOT, BOT], {"rules": "expert"}, "options/bad-choice"),
        (Mode.STANDARD, [PERSON, BOT, BOT], {"play_as": "jessica"}, "options/unknown"),
        (Mode.STANDARD, [PERSON, BOT, BOT], {"size": "short"}, "options/unknown"),  # the case's
        (Mode.SOLO, [PERSON, BOT], {}, "setup/seat-count"),
        (Mode.STANDARD, [PERSON, PERSON], {}, "setup/seat-count"),
        (Mode.STANDARD, [PERSON] + [BOT] * 6, {}, "setup/seat-count"),
        (Mode.SOLO, [PERSON] + [BOT] * 6, {}, "setup/seat-count"),
    ],
)
def test_bad_tables_and_options_are_refused_and_create_nothing(
    app: Flask,
    client: FlaskClient,
    mode: str,
    seats: list[dict[str, Any]],
    options: dict[str, Any],
    code: str,
) -> None:
    """ "Each player takes a pawn": three to six; solo is one person among bots."""
    named = [{**seat, "name": f"{seat['name']} {n}"} for n, seat in enumerate(seats)]
    body = {"system": MSW, "mode": mode, "seats": named, "seed": 3, "options": options}
    assert_problem(client.post("/v1/games", json=body), 422, code)
    assert count_games(app) == 0


@pytest.mark.parametrize("options", [{"size": "huge"}, {"size": 3}, {"rounds": 20}])
def test_bad_island_options_are_refused(client: FlaskClient, options: dict[str, Any]) -> None:
    response = client.post("/v1/cases", json={"system": MSW, "options": options})
    assert_problem(response, 422, "case/bad-options")


def test_a_stored_island_is_played_and_its_options_cannot_be_chosen_again(
    client: FlaskClient,
) -> None:
    made = client.post("/v1/cases", json={"system": MSW, "seed": 4, "options": {"size": "long"}})
    assert made.status_code == 201
    case_id = made.get_json()["id"]
    table = start(client, Mode.STANDARD, [PERSON, {"name": "Bob"}, BOT], case_id=case_id)
    view = client.get(f"/v1/games/{table.id}", headers=table.auth(1)).get_json()
    assert view["status"] == "active" and view["view"]["phase"] == "scene"
    other = client.post(
        "/v1/games",
        json={"system": "tiny-epic-crimes", "mode": "solo", "case_id": case_id, "seats": [PERSON]},
    )
    assert_problem(other, 422, "case/wrong-system")


# bad moves -----------------------------------------------------------------------------------


def start(client: FlaskClient, mode: str, seats: list[dict[str, Any]], **fields: Any) -> Table:
    named = [{**seat, "name": f"{seat['name']} {n}"} for n, seat in enumerate(seats)]
    body = {
        "system": MSW,
        "mode": mode,
        "seats": named,
        **({} if "case_id" in fields else {"seed": 11}),
        **fields,
    }
    return post_game(client, body)


def solo(
    app: Flask, client: FlaskClient, play_as: str, rules: str = "basic", bots: int = 2
) -> Table:
    """A solo game at seat 0 against ``bots`` bots, its draws fixed, so every run is the same."""
    app.extensions["casebook"].draw_seed = itertools.count(1).__next__
    options = {"play_as": play_as, "rules": rules, "rounds": max(ROUNDS)}
    return start(client, Mode.SOLO, [PERSON] + [BOT] * bots, options=options)


def snapshot(client: FlaskClient, table: Table) -> tuple[Any, ...]:
    """The person's view (its version with it), log and deductions: what a refusal must not
    change."""
    base, auth = f"/v1/games/{table.id}", table.auth(0)
    return tuple(
        client.get(base + path, headers=auth).get_json() for path in ("", "/log", "/deductions")
    )


def act(client: FlaskClient, table: Table, body: Any) -> Any:
    return client.post(f"/v1/games/{table.id}/actions", json=body, headers=table.auth(0))


def assert_refused(
    client: FlaskClient, table: Table, body: Any, status: int, code: str | None
) -> None:
    before = snapshot(client, table)
    assert_problem(act(client, table, body), status, code)
    assert snapshot(client, table) == before


#: (role, body, status, code) at the setting of the scene, the person's turn in the room.
SCENE_REFUSALS: list[tuple[str, Any, int, str | None]] = [
    # "If you are a JESSICA player wait inside the room and do nothing"
    ("jessica", {"type": "set-scene", "params": {"victim": "L1"}}, 409, "scene/jessica-waits"),
    # "If you are the MURDERER choose your first victim from one of the locations"
    ("murderer", {"type": "set-scene", "params": {"victim": "none"}}, 409, "scene/choose-a-victim"),
    ("murderer", {"type": "set-scene", "params": {"victim": "L10"}}, 422, "action/bad-choice"),
    ("jessica", {"type": "set-scene", "params": {}}, 422, "action/missing-param"),
    ("jessica", {"type": "set-scene", "params": {"victim": "none", "x": 1}}, 422, None),
    ("jessica", {"type": "move", "params": {"to": 3}}, 422, "action/not-allowed"),
    ("murderer", {"type": "return-token", "params": {"token": "dead"}}, 422, "action/not-allowed"),
    ("jessica", {"type": "no-such-action", "params": {}}, 422, "action/not-allowed"),
    ("jessica", ["set-scene"], 422, None),
]


@pytest.mark.parametrize(("role", "body", "status", "code"), SCENE_REFUSALS)
def test_a_bad_move_in_the_scene_is_a_problem_and_changes_nothing(
    app: Flask, client: FlaskClient, role: str, body: Any, status: int, code: str | None
) -> None:
    table = solo(app, client, role)
    assert_refused(client, table, body, status, code)


def until(client: FlaskClient, table: Table, wanted: Any, *, limit: int = 200) -> dict[str, Any]:
    """Play the person's seat (the first offered choice, a visit when there is one, never an
    accusation) until ``wanted(view)`` holds; that view."""
    for _ in range(limit):
        body = client.get(f"/v1/games/{table.id}", headers=table.auth(0)).get_json()
        assert body["status"] == "active", "the game ended first"
        if body["to_act"] == [0] and wanted(body["view"]):
            return dict(body["view"])
        offered = client.get(f"/v1/games/{table.id}/actions", headers=table.auth(0)).get_json()
        spec = offered["actions"][0]
        params = {name: p["choices"][0] for name, p in spec["params"].items()}
        visits = [m["to"] for m in body["view"]["moves"] if m["visit"]]
        if spec["type"] == "move" and visits:
            params["to"] = visits[0]
        assert act(client, table, {"type": spec["type"], "params": params}).status_code == 200
    raise AssertionError("never reached")


def test_bad_moves_mid_game_change_nothing(app: Flask, client: FlaskClient) -> None:
    """ "Roll the die and move the full amount in one direction only. You may hop over other
    players, but not share spaces"; a Jessica may accuse only when she "Land[s] or pass[es] over
    either Accuse spaces", and names another player."""
    table = solo(app, client, "jessica")
    view = until(
        client, table, lambda v: v["phase"] == "move" and any(not m["accuse"] for m in v["moves"])
    )
    reachable = {m["to"] for m in view["moves"]}
    unreachable = next(s for s in range(60) if s not in reachable and s not in view["pawns"])
    plain = next(m["to"] for m in view["moves"] if not m["accuse"])
    for body, code in [
        ({"type": "move", "params": {"to": unreachable}}, "move/unreachable"),
        ({"type": "move", "params": {"to": plain, "accuse": 1}}, "move/no-accuse-space"),
    ]:
        assert_refused(client, table, body, 409, code)
    for body in [
        {"type": "move", "params": {"to": "the harbour"}},
        {"type": "move", "params": {}},
        {"type": "return-token", "params": {"token": "alive"}},
    ]:
        assert_refused(client, table, body, 422, None)
    stale = client.post(
        f"/v1/games/{table.id}/actions",
        json={"type": "move", "params": {"to": plain}},
        headers={**table.auth(0), "If-Match": '"0"'},
    )
    assert_problem(stale, 412, "game/version-mismatch")
    version = client.get(f"/v1/games/{table.id}", headers=table.auth(0)).get_json()["version"]
    moved = act(client, table, {"type": "move", "params": {"to": plain}})
    assert moved.status_code == 200 and moved.get_json()["version"] > version


def test_a_jessica_puts_back_what_she_saw(app: Flask, client: FlaskClient) -> None:
    """ "If you are JESSICA you must return an identical token to the name place"."""
    table = solo(app, client, "jessica")
    view = until(client, table, lambda v: v["phase"] == "check")
    saw = view["seen"][-1]["status"]
    other = "dead" if saw == "alive" else "alive"
    body = {"type": "return-token", "params": {"token": other}}
    assert_refused(client, table, body, 409, "check/return-what-you-saw")


def test_the_murderer_may_not_accuse(app: Flask, client: FlaskClient) -> None:
    """A ruling: the Murderer is never offered an accusation, and one sent is refused."""
    table = solo(app, client, "murderer")
    view = until(
        client, table, lambda v: v["phase"] == "move" and any(m["accuse"] for m in v["moves"])
    )
    offered = client.get(f"/v1/games/{table.id}/actions", headers=table.auth(0)).get_json()
    assert [set(spec["params"]) for spec in offered["actions"]] == [{"to"}]
    to = next(m["to"] for m in view["moves"] if m["accuse"])
    body = {"type": "move", "params": {"to": to, "accuse": 1}}
    assert_refused(client, table, body, 409, "move/murderer-cannot-accuse")


# deductions ----------------------------------------------------------------------------------


def deductions(client: FlaskClient, table: Table, seat: int = 0) -> Any:
    response = client.get(f"/v1/games/{table.id}/deductions", headers=table.auth(seat))
    assert response.status_code == 200, response.get_json()
    return response.get_json()


def swap_world(app: Flask, table: Table, seat: int, rng: random.Random) -> None:
    """Store a world ``seat`` cannot tell from the real one (another Murderer for a Jessica,
    another advanced first victim for the Murderer): the resampler written from the rulebook."""
    store = app.extensions["casebook"].store
    stored = read_game(store, table.id)
    assert stored is not None
    island = app.extensions["casebook"].cases.get(stored.case_id, store.get_case).case
    state = SYSTEM.state_from_json(stored.state)
    _, other = resample(island, state, seat, rng)
    with store.engine.begin() as conn:
        conn.execute(
            sa.update(games_table)
            .where(games_table.c.id == table.id)
            .values(state=SYSTEM.state_to_json(other))
        )


def stored_state(app: Flask, table: Table) -> MswState:
    stored = read_game(app.extensions["casebook"].store, table.id)
    assert stored is not None
    state: MswState = SYSTEM.state_from_json(stored.state)
    return state


def true_murderer(app: Flask, table: Table) -> int:
    return stored_state(app, table).murderer


@pytest.mark.parametrize("rules", list(Rules))
def test_a_jessica_gets_her_candidates_from_her_view_alone(
    app: Flask, client: FlaskClient, rules: str
) -> None:
    """ "You will only discover the murderer's identity by deduction": a Jessica's deductions
    are worked out from her view (the same answer as the deduction of the view she is served),
    and stay the same when another seat she has not ruled out is made the Murderer."""
    table = solo(app, client, "jessica", rules, bots=4)
    until(client, table, lambda v: len(v["seen"]) >= 3 and v["phase"] == "move")
    served = client.get(f"/v1/games/{table.id}", headers=table.auth(0)).get_json()
    answer = deductions(client, table)
    assert answer["version"] == served["version"]
    found = answer["deductions"]
    assert found == deduce(served["view"])
    assert 0 not in found["candidates"] and true_murderer(app, table) in found["candidates"]
    assert {r["seat"] for r in found["ruled_out"]} | set(found["candidates"]) == set(range(5))
    for reason in found["ruled_out"]:
        assert reason["because"] and reason["text"]
    murderers = {true_murderer(app, table)}
    for seed in range(6):
        swap_world(app, table, 0, random.Random(seed))
        murderers.add(true_murderer(app, table))
        assert deductions(client, table) == answer
        assert client.get(f"/v1/games/{table.id}", headers=table.auth(0)).get_json() == served
    assert len(murderers) > 1  # the worlds did differ where it matters


@pytest.mark.parametrize("rules", list(Rules))
def test_the_murderer_learns_nothing_of_the_others_sightings(
    app: Flask, client: FlaskClient, rules: str
) -> None:
    """The Murderer knows itself, and what each Jessica may suspect from the kills it made; not
    what any Jessica saw ("Discreetly remove the token ... look at it"): its answer is the same
    in every world it cannot tell apart (advanced: "even the Murderer does not know where the
    first murder was done!")."""
    table = solo(app, client, "murderer", rules, bots=4)

    def unsure(view: dict[str, Any]) -> bool:
        """Three visits in, and (advanced) no dead islander found yet: the first victim may lie
        at any location the Murderer has not looked at."""
        fresh = rules == Rules.BASIC or not view["known_dead"]
        return len(view["visits"]) >= 3 and view["phase"] == "move" and fresh

    until(client, table, unsure)
    answer = deductions(client, table)
    found = answer["deductions"]
    assert set(found) == {"candidates", "ruled_out", "exposure"}
    assert found["candidates"] == [0]
    assert [entry["seat"] for entry in found["exposure"]] == [1, 2, 3, 4]
    for entry in found["exposure"]:
        assert set(entry) == {"seat", "suspects"}
    served = client.get(f"/v1/games/{table.id}", headers=table.auth(0)).get_json()
    assert found == deduce(served["view"])
    victims = {stored_state(app, table).first_victim}
    for seed in range(6):
        swap_world(app, table, 0, random.Random(seed))
        victims.add(stored_state(app, table).first_victim)
        assert deductions(client, table) == answer
    assert len(victims) > 1 or rules == Rules.BASIC  # the Murderer chose it in the room


def test_a_stranger_gets_nothing(app: Flask, client: FlaskClient) -> None:
    table = solo(app, client, "jessica")
    other = solo(app, client, "murderer")
    path = f"/v1/games/{table.id}/deductions"
    assert_problem(client.get(path, headers=other.auth(0)), 404, "game/not-found")
    assert_problem(client.get(path), 401)
    assert_problem(client.get(path, headers=bearer("x" * 43)), 404, "game/not-found")


# the HTTP benchmark's plans ------------------------------------------------------------------


@pytest.mark.parametrize("rules", list(Rules))
def test_the_benchmark_plans_a_solo_game_the_server_plays_move_by_move(
    app: Flask, client: FlaskClient, rules: str
) -> None:
    """benchmarks/plays.py plays the person's seat with the built-in bot and the other seats
    with the server's own bot loop: every planned move is accepted in order, and none ends the
    game."""
    mode, seats = solo_table(SYSTEM)
    assert mode.id == Mode.SOLO and [seat.get("bot", False) for seat in seats] == [
        False,
        True,
        True,
    ]
    store = app.extensions["casebook"].store
    for seed in range(3):
        body = {"system": MSW, "mode": mode.id, "seats": seats, "seed": seed}
        created = client.post("/v1/games", json=body | {"options": {"rules": rules}}).get_json()
        table = Table(created["id"], {0: created["seats"][0]["token"]}, created)
        moves = planned_moves(store, SYSTEM, table.id)
        assert len(moves) >= 5
        for move in moves:
            answer = act(client, table, move.to_json())
            assert answer.status_code == 200, answer.get_json()
        final = client.get(f"/v1/games/{table.id}", headers=table.auth(0)).get_json()
        assert final["status"] == "active"
