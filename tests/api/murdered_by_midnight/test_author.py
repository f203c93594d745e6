"""The Author outside a game: the author's questions about the whole sheet, accusations (bounded
and checked against the case's ids), the case text. Table sessions are in test_tables.py."""

from __future__ import annotations

import itertools
from typing import Any

import pytest
from flask.testing import FlaskClient

from api.desks import ACCUSATIONS_PER_CASE
from narration import public_glossary
from rules.murdered_by_midnight.case import SYSTEM_ID
from tests.api.helpers import TOY, assert_problem, bearer
from tests.api.murdered_by_midnight.helpers import ACCUSATION_FIELDS, create_case, solution_of
from tests.narration.test_murdered_by_midnight import check_text

pytestmark = pytest.mark.usefixtures("sample_generator")

ASKER = ["the inspector"]


def _ask(client: FlaskClient, case: dict[str, Any], kind: str, **params: Any) -> Any:
    return client.post(
        f"/v1/cases/{case['id']}/questions",
        json={"type": kind, "params": params},
        headers=bearer(case["author_token"]),
    )


def _questions(client: FlaskClient, case: dict[str, Any]) -> list[dict[str, Any]]:
    response = client.get(f"/v1/cases/{case['id']}/questions", headers=bearer(case["author_token"]))
    assert response.status_code == 200, response.get_json()
    questions: list[dict[str, Any]] = response.get_json()["questions"]
    return questions


def test_the_questions_are_listed_with_their_choices(client: FlaskClient) -> None:
    case = create_case(client)
    questions = {q["type"]: q["params"] for q in _questions(client, case)}
    assert {"search", "dust-for-prints", "ask-what-they-saw", "ask-who-did-it"} <= set(questions)
    locations = {item["id"] for item in case["public"]["locations"]}
    assert set(questions["search"]["location"]["choices"]) == locations
    assert case["public"]["victim"] not in questions["ask-what-they-saw"]["character"]["choices"]


def test_searching_every_location_finds_what_the_sheet_says(client: FlaskClient) -> None:
    case = create_case(client)
    secret = client.get(f"/v1/cases/{case['id']}", headers=bearer(case["author_token"]))
    finds = secret.get_json()["secret"]
    sheet: dict[str, list[str]] = {}
    for find in [finds["murder_weapon"], *finds["weapons_with_prints"]]:
        sheet.setdefault(find["location"], []).append(find["weapon"])
    for find in finds["weapons_without_prints"]:
        sheet.setdefault(find["location"], []).append(find["weapon"])
    glossary = public_glossary(case["public"])
    for location in case["public"]["locations"]:
        answer = _ask(client, case, "search", location=location["id"])
        assert answer.status_code == 200, answer.get_json()
        body = answer.get_json()
        assert body["event"] == {
            "type": "location-searched",
            "location": location["id"],
            "weapons": sheet.get(location["id"], []),
        }
        check_text({**body["event"], "actor": 0}, body["text"], glossary, ASKER)


def test_every_listed_question_is_answered_truly(client: FlaskClient) -> None:
    """Every choice of every question: 200 with narration that agrees, or 422 with the rule's
    code when the sheet cannot answer it (a weapon asked for where it is not found)."""
    case = create_case(client)
    glossary = public_glossary(case["public"])
    answered: set[str] = set()
    for question in _questions(client, case):
        if question["type"] == "accuse":
            continue
        names = list(question["params"])
        for values in itertools.product(*(question["params"][n]["choices"] for n in names)):
            response = _ask(client, case, question["type"], **dict(zip(names, values, strict=True)))
            if response.status_code == 422:
                assert_problem(response, 422, "author/not-found")
                continue
            assert response.status_code == 200, response.get_json()
            body = response.get_json()
            check_text({**body["event"], "actor": 0}, body["text"], glossary, ASKER)
            answered.add(body["event"]["type"])
    assert answered == {
        "location-searched",
        "prints-dusted",
        "forensics-analysed",
        "witness-saw",
        "witness-suspects",
    }


def test_an_envelope_answer_holds_its_contents(client: FlaskClient) -> None:
    case = create_case(client)
    solution = solution_of(client, case)
    prints = _ask(client, case, "dust-for-prints", location="L3", weapon="W1").get_json()
    assert prints["event"]["prints"] == solution["murderer"]
    assert "Dorian Vane" in prints["text"]
    analysis = _ask(client, case, "forensic-analysis", location="L3", weapon="W1")
    assert analysis.get_json()["event"]["murder_weapon"] is True


@pytest.mark.parametrize(
    ("question", "code"),
    [
        ({"type": "dance", "params": {}}, "action/not-allowed"),
        ({"type": "search", "params": {}}, "action/missing-param"),
        ({"type": "search", "params": {"location": "L99"}}, "action/bad-choice"),
        ({"type": "search", "params": {"location": "L1", "x": 1}}, "action/unknown-param"),
        ({"type": "search", "params": {"location": 3}}, "action/bad-choice"),
        ({"type": "dust-for-prints", "params": {"location": "L1", "weapon": "W1"}}, None),
    ],
)
def test_a_bad_question_is_422_with_the_rule_code(
    client: FlaskClient, question: dict[str, Any], code: str | None
) -> None:
    case = create_case(client)
    headers = bearer(case["author_token"])
    response = client.post(f"/v1/cases/{case['id']}/questions", json=question, headers=headers)
    assert_problem(response, 422, code or "author/not-found")


def test_a_malformed_question_is_422_with_pointers(client: FlaskClient) -> None:
    case = create_case(client)
    question = {"params": {}, "x": 1}
    headers = bearer(case["author_token"])
    response = client.post(f"/v1/cases/{case['id']}/questions", json=question, headers=headers)
    body = assert_problem(response, 422, "request/invalid")
    assert {error["pointer"] for error in body["errors"]} == {"/type", "/x"}


def test_a_system_without_an_author_answers_no_questions(client: FlaskClient) -> None:
    toy = client.post("/v1/cases", json={"system": TOY}).get_json()
    assert_problem(
        client.get(f"/v1/cases/{toy['id']}/questions", headers=bearer(toy["author_token"])),
        422,
        "questions/unsupported",
    )
    response = _ask(client, toy, "investigate")
    assert_problem(response, 422, "questions/unsupported")


def test_questions_about_an_unknown_case_are_404(client: FlaskClient) -> None:
    case = create_case(client)
    assert_problem(client.get("/v1/cases/nope/questions"), 404, "case/not-found")
    nope = {**case, "id": "nope"}
    assert_problem(_ask(client, nope, "search", location="L1"), 404, "case/not-found")


def test_only_the_author_token_asks_the_whole_sheet(client: FlaskClient) -> None:
    """Dusting a weapon where nobody searched would answer "not found in …", which tells where
    it is not: the whole sheet is open to its author only, who reads it anyway."""
    case, other = create_case(client), create_case(client)
    path = f"/v1/cases/{case['id']}/questions"
    question = {"type": "dust-for-prints", "params": {"location": "L1", "weapon": "W1"}}
    for headers in ({}, bearer(other["author_token"]), bearer("x" * 43)):
        assert_problem(client.get(path, headers=headers), 401, "auth/unauthenticated")
        response = client.post(path, json=question, headers=headers)
        assert_problem(response, 401, "auth/unauthenticated")


# ------------------------------------------------------------------ accusations


def _accuse(client: FlaskClient, case_id: str, token: str | None = None, **fields: str) -> Any:
    headers = bearer(token) if token else {}
    return client.post(
        f"/v1/cases/{case_id}/accusations", json={"accusation": fields}, headers=headers
    )


def test_the_author_token_learns_which_parts_are_wrong(client: FlaskClient) -> None:
    case = create_case(client)
    solution = solution_of(client, case)
    token = case["author_token"]
    right = _accuse(client, case["id"], token, **solution)
    assert right.get_json() == {"correct": True, "reasons": []}
    wrong = {**solution, "weapon": "W2", "time": "18:00"}
    assert _accuse(client, case["id"], token, **wrong).get_json() == {
        "correct": False,
        "reasons": ["weapon", "time"],
    }
    assert _accuse(client, case["id"], None, **wrong).get_json() == {"correct": False}


def test_another_token_learns_nothing_and_is_refused(client: FlaskClient) -> None:
    case, other = create_case(client), create_case(client)
    solution = solution_of(client, case)
    response = _accuse(client, case["id"], other["author_token"], **solution)
    assert_problem(response, 401, "auth/unauthenticated")
    response = _accuse(client, case["id"], "not-a-token", **solution)
    assert_problem(response, 401, "auth/unauthenticated")


def test_brute_force_accusations_are_refused(client: FlaskClient) -> None:
    """R6: every combination of the case, without the author token: the first answers say only
    right or wrong, in one shape; after the case's bound every one is refused alike."""
    case = create_case(client)
    public = case["public"]
    living = [c["id"] for c in public["characters"] if c["id"] != public["victim"]]
    weapons = [w["id"] for w in public["weapons"]]
    motives = [m["id"] for m in public["motives"]]
    solution = solution_of(client, case)
    shapes: set[tuple[int, tuple[str, ...], tuple[str, ...]]] = set()
    answered = 0
    for values in itertools.product(living, weapons, motives, public["times"]):
        accusation = dict(zip(ACCUSATION_FIELDS, values, strict=True))
        response = _accuse(client, case["id"], None, **accusation)
        if answered == ACCUSATIONS_PER_CASE:
            assert_problem(response, 409, "accusation/limit-reached")
            continue
        body = response.get_json()
        assert body == {"correct": accusation == solution}
        answered += 1
        shapes.add((response.status_code, tuple(body), tuple(sorted(response.headers.keys()))))
    assert answered == ACCUSATIONS_PER_CASE < len(living) * len(weapons) * len(motives)
    assert len(shapes) == 1
    right = _accuse(client, case["id"], None, **solution)
    assert_problem(right, 409, "accusation/limit-reached")
    author = _accuse(client, case["id"], case["author_token"], **solution)
    assert author.get_json() == {"correct": True, "reasons": []}


@pytest.mark.parametrize("field", ACCUSATION_FIELDS)
def test_an_unknown_id_is_bad_input_and_spends_nothing(client: FlaskClient, field: str) -> None:
    """An accusation names things of the case: anything else is no accusation at all."""
    case = create_case(client)
    solution = solution_of(client, case)
    for _ in range(ACCUSATIONS_PER_CASE + 1):
        response = _accuse(client, case["id"], None, **{**solution, field: "X99"})
        body = assert_problem(response, 422, "accusation/unknown-id")
        assert [error["pointer"] for error in body["errors"]] == [f"/accusation/{field}"]
    assert _accuse(client, case["id"], None, **solution).get_json() == {"correct": True}


# ------------------------------------------------------------------ the case itself


def test_the_solution_is_shown_only_to_the_author(client: FlaskClient) -> None:
    case = create_case(client)
    anyone = client.get(f"/v1/cases/{case['id']}").get_json()
    assert set(anyone) == {"id", "system", "public", "text"}
    author = client.get(f"/v1/cases/{case['id']}", headers=bearer(case["author_token"]))
    assert set(author.get_json()["solution"]) == set(ACCUSATION_FIELDS)
    assert set(case) == {"id", "system", "public", "rating", "author_token", "text"}


def test_the_case_text_introduces_the_public_setup(client: FlaskClient) -> None:
    case = create_case(client)
    public = case["public"]
    glossary = public_glossary(public)
    for phrase in (public["title"], glossary[public["victim"]], glossary[public["discoverer"]]):
        assert phrase in case["text"]
    assert public["cause_of_death"] in case["text"]
    assert client.get(f"/v1/cases/{case['id']}").get_json()["text"] == case["text"]
    assert case["system"] == SYSTEM_ID
