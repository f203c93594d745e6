"""The three requests served most often, answered ahead of Flask's request handling.

A read of a game, a move and a list of actions are most of what a server answers. Through
Flask each pays for a request context, URL matching, the ``before_request`` hooks, the
``after_request`` and teardown hooks, each wrapped for async support: measured under gunicorn,
about as much CPU as Toy Culprit's whole move (``docs/performance.md``, "Hot path"). This WSGI
layer sits in front of the Flask app and answers a request in the common shape with the same
short-way functions the documented views call first (``api/resources/quick.py`` and
``api/resources/games.py``), under an app context only; anything else goes to Flask unchanged.
A plain read (no query but a clock) and a plain move are answered without even the app context:
the service's answer written as bytes with the headers Flask would give it (``docs/performance.md``,
"The read and the move, counted per request"); a read with conditions is weighed by werkzeug's
``make_conditional``, as ``tagged`` weighs it. A read of a version the seat has read before is
answered from the bytes kept for it (``api/answers.py``).

It applies what the hooks would, for these requests:

- rate limits: the routes served here are not limited (``api/ratelimits.py``), checked when the
  layer is installed;
- housekeeping: when a tidy is due the request goes to Flask, whose hook tidies first;
- the body (``require_json_body``): only a body declared ``application/json`` with a
  ``Content-Length`` within the limit, read in full and parsed by the app's own JSON provider, is
  answered here; any other body is handed to Flask as it was read, to be refused or read there;
- idempotency: a POST with an ``Idempotency-Key`` goes to Flask;
- refusals are answered by :func:`api.errors.respond`, as the app's error handlers answer them.

Any other hook the app gains makes :func:`install` refuse to start: a hook this layer would
skip must be taught to it first.
"""

from __future__ import annotations

import io
import re
from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING, Any

from flask import Flask
from werkzeug.wrappers import Response

from api import errors, housekeeping, idempotency, ratelimits
from api.answers import KeptAnswers
from api.ids import PATH_ID
from api.resources import (
    StrictJSONProvider,
    date_now,
    games,
    quick,
    require_json_body,
    tagged,
    weighs_conditions,
)
from api.resources.shared_parts import SharedParts
from api.security import bearer_token
from rules.core import Action

if TYPE_CHECKING:
    from _typeshed.wsgi import StartResponse, WSGIApplication, WSGIEnvironment

#: ``/v1/games/{id}`` and ``/v1/games/{id}/actions``, as Flask's rules match them.
_PATH = re.compile(rf"/v1/games/({PATH_ID})(/actions)?")
#: The endpoints served here, by method and whether the path ends in ``/actions``.
_ENDPOINTS = {
    ("GET", False): "games.Game",
    ("GET", True): "games.Actions",
    ("POST", True): "games.Actions",
}
_JSON = "application/json"


class HotRoutes:
    """The WSGI app in front of ``app``: the hot requests answered here, the rest by ``flask``."""

    def __init__(self, app: Flask, flask: WSGIApplication) -> None:
        self._app = app
        self._flask = flask
        self._limit: int | None = app.config.get("MAX_CONTENT_LENGTH")
        self._loads = app.json.loads
        self._service = app.extensions["casebook"]
        self._json: StrictJSONProvider = app.json  # type: ignore[assignment]
        self._shared = SharedParts(self._json.part)
        self.answers = KeptAnswers()  # a test may give it other bounds

    def __call__(self, environ: WSGIEnvironment, start_response: StartResponse) -> Iterable[bytes]:
        method: str = environ.get("REQUEST_METHOD", "")
        found = _PATH.fullmatch(environ.get("PATH_INFO", ""))
        if (
            found is None
            or (method, found.group(2) is not None) not in _ENDPOINTS
            or self._app.debug
            or housekeeping.due(self._app)
        ):
            return self._flask(environ, start_response)
        incoming = quick.Incoming(environ.get("QUERY_STRING", "").encode("latin-1"))
        if method == "GET" and found.group(2) is None:
            clock = quick.clock_of(incoming.query_string)
            if clock is not None:
                return self._view(found.group(1), clock, environ, start_response)
        if method == "POST":
            body = self._body(environ)
            if body is None:
                return self._flask(environ, start_response)
            action, clock = quick.action_of(body), quick.clock_of(incoming.query_string)
            if action is not None and clock is not None:
                return self._move(found.group(1), action, clock, environ, start_response)
            incoming = quick.Incoming(incoming.query_string, body)
        with self._app.app_context(), quick.serving(incoming):
            try:
                response = _answer(method, found.group(1), found.group(2), environ)
            except Exception as error:
                response = errors.respond(self._app, error)
            if response is None:  # not in the common shape: the documented view answers
                return self._flask(environ, start_response)
            return _send(response, start_response, environ)

    def _view(
        self, game_id: str, clock: str, environ: WSGIEnvironment, start_response: StartResponse
    ) -> Iterable[bytes]:
        """A seat's view, written as Flask writes it (the headers in its order) without the app
        context or a response object; with conditions, weighed by werkzeug as ``tagged`` weighs
        them (a client polling with the ETag it holds gets its 304 from the kept answer). A
        refusal is answered under the app context, by the app's own error handling."""
        bearer = bearer_token(environ.get("HTTP_AUTHORIZATION"))
        try:
            body, etag = games.view_answer(
                self._service, self._json, game_id, bearer, clock, self._shared, self.answers
            )
        except Exception as error:
            with self._app.app_context():
                return _send(errors.respond(self._app, error), start_response, environ)
        if weighs_conditions(environ):
            response = self._app.response_class(body, mimetype=self._json.mimetype)
            response.headers["ETag"] = etag
            return _send(response.make_conditional(environ), start_response, environ)
        start_response(
            "200 OK",
            [
                ("Content-Type", _JSON),
                ("Content-Length", str(len(body))),
                ("ETag", etag),
                ("Date", date_now()),
            ],
        )
        return [body]

    def _move(
        self,
        game_id: str,
        action: Action,
        clock: str,
        environ: WSGIEnvironment,
        start_response: StartResponse,
    ) -> Iterable[bytes]:
        """A move in the common shape, written as Flask writes it, without the app context or a
        response object; a refusal as in :meth:`_view`."""
        bearer = bearer_token(environ.get("HTTP_AUTHORIZATION"))
        versions = environ.get("HTTP_IF_MATCH")
        try:
            body = games.move_answer(
                self._service, self._json, game_id, bearer, versions, action, clock
            )
        except Exception as error:
            with self._app.app_context():
                return _send(errors.respond(self._app, error), start_response, environ)
        start_response("200 OK", [("Content-Type", _JSON), ("Content-Length", str(len(body)))])
        return [body]

    def _body(self, environ: WSGIEnvironment) -> Any:
        """The parsed JSON body of a move in the common shape; else ``None``, and the body is
        left for Flask to read as it came."""
        if environ.get("HTTP_IDEMPOTENCY_KEY") is not None:
            return None
        kind = environ.get("CONTENT_TYPE", "").partition(";")[0].strip().lower()
        if kind != _JSON or environ.get("HTTP_TRANSFER_ENCODING"):
            return None
        try:
            length = int(environ.get("CONTENT_LENGTH") or "")
        except ValueError:
            return None
        if length <= 0 or (self._limit is not None and length > self._limit):
            return None
        raw = environ["wsgi.input"].read(length)
        environ["wsgi.input"] = io.BytesIO(raw)  # what Flask reads if it answers after all
        if len(raw) != length:
            return None
        try:
            return self._loads(raw)
        except (ValueError, RecursionError):
            return None


def _answer(method: str, game_id: str, actions: str | None, environ: WSGIEnvironment) -> Any:
    bearer = bearer_token(environ.get("HTTP_AUTHORIZATION"))
    if method == "POST":
        return games.play_quickly(game_id, bearer, environ.get("HTTP_IF_MATCH"))
    if actions:
        return games.list_quickly(game_id, bearer)
    response = games.read_quickly(game_id, bearer)
    return None if response is None else tagged(response, environ)


def _send(
    response: Response, start_response: StartResponse, environ: WSGIEnvironment
) -> Iterable[bytes]:
    """Write ``response``: a 200 with its body in hand as werkzeug would write it for a GET or a
    POST (its headers, its body), without the machinery its ``__call__`` adds for every other
    kind of response."""
    if response.status_code != 200 or response.direct_passthrough or not response.is_sequence:
        answered: Iterable[bytes] = response(environ, start_response)
        return answered
    start_response(response.status, response.headers.to_wsgi_list())
    return [response.get_data()]


#: The hooks whose work the layer does or leaves to Flask (see the module's description).
_KNOWN_HOOKS: dict[str, set[Callable[..., Any]]] = {
    "before_request_funcs": {
        ratelimits._check,
        housekeeping._now_and_then,
        require_json_body,
        idempotency._claim_or_replay,
    },
    "after_request_funcs": {idempotency._keep_answer},
    "teardown_request_funcs": {idempotency._release_if_unanswered},
}


def install(app: Flask) -> None:
    """Put the layer in front of ``app``; refuse when ``app`` does what the layer would skip."""
    for name, known in _KNOWN_HOOKS.items():
        hooks: dict[str | None, list[Callable[..., Any]]] = getattr(app, name)
        found = {hook for scoped in hooks.values() for hook in scoped}
        if not found <= known:
            raise RuntimeError(f"api/hot_routes.py does not know the hooks {found - known}")
    if any(app.url_value_preprocessors.values()):
        raise RuntimeError("api/hot_routes.py does not apply URL value preprocessors")
    adapter = app.url_map.bind("localhost")
    for (method, actions), endpoint in _ENDPOINTS.items():
        path = "/v1/games/an-id" + ("/actions" if actions else "")
        if adapter.match(path, method)[0] != endpoint:
            raise RuntimeError(f"api/hot_routes.py: {method} {path} is not {endpoint}")
        if (endpoint, method) in ratelimits.OPERATIONS:
            raise RuntimeError(f"api/hot_routes.py serves {endpoint}, which is rate limited")
    app.wsgi_app = HotRoutes(app, app.wsgi_app)  # type: ignore[method-assign]
