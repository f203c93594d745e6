"""Helpers the API tests share: the problem+json check, auth headers and game set-up."""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from flask.testing import FlaskClient
from werkzeug.test import TestResponse

TOY = "toy-culprit"
PROBLEM_FIELDS = ("type", "title", "status", "detail", "code")
#: What an error body must never contain: tracebacks, SQL, file paths, Python class names.
LEAKS = re.compile(
    r"Traceback|File \"|\.py\b|/work/|/tmp/|site-packages|SELECT |INSERT |UPDATE |sqlite|"
    r"psycopg|sqlalchemy|Error\(|Exception|<html|<!DOCTYPE",
    re.IGNORECASE,
)


def assert_problem(response: TestResponse, status: int, code: str | None = None) -> dict[str, Any]:
    """``response`` is an RFC 9457 problem with ``status`` (and ``code``), leaking nothing."""
    assert response.status_code == status, response.get_data(as_text=True)
    assert response.mimetype == "application/problem+json"
    body = response.get_json(force=True)
    assert isinstance(body, dict)
    for field in PROBLEM_FIELDS:
        assert field in body, field
    assert body["status"] == status
    assert body["type"] == f"https://casebook.dev/problems/{body['code']}"
    assert body["detail"].strip()
    if code is not None:
        assert body["code"] == code
    assert not LEAKS.search(response.get_data(as_text=True)), response.get_data(as_text=True)
    return body


def bearer(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


@dataclass(frozen=True)
class Table:
    """A started game: its id and each person's token by seat number."""

    id: str
    tokens: dict[int, str]
    created: dict[str, Any]

    def auth(self, seat: int) -> dict[str, str]:
        return bearer(self.tokens[seat])


def start_game(client: FlaskClient, seats: list[dict[str, Any]], **fields: Any) -> Table:
    body = {"system": TOY, "mode": "duel" if len(seats) == 2 else "solo", "seats": seats}
    return post_game(client, {**body, **fields})


def post_game(client: FlaskClient, body: dict[str, Any]) -> Table:
    """``POST /v1/games`` with ``body``: the game created, with each person's token."""
    response = client.post("/v1/games", json=body)
    assert response.status_code == 201, response.get_json()
    created = response.get_json()
    tokens = {seat["number"]: seat["token"] for seat in created["seats"] if "token" in seat}
    return Table(created["id"], tokens, created)


def game_state(client: FlaskClient, table: Table, seat: int = 0) -> dict[str, Any]:
    response = client.get(f"/v1/games/{table.id}", headers=table.auth(seat))
    assert response.status_code == 200
    body: dict[str, Any] = response.get_json()
    return body
