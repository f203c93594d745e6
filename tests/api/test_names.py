"""Seat and table names: text one person types and others read in the log.

Control, invisible and direction-changing characters are refused; spaces and Unicode forms are
normalised; narration shows every name exactly as it was stored.
"""

from __future__ import annotations

import unicodedata

import pytest
from flask.testing import FlaskClient

from api.names import MAX_LENGTH
from tests.api.helpers import TOY, assert_problem, start_game

REFUSED = {
    "blank": "   ",
    "empty": "",
    "tab": "Ann\tLee",
    "newline": "Ann\nLee",
    "NUL": "Ann\x00",
    "C1 control": "Ann\x85",
    "right-to-left override": "Ann\u202eeeL",
    "left-to-right embedding": "\u202aAnn",
    "first-strong isolate": "\u2068Ann\u2069",
    "zero-width space": "An\u200bn",
    "zero-width joiner": "An\u200dn",
    "right-to-left mark": "Ann\u200f",
    "byte order mark": "\ufeffAnn",
    "line separator": "Ann\u2028Lee",
    "soft hyphen": "An\u00adn",
    "too long": "A" * (MAX_LENGTH + 1),
}


@pytest.mark.parametrize("name", REFUSED.values(), ids=REFUSED.keys())
def test_a_name_that_hides_or_disguises_text_is_refused(client: FlaskClient, name: str) -> None:
    body = {"system": TOY, "mode": "duel", "seats": [{"name": "Bob"}, {"name": name}]}
    problem = assert_problem(client.post("/v1/games", json=body), 422, "request/invalid")
    assert problem["errors"][0]["pointer"] == "/seats/1/name"


@pytest.mark.parametrize(
    ("sent", "stored"),
    [
        ("  Ann   Lee ", "Ann Lee"),
        ("\u00a0Ann\u2003Lee\u00a0", "Ann Lee"),  # no-break and em spaces are spaces
        ("Zoe\u0301", "Zo\u00e9"),  # the decomposed accent is composed (NFC)
    ],
)
def test_spaces_and_unicode_forms_are_normalised(
    client: FlaskClient, sent: str, stored: str
) -> None:
    game = start_game(client, [{"name": sent}, {"name": "Bob"}])
    assert game.created["seats"][0]["name"] == stored
    assert unicodedata.is_normalized("NFC", game.created["seats"][0]["name"])


NAMES = ["O'Brien & <Sons>", 'Zoë "Zee" Müller', "שרה כהן", "李雷", "Émile 😀", "{{ name }}"]


@pytest.mark.parametrize("name", NAMES)
def test_narration_shows_every_name_exactly(client: FlaskClient, name: str) -> None:
    game = start_game(client, [{"name": name}, {"name": "Bob"}])
    played = client.post(
        f"/v1/games/{game.id}/actions", json={"type": "investigate"}, headers=game.auth(0)
    )
    assert played.status_code == 200, played.get_json()
    [event] = played.get_json()["events"]
    assert event["text"].startswith(f"{name} ")
    log = client.get(f"/v1/games/{game.id}/log", headers=game.auth(1)).get_json()
    assert all(e["text"].startswith(f"{name} ") for e in log["events"])  # the other seat too


def test_a_table_names_its_inspectors_by_the_same_rules(client: FlaskClient) -> None:
    case = client.post("/v1/cases", json={"system": "murdered-by-midnight", "seed": 3})
    assert case.status_code == 201
    tables = f"/v1/cases/{case.get_json()['id']}/tables"
    refused = client.post(tables, json={"inspectors": ["Ann", "B\u202eob"]})
    assert assert_problem(refused, 422, "request/invalid")["errors"][0]["pointer"] == (
        "/inspectors/1"
    )
    opened = client.post(tables, json={"inspectors": ["  Ann  ", "Zoe\u0301"]})
    assert opened.status_code == 201, opened.get_json()
    assert opened.get_json()["inspectors"] == ["Ann", "Zo\u00e9"]
