"""A table session: a physical table plays a whole case with the desk as its Author."""

from __future__ import annotations

from typing import Any

import pytest
from flask.testing import FlaskClient

from api.desks import ACCUSATIONS_PER_CASE
from tests.api.helpers import assert_problem, bearer
from tests.api.murdered_by_midnight.helpers import create_case, solution_of

pytestmark = pytest.mark.usefixtures("sample_generator")

NAMES = ["Ada", "Bram"]


class Desk:
    """One table of one case, through the API."""

    def __init__(self, client: FlaskClient, case: dict[str, Any], names: list[str]) -> None:
        self.client, self.case = client, case
        response = client.post(f"/v1/cases/{case['id']}/tables", json={"inspectors": names})
        assert response.status_code == 201, response.get_json()
        self.created: dict[str, Any] = response.get_json()
        self.path = f"/v1/cases/{case['id']}/tables/{self.created['id']}"
        self.headers = bearer(self.created["token"])

    def ask(self, inspector: int, kind: str, **params: Any) -> Any:
        body = {"inspector": inspector, "type": kind, "params": params}
        return self.client.post(f"{self.path}/questions", json=body, headers=self.headers)

    def answer(self, inspector: int, kind: str, **params: Any) -> dict[str, Any]:
        response = self.ask(inspector, kind, **params)
        assert response.status_code == 200, response.get_json()
        body: dict[str, Any] = response.get_json()
        return body

    def read(self) -> dict[str, Any]:
        response = self.client.get(self.path, headers=self.headers)
        assert response.status_code == 200, response.get_json()
        body: dict[str, Any] = response.get_json()
        return body

    def questions(self, inspector: int) -> dict[str, dict[str, Any]]:
        response = self.client.get(
            f"{self.path}/questions", query_string={"inspector": inspector}, headers=self.headers
        )
        assert response.status_code == 200, response.get_json()
        return {q["type"]: q["params"] for q in response.get_json()["questions"]}


def _event(body: dict[str, Any], index: int = 0) -> dict[str, Any]:
    event: dict[str, Any] = {k: v for k, v in body["events"][index].items() if k != "text"}
    return event


def test_a_table_plays_a_whole_case(client: FlaskClient) -> None:
    """The rulebook's four steps: the weapon found and verified, the prints on it, a witness's
    suspicion and sighting; a wrong accusation ends the game for one inspector, the right one
    closes the case and the Author reveals it."""
    case = create_case(client)
    solution = solution_of(client, case)
    desk = Desk(client, case, NAMES)
    assert desk.created["view"]["map"][0]["location"] == "L1"
    assert desk.created["status"] == "active" and desk.created["version"] == 0
    assert "token" not in desk.read()

    revealed = desk.answer(0, "reveal-location", location="L3")
    assert _event(revealed) == {
        "type": "location-revealed",
        "actor": 0,
        "location": "L3",
        "characters": ["C8"],
    }
    assert "Hugo Sallow" in revealed["events"][0]["text"]
    assert _event(desk.answer(0, "search", location="L3"))["weapons"] == ["W1"]
    assert desk.questions(1)["dust-for-prints"] == {"weapon": {"kind": "one", "choices": ["W1"]}}
    prints = desk.answer(0, "dust-for-prints", weapon="W1")
    assert _event(prints)["prints"] == solution["murderer"]
    assert _event(desk.answer(0, "forensic-analysis", weapon="W1"))["murder_weapon"] is True

    desk.answer(1, "reveal-location", location="L5")
    suspects = _event(desk.answer(1, "ask-who-did-it", character="C6"))["suspicion"]
    assert suspects == {"suspect": "C3", "motive": solution["motive"]}
    saw = _event(desk.answer(1, "ask-what-they-saw", character="C6"))["sighting"]
    assert saw == {"person": "C3", "location": "L1", "time": solution["time"], "near": True}

    desk.answer(1, "reveal-location", location="L4")
    wrong = desk.answer(1, "accuse", **{**solution, "motive": "M2"})
    assert [e["type"] for e in wrong["events"]] == ["accusation-made", "inspector-eliminated"]
    assert wrong["events"][0]["correct"] is False and wrong["status"] == "active"
    refused = desk.ask(1, "accuse", **solution)
    assert_problem(refused, 409, "desk/eliminated")
    assert desk.questions(1) == {}

    right = desk.answer(0, "accuse", **solution)
    assert [e["type"] for e in right["events"]] == ["accusation-made", "game-ended"]
    assert right["status"] == "finished" and right["result"]["winners"] == [0]
    table = desk.read()
    assert table["status"] == "finished" and table["version"] == 10
    assert table["result"]["solution"] == solution and "Ada" in table["result"]["text"]
    assert [card["location"] for card in table["view"]["map"]] == ["L1", "L3", "L5", "L4"]
    assert table["view"]["eliminated"] == [1]
    assert_problem(desk.ask(0, "search", location="L1"), 409, "game/over")


def test_what_the_table_sees_holds_no_envelope(client: FlaskClient) -> None:
    """ "After the player has viewed the results in private": the answer goes to the asker;
    the open table shows that the weapon was found, never what the envelope said."""
    case = create_case(client)
    desk = Desk(client, case, NAMES)
    desk.answer(0, "reveal-location", location="L3")
    desk.answer(0, "search", location="L3")
    before = desk.read()
    desk.answer(0, "dust-for-prints", weapon="W1")
    after = desk.read()
    assert after["view"] == before["view"] and after["version"] == before["version"] + 1
    assert after["view"]["map"][1]["weapons"] == ["W1"]


@pytest.mark.parametrize(
    ("body", "status", "code"),
    [
        ({"inspector": 2, "type": "search", "params": {"location": "L1"}}, 422, None),
        ({"inspector": -1, "type": "search", "params": {"location": "L1"}}, 422, None),
        ({"inspector": "0", "type": "search", "params": {"location": "L1"}}, 422, None),
        ({"type": "search", "params": {"location": "L1"}}, 422, "request/invalid"),
        (
            {"inspector": 0, "type": "search", "params": {"location": "L9"}},
            422,
            "action/bad-choice",
        ),
        ({"inspector": 0, "type": "search", "params": {}}, 422, "action/missing-param"),
        ({"inspector": 0, "type": "dance", "params": {}}, 422, "action/not-allowed"),
        ({"inspector": 0, "type": "ask-what-they-saw", "params": {"character": "C1"}}, 422, None),
        (
            {
                "inspector": 0,
                "type": "accuse",
                "params": {"murderer": "C2", "weapon": "W9", "motive": "M1", "time": "21:00"},
            },
            422,
            "action/bad-choice",
        ),  # fmt: skip
        (
            {"inspector": 0, "type": "search", "params": {"location": "L3"}},
            409,
            "desk/not-revealed",
        ),
        (
            {"inspector": 0, "type": "dust-for-prints", "params": {"weapon": "W2"}},
            409,
            "desk/not-found",
        ),  # fmt: skip
        (
            {"inspector": 0, "type": "ask-who-did-it", "params": {"character": "C6"}},
            409,
            "desk/not-present",
        ),  # fmt: skip
        (
            {"inspector": 0, "type": "reveal-location", "params": {"location": "L1"}},
            409,
            "desk/already-revealed",
        ),  # fmt: skip
    ],
)
def test_a_refused_question_is_a_problem_and_changes_nothing(
    client: FlaskClient, body: dict[str, Any], status: int, code: str | None
) -> None:
    desk = Desk(client, create_case(client), NAMES)
    before = desk.read()
    response = client.post(f"{desk.path}/questions", json=body, headers=desk.headers)
    assert_problem(response, status, code)
    assert desk.read() == before


def test_a_table_token_opens_its_own_table_only(client: FlaskClient) -> None:
    case = create_case(client)
    mine, theirs = Desk(client, case, NAMES), Desk(client, case, ["Cleo"])
    other_case = create_case(client)
    question = {"inspector": 0, "type": "search", "params": {"location": "L1"}}
    for headers in (theirs.headers, bearer(case["author_token"]), bearer("x" * 43)):
        assert_problem(client.get(mine.path, headers=headers), 404, "table/not-found")
        response = client.post(f"{mine.path}/questions", json=question, headers=headers)
        assert_problem(response, 404, "table/not-found")
    moved = mine.path.replace(case["id"], other_case["id"])
    assert_problem(client.get(moved, headers=mine.headers), 404, "table/not-found")
    assert_problem(client.get(mine.path), 401, "auth/unauthenticated")
    assert mine.read()["version"] == 0


def test_accusations_through_tables_are_bounded_per_case(client: FlaskClient) -> None:
    """Each inspector accuses at most once (a wrong one is out), and a case sets aside one
    accusation per inspector of its tables: tables cannot be opened to try every combination."""
    case = create_case(client)
    solution = solution_of(client, case)
    six = [f"Inspector {n}" for n in range(1, 7)]
    for _ in range(ACCUSATIONS_PER_CASE // len(six)):
        desk = Desk(client, case, six)
        for inspector in range(len(six)):
            desk.answer(inspector, "accuse", **{**solution, "murderer": "C2"})
        assert desk.read()["result"]["ending"] == "all-eliminated"
    response = client.post(f"/v1/cases/{case['id']}/tables", json={"inspectors": ["Ada"]})
    assert_problem(response, 409, "accusation/limit-reached")
    accused = client.post(f"/v1/cases/{case['id']}/accusations", json={"accusation": solution})
    assert_problem(accused, 409, "accusation/limit-reached")


@pytest.mark.parametrize(
    ("body", "status", "code"),
    [
        ({"inspectors": []}, 422, "request/invalid"),
        ({"inspectors": ["A"] * 7}, 422, "setup/seat-count"),
        ({"inspectors": ["A"], "token": "x"}, 422, "request/invalid"),
    ],
)
def test_a_bad_table_is_refused(
    client: FlaskClient, body: dict[str, Any], status: int, code: str
) -> None:
    case = create_case(client)
    assert_problem(client.post(f"/v1/cases/{case['id']}/tables", json=body), status, code)
    assert_problem(
        client.post("/v1/cases/nope/tables", json={"inspectors": ["A"]}), 404, "case/not-found"
    )
