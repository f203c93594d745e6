"""Every error the API returns, as RFC 9457 ``application/problem+json``.

One :class:`Problem` type carries status, stable code and a sentence a person can read. Every
refusal casebook makes is a :class:`~rules.errors.CasebookError` (the rules', the generator's,
the store's, the service's), turned into a problem by one handler; werkzeug's errors by another;
anything else is a bug and a bare 500, so no HTML page, stack trace or SQL reaches a client.
"""

from __future__ import annotations

import http
import json
from collections.abc import Mapping
from typing import Any

import marshmallow as ma
from flask import Flask, current_app
from flask_smorest import Api
from flask_smorest.utils import prepare_response
from werkzeug.exceptions import ClientDisconnected, HTTPException
from werkzeug.wrappers import Response

from rules.errors import CasebookError, UnavailableError, json_pointer

MIMETYPE = "application/problem+json"
TYPE_BASE = "https://casebook.dev/problems/"
RETRY_AFTER_SECONDS = "1"

#: The code and readable detail of each HTTP-level problem, by status.
_HTTP_PROBLEMS: dict[int, tuple[str, str]] = {
    400: ("request/bad", "The request could not be understood."),
    401: ("auth/unauthenticated", "This needs a valid bearer token in Authorization."),
    403: ("auth/forbidden", "This token may not do that."),
    404: ("not-found", "There is nothing here."),
    405: ("method-not-allowed", "This resource does not support that method."),
    406: ("not-acceptable", "This resource can only answer with JSON."),
    408: ("request/incomplete", "The request body stopped before its Content-Length."),
    409: ("conflict", "The request conflicts with the current state."),
    412: ("precondition-failed", "A precondition of the request does not hold."),
    413: ("request/too-large", "The request body is larger than 64 KiB."),
    415: ("request/unsupported-media-type", "The request body must be application/json."),
    422: ("request/invalid", "Some fields of the request are invalid."),
    428: ("precondition-required", "This request needs a precondition header."),
    429: ("rate-limited", "Too many requests of this kind; try again later."),
    500: ("internal-error", "Something went wrong on our side; it has been logged."),
    501: ("not-implemented", "This is not implemented yet."),
    503: ("service-unavailable", "The service is busy; try again shortly."),
}

_ERROR_HEADERS: dict[int, dict[str, Any]] = {
    401: {"WWW-Authenticate": {"schema": {"type": "string"}, "required": True}},
    405: {"Allow": {"schema": {"type": "string"}, "required": True}},
    429: {"Retry-After": {"schema": {"type": "string"}, "required": True}},
    503: {"Retry-After": {"schema": {"type": "string"}, "required": True}},
}


class FieldErrorSchema(ma.Schema):
    """One invalid field: a JSON pointer into the body, or the name of a query parameter."""

    pointer = ma.fields.String(metadata={"description": "JSON pointer into the request body"})
    parameter = ma.fields.String(metadata={"description": "name of a query parameter or header"})
    detail = ma.fields.String(required=True)


class ProblemSchema(ma.Schema):
    """RFC 9457 problem details, with a stable ``code`` and field errors for bad input."""

    type = ma.fields.String(required=True, metadata={"format": "uri"})
    title = ma.fields.String(required=True)
    status = ma.fields.Integer(required=True)
    detail = ma.fields.String(required=True)
    code = ma.fields.String(required=True)
    errors = ma.fields.List(ma.fields.Nested(FieldErrorSchema))


class Problem(Exception):
    """An error answer: HTTP status, stable code, readable detail, optional field errors."""

    def __init__(
        self,
        status: int,
        code: str | None = None,
        detail: str | None = None,
        *,
        errors: list[dict[str, str]] | None = None,
        headers: Mapping[str, str] | None = None,
    ) -> None:
        default_code, default_detail = _HTTP_PROBLEMS.get(status, (_slug(status), ""))
        super().__init__(detail or default_detail)
        self.status = status
        self.code = code or default_code
        self.detail = detail or default_detail or http.HTTPStatus(status).phrase
        self.errors = errors
        self.headers = dict(headers or {})
        if status == 401:
            self.headers.setdefault("WWW-Authenticate", "Bearer")
        if status == 503:
            self.headers.setdefault("Retry-After", RETRY_AFTER_SECONDS)

    def to_json(self) -> dict[str, Any]:
        body: dict[str, Any] = {
            "type": TYPE_BASE + self.code,
            "title": http.HTTPStatus(self.status).phrase,
            "status": self.status,
            "detail": self.detail,
            "code": self.code,
        }
        if self.errors:
            body["errors"] = self.errors
        return body

    def response(self) -> Response:
        return current_app.response_class(
            json.dumps(self.to_json()), self.status, self.headers, mimetype=MIMETYPE
        )


def _slug(status: int) -> str:
    return http.HTTPStatus(status).phrase.lower().replace(" ", "-").replace("'", "")


def field_errors(messages: Mapping[str, Any]) -> list[dict[str, str]]:
    """webargs' ``{location: marshmallow messages}`` as a flat list of field errors."""
    errors: list[dict[str, str]] = []
    for location, nested in messages.items():
        if location == "json":
            errors.extend(_pointers(nested, ""))
        else:
            errors.extend(
                {"parameter": name, "detail": detail}
                for name, details in nested.items()
                for detail in _details(details)
            )
    return errors


def _pointers(messages: Any, pointer: str) -> list[dict[str, str]]:
    if isinstance(messages, Mapping):
        found: list[dict[str, str]] = []
        for key, nested in messages.items():
            step = pointer if key == "_schema" else pointer + json_pointer(str(key))
            found.extend(_pointers(nested, step))
        return found
    return [{"pointer": pointer, "detail": detail} for detail in _details(messages)]


def _details(messages: Any) -> list[str]:
    if isinstance(messages, list | tuple):
        return [str(item) for item in messages]
    return [str(messages)]


def from_http_exception(error: HTTPException) -> Problem:
    """A werkzeug or webargs error as a problem; validation errors keep their field pointers."""
    if isinstance(error, ClientDisconnected):  # the body stalled past the client timeout, or ended
        return Problem(408)
    status = error.code or 500
    data = getattr(error, "data", None) or {}
    if status == 422 and "messages" in data:
        errors = field_errors(data["messages"])
        first = errors[0] if errors else {"pointer": "", "detail": ""}
        where = first.get("pointer", first.get("parameter", "")) or "the body"
        return Problem(422, detail=f"Invalid request: {where}: {first['detail']}", errors=errors)
    headers = {}
    if status == 405:
        headers = {k: v for k, v in error.get_headers() if k == "Allow"}
    return Problem(status, headers=headers)


class ProblemApi(Api):  # type: ignore[misc]
    """flask-smorest's ``Api`` whose errors, and their documentation, are problem+json."""

    ERROR_SCHEMA = ProblemSchema

    def handle_http_exception(self, error: HTTPException) -> Response:
        if error.code is not None and error.code < 400:  # 304 and friends are not problems
            return error.get_response()
        return from_http_exception(error).response()

    def _register_responses(self) -> None:
        """Document each error status once, as a problem, for operations to reference."""
        for status in http.HTTPStatus:
            response: dict[str, Any] = {"description": status.phrase}
            if status >= 400:
                response["schema"] = self.ERROR_SCHEMA
                if status in _ERROR_HEADERS:
                    response["headers"] = _ERROR_HEADERS[status]
            prepare_response(response, self.spec, MIMETYPE)
            self.spec.components.response(status.name, response, lazy=True)
        default = {"description": "Any other error", "schema": self.ERROR_SCHEMA}
        prepare_response(default, self.spec, MIMETYPE)
        self.spec.components.response(self.DEFAULT_ERROR_RESPONSE_NAME, default, lazy=True)


def from_error(error: CasebookError) -> Problem:
    """Any refusal of the family as a problem: its status, code, sentence and field errors."""
    errors = [{"pointer": pointer, "detail": detail} for pointer, detail in error.fields]
    return Problem(error.status, error.code, error.message, errors=errors or None)


def respond(app: Flask, error: Exception) -> Response:
    """The answer to ``error`` as the handlers :func:`register` installs give it (called while
    ``error`` is being handled, so that an unexpected one is logged with its traceback)."""
    if isinstance(error, Problem):
        return error.response()
    if isinstance(error, CasebookError):
        if isinstance(error, UnavailableError):
            app.logger.warning("unavailable: %s", error)
        return from_error(error).response()
    if isinstance(error, HTTPException):  # as ProblemApi answers werkzeug's errors
        if error.code is not None and error.code < 400:
            return error.get_response()
        return from_http_exception(error).response()
    app.logger.exception("unexpected error")
    return Problem(500).response()


def register(app: Flask) -> None:
    """Turn every exception the app can meet into a problem response."""

    @app.errorhandler(Problem)
    def _problem(error: Problem) -> Response:
        return respond(app, error)

    @app.errorhandler(CasebookError)
    def _refused(error: CasebookError) -> Response:
        return respond(app, error)

    @app.errorhandler(Exception)
    def _unexpected(error: Exception) -> Response:
        return respond(app, error)
