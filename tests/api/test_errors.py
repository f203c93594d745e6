"""Every error is problem+json: routing, body handling, validation, the store and surprises."""

from __future__ import annotations

import io
import json

import pytest
from flask import Flask
from flask.testing import FlaskClient

from api.storage import StoreError
from generator import registry as generators
from rules.errors import UnavailableError
from tests.api.helpers import TOY, Table, assert_problem

GAME = {"system": TOY, "mode": "duel", "seats": [{"name": "Ann"}, {"name": "Ben"}]}


@pytest.mark.parametrize(
    "path", ["/nope", "/v1", "/v1/games/", "/v1/games/x/nope", "/v1/cases/" + "a" * 65]
)
def test_unknown_routes_are_404_problems(client: FlaskClient, path: str) -> None:
    assert_problem(client.get(path), 404, "not-found")


def test_unknown_game_and_case_ids_are_404(client: FlaskClient, duel: Table) -> None:
    assert_problem(client.get("/v1/games/missing", headers=duel.auth(0)), 404, "game/not-found")
    assert_problem(client.get("/v1/cases/missing"), 404, "case/not-found")


def test_over_long_ids_are_404_before_any_lookup(client: FlaskClient, duel: Table) -> None:
    assert_problem(client.get("/v1/games/" + "g" * 65, headers=duel.auth(0)), 404, "not-found")


def test_wrong_method_is_405_with_allow(client: FlaskClient) -> None:
    response = client.delete("/v1/systems")
    assert_problem(response, 405, "method-not-allowed")
    assert set(response.headers["Allow"].replace(" ", "").split(",")) >= {"GET", "HEAD"}
    assert "POST" in client.put("/v1/games", json={}).headers["Allow"]


def test_body_over_64_kib_is_413(client: FlaskClient) -> None:
    body = b'{"system": "' + b"x" * (64 * 1024) + b'"}'
    response = client.post("/v1/games", data=body, content_type="application/json")
    assert_problem(response, 413, "request/too-large")


def test_chunked_body_over_64_kib_is_413(client: FlaskClient) -> None:
    response = client.post(
        "/v1/games",
        input_stream=io.BytesIO(b"[" + b"0," * (40 * 1024) + b"0]"),
        headers={"Transfer-Encoding": "chunked", "Content-Type": "application/json"},
        environ_overrides={"wsgi.input_terminated": True},
    )
    assert_problem(response, 413, "request/too-large")


@pytest.mark.parametrize("content_type", ["text/plain", "application/x-www-form-urlencoded"])
def test_non_json_body_is_415(client: FlaskClient, content_type: str) -> None:
    response = client.post("/v1/games", data="system=toy", content_type=content_type)
    assert_problem(response, 415, "request/unsupported-media-type")


def test_missing_body_is_415(client: FlaskClient) -> None:
    assert_problem(client.post("/v1/games"), 415, "request/unsupported-media-type")


@pytest.mark.parametrize(
    "body",
    [
        b"{",
        b"",
        b'{"seed": NaN}',
        b'{"seed": Infinity}',
        b'{"seed": 1e400}',
        b'{"system": "\\ud800"}',
        b"[" * 30_000 + b"]" * 30_000,
        b"\xff\xfe",
        b"\xef\xbb\xbf" + json.dumps(GAME).encode(),
        json.dumps(GAME).encode("utf-16"),
        json.dumps(GAME).encode("utf-16-le"),
        json.dumps(GAME).encode("utf-32"),
        '{"seats": [{"name": "Zo\xe9"}]}'.encode("latin-1"),
    ],
    ids=[
        "truncated",
        "empty",
        "nan",
        "infinity",
        "overflow",
        "surrogate",
        "deep",
        "bad-utf8",
        "utf8-bom",  # RFC 8259: UTF-8 only, and no byte order mark
        "utf16-bom",
        "utf16-no-bom",
        "utf32",
        "latin1",
    ],
)
def test_malformed_json_is_400(client: FlaskClient, body: bytes) -> None:
    response = client.post("/v1/games", data=body, content_type="application/json")
    assert_problem(response, 400, "request/malformed-json")


def test_unknown_field_is_422_with_a_pointer(client: FlaskClient) -> None:
    response = client.post("/v1/games", json={**GAME, "colour": "red"})
    body = assert_problem(response, 422, "request/invalid")
    assert {"pointer": "/colour", "detail": "Unknown field."} in body["errors"]


def test_nested_field_errors_point_into_the_body(client: FlaskClient) -> None:
    seats = [{"name": "Ann"}, {"name": "", "bot": "maybe"}]
    body = assert_problem(client.post("/v1/games", json={**GAME, "seats": seats}), 422)
    pointers = {error["pointer"] for error in body["errors"]}
    assert pointers == {"/seats/1/name", "/seats/1/bot"}


@pytest.mark.parametrize(
    "seed", [-1, 2**63, 10**30, "5", 5.5, True], ids=["neg", "2^63", "huge", "str", "float", "bool"]
)
def test_seeds_out_of_range_or_type_are_422(client: FlaskClient, seed: object) -> None:
    body = assert_problem(client.post("/v1/games", json={**GAME, "seed": seed}), 422)
    assert body["errors"][0]["pointer"] == "/seed"


def test_unexpected_exceptions_are_a_generic_500(
    app: Flask, client: FlaskClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    def explode(*args: object) -> None:
        raise RuntimeError("secret detail at /work/main/api/service.py")

    monkeypatch.setattr(app.extensions["casebook"], "systems", explode)
    body = assert_problem(client.get("/v1/systems"), 500, "internal-error")
    assert "secret" not in body["detail"]


def test_store_failures_are_503_with_retry_after(
    app: Flask, client: FlaskClient, duel: Table, monkeypatch: pytest.MonkeyPatch
) -> None:
    def busy(*args: object, **kwargs: object) -> None:
        raise StoreError("the database could not read the game; try again shortly")

    monkeypatch.setattr(app.extensions["casebook"].store, "open_game", busy)
    response = client.get(f"/v1/games/{duel.id}", headers=duel.auth(0))
    body = assert_problem(response, 503, "service-unavailable")
    assert response.headers["Retry-After"] == "1"
    assert body["detail"] == "The service is busy; try again shortly."  # the reason is logged
    assert "read the game" not in response.get_data(as_text=True)


def test_a_generator_time_limit_is_503_not_a_bug(
    client: FlaskClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Every error of the family keeps its status: an unavailable service is a 503, never 500."""

    def slow(*args: object, **kwargs: object) -> None:
        raise UnavailableError("The case took too long to make; try again.")

    monkeypatch.setattr(generators, "generate", slow)
    response = client.post("/v1/games", json={**GAME, "seed": 3})
    assert_problem(response, 503)
    assert response.headers["Retry-After"] == "1"


def test_health_is_503_when_the_database_is_not_safe(
    app: Flask, client: FlaskClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    def unsafe() -> None:
        raise StoreError("unsafe SQLite settings: journal_mode")

    monkeypatch.setattr(app.extensions["casebook"].store, "self_check", unsafe)
    response = client.get("/v1/health")
    assert_problem(response, 503, "service-unavailable")
    assert "journal_mode" not in response.get_data(as_text=True)
