"""The committed spec is the one the app generates, it is valid, and it tells the truth."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import yaml
from flask.testing import FlaskClient
from openapi_spec_validator import validate

from rules import registry

ROOT = Path(__file__).resolve().parents[2]
SPEC = ROOT / "openapi.yaml"
COMMAND = "flask --app api.app:create_app openapi write --format yaml openapi.yaml"


def test_openapi_yaml_is_up_to_date(tmp_path: Path) -> None:
    env = {key: value for key, value in os.environ.items() if key != "CASEBOOK_PLUGINS"}
    env["CASEBOOK_DATABASE_URL"] = f"sqlite:///{tmp_path / 'spec.sqlite3'}"
    out = tmp_path / "openapi.yaml"
    flask = Path(sys.executable).with_name("flask")
    subprocess.run(
        [
            str(flask),
            "--app",
            "api.app:create_app",
            "openapi",
            "write",
            "--format",
            "yaml",
            str(out),
        ],
        cwd=ROOT,
        env=env,
        check=True,
        capture_output=True,
    )
    assert out.read_text() == SPEC.read_text(), f"openapi.yaml is stale; run: {COMMAND}"


def test_openapi_yaml_is_valid() -> None:
    validate(yaml.safe_load(SPEC.read_text()))


def test_request_bodies_reject_unknown_fields() -> None:
    spec = yaml.safe_load(SPEC.read_text())
    schemas = spec["components"]["schemas"]
    for name in ("CaseRequest", "Accusation", "GameRequest", "SeatRequest", "ActionRequest"):
        assert schemas[name]["additionalProperties"] is False, name


def test_every_error_response_is_a_problem() -> None:
    spec = yaml.safe_load(SPEC.read_text())
    for name, response in spec["components"]["responses"].items():
        content: dict[str, Any] = response["content"]
        assert list(content) == ["application/problem+json"], name
        assert content["application/problem+json"]["schema"] == {
            "$ref": "#/components/schemas/Problem"
        }


def test_game_operations_need_a_bearer_token() -> None:
    spec = yaml.safe_load(SPEC.read_text())
    assert spec["components"]["securitySchemes"]["bearerAuth"]["scheme"] == "bearer"
    for path, operations in spec["paths"].items():
        if path.startswith("/v1/games/"):
            for method, operation in operations.items():
                if method != "parameters":
                    assert operation["security"] == [{"bearerAuth": []}], (path, method)


def test_the_live_spec_matches_the_file(client: FlaskClient) -> None:
    """The same description, but for the systems: a server lists those it serves, plugins too
    (the file, made without plugins, lists the built-in ones)."""
    live = client.get("/openapi.json").get_json()
    committed = yaml.safe_load(SPEC.read_text())
    served = sorted(entry.id for entry in registry.all_registrations())
    for name in ("CaseRequest", "GameRequest"):
        system = live["components"]["schemas"][name]["properties"]["system"]
        assert system["enum"] == served
        assert "toy-culprit" in served and "toy-culprit" not in _systems(committed, name)
        system["enum"] = _systems(committed, name)
    assert live == committed


def _systems(spec: dict[str, Any], schema: str) -> list[str]:
    enum: list[str] = spec["components"]["schemas"][schema]["properties"]["system"]["enum"]
    return enum


def _operations() -> list[tuple[str, str, dict[str, Any]]]:
    spec = yaml.safe_load(SPEC.read_text())
    return [
        (path, method, operation)
        for path, item in spec["paths"].items()
        for method, operation in item.items()
        if method in {"get", "post", "put", "patch", "delete"}
    ]


def test_every_operation_documents_the_problems_its_shape_implies() -> None:
    """A body can be malformed, too large, of the wrong type or invalid; a path can name
    nothing; a token can be wrong; the store can be busy."""
    for path, method, operation in _operations():
        documented = set(operation["responses"])
        where = f"{method.upper()} {path}"
        if "requestBody" in operation:
            assert {"400", "413", "415", "422", "503"} <= documented, where
        if "{" in path:
            assert {"404", "503"} <= documented, where
        if any("bearerAuth" in req for req in operation.get("security", [])):
            assert "401" in documented, where


def test_refusals_a_shape_does_not_imply_are_documented_too() -> None:
    documented = {(path, method): set(op["responses"]) for path, method, op in _operations()}
    assert {"409", "412"} <= documented[("/v1/games/{game_id}/actions", "post")]
    assert "422" in documented[("/v1/cases/{case_id}/questions", "get")]
    assert "422" in documented[("/v1/games/{game_id}/deductions", "get")]
    assert "503" in documented[("/v1/health", "get")]
