"""The short way through the endpoints served most often: a game's view, a move, its actions.

flask-smorest's decorators parse the query and body with webargs and marshmallow and dump the
answer through the response schema on every request: about as much CPU as the move itself
(``docs/performance.md``, "Hot path"). A request in the common shape (no query or a plain
``clock``, a body that is a plain action) is answered here with the same service call and a
compiled dump (``api/dumping.py``); anything else, every malformed request included, goes the
documented way, so each refusal is the schema's own. The documented view stays the one the
OpenAPI description is made from.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass
from functools import wraps
from typing import Any, TypeVar

from flask import current_app, request
from werkzeug.wrappers import Response

from api.dumping import compile_dump
from api.schemas import ID
from narration import CLOCKS, DEFAULT_CLOCK
from rules.core import Action

F = TypeVar("F", bound=Callable[..., Any])
#: Answers ``None`` when the request is not in the common shape (the documented view answers).
Quick = Callable[..., Response | None]

#: The query strings answered here, and the clock each names.
_PLAIN_QUERIES: dict[bytes, str] = {b"": DEFAULT_CLOCK} | {
    f"clock={clock}".encode(): clock for clock in CLOCKS
}
_ACTION_KEYS = frozenset({"type", "params"})
#: The JSON values read alike by orjson (the body check) and the standard library (webargs).
_SCALARS = (str, int, bool, type(None))
_INT_LIMIT = 2**63
#: The pattern ``ActionRequestSchema`` checks a type and a parameter name with, used as it uses
#: it (``re.match``: the same strings pass).
_ID: re.Pattern[str] = ID.regex  # type: ignore[assignment]


@dataclass(frozen=True)
class Incoming:
    """What the short way reads of a request that ``api/hot_routes.py`` serves ahead of Flask:
    its raw query string and its body as the app's JSON provider parsed it."""

    query_string: bytes
    body: Any = None


#: The request served ahead of Flask, if any; else the short way reads Flask's ``request``.
_INCOMING: ContextVar[Incoming | None] = ContextVar("casebook_incoming", default=None)


@contextmanager
def serving(incoming: Incoming) -> Iterator[None]:
    """Let :func:`plain_clock` and :func:`plain_action` read ``incoming`` meanwhile."""
    reset = _INCOMING.set(incoming)
    try:
        yield
    finally:
        _INCOMING.reset(reset)


def served_first(quick: Quick) -> Callable[[F], F]:
    """Let ``quick`` answer first; when it declines, the decorated (documented) view answers."""

    def decorate(view: F) -> F:
        @wraps(view)
        def wrapper(*args: Any, **kwargs: Any) -> Any:
            answer = quick(**kwargs)
            return view(*args, **kwargs) if answer is None else answer

        return wrapper  # type: ignore[return-value]

    return decorate


def plain_clock() -> str | None:
    """The clock of a query that is empty or only ``clock=12h``/``clock=24h``; else ``None``."""
    incoming = _INCOMING.get()
    query = request.query_string if incoming is None else incoming.query_string
    return _PLAIN_QUERIES.get(query)


def clock_of(query_string: bytes) -> str | None:
    """:func:`plain_clock` of a raw query string."""
    return _PLAIN_QUERIES.get(query_string)


def plain_action() -> Action | None:
    """The body's action when it is one as ``ActionRequestSchema`` reads it and its values are
    read alike by every JSON parser here (strings, whole numbers, booleans, nulls, lists and
    objects of them); else ``None``."""
    incoming = _INCOMING.get()
    if incoming is None:
        return action_of(request.get_json(silent=True))  # parsed once by require_json_body
    return action_of(incoming.body)


def action_of(body: Any) -> Action | None:
    """:func:`plain_action` of a parsed body."""
    if type(body) is not dict or "type" not in body or not body.keys() <= _ACTION_KEYS:
        return None
    kind = body["type"]
    if type(kind) is not str or not _ID.match(kind):
        return None
    params = body.get("params", {})
    if type(params) is not dict:
        return None
    for name, value in params.items():
        if not _ID.match(name) or not _read_alike(value):
            return None
    return Action(kind, dict(params))


def _read_alike(value: Any) -> bool:
    if type(value) is int:
        return -_INT_LIMIT <= value < _INT_LIMIT
    if type(value) in _SCALARS:
        return True
    if type(value) is list:
        return all(_read_alike(each) for each in value)
    if type(value) is dict:
        return all(_read_alike(each) for each in value.values())
    return False


def answer(dump: Callable[[Mapping[str, Any]], Any], result: Mapping[str, Any]) -> Response:
    """``result`` dumped and written as flask-smorest's response decorator writes it."""
    response: Response = current_app.json.response(dump(result))  # type: ignore[assignment]
    return response


def dumper(schema: Any) -> Callable[[Mapping[str, Any]], Any]:
    """The compiled dump of a response schema (``api/dumping.py``)."""
    return compile_dump(schema)
