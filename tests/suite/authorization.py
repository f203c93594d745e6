"""The authorization matrix (A1, A2): every route, method and credential, and the status the
data file ``authorization.yaml`` expects for it.

A *world* holds one of everything a credential may own: an authored case with a table session,
a game on that case with two seats, and their twins elsewhere (another case, table and game),
so each credential is a member of some objects and a stranger to the rest. The route's path ids
always name the first world's objects. Rows that change something (``fresh: true``) get a new
world for every credential, so one credential's success cannot change another's answer.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import yaml
from flask import Flask

from api.security import new_token
from tests.suite.client import Answer, Transport

MATRIX = Path(__file__).with_name("authorization.yaml")
SYSTEM = "murdered-by-midnight"  # the one system with every desk the API serves
#: A well-formed id nothing has (ids are 22 URL-safe characters).
MISSING = "A" * 22


@dataclass(frozen=True)
class World:
    ids: dict[str, str]  # game_id, case_id, table_id
    tokens: dict[str, str | None]  # credential -> bearer token (None: no header)
    scene: str
    discoverer: str
    foreign: Mapping[str, Any]


def _made(transport: Transport, path: str, body: Mapping[str, Any]) -> dict[str, Any]:
    answer = transport("POST", path, dict(body))
    assert answer.status == 201, answer.text
    created: dict[str, Any] = answer.body
    return created


def _case_with_table_and_game(transport: Transport, inspectors: list[str]) -> dict[str, Any]:
    case = _made(transport, "/v1/cases", {"system": SYSTEM})
    table = _made(transport, f"/v1/cases/{case['id']}/tables", {"inspectors": inspectors})
    seats = [{"name": "Ann"}, {"name": "Bo"}]
    body = {"system": SYSTEM, "mode": "competitive", "seats": seats, "case_id": case["id"]}
    return {"case": case, "table": table, "game": _made(transport, "/v1/games", body)}


def _watch_token(transport: Transport) -> str:
    """The token of a game of bots only: it may read that game and nothing else."""
    bots = [{"name": "B1", "bot": True}, {"name": "B2", "bot": True}]
    game = _made(transport, "/v1/games", {"system": "toy-culprit", "mode": "duel", "seats": bots})
    token: str = game["watch_token"]
    return token


def build_world(transport: Transport, foreign: Mapping[str, Any] | None = None) -> World:
    """A case, its table and a game on it; ``foreign`` (another world's objects, made here if
    not given) is what strangers hold: nothing of it opens anything of this world."""
    own = _case_with_table_and_game(transport, ["Ann", "Bo"])
    other = foreign or _case_with_table_and_game(transport, ["Cy"])
    case, table, game = own["case"], own["table"], own["game"]
    return World(
        ids={"game_id": game["id"], "case_id": case["id"], "table_id": table["id"]},
        tokens={
            "anonymous": None,
            "malformed": "not a token",
            "unknown": new_token(),
            "seat": game["seats"][0]["token"],  # the seat whose turn it is
            "other-seat": game["seats"][1]["token"],
            "foreign-seat": other["game"]["seats"][0]["token"],
            "watch": _watch_token(transport),
            "author": case["author_token"],
            "foreign-author": other["case"]["author_token"],
            "table": table["token"],
            "foreign-table": other["table"]["token"],
        },
        scene=case["public"]["scene"],
        discoverer=case["public"]["discoverer"],
        foreign=other,
    )


def load() -> dict[str, Any]:
    matrix: dict[str, Any] = yaml.safe_load(MATRIX.read_text())
    return matrix


@dataclass(frozen=True)
class Cell:
    route: str
    method: str
    credential: str
    expected: int
    fresh: bool
    path: str
    body: Any
    unchanged: Mapping[str, str] | None


def cells(matrix: Mapping[str, Any]) -> Iterator[Cell]:
    for route, methods in matrix["routes"].items():
        for method, row in methods.items():
            for credential in matrix["credentials"]:
                yield Cell(
                    route,
                    method,
                    credential,
                    int(row["expect"][credential]),
                    bool(row.get("fresh")),
                    str(row.get("path", route)),
                    row.get("body"),
                    row.get("unchanged"),
                )


def _filled(value: Any, world: World, ids: Mapping[str, str]) -> Any:
    if isinstance(value, str):
        return value.format(**ids, scene=world.scene, discoverer=world.discoverer)
    if isinstance(value, Mapping):
        return {key: _filled(item, world, ids) for key, item in value.items()}
    if isinstance(value, list):
        return [_filled(item, world, ids) for item in value]
    return value


def ask(transport: Transport, world: World, cell: Cell, *, missing: bool = False) -> Answer:
    """The answer to ``cell``; with ``missing`` every path id names nothing."""
    ids = {name: MISSING for name in world.ids} if missing else world.ids
    path = cell.path.format(**ids)
    body = _filled(cell.body, world, ids)
    return transport(cell.method, path, body, token=world.tokens[cell.credential])


def read_back(transport: Transport, world: World, cell: Cell) -> Answer | None:
    """What a refused write of ``cell`` must leave unchanged, as its member reads it."""
    if cell.unchanged is None:
        return None
    path = cell.unchanged["path"].format(**world.ids)
    answer = transport("GET", path, token=world.tokens[cell.unchanged["as"]])
    assert answer.status == 200, answer.text
    return answer


def live_routes(app: Flask) -> set[tuple[str, str]]:
    """Every (route, method) the app answers, in the file's spelling (``{case_id}``)."""
    found = set()
    for rule in app.url_map.iter_rules():
        route = re.sub(r"<(?:[a-z]+:)?([a-z_]+)>", r"{\1}", rule.rule)
        for method in rule.methods or ():
            if method not in ("HEAD", "OPTIONS"):
                found.add((route, method))
    return found
