"""The HTTP resources, one blueprint per module, and the request helpers they share."""

from __future__ import annotations

import hashlib
import json
import math
import re
import time
from collections.abc import Callable
from functools import wraps
from typing import TYPE_CHECKING, Any, TypeVar

import orjson
from flask import Response as FlaskResponse
from flask import current_app, request
from flask.json.provider import DefaultJSONProvider
from werkzeug.exceptions import BadRequest
from werkzeug.http import http_date, quote_etag
from werkzeug.sansio.response import Response as SansioResponse
from werkzeug.wrappers import Response

from api import json_text
from api.errors import Problem
from api.security import bearer_token
from api.service import Service

if TYPE_CHECKING:
    from _typeshed.wsgi import WSGIEnvironment

F = TypeVar("F", bound=Callable[..., Any])

#: The OpenAPI security requirement of an operation that needs a seat's token.
BEARER: list[dict[str, list[str]]] = [{"bearerAuth": []}]
IF_NONE_MATCH = {
    "in": "header",
    "name": "If-None-Match",
    "required": False,
    "schema": {"type": "string"},
    "description": "the ETag of a copy you hold: 304 if it is still current",
}
ETAG = {"ETag": {"schema": {"type": "string"}, "description": "a strong hash of the body"}}

_BODY_METHODS = frozenset({"POST", "PUT", "PATCH"})
_VERSION_TAG = re.compile(r'(?:W/)?"?([0-9]{1,18})"?')
#: What ``If-Match`` may hold, as the description states it: ``*`` or version tags.
IF_MATCH_PATTERN = r'^\s*(\*|(W/)?"?[0-9]{1,18}"?(\s*,\s*(W/)?"?[0-9]{1,18}"?)*)\s*$'
_IF_MATCH = re.compile(IF_MATCH_PATTERN)


def service() -> Service:
    """The app's service, made once in :func:`api.app.create_app`."""
    found: Service = current_app.extensions["casebook"]
    return found


def token() -> str | None:
    """The bearer token of the request, if it brought one."""
    return bearer_token(request.headers.get("Authorization"))


def if_match() -> frozenset[int] | None:
    """The versions ``If-Match`` accepts (``"3"``, ``3``, ``W/"3"``); ``None`` if absent or ``*``.

    A tag that is no version matches nothing, so the write fails its precondition.
    """
    return parse_if_match(request.headers.get("If-Match"))


def parse_if_match(raw: str | None) -> frozenset[int] | None:
    """:func:`if_match` of a raw header value (``None``: no header)."""
    if raw is None:
        return None
    if not _IF_MATCH.fullmatch(raw):
        raise Problem(
            400,
            "request/bad-if-match",
            'If-Match holds versions ("3", 3 or W/"3") separated by commas, or *.',
        )
    versions: set[int] = set()
    for tag in raw.split(","):
        tag = tag.strip()
        if tag == "*":
            return None
        versions.add(int(_VERSION_TAG.fullmatch(tag).group(1)))  # type: ignore[union-attr]
    return frozenset(versions)


def with_etag(view: F) -> F:
    """Give a JSON answer a strong ETag of its body and honour ``If-None-Match`` with a 304."""

    @wraps(view)
    def wrapper(*args: Any, **kwargs: Any) -> Response:
        return tagged(view(*args, **kwargs), request.environ)

    return wrapper  # type: ignore[return-value]


def tagged(response: Response, environ: WSGIEnvironment) -> Response:
    """``response`` with a strong ETag of its body, a 304 if ``If-None-Match`` names it.

    A read that weighs no condition (most of them) gets what werkzeug's ``make_conditional``
    would give it, its ``Date`` (and ``Content-Length``), without the parsing of conditions it
    does not carry: both the documented views and ``api/hot_routes.py`` answer through here.
    """
    response.headers["ETag"] = etag_of(response.get_data())
    if environ["REQUEST_METHOD"] not in _READS or weighs_conditions(environ):
        return response.make_conditional(environ)
    headers = response.headers
    if "date" not in headers:
        headers["Date"] = date_now()
    if response.automatically_set_content_length and "content-length" not in headers:
        length = response.calculate_content_length()
        if length is not None:
            headers["Content-Length"] = str(length)
    return response


def etag_of(body: bytes) -> str:
    """The strong ETag of ``body``, quoted: the sha256 of its bytes."""
    return quote_etag(hashlib.sha256(body).hexdigest())


def weighs_conditions(environ: WSGIEnvironment) -> bool:
    """Whether the request carries a header werkzeug's ``make_conditional`` weighs."""
    return not _CONDITIONS.isdisjoint(environ)


#: The second ``date_now`` last wrote, and what it wrote: a ``Date`` has whole seconds.
_last_date: tuple[int, str] = (0, "")


def date_now() -> str:
    """``Date`` as werkzeug's ``http_date()`` writes it now, formatted once a second (writing it
    cost a read about 9 us: ``email.utils`` builds it anew each time)."""
    global _last_date
    second = int(time.time())
    kept = _last_date
    if kept[0] != second:
        kept = _last_date = (second, http_date(second))
    return kept[1]


#: The methods werkzeug's ``make_conditional`` answers conditionally (and dates).
_READS = frozenset({"GET", "HEAD"})
#: The request headers ``make_conditional`` weighs (with a ``Range``, ``If-Range``).
_CONDITIONS = frozenset(
    f"HTTP_{name}"
    for name in ("IF_NONE_MATCH", "IF_MATCH", "IF_MODIFIED_SINCE", "IF_UNMODIFIED_SINCE")
    + ("RANGE", "IF_RANGE")
)


def require_json_body() -> None:
    """Refuse a write body that is not JSON (415), too large (413) or malformed (400).

    Runs before every view, so a view only ever sees strict JSON: no NaN or Infinity, no lone
    surrogates, no nesting deep enough to exhaust the parser.
    """
    if request.method not in _BODY_METHODS or request.routing_exception is not None:
        return
    if not request.is_json:
        raise Problem(415)
    body = request.get_data(cache=True)
    limit = request.max_content_length
    if limit is not None and request.content_length is None and len(body) >= limit:
        raise Problem(413)  # werkzeug cuts a chunked body at the limit instead of refusing it
    try:
        request.get_json()  # parsed once, strictly (StrictJSONProvider), for the view too
    except (BadRequest, ValueError, RecursionError):
        raise Problem(
            400, "request/malformed-json", "The request body is not valid JSON."
        ) from None


#: Keys sorted, so that a body (and its ETag) never depends on the order a dict was built in;
#: dates and dataclasses left to Flask's ``default``, as Flask's own provider writes them. A
#: key that is not text (a seat number) is written as text, but only when orjson's faster way,
#: which refuses such keys, has refused the body (``api/json_text.py``).
_WRITE_OPTIONS = (
    orjson.OPT_SORT_KEYS | orjson.OPT_PASSTHROUGH_DATETIME | orjson.OPT_PASSTHROUGH_DATACLASS
)


class StrictJSONProvider(DefaultJSONProvider):
    """Flask's JSON, read strictly and written fast.

    Read by orjson: UTF-8 with no byte order mark (RFC 8259), no lone surrogates, at most 1,024
    levels deep; NaN, Infinity and numbers too large for a float are not JSON, whatever Python's
    parser would accept (an integer beyond 64 bits is read as a float, which no field accepts
    where a bounded integer is asked for). Written by orjson: a Midnight
    view (6 KB) took 38 us with the standard library's encoder, the largest single cost of
    reading a game.
    """

    def loads(self, s: str | bytes, **kwargs: Any) -> Any:
        if not kwargs:  # orjson is strict as it is, and reads a move's body in a fifth the time
            return orjson.loads(s)
        if isinstance(s, bytes | bytearray):  # UTF-8 only (RFC 8259): the standard library
            s = s.decode("utf-8")  # would also read UTF-16 and UTF-32, BOM or not
        if s.startswith("\ufeff"):
            raise ValueError("JSON text starts with no byte order mark")
        return json.loads(s, parse_constant=_reject, parse_float=_finite, **kwargs)

    def dumps(self, obj: Any, **kwargs: Any) -> str:
        if kwargs:  # a caller's own settings: the standard library honours them all
            return super().dumps(obj, **kwargs)
        return _orjson_or_stdlib(obj, self.default, _WRITE_OPTIONS).decode()

    def response(self, *args: Any, **kwargs: Any) -> SansioResponse:
        if self._app.debug:  # indented, for people reading the debug server
            return super().response(*args, **kwargs)
        body = self.body(self._prepare_response_obj(args, kwargs))
        return FlaskResponse(body, mimetype=self.mimetype)

    def body(self, obj: Any) -> bytes:
        """The body :meth:`response` writes for ``obj`` (outside debug)."""
        return _orjson_or_stdlib(obj, self.default, _WRITE_OPTIONS | orjson.OPT_APPEND_NEWLINE)

    def part(self, obj: Any) -> bytes:
        """``obj`` written as :meth:`body` writes it inside a body (orjson alone: raises
        ``orjson.JSONEncodeError`` for what only the standard library writes)."""
        return json_text.dumps(obj, self.default, _WRITE_OPTIONS)


def _orjson_or_stdlib(obj: Any, default: Callable[[Any], Any], options: int) -> bytes:
    """orjson's bytes, or the standard library's for what orjson refuses (integers beyond 64
    bits, which a refusal may echo back to its sender)."""
    try:
        return json_text.dumps(obj, default, options)
    except orjson.JSONEncodeError:
        text = json.dumps(obj, default=default, sort_keys=True, separators=(",", ":"))
        return (text + "\n" if options & orjson.OPT_APPEND_NEWLINE else text).encode()


def _reject(constant: str) -> Any:
    raise ValueError(f"{constant} is not JSON")


def _finite(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):
        raise ValueError(f"{text} is too large")
    return value
