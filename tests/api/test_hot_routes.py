"""The layer in front of Flask (``api/hot_routes.py``) answers the hot requests exactly as Flask
does (status, headers, bodies, ETags, problems) and hands every other request to Flask."""

from __future__ import annotations

import hashlib
import json
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient
from werkzeug.http import parse_date
from werkzeug.test import TestResponse

from api import hot_routes, housekeeping
from api.hot_routes import HotRoutes
from tests.api.helpers import Table, assert_problem, bearer


def _through_flask(app: Flask, monkeypatch: pytest.MonkeyPatch) -> None:
    """Serve the next requests by Flask alone, as before the layer."""
    layer = app.wsgi_app
    assert isinstance(layer, HotRoutes)
    monkeypatch.setattr(app, "wsgi_app", layer._flask)


def _counted(app: Flask, monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The paths Flask itself is asked to serve from now on."""
    layer = app.wsgi_app
    assert isinstance(layer, HotRoutes)
    flask, asked = layer._flask, []

    def counting(environ: dict[str, Any], start_response: Any) -> Any:
        asked.append(environ["PATH_INFO"])
        return flask(environ, start_response)

    monkeypatch.setattr(layer, "_flask", counting)
    return asked


def _seen(response: TestResponse) -> tuple[int, dict[str, str], bytes]:
    """Status, headers and body; the ``Date`` a read carries is checked, not compared (the two
    ways may answer a second apart)."""
    headers = dict(response.headers)
    if "Date" in headers:
        headers["Date"] = "a date" if parse_date(headers["Date"]) else "not a date"
    return response.status_code, headers, response.get_data()


def _requests(duel: Table) -> list[tuple[str, str, dict[str, Any]]]:
    """Reads, and moves that change nothing (each refused), with their headers and bodies."""
    game, actions = f"/v1/games/{duel.id}", f"/v1/games/{duel.id}/actions"
    move = {"data": json.dumps({"type": "investigate"}), "content_type": "application/json"}
    return [
        ("GET", game, {"headers": duel.auth(0)}),
        ("GET", game + "?clock=24h", {"headers": duel.auth(1)}),
        ("GET", actions, {"headers": duel.auth(0)}),
        ("GET", actions, {"headers": duel.auth(1)}),
        ("GET", game, {}),  # no token: 401 with WWW-Authenticate
        ("GET", game, {"headers": bearer("x" * 43)}),  # a stranger: 404
        ("GET", "/v1/games/nothing-here", {"headers": duel.auth(0)}),
        ("POST", actions, {"headers": duel.auth(1), **move}),  # not seat 1's turn: 409
        ("POST", actions, {"headers": {**duel.auth(0), "If-Match": '"7"'}, **move}),  # 412
        ("POST", actions, {"headers": {**duel.auth(0), "If-Match": "seven"}, **move}),  # 400
        ("POST", actions, {"headers": duel.auth(0), **move, "data": "{"}),  # malformed JSON
        ("POST", actions, {"headers": duel.auth(0), **move, "content_type": "text/plain"}),
        ("POST", actions, {"headers": duel.auth(0), **move, "data": '{"type": "fly"}'}),
        ("POST", actions, {"headers": duel.auth(0), **move, "data": "[]"}),  # the schema's 422
    ]


def test_the_layer_answers_as_flask_does(
    app: Flask, client: FlaskClient, duel: Table, monkeypatch: pytest.MonkeyPatch
) -> None:
    asked = _counted(app, monkeypatch)
    layered = [_seen(client.open(path, method=m, **sent)) for m, path, sent in _requests(duel)]
    assert len(asked) == 3  # malformed JSON, not JSON, not an action: Flask refuses them
    _through_flask(app, monkeypatch)
    flask = [_seen(client.open(path, method=m, **sent)) for m, path, sent in _requests(duel)]
    assert layered == flask
    assert layered[0][1]["Date"] == layered[1][1]["Date"] == "a date"  # a read's, as werkzeug's
    statuses = [status for status, _, _ in layered]
    assert statuses == [200, 200, 200, 200, 401, 404, 404, 409, 412, 400, 400, 415, 422, 422]


def test_a_move_through_the_layer_is_played_once_and_answered_as_flask_answers(
    app: Flask, client: FlaskClient, duel: Table, other_duel: Table, monkeypatch: pytest.MonkeyPatch
) -> None:
    asked = _counted(app, monkeypatch)
    played = client.post(
        f"/v1/games/{duel.id}/actions", json={"type": "investigate"}, headers=duel.auth(0)
    )
    assert asked == []
    assert played.status_code == 200 and played.get_json()["version"] == 1
    assert played.mimetype == "application/json"
    _through_flask(app, monkeypatch)
    other = client.post(
        f"/v1/games/{other_duel.id}/actions",
        json={"type": "investigate"},
        headers=other_duel.auth(0),
    )
    assert sorted(played.headers.keys()) == sorted(other.headers.keys())
    read = client.get(f"/v1/games/{duel.id}", headers=duel.auth(0)).get_json()
    assert read["version"] == 1  # played once


def test_a_read_with_a_current_etag_is_not_modified(
    app: Flask, client: FlaskClient, duel: Table, monkeypatch: pytest.MonkeyPatch
) -> None:
    asked = _counted(app, monkeypatch)
    first = client.get(f"/v1/games/{duel.id}", headers=duel.auth(0))
    again = client.get(
        f"/v1/games/{duel.id}", headers={**duel.auth(0), "If-None-Match": first.headers["ETag"]}
    )
    assert asked == []
    assert again.status_code == 304 and again.get_data() == b""
    assert again.headers["ETag"] == first.headers["ETag"]


def test_a_read_is_tagged_by_its_own_body_for_each_seat_clock_and_version(
    app: Flask, client: FlaskClient, duel: Table, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The layer keeps each view's ETag by game, version, seat and clock: whatever it keeps, a
    read's ETag is the sha256 of its body, and a new version or another seat gets its own."""
    asked = _counted(app, monkeypatch)

    def read(seat: int, query: str = "") -> TestResponse:
        found = client.get(f"/v1/games/{duel.id}{query}", headers=duel.auth(seat))
        assert found.headers["ETag"] == f'"{hashlib.sha256(found.get_data()).hexdigest()}"'
        return found

    before = [read(0), read(1), read(0, "?clock=24h"), read(0)]
    assert before[0].headers["ETag"] == before[3].headers["ETag"]
    assert before[0].headers["ETag"] != before[1].headers["ETag"]  # each seat its own view
    client.post(f"/v1/games/{duel.id}/actions", json={"type": "investigate"}, headers=duel.auth(0))
    after = read(0)
    assert after.get_json()["version"] == 1
    assert after.headers["ETag"] != before[0].headers["ETag"]
    assert asked == []


def test_a_move_with_an_idempotency_key_is_left_to_flask(
    app: Flask, client: FlaskClient, duel: Table, monkeypatch: pytest.MonkeyPatch
) -> None:
    asked = _counted(app, monkeypatch)
    sent = {"json": {"type": "investigate"}, "headers": {**duel.auth(0), "Idempotency-Key": "k1"}}
    first = client.post(f"/v1/games/{duel.id}/actions", **sent)
    again = client.post(f"/v1/games/{duel.id}/actions", **sent)
    assert len(asked) == 2
    assert first.status_code == again.status_code == 200
    assert again.headers["Idempotent-Replayed"] == "true"
    assert again.get_json() == first.get_json()


def test_a_request_when_a_tidy_is_due_is_left_to_flask(
    app: Flask, client: FlaskClient, duel: Table, monkeypatch: pytest.MonkeyPatch
) -> None:
    asked = _counted(app, monkeypatch)
    app.extensions["casebook-tidied-at"][0] -= housekeeping.EVERY_S + 1
    assert client.get(f"/v1/games/{duel.id}", headers=duel.auth(0)).status_code == 200
    assert client.get(f"/v1/games/{duel.id}", headers=duel.auth(0)).status_code == 200
    assert len(asked) == 1  # the first tidied, through Flask's hook; the second is the layer's


def test_other_requests_go_to_flask(
    app: Flask, client: FlaskClient, duel: Table, monkeypatch: pytest.MonkeyPatch
) -> None:
    asked = _counted(app, monkeypatch)
    client.get(f"/v1/games/{duel.id}/log", headers=duel.auth(0))
    client.head(f"/v1/games/{duel.id}", headers=duel.auth(0))
    client.get(f"/v1/games/{duel.id}/", headers=duel.auth(0))
    assert_problem(client.post(f"/v1/games/{duel.id}", headers=duel.auth(0)), 405)
    assert len(asked) == 4


def test_an_app_with_a_hook_the_layer_does_not_know_is_refused(app: Flask) -> None:
    app.before_request(lambda: None)
    with pytest.raises(RuntimeError, match="does not know the hooks"):
        hot_routes.install(app)


def test_a_read_with_conditions_is_weighed_as_flask_weighs_it(
    app: Flask, client: FlaskClient, duel: Table, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A client polling with the ETag it holds gets its 304 from the layer (from the kept
    answer), and every other condition is weighed as Flask's view weighs it."""
    game = f"/v1/games/{duel.id}"
    etag = client.get(game, headers=duel.auth(0)).headers["ETag"]
    conditions = [
        {"If-None-Match": etag},
        {"If-None-Match": f"W/{etag}"},
        {"If-None-Match": f'"other", {etag}'},
        {"If-None-Match": '"other"'},
        {"If-None-Match": "*"},
        {"If-Match": etag},
        {"If-Match": '"other"'},
        {"If-Modified-Since": "Wed, 21 Oct 2015 07:28:00 GMT"},
        {"If-None-Match": etag, "If-Modified-Since": "Wed, 21 Oct 2015 07:28:00 GMT"},
    ]

    def reads(seat: int) -> list[tuple[int, dict[str, str], bytes]]:
        return [
            _seen(client.get(game, headers={**duel.auth(seat), **condition}))
            for condition in conditions
        ]

    asked = _counted(app, monkeypatch)
    layered = reads(0) + reads(1)
    assert asked == []
    _through_flask(app, monkeypatch)
    assert layered == reads(0) + reads(1)
    statuses = [status for status, _, _ in layered]
    assert statuses[:9] == [304, 304, 304, 200, 304, 200, 412, 200, 304]
    assert statuses[9:] == [200, 200, 200, 200, 304, 412, 412, 200, 200]  # seat 1: its own ETag
