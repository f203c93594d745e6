"""The gunicorn workers of ``casebook serve``: gunicorn's own, answering in problems.

Errors that gunicorn answers before the app sees the request (a request line or a header too
long, a malformed header) are problem+json like every other error of the API, not gunicorn's
HTML page.
"""

from __future__ import annotations

import importlib
import json
from http import HTTPStatus
from typing import Any

from gunicorn.http import errors as http_errors
from gunicorn.workers.base import Worker
from gunicorn.workers.sync import SyncWorker

from api.errors import MIMETYPE, Problem

#: gunicorn's own request errors: the status each is answered with and the problem code.
_REQUEST_ERRORS: tuple[tuple[type[Exception], HTTPStatus, str], ...] = (
    (http_errors.LimitRequestLine, HTTPStatus.REQUEST_URI_TOO_LONG, "request/line-too-long"),
    (
        http_errors.LimitRequestHeaders,
        HTTPStatus.REQUEST_HEADER_FIELDS_TOO_LARGE,
        "request/headers-too-large",
    ),
    (
        http_errors.UnsupportedTransferCoding,
        HTTPStatus.NOT_IMPLEMENTED,
        "request/unsupported-transfer-coding",
    ),
    (http_errors.ExpectationFailed, HTTPStatus.EXPECTATION_FAILED, "request/expectation-failed"),
    (http_errors.ForbiddenProxyRequest, HTTPStatus.FORBIDDEN, "request/forbidden"),
    (http_errors.ParseException, HTTPStatus.BAD_REQUEST, "request/malformed"),
)


#: The modules gevent's monkey patch imports in each worker (but two small private ones of
#: gevent's), imported by the master instead, with the worker class: the workers then share one
#: copy (docs/performance.md, "Server memory").
GEVENT_PATCH_IMPORTS = (
    "_threading_local",
    "concurrent.futures.thread",
    "gevent.events",
    "gevent.local",
    "gevent.monkey",
    "gevent.select",
    "gevent.selectors",
    "gevent.signal",
    "gevent.ssl",
    "gevent.subprocess",
    "gevent.thread",
    "gevent.threading",
    "gevent.time",
)


def problem_response(problem: Problem) -> bytes:
    """A complete HTTP/1.1 response carrying ``problem``, for gunicorn to write and close."""
    body = json.dumps(problem.to_json()).encode()
    phrase = HTTPStatus(problem.status).phrase
    head = (
        f"HTTP/1.1 {problem.status} {phrase}\r\n"
        "Connection: close\r\n"
        f"Content-Type: {MIMETYPE}\r\n"
        f"Content-Length: {len(body)}\r\n\r\n"
    )
    return head.encode("latin-1") + body


def request_problem(error: Exception) -> Problem:
    """The problem of a request gunicorn could not read, or of gunicorn's own failure."""
    for kind, status, code in _REQUEST_ERRORS:
        if isinstance(error, kind):
            return Problem(status, code, _detail(status, error))
    return Problem(HTTPStatus.INTERNAL_SERVER_ERROR)


def _detail(status: HTTPStatus, error: Exception) -> str:
    """One readable line: what was wrong, without echoing more than a little of the request."""
    text = " ".join(str(error).split())[:200]
    return f"The request could not be read: {text or status.phrase}."


class ProblemErrors(Worker):  # type: ignore[misc]  # gunicorn ships no type hints
    """Answers the requests gunicorn itself refuses with problem+json instead of HTML."""

    def handle_error(self, req: Any, client: Any, addr: Any, exc: Exception) -> None:
        problem = request_problem(exc)
        if problem.status == HTTPStatus.INTERNAL_SERVER_ERROR:
            self.log.exception("Error handling request")
        else:
            self.log.warning("Invalid request from %s: %s", (addr or ("",))[0], exc)
        try:
            client.sendall(problem_response(problem))
        except OSError:
            self.log.debug("Failed to send error message.")


class SyncProblemWorker(ProblemErrors, SyncWorker):  # type: ignore[misc]
    """gunicorn's sync worker, with problems for refused requests."""


def gevent_worker(client_timeout: float) -> type[Worker]:
    """gunicorn's gevent worker, with problems for refused requests and a socket timeout.

    Built when asked for: importing gevent's worker patches nothing, but costs the sync
    worker's users an import. What the worker's patch will import is imported here too.
    """
    from gunicorn.workers.base_async import AsyncWorker
    from gunicorn.workers.ggevent import GeventWorker

    for name in GEVENT_PATCH_IMPORTS:
        importlib.import_module(name)

    class GeventProblemWorker(ProblemErrors, GeventWorker):  # type: ignore[misc]
        def handle(self, listener: Any, client: Any, addr: Any) -> None:
            # GeventWorker.handle makes the socket blocking with no timeout: a connection that
            # stalls while its body is read or its reply written would hold its greenlet for as
            # long as the client keeps the connection open.
            client.settimeout(client_timeout)
            AsyncWorker.handle(self, listener, client, addr)

    return GeventProblemWorker
