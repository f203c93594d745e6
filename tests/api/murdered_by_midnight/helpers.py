"""What the Murdered by Midnight API tests share: cases, games and the solution's footprint."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from flask.testing import FlaskClient

from rules.murdered_by_midnight.case import SYSTEM_ID
from tests.api.helpers import Table, bearer

ACCUSATION_FIELDS = ("murderer", "weapon", "motive", "time")


def create_case(client: FlaskClient, **fields: Any) -> dict[str, Any]:
    response = client.post("/v1/cases", json={"system": SYSTEM_ID, **fields})
    assert response.status_code == 201, response.get_json()
    body: dict[str, Any] = response.get_json()
    return body


def solution_of(client: FlaskClient, case: Mapping[str, Any]) -> dict[str, Any]:
    response = client.get(f"/v1/cases/{case['id']}", headers=bearer(case["author_token"]))
    assert response.status_code == 200
    solution: dict[str, Any] = response.get_json()["solution"]
    return solution


def start(
    client: FlaskClient, mode: str, seats: list[dict[str, Any]], **fields: Any
) -> tuple[Table, dict[str, Any]]:
    body = {"system": SYSTEM_ID, "mode": mode, "seats": seats, **fields}
    response = client.post("/v1/games", json=body)
    assert response.status_code == 201, response.get_json()
    created: dict[str, Any] = response.get_json()
    tokens = {seat["number"]: seat["token"] for seat in created["seats"] if "token" in seat}
    return Table(created["id"], tokens, created), created


def reveals_solution(body: Any, solution: Mapping[str, Any]) -> bool:
    """Whether a response body holds the whole solution under a ``solution`` or ``result`` key.

    The parts are public ids (every character, weapon and motive is on the table), so what may
    not appear before the end is the combination: a mapping naming all four at once.
    """
    if isinstance(body, Mapping):
        for key, value in body.items():
            if key in {"solution", "result"} and _names_all(value, solution):
                return True
            if reveals_solution(value, solution):
                return True
        return _names_all(body, solution) and "correct" not in body
    if isinstance(body, list):
        return any(reveals_solution(item, solution) for item in body)
    return False


def _names_all(value: Any, solution: Mapping[str, Any]) -> bool:
    if isinstance(value, Mapping) and "solution" in value:
        value = value["solution"]
    return isinstance(value, Mapping) and all(
        value.get(key) == solution[key] for key in ACCUSATION_FIELDS
    )
