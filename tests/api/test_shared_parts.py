"""A view's parts that a system shares between views (Murder City's public city) are written
from bytes encoded once, and the body is the one Flask writes."""

from __future__ import annotations

from typing import Any

import orjson
from flask import Flask
from flask.testing import FlaskClient

from api.answers import KeptAnswers
from api.hot_routes import HotRoutes
from api.resources import StrictJSONProvider
from api.resources.shared_parts import SharedParts


def _counting(app: Flask) -> tuple[SharedParts, list[Any]]:
    json = app.json
    assert isinstance(json, StrictJSONProvider)
    encoded: list[Any] = []

    def part(value: Any) -> bytes:
        encoded.append(value)
        return json.part(value)

    return SharedParts(part, size=2, met=4), encoded


def test_a_value_met_twice_as_the_same_object_is_encoded_once(app: Flask) -> None:
    shared, encoded = _counting(app)
    city = {"name": "Port", "evidence": [{"id": "E1", "b": 2, "a": 1}]}
    views = [{"city": city, "turn": n, "mine": {"n": n}} for n in range(4)]
    written = [orjson.dumps(shared.written(view), option=orjson.OPT_SORT_KEYS) for view in views]
    assert written == [orjson.dumps(view, option=orjson.OPT_SORT_KEYS) for view in views]
    assert encoded == [city]  # met first, then encoded once; the fresh parts never


def test_what_is_kept_is_bounded_and_a_value_let_go_is_met_anew(app: Flask) -> None:
    shared, encoded = _counting(app)
    city = {"name": "Port"}
    shared.written({"city": city})
    for n in range(4):  # values met once push the city out of those met once
        shared.written({"other": {"n": n}})
    assert len(shared._met) == 4
    shared.written({"city": city})
    assert encoded == []  # met again as if for the first time
    shared.written({"city": city})
    assert encoded == [city]
    towns = [{"name": name} for name in "ABC"]
    for town in towns * 2:  # three shared values, two kept: the city is let go
        shared.written({"town": town})
    assert len(shared._kept) == 2 and id(city) not in shared._kept
    for n in range(8):  # values met once never push out a shared one
        shared.written({"other": {"n": n}})
    assert {id(town) for town in towns[1:]} == set(shared._kept)


def test_a_murder_city_read_writes_its_city_once_and_answers_as_flask(
    app: Flask, client: FlaskClient
) -> None:
    seats = [{"name": "Ann"}, {"name": "Bot", "bot": True}]
    body = {"system": "murder-city", "mode": "standard", "seats": seats}
    created = client.post("/v1/games", json=body).get_json()
    auth = {"Authorization": f"Bearer {created['seats'][0]['token']}"}
    layer = app.wsgi_app
    assert isinstance(layer, HotRoutes)
    layer.answers = KeptAnswers(games=0)  # each read writes its view (as each version would)
    reads = [client.get(f"/v1/games/{created['id']}", headers=auth) for _ in range(3)]
    assert layer._shared._kept  # the city, written from its bytes
    app.wsgi_app = layer._flask  # type: ignore[method-assign,assignment]
    flask = client.get(f"/v1/games/{created['id']}", headers=auth)
    for read in reads:
        assert read.get_data() == flask.get_data()
        assert read.headers["ETag"] == flask.headers["ETag"]
