"""Health, systems, the docs page and the configuration they rest on."""

from __future__ import annotations

from pathlib import Path

import pytest
from flask.testing import FlaskClient

from api import config
from tests.api.helpers import TOY


def test_health_reports_version_and_database(client: FlaskClient) -> None:
    response = client.get("/v1/health")
    assert response.status_code == 200
    assert response.get_json() == {"status": "ok", "version": "0.1.0", "database": "ok"}


def test_systems_describe_modes_actions_and_accusations(client: FlaskClient) -> None:
    systems = client.get("/v1/systems").get_json()["systems"]
    toy = next(system for system in systems if system["id"] == TOY)
    assert toy == {
        "id": TOY,
        "name": "Toy Culprit",
        "summary": toy["summary"],
        "modes": [
            {
                "id": "duel",
                "min_seats": 2,
                "max_seats": 2,
                "description": "two inspectors race to name the culprit",
                "options": [],
                "private": True,
                "people": None,
            },
            {
                "id": "solo",
                "min_seats": 1,
                "max_seats": 1,
                "description": toy["modes"][1]["description"],
                "options": [],
                "private": True,
                "people": None,
            },
        ],
        "action_types": ["investigate", "accuse"],
        "event_types": ["investigated", "accused", "game-ended"],
        "endings": ["named", "all-wrong", "time-up"],
        "accusation_fields": ["culprit"],
        "accusation_params": ["culprit"],
        "has_chance": True,
        "has_hidden_information": True,
        "step_limit": 24,
        "fairness": "Test-only: the culprit is one of four suspects; nothing is proved.",
        "has_deductions": False,
    }


def test_systems_list_every_mode_s_options(client: FlaskClient) -> None:
    """What POST /v1/games accepts in options, read from the spec of each mode."""
    systems = client.get("/v1/systems").get_json()["systems"]
    midnight = next(system for system in systems if system["id"] == "murdered-by-midnight")
    for mode in midnight["modes"]:
        options = {option["name"]: option for option in mode["options"]}
        assert options["difficulty"] == {
            "name": "difficulty",
            "choices": ["easy", "standard", "hard"],
            "default": "standard",
            "description": options["difficulty"]["description"],
            "for_case": True,
        }
        assert options["turn_limit"]["choices"] == [100, 200, 400]
        assert options["turn_limit"]["default"] in options["turn_limit"]["choices"]
        assert options["turn_limit"]["for_case"] is False
    assert midnight["has_deductions"] is True
    assert set(midnight["endings"]) == {"solved", "wrong-accusation", "all-eliminated", "midnight"}
    assert midnight["step_limit"] > 0 and midnight["fairness"]


def test_docs_are_served_without_a_cdn(client: FlaskClient) -> None:
    page = client.get("/docs")
    assert page.status_code == 200
    html = page.get_data(as_text=True)
    assert "/docs/assets/swagger-ui-bundle.js" in html
    assert "//cdn" not in html and "unpkg" not in html
    with client.get("/docs/assets/swagger-ui-bundle.js") as asset:
        assert asset.status_code == 200
        assert asset.mimetype == "text/javascript"
    assert client.get("/openapi.json").get_json()["info"]["title"] == "casebook"


def test_a_relative_sqlite_path_is_made_absolute(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    assert config.absolute_database_url("sqlite:///casebook.sqlite3") == (
        f"sqlite:///{tmp_path / 'casebook.sqlite3'}"
    )
    assert config.from_env({})["DATABASE_URL"] == f"sqlite:///{tmp_path / 'casebook.sqlite3'}"


@pytest.mark.parametrize(
    "url", ["sqlite:////var/db.sqlite3", "sqlite:///:memory:", "postgresql+psycopg://h/db"]
)
def test_other_database_urls_pass_through(url: str) -> None:
    assert config.absolute_database_url(url) == url


def test_config_reads_the_environment() -> None:
    settings = config.from_env({"CASEBOOK_PLUGINS": " tests.toy, ,other.mod ", "PORT": "9000"})
    assert settings["PLUGINS"] == ("tests.toy", "other.mod")
    assert settings["PORT"] == 9000
    assert settings["MAX_CONTENT_LENGTH"] == 64 * 1024
    assert settings["SQLITE_SYNCHRONOUS"] == "full"
    assert config.from_env({"CASEBOOK_SQLITE_SYNCHRONOUS": "NORMAL"})["SQLITE_SYNCHRONOUS"] == (
        "normal"
    )
