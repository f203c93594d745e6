"""Cases: generate, read as anyone or as the author, and check accusations."""

from __future__ import annotations

from typing import Any

import pytest
from flask.testing import FlaskClient

from tests.api.helpers import TOY, assert_problem, bearer


def create_case(client: FlaskClient, **fields: Any) -> dict[str, Any]:
    response = client.post("/v1/cases", json={"system": TOY, **fields})
    assert response.status_code == 201, response.get_json()
    body: dict[str, Any] = response.get_json()
    return body


def test_a_case_is_generated_with_an_author_token(client: FlaskClient) -> None:
    case = create_case(client, seed=7)
    assert set(case) == {"id", "system", "public", "rating", "author_token"}
    assert case["system"] == TOY
    assert case["public"]["suspects"] == ["Ada", "Bram", "Cleo", "Dov"]
    assert len(case["author_token"]) >= 43


def test_the_same_seed_gives_the_same_case(client: FlaskClient) -> None:
    first, second = create_case(client, seed=11), create_case(client, seed=11)
    assert first["id"] != second["id"]
    author = client.get(f"/v1/cases/{first['id']}", headers=bearer(first["author_token"]))
    again = client.get(f"/v1/cases/{second['id']}", headers=bearer(second["author_token"]))
    assert author.get_json()["solution"] == again.get_json()["solution"]


def test_anyone_reads_the_public_part_only(client: FlaskClient) -> None:
    case = create_case(client)
    body = client.get(f"/v1/cases/{case['id']}").get_json()
    assert body == {"id": case["id"], "system": TOY, "public": case["public"]}


def test_the_author_token_opens_the_solution(client: FlaskClient) -> None:
    case = create_case(client, seed=3)
    body = client.get(f"/v1/cases/{case['id']}", headers=bearer(case["author_token"])).get_json()
    assert body["seed"] == 3
    assert body["solution"]["culprit"] in case["public"]["suspects"]
    assert "secret" in body


def test_another_cases_author_token_opens_nothing(client: FlaskClient) -> None:
    mine, theirs = create_case(client), create_case(client)
    response = client.get(f"/v1/cases/{mine['id']}", headers=bearer(theirs["author_token"]))
    assert_problem(response, 401, "auth/unauthenticated")
    assert response.headers["WWW-Authenticate"].startswith("Bearer")


@pytest.mark.parametrize(
    ("fields", "code", "pointer"),
    [
        ({"system": "chess"}, "system/unknown", "/system"),
        ({"system": TOY, "options": {"colour": "red"}}, "case/bad-options", None),
        ({"system": TOY, "difficulty": "brutal"}, "request/invalid", "/difficulty"),
        ({"system": TOY, "solution": {"culprit": "Ada"}}, "request/invalid", "/solution"),
        ({"system": TOY, "seed": 2**63}, "request/invalid", "/seed"),
    ],
)
def test_bad_case_requests_are_422(
    client: FlaskClient, fields: dict[str, Any], code: str, pointer: str | None
) -> None:
    body = assert_problem(client.post("/v1/cases", json=fields), 422, code)
    if pointer is not None:
        assert pointer in {error["pointer"] for error in body["errors"]}


def _accuse(client: FlaskClient, case_id: str, accusation: dict[str, Any]) -> Any:
    return client.post(f"/v1/cases/{case_id}/accusations", json={"accusation": accusation})


def test_accusations_say_right_or_wrong_in_the_same_shape(client: FlaskClient) -> None:
    case = create_case(client, seed=5)
    truth = client.get(f"/v1/cases/{case['id']}", headers=bearer(case["author_token"]))
    culprit = truth.get_json()["solution"]["culprit"]
    answers = {
        name: _accuse(client, case["id"], {"culprit": name}) for name in case["public"]["suspects"]
    }
    assert {name: r.status_code for name, r in answers.items()} == dict.fromkeys(answers, 200)
    assert {name: r.get_json() for name, r in answers.items()} == {
        name: {"correct": name == culprit} for name in answers
    }
    assert len({tuple(sorted(r.headers.keys())) for r in answers.values()}) == 1


@pytest.mark.parametrize(
    ("accusation", "pointer"),
    [({}, "/accusation/culprit"), ({"culprit": "Ada", "weapon": "rope"}, "/accusation/weapon")],
)
def test_accusations_name_exactly_the_systems_fields(
    client: FlaskClient, accusation: dict[str, Any], pointer: str
) -> None:
    case = create_case(client)
    body = assert_problem(_accuse(client, case["id"], accusation), 422, "accusation/bad-fields")
    assert [error["pointer"] for error in body["errors"]] == [pointer]


def test_an_accusation_naming_no_suspect_is_bad_input(client: FlaskClient) -> None:
    """An unknown id is no guess at all: 422, never ``correct: false``, and nothing spent."""
    case = create_case(client)
    body = assert_problem(_accuse(client, case["id"], {"culprit": "Zed"}), 422)
    assert body["code"] == "accusation/unknown-id"
    assert [error["pointer"] for error in body["errors"]] == ["/accusation/culprit"]


def test_accusing_an_unknown_case_is_404(client: FlaskClient) -> None:
    assert_problem(_accuse(client, "nope", {"culprit": "Ada"}), 404, "case/not-found")
