"""A1/A2: the authorization matrix of ``authorization.yaml`` holds, cell by cell, on every
route the app answers; strangers cannot tell an object from none; refused writes change
nothing. The negative control disables the token check and the walk must notice."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from flask import Flask

from api import security
from tests.suite import authorization
from tests.suite.authorization import Cell, World, ask, build_world, cells, live_routes, read_back
from tests.suite.client import InProcess, Transport
from tests.suite.test_leaks import serve

IDS = ("{game_id}", "{case_id}", "{table_id}")


@pytest.fixture
def app(tmp_path: Path) -> Iterator[Flask]:
    made = serve(tmp_path / "matrix.sqlite3")
    yield made
    made.extensions["casebook"].store.dispose()


def walk(transport: Transport) -> tuple[list[str], int]:
    """Every cell of the matrix asked: the mismatches, and how many cells were asked."""
    matrix = authorization.load()
    shared = build_world(transport)
    mismatches: list[str] = []
    asked = 0
    for cell in cells(matrix):
        world = build_world(transport, shared.foreign) if cell.fresh else shared
        before = read_back(transport, world, cell)
        answer = ask(transport, world, cell)
        asked += 1
        if answer.status != cell.expected:
            mismatches.append(_mismatch(cell, answer.status, answer.text))
        if before is not None and answer.status >= 400:
            after = read_back(transport, world, cell)
            assert after is not None
            if (after.body, after.headers.get("ETag")) != (before.body, before.headers.get("ETag")):
                mismatches.append(
                    f"{cell.method} {cell.route} as {cell.credential}: refused "
                    f"with {answer.status} but changed {cell.unchanged}"
                )
    return mismatches, asked


def _mismatch(cell: Cell, status: int, text: str) -> str:
    return (
        f"{cell.method} {cell.route} as {cell.credential}: {status}, expected {cell.expected} "
        f"({text[:120]})"
    )


def test_every_live_route_and_method_is_in_the_matrix(app: Flask) -> None:
    listed = {
        (route, method)
        for route, methods in authorization.load()["routes"].items()
        for method in methods
    }
    live = live_routes(app)
    assert live - listed == set(), "routes the matrix does not cover"
    assert listed - live == set(), "routes in the matrix the app does not answer"


def test_every_credential_is_answered_as_the_matrix_says(app: Flask) -> None:
    mismatches, asked = walk(InProcess(app.test_client()))
    assert mismatches == [], "\n".join(mismatches)
    matrix = authorization.load()
    credentials = len(matrix["credentials"])
    assert asked == sum(len(methods) for methods in matrix["routes"].values()) * credentials


def test_strangers_cannot_tell_an_object_from_none(app: Flask) -> None:
    """Ids that name nothing get 404 (or the same 401 a refused token gets on a real object)."""
    transport = InProcess(app.test_client())
    world: World = build_world(transport)
    wrong = []
    for cell in cells(authorization.load()):
        if not any(name in cell.route for name in IDS):
            continue
        status = ask(transport, world, cell, missing=True).status
        allowed = {404, 401} if cell.expected == 401 else {404}
        if status not in allowed:
            wrong.append(_mismatch(cell, status, f"on missing ids, expected {sorted(allowed)}"))
    assert wrong == [], "\n".join(wrong)


def test_the_walk_notices_when_any_token_opens_anything(
    app: Flask, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Negative control: with the hash comparison disabled, strangers get in, and the walk
    must report it on the rows a token guards."""
    monkeypatch.setattr(security, "matches", lambda token, token_hash: token_hash is not None)
    mismatches, _ = walk(InProcess(app.test_client()))
    caught = {line.split(" as ")[0] for line in mismatches}
    guarded = {
        f"{cell.method} {cell.route}"
        for cell in cells(authorization.load())
        if cell.credential not in ("anonymous", "malformed")
        and cell.expected in (401, 404)
        and "{filename}" not in cell.route
    }
    assert guarded and guarded <= caught, sorted(guarded - caught)
