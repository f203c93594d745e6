"""``/v1/games``: start a game, read a seat's view and legal actions, act, read the log."""

# flask-smorest ships no type hints, so its decorators are untyped.
# mypy: disable-error-code="untyped-decorator"

from __future__ import annotations

from typing import Any

import marshmallow as ma
from flask import request
from flask.views import MethodView
from flask_smorest import Blueprint
from werkzeug.wrappers import Response

from api import quotas
from api.answers import KeptAnswers
from api.problem_docs import refusals
from api.resources import (
    BEARER,
    ETAG,
    IF_MATCH_PATTERN,
    IF_NONE_MATCH,
    StrictJSONProvider,
    etag_of,
    if_match,
    parse_if_match,
    quick,
    service,
    token,
    with_etag,
)
from api.resources.shared_parts import SharedParts
from api.schemas import (
    ActionListSchema,
    ActionRequestSchema,
    ClockQuerySchema,
    DeductionsSchema,
    GameCreatedSchema,
    GameRequestSchema,
    GameSchema,
    LogQuerySchema,
    LogSchema,
    PlayedSchema,
)
from api.service import SeatRequest, Service
from rules.core import Action

blp = Blueprint("games", __name__, url_prefix="/v1", description="Games, seat by seat.")

GAME = "/games/<id:game_id>"
#: ``?clock=24h``: how the narrated text says times (the table's 7:30 pm by default).
CLOCK = {"location": "query", "unknown": ma.RAISE}
IF_MATCH = {
    "in": "header",
    "name": "If-Match",
    "required": False,
    "schema": {"type": "string", "pattern": IF_MATCH_PATTERN},
    "description": 'the version you read ("3", 3 or W/"3"), several separated by commas, or *: '
    "412 if the game moved on",
}


@blp.route("/games")
class Games(MethodView):
    @refusals(blp, 409, 429)
    @blp.arguments(GameRequestSchema())
    @blp.response(201, GameCreatedSchema)
    def post(self, body: dict[str, Any]) -> dict[str, Any]:
        """Start a game

        From a stored case or a case seed, with the mode's options; bots play until a person
        must act. Tokens are shown once.
        """
        return service().create_game(
            body["system"],
            mode=body["mode"],
            seed=body.get("seed"),
            case_id=body.get("case_id"),
            seats=[SeatRequest(seat["name"], seat["bot"]) for seat in body["seats"]],
            options=body["options"],
            creator=quotas.creator(),
        )


def read_quickly(game_id: str, bearer: str | None) -> Response | None:
    """A seat's view the short way (``api/resources/quick.py``), or ``None``."""
    clock = quick.plain_clock()
    if clock is None:
        return None
    return quick.answer(_DUMP_GAME, service().read_game(game_id, bearer, clock))


def view_answer(
    found: Service,
    json: StrictJSONProvider,
    game_id: str,
    bearer: str | None,
    clock: str,
    shared: SharedParts | None = None,
    kept: KeptAnswers | None = None,
) -> tuple[bytes, str]:
    """A seat's view as the body ``read_quickly`` answers and its ETag (the sha256 of the body,
    as ``tagged`` gives it), from ``found`` and ``json`` (the app's service and JSON provider),
    for ``api/hot_routes.py`` to write itself; the parts of the view the system shares between
    views written from ``shared``'s bytes, and the answer to an earlier read of the same
    version by the same seat and clock taken from ``kept``."""
    seated = found.open_seat(game_id, bearer)
    game_id, version = seated.game.id, seated.game.version
    if kept is not None:
        answer = kept.get(game_id, version, seated.seat, clock)
        if answer is not None:
            return answer
    dumped = _DUMP_GAME(found.shown(seated, clock))
    written = dumped if shared is None else {**dumped, "view": shared.written(dumped["view"])}
    try:
        body = json.body(written)
    except TypeError:  # a value only the standard library writes: the body written whole
        body = json.body(dumped)
    answer = (body, etag_of(body))
    if kept is not None:
        kept.put(game_id, version, seated.seat, clock, answer)
    return answer


def list_quickly(game_id: str, bearer: str | None) -> Response:
    """A seat's legal actions the short way."""
    return quick.answer(_DUMP_ACTIONS, service().legal_actions(game_id, bearer))


def play_quickly(game_id: str, bearer: str | None, versions: str | None) -> Response | None:
    """A move the short way (``versions``: the raw ``If-Match``), or ``None``."""
    action, clock = quick.plain_action(), quick.plain_clock()
    if action is None or clock is None:
        return None
    expected = parse_if_match(versions)
    played = service().play(game_id, bearer, action, if_match=expected, clock=clock)
    return quick.answer(_DUMP_PLAYED, played)


def move_answer(
    found: Service,
    json: StrictJSONProvider,
    game_id: str,
    bearer: str | None,
    versions: str | None,
    action: Action,
    clock: str,
) -> bytes:
    """A move's answer as the body ``play_quickly`` answers, from ``found`` and ``json`` (the
    app's service and JSON provider), for ``api/hot_routes.py`` to write itself."""
    expected = parse_if_match(versions)
    played = found.play(game_id, bearer, action, if_match=expected, clock=clock)
    return json.body(_DUMP_PLAYED(played))


def _read_quickly(game_id: str) -> Response | None:
    return read_quickly(game_id, token())


def _list_quickly(game_id: str) -> Response:
    return list_quickly(game_id, token())


def _play_quickly(game_id: str) -> Response | None:
    return play_quickly(game_id, token(), request.headers.get("If-Match"))


_DUMP_GAME = quick.dumper(GameSchema)
_DUMP_ACTIONS = quick.dumper(ActionListSchema)
_DUMP_PLAYED = quick.dumper(PlayedSchema)


@blp.route(GAME)
class Game(MethodView):
    @with_etag
    @quick.served_first(_read_quickly)
    @blp.arguments(ClockQuerySchema(), **CLOCK)
    @blp.response(200, GameSchema, headers=ETAG)
    @blp.alt_response(304, description="Not modified: the copy you hold is current")
    @blp.doc(security=BEARER, parameters=[IF_NONE_MATCH])
    def get(self, query: dict[str, Any], game_id: str) -> dict[str, Any]:
        """Read your seat's view

        Everything your seat may know, with the game's version; the result once it is over.
        """
        return service().read_game(game_id, token(), query["clock"])


@blp.route(f"{GAME}/actions")
class Actions(MethodView):
    @quick.served_first(_list_quickly)
    @blp.response(200, ActionListSchema)
    @blp.doc(security=BEARER)
    def get(self, game_id: str) -> dict[str, Any]:
        """List your legal actions

        Each with the finite choices of its parameters; empty when it is not your turn.
        """
        return service().legal_actions(game_id, token())

    @quick.served_first(_play_quickly)
    @blp.arguments(ActionRequestSchema())
    @blp.arguments(ClockQuerySchema(), **CLOCK)
    @blp.response(200, PlayedSchema)
    @blp.doc(security=BEARER, parameters=[IF_MATCH])
    @refusals(blp, 403, 409, 412)
    def post(self, body: dict[str, Any], query: dict[str, Any], game_id: str) -> dict[str, Any]:
        """Take an action

        Bots then play until a person must act; answers with the events your seat may see.
        """
        action = Action(body["type"], body["params"])
        return service().play(game_id, token(), action, if_match=if_match(), clock=query["clock"])


@blp.route(f"{GAME}/log")
class Log(MethodView):
    @blp.arguments(LogQuerySchema(), location="query", unknown=ma.RAISE)
    @blp.response(200, LogSchema)
    @blp.doc(security=BEARER)
    def get(self, query: dict[str, Any], game_id: str) -> dict[str, Any]:
        """Read the game's log

        The narrated events your seat may see, step by step.
        """
        return service().log(
            game_id, token(), after=query["after"], limit=query["limit"], clock=query["clock"]
        )


@blp.route(f"{GAME}/deductions")
class Deductions(MethodView):
    @blp.response(200, DeductionsSchema)
    @blp.doc(security=BEARER)
    @refusals(blp, 422)
    def get(self, game_id: str) -> dict[str, Any]:
        """Ask what you can conclude

        Worked out from your seat's own view and nothing else: what is settled, what remains.
        """
        return service().deductions(game_id, token())
