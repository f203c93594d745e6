"""Times in the text read the way the table says them (7:30 pm), or on the 24-hour clock."""

from __future__ import annotations

import pytest
from flask.testing import FlaskClient

from tests.api.helpers import assert_problem, bearer
from tests.api.murdered_by_midnight.helpers import create_case, solution_of, start

pytestmark = pytest.mark.usefixtures("sample_generator")


def test_the_case_text_takes_the_clock(client: FlaskClient) -> None:
    """The sample case's Time Card is 22:30."""
    case = create_case(client)
    assert "10:30 pm" in case["text"] and "22:30" not in case["text"]
    day = client.get(f"/v1/cases/{case['id']}", query_string={"clock": "24h"}).get_json()
    assert "22:30" in day["text"] and " pm" not in day["text"]
    assert day["public"] == case["public"]  # the data keeps its own form
    response = client.get(f"/v1/cases/{case['id']}", query_string={"clock": "13h"})
    assert_problem(response, 422, "request/invalid")


def test_a_game_and_a_table_tell_times_by_the_clock_asked_for(client: FlaskClient) -> None:
    case = create_case(client)
    solution = solution_of(client, case)
    table, _ = start(client, "solo", [{"name": "Ann"}], case_id=case["id"])
    path = f"/v1/games/{table.id}"
    accused = client.post(
        f"{path}/actions",
        json={"type": "accuse", "params": {**solution, "murderer": "C2"}},
        headers=table.auth(0),
        query_string={"clock": "24h"},
    )
    assert accused.status_code == 200, accused.get_json()
    assert "at 21:00" in accused.get_json()["events"][0]["text"]
    log = client.get(f"{path}/log", headers=table.auth(0)).get_json()
    assert "at 9:00 pm" in log["events"][-2]["text"]
    ended = client.get(path, headers=table.auth(0), query_string={"clock": "24h"}).get_json()
    assert "at 21:00" in ended["result"]["text"]

    desk = client.post(f"/v1/cases/{case['id']}/tables", json={"inspectors": ["Ann"]}).get_json()
    asked = client.post(
        f"/v1/cases/{case['id']}/tables/{desk['id']}/questions",
        json={"inspector": 0, "type": "ask-what-they-saw", "params": {"character": "C2"}},
        headers=bearer(desk["token"]),
        query_string={"clock": "24h"},
    )
    assert asked.status_code == 200, asked.get_json()
    assert "19:00" in asked.get_json()["events"][0]["text"]
