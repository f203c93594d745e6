"""Nightfall through the HTTP API: a person and bots play to the end from the advertised
choices, and a seat's responses (bodies and ETags) never tell who the killer is."""

from __future__ import annotations

import hashlib
import itertools
import json
import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from api.app import create_app
from tests.api.helpers import bearer
from tests.conftest import PLUGINS
from tests.nightfall.system import SPEC, draw_killer

NIGHTFALL = SPEC.id
CASE_SEED = 5


def nightfall_app(database: Path) -> Flask:
    """The API with Nightfall loaded through the config, as ``CASEBOOK_PLUGINS`` would."""
    return create_app(
        {
            "TESTING": True,
            "DATABASE_URL": f"sqlite:///{database}",
            "PLUGINS": (*PLUGINS, "tests.nightfall"),
        }
    )


@pytest.fixture
def app(tmp_path: Path) -> Iterator[Flask]:
    """The shared ``client`` fixture, served by an app that also plays Nightfall."""
    made = nightfall_app(tmp_path / "api.sqlite3")
    yield made
    made.extensions["casebook"].store.dispose()


def create(client: FlaskClient, seats: list[dict[str, Any]], **fields: Any) -> dict[str, Any]:
    body = {"system": NIGHTFALL, "mode": "manor", "seed": CASE_SEED, "seats": seats, **fields}
    response = client.post("/v1/games", json=body)
    assert response.status_code == 201, response.get_json()
    created: dict[str, Any] = response.get_json()
    return created


def random_pick(param: dict[str, Any], rng: random.Random) -> Any:
    """A pick built from one advertised parameter: one choice, or min..max distinct ones."""
    choices = param["choices"]
    if param["kind"] == "subset":
        return rng.sample(choices, rng.randint(param["min"], param["max"]))
    return rng.choice(choices)


def test_nightfall_is_served_with_its_modes_options_and_endings(client: FlaskClient) -> None:
    systems = {s["id"]: s for s in client.get("/v1/systems").get_json()["systems"]}
    listed = systems[NIGHTFALL]
    assert listed["endings"] == list(SPEC.endings)
    (mode,) = listed["modes"]
    assert {o["name"]: o["choices"] for o in mode["options"]} == {
        "nights": [3, 4, 5],
        "charms": [True, False],
    }


@pytest.mark.parametrize("bots", [2, 5])
def test_a_person_and_bots_play_to_the_end_from_the_advertised_choices(
    app: Flask, client: FlaskClient, bots: int
) -> None:
    app.extensions["casebook"].draw_seed = itertools.count(1).__next__  # the same games each run
    subsets = 0
    for game in range(4):
        rng = random.Random(game)
        seats = [{"name": "Ann"}] + [{"name": f"Bot {n}", "bot": True} for n in range(bots)]
        created = create(client, seats, options={"nights": [3, 4, 5][game % 3]})
        game_id, auth = created["id"], bearer(created["seats"][0]["token"])
        for _ in range(SPEC.step_limit):
            read = client.get(f"/v1/games/{game_id}", headers=auth).get_json()
            if read["status"] == "finished":
                break
            assert read["to_act"] == [0], read  # bots never keep a person waiting on them
            actions = client.get(f"/v1/games/{game_id}/actions", headers=auth).get_json()
            spec = rng.choice(actions["actions"])
            params = {name: random_pick(p, rng) for name, p in spec["params"].items()}
            subsets += any(p["kind"] == "subset" for p in spec["params"].values())
            played = client.post(
                f"/v1/games/{game_id}/actions",
                json={"type": spec["type"], "params": params},
                headers={**auth, "If-Match": str(read["version"])},
            )
            assert played.status_code == 200, played.get_json()
            assert played.get_json()["events"], "every step shows the person an event"
        read = client.get(f"/v1/games/{game_id}", headers=auth).get_json()
        assert read["status"] == "finished"
        assert read["result"]["ending"] in SPEC.endings
        assert read["result"]["text"]
        log = client.get(f"/v1/games/{game_id}/log?limit=500", headers=auth).get_json()
        assert all(event["text"] for event in log["events"])
    assert subsets, "no game reached a vote: the subset picks went untested"


def test_a_bad_combination_of_charm_and_target_is_refused_over_http(client: FlaskClient) -> None:
    created = create(client, [{"name": n} for n in ("Ann", "Ben", "Cy", "Di")])
    game_id = created["id"]
    tokens = [seat["token"] for seat in created["seats"]]
    # Whoever the killer is, at most one seat dies: four seats leave at least three for the day.
    for seat, target in {0: 1, 1: 0, 2: 0, 3: 0}.items():
        response = client.post(
            f"/v1/games/{game_id}/actions",
            json={"type": "visit", "params": {"seat": target}},
            headers=bearer(tokens[seat]),
        )
        assert response.status_code == 200
    read = client.get(f"/v1/games/{game_id}", headers=bearer(tokens[0])).get_json()
    assert read["view"]["phase"] == "day"
    alive = [s["seat"] for s in read["view"]["seats"] if s["alive"]]
    seat = alive[0]
    actions = client.get(f"/v1/games/{game_id}/actions", headers=bearer(tokens[seat])).get_json()
    charms = [a for a in actions["actions"] if a["type"] == "use-charm"]
    assert len(charms) == 2
    rooms = next(a for a in charms if isinstance(a["params"]["target"]["choices"][0], str))
    people = next(a for a in charms if isinstance(a["params"]["target"]["choices"][0], int))
    mixed = {"charm": rooms["params"]["charm"]["choices"][0], "target": alive[1]}
    response = client.post(
        f"/v1/games/{game_id}/actions",
        json={"type": "use-charm", "params": mixed},
        headers=bearer(tokens[seat]),
    )
    assert response.status_code == 422
    assert response.get_json()["code"] == "action/bad-combination"
    assert people["params"]["target"]["choices"] == alive[1:]


# ------------------------------------------------------------------------------ two worlds


def seeds_with_killer(seats: int) -> Iterator[tuple[int, int]]:
    """``(game seed, killer)`` for every seed, in order."""
    for seed in itertools.count():
        yield seed, draw_killer(seed, seats)


def game_seed_for(killer: int, seats: int) -> int:
    return next(seed for seed, drawn in seeds_with_killer(seats) if drawn == killer)


#: One round that plays alike, in public, whether seat 1 or seat 2 is the killer.
SCRIPT: list[tuple[int, str, dict[str, Any]]] = [
    # The night: seats 1 and 2 both visit seat 3, so whichever is the killer, the other
    # watches its target and saves it; seat 0 visits seat 1 and learns nothing either way.
    (0, "visit", {"seat": 1}),
    (1, "visit", {"seat": 3}),
    (2, "visit", {"seat": 3}),
    (3, "visit", {"seat": 0}),
    # The day: one alarm, then a tied vote.
    (0, "raise-alarm", {}),
    (1, "pass", {}),
    (2, "pass", {}),
    (3, "pass", {}),
    (0, "vote", {"suspects": [1]}),
    (1, "vote", {"suspects": [2]}),
    (2, "vote", {"suspects": [1, 3]}),
    (3, "vote", {"suspects": [2]}),
]


def play_world(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, killer: int
) -> list[dict[int, dict[str, Any]]]:
    """Play :data:`SCRIPT` in a fresh app whose game draws ``killer``; every seat's responses
    (the game, its actions, its log, with ETags) after each step."""
    ids = (f"world-id-{n}" for n in itertools.count())
    monkeypatch.setattr("api.storage.store._new_id", lambda: next(ids))
    seed = game_seed_for(killer, 4)
    monkeypatch.setattr("api.service.secrets.randbits", lambda bits: seed)
    app = nightfall_app(tmp_path / f"world-{killer}.sqlite3")
    try:
        client = app.test_client()
        created = create(client, [{"name": n} for n in ("Ann", "Ben", "Cy", "Di")])
        game_id = created["id"]
        tokens = [seat["token"] for seat in created["seats"]]
        snapshots = [responses(client, game_id, tokens)]
        for seat, kind, params in SCRIPT:
            played = client.post(
                f"/v1/games/{game_id}/actions",
                json={"type": kind, "params": params},
                headers=bearer(tokens[seat]),
            )
            assert played.status_code == 200, played.get_json()
            snapshots.append(responses(client, game_id, tokens))
        return snapshots
    finally:
        app.extensions["casebook"].store.dispose()


def responses(client: FlaskClient, game_id: str, tokens: list[str]) -> dict[int, dict[str, Any]]:
    shown: dict[int, dict[str, Any]] = {}
    for seat, token in enumerate(tokens):
        auth = bearer(token)
        game = client.get(f"/v1/games/{game_id}", headers=auth)
        shown[seat] = {
            "etag": game.headers["ETag"],
            "game": game.get_data(as_text=True),
            "actions": client.get(f"/v1/games/{game_id}/actions", headers=auth).get_data(
                as_text=True
            ),
            "log": client.get(f"/v1/games/{game_id}/log?limit=500", headers=auth).get_data(
                as_text=True
            ),
        }
    return shown


def test_a_guest_cannot_tell_two_worlds_with_different_killers_apart(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    first = play_world(tmp_path, monkeypatch, killer=1)
    second = play_world(tmp_path, monkeypatch, killer=2)
    for step, (one, two) in enumerate(zip(first, second, strict=True)):
        for seat in (0, 3):  # guests in both worlds
            assert one[seat] == two[seat], f"step {step}: seat {seat} tells the worlds apart"
            etag = one[seat]["etag"].strip('"')
            assert etag == hashlib.sha256(one[seat]["game"].encode()).hexdigest()
        assert json.loads(one[1]["game"])["view"]["role"] == "killer"
        assert json.loads(two[1]["game"])["view"]["role"] == "guest"
        if step:
            assert one[1] != two[1]  # seat 1 itself knows which world it is in
    final = json.loads(first[-1][0]["game"])
    assert final["view"]["round"] == 2 and final["view"]["out"] == []  # saved, then a tie


def test_the_killers_knowledge_never_reaches_another_seat(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    snapshots = play_world(tmp_path, monkeypatch, killer=1)
    for step, shown in enumerate(snapshots):
        assert '"role":"killer"' in shown[1]["game"].replace(" ", "")
        for seat in (0, 2, 3):
            for body in shown[seat].values():
                assert "killer" not in body, f"step {step}: seat {seat} reads {body}"
        if step == 3:  # the night: each seat reads its own sealed choice, and only its own
            mine = {s: json.loads(shown[s]["game"])["view"]["pending"]["mine"] for s in range(4)}
            assert mine == {0: 1, 1: 3, 2: 3, 3: None}
    # seat 2 watched the killer's target: it alone learns that seat 1 was there
    dawn = [e for e in json.loads(snapshots[4][2]["log"])["events"] if e["type"] == "dawn"]
    assert {"actor": 2, "saw": [1], "visited": 3}.items() <= dawn[2].items()
    for seat in (0, 3):
        others = [e for e in json.loads(snapshots[4][seat]["log"])["events"] if e["actor"] == 2]
        assert all("saw" not in event for event in others)
