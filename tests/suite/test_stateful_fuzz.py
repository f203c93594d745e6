"""E1 stateful: schemathesis chains operations (a game made, then read, played and logged; a
case made, then its table opened and asked), with the real ids each answer gives and the real
token that opens them, and every answer must be as documented.

openapi.yaml declares no links, so this module adds them to its own copy: each id an answer
makes is handed to the operations that take it. ``ST_STATEFUL_EXAMPLES`` sets the budget
(``make soak``: 200).
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any, ClassVar

import schemathesis
import yaml
from flask import Flask
from hypothesis import settings
from schemathesis import Case
from schemathesis.checks import negative_data_rejection
from schemathesis.core.parameters import ParameterLocation
from schemathesis.core.transport import Response

from tests.api import test_fuzz
from tests.api.test_fuzz import EXCLUDED, SPEC, _steer_system, problem_conforms

#: The app with a game and cases, and their tokens, that test_fuzz.py fuzzes too.
fuzz_app = test_fuzz.fuzz_app
known = test_fuzz.known

EXAMPLES = int(os.environ.get("ST_STATEFUL_EXAMPLES", "4"))
STEPS = int(os.environ.get("ST_STATEFUL_STEPS", "6"))

GAME = "/v1/games/{game_id}"
CASE = "/v1/cases/{case_id}"
TABLE = f"{CASE}/tables/{{table_id}}"
#: (path, method, status) of an answer -> what takes its id: (path, method, parameters).
LINKS: dict[tuple[str, str, str], list[tuple[str, str, dict[str, str]]]] = {
    ("/v1/games", "post", "201"): [
        (path, method, {"game_id": "$response.body#/id"})
        for path, method in [
            (GAME, "get"),
            (f"{GAME}/actions", "get"),
            (f"{GAME}/actions", "post"),
            (f"{GAME}/log", "get"),
            (f"{GAME}/deductions", "get"),
        ]
    ],
    (f"{GAME}/actions", "post", "200"): [
        (GAME, "get", {"game_id": "$request.path.game_id"}),
        (f"{GAME}/log", "get", {"game_id": "$request.path.game_id"}),
        (f"{GAME}/actions", "post", {"game_id": "$request.path.game_id"}),
    ],
    ("/v1/cases", "post", "201"): [
        (path, method, {"case_id": "$response.body#/id"})
        for path, method in [
            (CASE, "get"),
            (f"{CASE}/accusations", "post"),
            (f"{CASE}/questions", "get"),
            (f"{CASE}/questions", "post"),
            (f"{CASE}/tables", "post"),
        ]
    ],
    (f"{CASE}/tables", "post", "201"): [
        (path, method, {"case_id": "$request.path.case_id", "table_id": "$response.body#/id"})
        for path, method in [
            (TABLE, "get"),
            (f"{TABLE}/questions", "get"),
            (f"{TABLE}/questions", "post"),
        ]
    ],
}


def linked_spec() -> dict[str, Any]:
    spec: dict[str, Any] = yaml.safe_load(Path(SPEC).read_text())
    for (path, method, status), targets in LINKS.items():
        response = spec["paths"][path][method]["responses"][status]
        response["links"] = {
            f"{target_method}-{target.replace('/', '-')}": {
                "operationRef": "#/paths/" + target.replace("/", "~1") + "/" + target_method,
                "parameters": parameters,
            }
            for target, target_method, parameters in targets
        }
    return spec


schema = schemathesis.openapi.from_dict(linked_spec())


class Workflow(schema.as_state_machine()):  # type: ignore[misc]
    """Sends each request with the token of the object it names, learned from the answers."""

    app: Flask
    tokens: dict[str, str]
    fallback: str
    #: (operation, status) of every call that named an id an earlier answer made.
    chained: ClassVar[list[tuple[str, int]]] = []

    def setup(self) -> None:
        self.tokens = {}
        self.named_a_made_id = False
        self.steered = False

    def before_call(self, case: Case[Any]) -> None:
        """Point some new games and cases at real systems, so that chains start."""
        self.steered = False
        if case.meta is not None and case.meta.is_negative_at(ParameterLocation.BODY):
            return  # a body that must be refused stays as generated
        if case.operation.path in ("/v1/games", "/v1/cases") and isinstance(case.body, dict):
            self.steered = True
            if case.operation.path == "/v1/games":
                _steer_system(case.body)
            else:
                case.body = {"system": "murdered-by-midnight", "difficulty": "easy"}

    def get_call_kwargs(self, case: Case[Any]) -> dict[str, Any]:
        """The token of the object the request names goes in the case's own headers, so that
        schemathesis's auth checks can take it away again."""
        token = self.fallback
        for name in ("game_id", "case_id", "table_id"):  # the most specific id wins
            found = self.tokens.get(str(case.path_parameters.get(name)))
            token = found or token
        self.named_a_made_id = token != self.fallback
        negative_auth = case.meta is not None and case.meta.is_negative_at(ParameterLocation.HEADER)
        if not negative_auth:  # else a request whose auth is the point
            case.headers["Authorization"] = f"Bearer {token}"
        return {"app": self.app}

    def after_call(self, response: Response, case: Case[Any]) -> None:
        if self.named_a_made_id:
            self.chained.append((case.operation.label, response.status_code))
        if response.status_code != 201:
            return
        body = response.json()
        if "seats" in body:  # a game of bots only has no token to learn
            token = next((seat["token"] for seat in body["seats"] if "token" in seat), None)
            if token is not None:
                self.tokens[body["id"]] = token
        elif "author_token" in body:
            self.tokens[body["id"]] = body["author_token"]
        elif "token" in body:
            self.tokens[body["id"]] = body["token"]

    def validate_response(
        self, response: Response, case: Case[Any], additional_checks: Any = None, **kwargs: Any
    ) -> None:
        # A steered body is ours, valid by construction: schemathesis, seeing it changed, may
        # take it for the invalid data it was generated as and expect it to be refused.
        excluded = [*EXCLUDED, *([negative_data_rejection] if self.steered else [])]
        case.validate_response(
            response,
            additional_checks=[problem_conforms],
            excluded_checks=excluded,
            transport_kwargs=kwargs,
        )


def test_chains_of_operations_behave_as_documented(fuzz_app: Flask, known: dict[str, Any]) -> None:
    Workflow.app = fuzz_app
    Workflow.fallback = known["game_token"]
    schema.app = fuzz_app
    Workflow.chained.clear()
    Workflow.run(
        settings=settings(
            max_examples=EXAMPLES, stateful_step_count=STEPS, deadline=None, database=None
        )
    )
    # The chains ran: some call named an id a previous answer made, with its token, and got in.
    assert any(status < 300 for _, status in Workflow.chained), Workflow.chained
