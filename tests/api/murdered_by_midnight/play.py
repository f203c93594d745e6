"""A client that plays Murdered by Midnight through the API only, and checks every reply.

It knows a game by what the API tells it: each seat's view, legal actions and log. Every reply
must be a 2xx or a conforming problem, and no reply may hold the solution before the game is
over (:func:`tests.api.murdered_by_midnight.helpers.reveals_solution`).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from flask.testing import FlaskClient
from werkzeug.test import TestResponse

from rules.core import Action, ActionSpec, Param, Subset
from tests.api.helpers import Table, assert_problem
from tests.api.murdered_by_midnight.helpers import reveals_solution

Chooser = Callable[[Mapping[str, Any], Sequence[ActionSpec], random.Random], Action]
#: Requests one game may take before the client gives up on it (a bug, not a long game).
MAX_REQUESTS = 20_000


def specs_from_json(actions: Sequence[Mapping[str, Any]]) -> list[ActionSpec]:
    """The advertised actions (``ActionSpec.to_json``) back as specs, for a bot to choose from."""
    return [
        ActionSpec(item["type"], {name: _param(p) for name, p in item["params"].items()})
        for item in actions
    ]


def _param(data: Mapping[str, Any]) -> Param:
    if data["kind"] == "subset":
        return Subset(tuple(data["choices"]), data["min"], data["max"])
    assert data["kind"] == "one", data
    return tuple(data["choices"])


@dataclass
class Client:
    """One table's client: the game, its tokens, the solution to watch for, and a tally."""

    http: FlaskClient
    table: Table
    solution: Mapping[str, Any] | None = None
    requests: int = 0
    statuses: dict[int, int] = field(default_factory=dict)
    finished: bool = False
    #: Every reply's body as text, for checks over all of them (the game seed appears in none).
    bodies: list[str] = field(default_factory=list)

    def call(self, method: str, path: str, seat: int, **kwargs: Any) -> TestResponse:
        """One request as ``seat``: checked for its shape and for the solution."""
        self.requests += 1
        assert self.requests < MAX_REQUESTS, "the game does not end"
        response = self.http.open(path, method=method, headers=self.table.auth(seat), **kwargs)
        status = response.status_code
        self.statuses[status] = self.statuses.get(status, 0) + 1
        self.bodies.append(response.get_data(as_text=True))
        assert status < 500, response.get_data(as_text=True)
        if status >= 400:
            assert_problem(response, status)
            return response
        assert status < 300, status
        body = response.get_json()
        if isinstance(body, dict) and body.get("status") == "finished":
            self.finished = True
        if self.solution is not None and not self.finished:
            assert not reveals_solution(body, self.solution), (path, body)
        return response

    def game(self, seat: int) -> dict[str, Any]:
        body: dict[str, Any] = self.call("GET", f"/v1/games/{self.table.id}", seat).get_json()
        return body

    def legal(self, seat: int) -> list[dict[str, Any]]:
        body = self.call("GET", f"/v1/games/{self.table.id}/actions", seat).get_json()
        actions: list[dict[str, Any]] = body["actions"]
        return actions

    def log(self, seat: int) -> list[dict[str, Any]]:
        body = self.call("GET", f"/v1/games/{self.table.id}/log", seat).get_json()
        events: list[dict[str, Any]] = body["events"]
        return events

    def act(self, seat: int, action: Action) -> TestResponse:
        return self.call("POST", f"/v1/games/{self.table.id}/actions", seat, json=action.to_json())

    def play(self, choose: Chooser, rng: random.Random, *, scan_every: int = 0) -> dict[str, Any]:
        """Play every person's seat with ``choose`` until the game ends; the final game body.

        ``scan_every`` > 0 also reads every seat's game and log every that many moves.
        """
        moves = 0
        while True:
            seats = sorted(self.table.tokens)
            waiting = None
            for seat in seats:
                body = self.game(seat)
                if body["status"] == "finished":
                    return body
                if seat in body["to_act"]:
                    waiting = (seat, body)
                    break
            assert waiting is not None, "no person's seat is to act, yet the game runs"
            seat, body = waiting
            legal = specs_from_json(self.legal(seat))
            action = choose(body["view"], legal, rng)
            response = self.act(seat, action)
            assert response.status_code == 200, response.get_json()
            moves += 1
            if scan_every and moves % scan_every == 0:
                for other in seats:
                    self.log(other)
