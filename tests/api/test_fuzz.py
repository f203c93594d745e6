"""schemathesis over every operation of openapi.yaml: no 5xx, and every answer as documented.

One app (with one Toy Culprit game and case) serves the whole module, since hypothesis runs many
examples per test. Generated ids are swapped for the real ones, and schema-valid bodies are
pointed at Toy Culprit, unless they are the point of a negative example, so that each operation
also succeeds sometimes; the right bearer token is sent where an operation needs one. Every
error must be a conforming problem (:func:`problem_conforms`).
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import schemathesis
import yaml
from flask import Flask
from hypothesis import settings
from schemathesis import Case
from schemathesis.checks import CheckContext, positive_data_acceptance
from schemathesis.core.parameters import ParameterLocation
from schemathesis.core.result import Ok
from schemathesis.core.transport import Response

import tests.toy  # noqa: F401  (the test app serves it: the spec lists it)
from rules import registry
from tests.api.helpers import LEAKS, PROBLEM_FIELDS, TOY, Table, bearer, start_game
from tests.conftest import make_app

SPEC = Path(__file__).resolve().parents[2] / "openapi.yaml"
EXAMPLES = int(os.environ.get("ST_EXAMPLES", "25"))
#: A schema cannot say which system ids, modes, seat counts or actions exist (they come from
#: the registry and the rules), so schema-valid requests may rightly get a 422.
EXCLUDED = [positive_data_acceptance]


def _served_spec() -> dict[str, Any]:
    """openapi.yaml as the test app states it: its systems include the test plugins'."""
    spec: dict[str, Any] = yaml.safe_load(SPEC.read_text())
    served = sorted(entry.id for entry in registry.all_registrations())
    for name in ("CaseRequest", "GameRequest"):
        spec["components"]["schemas"][name]["properties"]["system"]["enum"] = served
    return spec


schema = schemathesis.openapi.from_dict(_served_spec())
#: The operations that answered 2xx at least once in this run.
SUCCEEDED: set[str] = set()


@schemathesis.check
def problem_conforms(ctx: CheckContext, response: Response, case: Case[Any]) -> bool | None:
    """Every error is RFC 9457 problem+json with our fields, its status, and no leaked internals."""
    if response.status_code < 400:
        return None
    headers = {name.lower(): values for name, values in response.headers.items()}
    assert headers["content-type"][0].startswith("application/problem+json")
    body = response.json()
    assert all(field in body for field in PROBLEM_FIELDS), body
    assert body["status"] == response.status_code
    assert body["type"] == f"https://casebook.dev/problems/{body['code']}"
    assert not LEAKS.search(response.text), response.text
    if response.status_code == 401:
        assert headers["www-authenticate"] == ["Bearer"]
    return True


@schemathesis.check
def valid_input_passes_validation(
    ctx: CheckContext, response: Response, case: Case[Any]
) -> bool | None:
    """A request the description allows is never refused as malformed: a refusal may only be
    the rules' (an unknown mode, an illegal move), never the request layer's."""
    if case.meta is None or any(
        case.meta.is_negative_at(location) for location in ParameterLocation
    ):
        return None
    if response.status_code in (400, 413, 415, 422):
        code = response.json().get("code", "")
        assert not code.startswith("request/"), (code, response.text)
    return True


@pytest.fixture(scope="module")
def fuzz_app(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Flask]:
    app = make_app(tmp_path_factory.mktemp("fuzz") / "api.sqlite3")
    yield app
    app.extensions["casebook"].store.dispose()


@pytest.fixture(scope="module")
def known(fuzz_app: Flask) -> dict[str, Any]:
    """A game and a case that exist, with the tokens that open them."""
    client = fuzz_app.test_client()
    table: Table = start_game(client, [{"name": "Ann"}, {"name": "Bot", "bot": True}])
    case = client.post("/v1/cases", json={"system": TOY}).get_json()
    authored = client.post("/v1/cases", json={"system": "murdered-by-midnight", "seed": 1})
    authored_id = authored.get_json()["id"]
    desk = client.post(f"/v1/cases/{authored_id}/tables", json={"inspectors": ["Ann"]})
    midnight = start_game(
        client, [{"name": "Ann"}], system="murdered-by-midnight", case_id=authored_id
    )
    return {
        "game_id": table.id,
        "case_id": case["id"],
        "authored_case_id": authored_id,  # a case whose system has an Author
        "authored_token": authored.get_json()["author_token"],
        "scene": authored.get_json()["public"]["scene"],  # face up on every table of it
        "table_id": desk.get_json()["id"],  # a table session of that case
        "table_token": desk.get_json()["token"],
        "game_token": table.tokens[0],
        "author_token": case["author_token"],
        "deducing_game_id": midnight.id,  # a game whose system offers deductions
        "deducing_game_token": midnight.tokens[0],
    }


def _steer(case: Case[Any], known: dict[str, Any]) -> None:
    """Point schema-valid ids and bodies at things that exist, so success paths run too."""
    meta = case.meta
    questions = case.operation.path.endswith("/questions")
    if meta is None or not meta.is_negative_at(ParameterLocation.PATH):
        for name in ("game_id", "case_id"):
            if name in case.path_parameters:
                case.path_parameters[name] = known[name]
        if questions or "/tables" in case.operation.path:
            case.path_parameters["case_id"] = known["authored_case_id"]
        if "table_id" in case.path_parameters:
            case.path_parameters["table_id"] = known["table_id"]
    if (meta is None or not meta.is_negative_at(ParameterLocation.QUERY)) and case.query:
        if "inspector" in case.query:
            case.query["inspector"] = 0
        if _deductions(case):
            case.path_parameters["game_id"] = known["deducing_game_id"]
    if meta is not None and meta.is_negative_at(ParameterLocation.BODY):
        return
    if not isinstance(case.body, dict):
        return
    if "table_id" in case.path_parameters and "inspector" in case.body:
        case.body.update(inspector=0, type="search", params={"location": known["scene"]})
    elif questions and "type" in case.body and len(str(case.body["type"])) % 2:
        case.body.update(type="search", params={"location": "L1"})
    elif "accusation" in case.body:
        case.body["accusation"] = {"culprit": "Ada"}
    elif "type" in case.body and len(str(case.body["type"])) % 2:
        case.body.update(type="investigate", params={})
    elif "system" in case.body:
        _steer_system(case.body)


def _deductions(case: Case[Any]) -> bool:
    path: str = case.operation.path
    return path.endswith("/deductions")


def _token(case: Case[Any], known: dict[str, Any]) -> str:
    if "table_id" in case.path_parameters:
        return str(known["table_token"])
    if case.path_parameters.get("case_id") == known["authored_case_id"]:
        return str(known["authored_token"])
    if "case_id" in case.path_parameters:
        return str(known["author_token"])
    if _deductions(case) and case.path_parameters.get("game_id") == known["deducing_game_id"]:
        return str(known["deducing_game_token"])
    return str(known["game_token"])


def _steer_system(body: dict[str, Any]) -> None:
    body["system"] = TOY
    body.pop("options", None)
    body.pop("case_id", None)
    seats = body.get("seats")
    if isinstance(seats, list) and len(seats) <= 2:
        body["mode"] = "duel" if len(seats) == 2 else "solo"


@schema.parametrize()
@settings(max_examples=EXAMPLES, deadline=None)
def test_every_operation_behaves_as_documented(
    case: Case[Any], fuzz_app: Flask, known: dict[str, Any]
) -> None:
    _steer(case, known)
    token = _token(case, known)
    without_auth = case.meta is not None and case.meta.is_negative_at(ParameterLocation.HEADER)
    case.operation.schema.app = fuzz_app  # so the checks' own follow-up requests reach it too
    response = case.call_and_validate(
        app=fuzz_app,
        headers={} if without_auth else bearer(token),
        excluded_checks=EXCLUDED,
        additional_checks=[problem_conforms, valid_input_passes_validation],
    )
    if response.status_code < 300:
        SUCCEEDED.add(case.operation.label)


def test_every_operation_succeeded_at_least_once() -> None:
    """E2: the fuzzing reached every operation's success path, not only its error paths.
    Runs after the parametrised test above (pytest keeps definition order within a module)."""
    if not SUCCEEDED:
        pytest.skip("only meaningful after test_every_operation_behaves_as_documented")
    results = list(schema.get_all_operations())
    assert all(isinstance(result, Ok) for result in results), "openapi.yaml has a broken operation"
    operations = {result.ok().label for result in results if isinstance(result, Ok)}
    assert operations - SUCCEEDED == set()
