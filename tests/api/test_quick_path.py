"""The short way through the hot endpoints (``api/resources/quick.py``) answers exactly as the
documented way does: the same bodies, the same refusals."""

from __future__ import annotations

import json
from typing import Any

import marshmallow as ma
import pytest
from flask.testing import FlaskClient
from marshmallow import fields

from api import schemas
from api.dumping import compile_dump
from api.resources import games, quick
from tests.api.helpers import Table

#: Bodies the short way must leave to the schema (each refused there, or read differently by
#: the standard library's parser than by orjson).
LEFT_TO_THE_SCHEMA: list[Any] = [
    None,
    [],
    {},
    {"params": {}},
    {"type": 5},
    {"type": ""},
    {"type": "x" * 65},
    {"type": "in vestigate"},
    {"type": "investigate", "extra": 1},
    {"type": "investigate", "params": []},
    {"type": "investigate", "params": {"bad key": 1}},
    {"type": "investigate", "params": None},
    {"type": "investigate", "params": {"n": 2**70}},
    {"type": "investigate", "params": {"n": [0.5]}},
]


def _without_short_way(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(quick, "plain_action", lambda: None)
    monkeypatch.setattr(quick, "action_of", lambda body: None)
    monkeypatch.setattr(quick, "plain_clock", lambda: None)
    monkeypatch.setattr(quick, "clock_of", lambda query_string: None)


@pytest.mark.parametrize("body", LEFT_TO_THE_SCHEMA)
def test_a_malformed_move_is_refused_as_the_schema_refuses_it(
    client: FlaskClient, duel: Table, body: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    path, text = f"/v1/games/{duel.id}/actions", json.dumps(body)
    sent = {"data": text, "content_type": "application/json", "headers": duel.auth(0)}
    short = client.post(path, **sent)
    _without_short_way(monkeypatch)
    documented = client.post(path, **sent)
    assert short.status_code == documented.status_code
    assert short.status_code >= 400
    assert short.get_json() == documented.get_json()


@pytest.mark.parametrize("query", ["?clock=25h", "?clock=24h&x=1", "?other=1", "?clock=12h"])
def test_a_read_with_any_query_answers_as_the_documented_view(
    client: FlaskClient, duel: Table, query: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = f"/v1/games/{duel.id}{query}"
    short = client.get(path, headers=duel.auth(0))
    _without_short_way(monkeypatch)
    documented = client.get(path, headers=duel.auth(0))
    assert (short.status_code, short.get_json()) == (documented.status_code, documented.get_json())
    assert short.headers.get("ETag") == documented.headers.get("ETag")


def test_the_short_way_answers_a_game_as_the_documented_one(
    client: FlaskClient, duel: Table, monkeypatch: pytest.MonkeyPatch
) -> None:
    reads: list[Any] = []
    answered: list[Any] = []
    real_answer = quick.answer

    def counted(*given: Any) -> Any:
        answered.append(given)
        return real_answer(*given)

    real_view = games.view_answer

    def counted_view(*given: Any) -> Any:
        answered.append(given)
        return real_view(*given)

    monkeypatch.setattr(quick, "answer", counted)
    monkeypatch.setattr(games, "view_answer", counted_view)  # a read ahead of Flask
    for seat in (0, 1):
        reads.append(client.get(f"/v1/games/{duel.id}/actions", headers=duel.auth(seat)))
        reads.append(client.get(f"/v1/games/{duel.id}?clock=24h", headers=duel.auth(seat)))
    assert len(answered) == 4  # every read went the short way
    _without_short_way(monkeypatch)
    monkeypatch.setattr(quick, "answer", lambda dump, result: None)
    for number, seat in enumerate((0, 1)):
        listed = client.get(f"/v1/games/{duel.id}/actions", headers=duel.auth(seat))
        read = client.get(f"/v1/games/{duel.id}?clock=24h", headers=duel.auth(seat))
        assert listed.get_json() == reads[2 * number].get_json()
        assert read.get_json() == reads[2 * number + 1].get_json()
        assert read.headers["ETag"] == reads[2 * number + 1].headers["ETag"]


def test_a_move_the_short_way_is_dumped_as_the_schema_dumps_it(
    client: FlaskClient, duel: Table
) -> None:
    legal = client.get(f"/v1/games/{duel.id}/actions", headers=duel.auth(0)).get_json()
    spec = legal["actions"][0]
    params = {name: choices["choices"][0] for name, choices in spec["params"].items()}
    played = client.post(
        f"/v1/games/{duel.id}/actions",
        json={"type": spec["type"], "params": params},
        headers=duel.auth(0),
    )
    assert played.status_code == 200, played.get_json()
    body = played.get_json()
    assert body["events"]
    assert schemas.PlayedSchema().dump(body) == body
    assert compile_dump(schemas.PlayedSchema)(body) == body


def test_compiled_dumps_equal_marshmallows_on_awkward_values() -> None:
    """Missing keys are left out, ``None`` stays, strings and integers are coerced, events keep
    their own fields: what ``Schema.dump`` does."""
    game = {
        "id": 7,
        "system": "s",
        "mode": "m",
        "options": {"a": 1},
        "version": 3.0,
        "status": "running",
        "seat": True,
        "to_act": [0, None, 2.0],
        "view": None,
        "ignored": "never dumped",
        "result": {
            "ending": "e",
            "text": "t",
            "winners": [1],
            "standings": [{"seat": 1, "rank": 1, "score": 2}],
            "solution": None,
        },
    }
    played = {
        "version": 4,
        "status": "over",
        "events": [{"type": "x", "actor": None, "text": 5, "step": 2, "own": [1]}, {"type": "y"}],
    }
    for schema, value in ((schemas.GameSchema, game), (schemas.PlayedSchema, played)):
        assert compile_dump(schema)(value) == schema().dump(value)
    assert compile_dump(schemas.GameSchema)({"id": "g"}) == {"id": "g"}


def test_a_schema_with_a_field_kind_not_compiled_is_refused() -> None:
    class Dated(ma.Schema):
        when = fields.DateTime()

    with pytest.raises(TypeError):
        compile_dump(Dated)
