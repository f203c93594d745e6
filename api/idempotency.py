"""``Idempotency-Key`` on every POST: a repeat is applied once and gets the first answer.

A client that lost an answer (a timeout, a dropped connection) sends the request again with the
same key and learns what happened instead of doing it twice:

- the first request with a key claims it, runs, and keeps its answer (any answer but a 5xx:
  a failure on our side releases the key, so the retry runs afresh);
- a repeat with the same body gets that answer again, with ``Idempotent-Replayed: true``; a
  repeat that arrives while the first still runs waits for its answer (up to ``WAIT_S``);
- the same key with another body is a 422 ``idempotency/key-reused`` (on another path, or
  with another token, it is another key);
- keys are kept ``KEEP`` (a day), then forgotten (``api/housekeeping.py``).

A key is scoped to the caller's bearer token (or its absence) and the path, hashed with them;
neither the key nor the answer is stored in the clear: the answer is sealed (AES-GCM) with a
secret derived from the key, which only its sender holds. An answer that created a game holds
its seats' tokens, which the store otherwise keeps only as hashes.
"""

from __future__ import annotations

import hashlib
import json
import os
import re
import time
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from http import HTTPStatus
from typing import TYPE_CHECKING, Any

from apispec import BasePlugin
from flask import Flask, Response, current_app, g, request

from api import security
from api.errors import Problem
from api.security import bearer_token
from api.storage import Store
from api.storage.idempotency import KeyRow

if TYPE_CHECKING:
    from cryptography.hazmat.primitives.ciphers.aead import AESGCM

HEADER = "Idempotency-Key"
REPLAYED = "Idempotent-Replayed"
#: A key as the description states it: 1 to 255 visible ASCII characters (a UUID is ideal).
KEY_PATTERN = r"^[\x21-\x7e]{1,255}$"
_KEY = re.compile(KEY_PATTERN)
#: How long a repeat waits for the first request's answer, and how often it looks.
WAIT_S = 10.0
_POLL_S = 0.02
#: How long keys are kept.
KEEP = timedelta(days=1)
#: The answer's headers a replay does not repeat (they belong to the exchange, not the answer).
_EXCHANGE_HEADERS = frozenset({"content-length", "date", "server", "set-cookie", "connection"})
_NONCE_BYTES = 12


@dataclass(frozen=True)
class _Claim:
    lookup: str
    secret: bytes


def register(app: Flask) -> None:
    """Honour ``Idempotency-Key`` on every POST of ``app`` (after the body checks)."""
    app.before_request(_claim_or_replay)
    app.after_request(_keep_answer)
    app.teardown_request(_release_if_unanswered)


class IdempotencyKeyPlugin(BasePlugin):
    """States the header, its refusals and the replay marker on every POST operation."""

    def operation_helper(
        self, path: str | None = None, operations: dict[str, Any] | None = None, **kwargs: Any
    ) -> None:
        post = (operations or {}).get("post")
        if post is None:
            return
        post.setdefault("parameters", []).append(
            {
                "in": "header",
                "name": HEADER,
                "required": False,
                "schema": {"type": "string", "pattern": KEY_PATTERN},
                "description": "a key of your own (a UUID): repeating the request with it "
                "applies it once and answers alike; the same key with another body is a 422",
            }
        )
        responses = post.setdefault("responses", {})
        for status in (400, 409, 422):
            responses.setdefault(str(status), HTTPStatus(status).name)


def purge(store: Store, now: datetime | None = None) -> int:
    """Forget the keys older than ``KEEP``; how many were forgotten."""
    return store.idempotency.purge((now or datetime.now(UTC)) - KEEP)


def _store() -> Store:
    store: Store = current_app.extensions["casebook"].store
    return store


def _claim_or_replay() -> Response | None:
    key = request.headers.get(HEADER)
    if request.method != "POST" or key is None or request.routing_exception is not None:
        return None
    if not _KEY.fullmatch(key):
        raise Problem(
            400, "idempotency/bad-key", "An Idempotency-Key is 1 to 255 visible ASCII characters."
        )
    token = bearer_token(request.headers.get("Authorization"))
    if _needs_token() and (token is None or not security.is_well_formed(token)):
        return None  # the view answers 401 and does nothing: no key is claimed or replayed
    scope = f"{token or ''}\n{request.path}\n{key}"
    claim = _Claim(
        lookup=hashlib.sha256(b"lookup\n" + scope.encode()).hexdigest(),
        secret=hashlib.sha256(b"seal\n" + scope.encode()).digest(),
    )
    fingerprint = hashlib.sha256(
        request.query_string + b"\n" + request.get_data(cache=True)
    ).hexdigest()
    deadline = time.monotonic() + WAIT_S
    while True:
        found = _store().idempotency.claim(claim.lookup, fingerprint, datetime.now(UTC))
        if found is None:
            g.idempotency_claim = claim
            return None
        if found.fingerprint != fingerprint:
            raise Problem(
                422,
                "idempotency/key-reused",
                "This Idempotency-Key was used for another request; use a new key.",
            )
        if found.status is not None:
            return _replay(found, claim.secret)
        if time.monotonic() >= deadline:
            raise Problem(
                409,
                "idempotency/in-progress",
                "The first request with this Idempotency-Key has not been answered yet; "
                "repeat it shortly.",
                headers={"Retry-After": "1"},
            )
        time.sleep(_POLL_S)


def _needs_token() -> bool:
    """Whether this operation requires a bearer token, as its description says."""
    view = current_app.view_functions.get(request.endpoint or "")
    handler = getattr(getattr(view, "view_class", None), request.method.lower(), None)
    documented = getattr(handler, "_apidoc", {}).get("manual_doc", {}).get("security")
    return bool(documented) and {} not in documented


def _keep_answer(response: Response) -> Response:
    claim: _Claim | None = g.pop("idempotency_claim", None)
    if claim is None:
        return response
    if response.status_code >= 500:
        _store().idempotency.release(claim.lookup)
        return response
    kept = [(k, v) for k, v in response.headers.items() if k.lower() not in _EXCHANGE_HEADERS]
    answer = json.dumps({"headers": kept, "body": response.get_data(as_text=True)}).encode()
    nonce = os.urandom(_NONCE_BYTES)
    sealed = nonce + _cipher(claim.secret).encrypt(nonce, answer, None)
    _store().idempotency.complete(claim.lookup, response.status_code, sealed)
    return response


def _release_if_unanswered(error: BaseException | None) -> None:
    claim: _Claim | None = g.pop("idempotency_claim", None)
    if claim is not None:  # the request failed before an answer was made
        _store().idempotency.release(claim.lookup)


def _cipher(secret: bytes) -> AESGCM:
    """AES-GCM under ``secret``. cryptography is imported at the first answer sealed or opened,
    not with the app: its library maps 5.5 MiB of code into every process that loads it, and
    most clients never send a key (z3 is loaded only where a case is made, for the same
    reason)."""
    from cryptography.hazmat.primitives.ciphers.aead import AESGCM

    return AESGCM(secret)


def _replay(found: KeyRow, secret: bytes) -> Response:
    from cryptography.exceptions import InvalidTag

    assert found.sealed is not None and found.status is not None
    try:
        nonce, sealed = found.sealed[:_NONCE_BYTES], found.sealed[_NONCE_BYTES:]
        answer = json.loads(_cipher(secret).decrypt(nonce, sealed, None))
    except (InvalidTag, ValueError):  # cannot happen with the key that sealed it
        raise Problem(422, "idempotency/key-reused") from None
    response = Response(answer["body"], status=found.status, headers=answer["headers"])
    response.headers[REPLAYED] = "true"
    return response
