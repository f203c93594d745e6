"""Rate limits: how fast one client may make cases and games, and try accusations.

Generating a case costs tens of milliseconds of solver time and every game is stored, so a
client that loops on ``POST /v1/cases`` or ``POST /v1/games`` would fill the machine; and an
accusation is a guess at a secret. Each limited operation counts requests in fixed windows,
per client (its address) and, where it carries one, per bearer token (so many clients cannot
pool their guesses on one case). Over a limit the answer is a 429 problem with ``Retry-After``
and nothing is done. Moves and reads are not limited: a game bounds them itself.

The counters live where every API process of the server sees them (``api/limits_storage.py``:
beside the SQLite file, or in PostgreSQL; or a Redis server named by
``CASEBOOK_RATE_LIMIT_STORAGE``), counted with the ``limits`` library.
"""

from __future__ import annotations

import hashlib
import math
import time
from collections.abc import Mapping
from dataclasses import dataclass

from flask import Flask, current_app, request
from limits import RateLimitItem, parse
from limits.storage import storage_from_string
from limits.strategies import FixedWindowRateLimiter

from api.errors import Problem
from api.limits_storage import storage_uri
from api.security import bearer_token

#: The limits of each operation (endpoint, method) by default: ``CASEBOOK_RATE_LIMITS`` may
#: change them (``off``, or ``name=rate;...``; see :func:`parse_setting`).
DEFAULT_LIMITS: dict[str, str] = {
    "new-case": "30/minute;300/day",
    "new-game": "60/minute;1000/day",
    "new-table": "20/minute;200/day",
    "accusation": "10/minute;60/hour",
}
#: Which operation each endpoint and method is.
OPERATIONS: dict[tuple[str, str], str] = {
    ("cases.Cases", "POST"): "new-case",
    ("games.Games", "POST"): "new-game",
    ("cases.Tables", "POST"): "new-table",
    ("cases.Accusations", "POST"): "accusation",
}


@dataclass(frozen=True)
class RateLimits:
    """The limiter of one app: its counters and each operation's limits."""

    limiter: FixedWindowRateLimiter
    limits: Mapping[str, tuple[RateLimitItem, ...]]

    def check(self) -> None:
        """Count this request against its operation's limits; a 429 problem when over one."""
        operation = OPERATIONS.get((request.endpoint or "", request.method))
        if operation is None or request.routing_exception is not None:
            return
        token = bearer_token(request.headers.get("Authorization"))
        who = [f"client:{request.remote_addr}"]
        if token:
            who.append("token:" + hashlib.sha256(token.encode()).hexdigest()[:32])
        for item in self.limits.get(operation, ()):
            for identity in who:
                if not self.limiter.hit(item, operation, identity):
                    reset = self.limiter.get_window_stats(item, operation, identity).reset_time
                    wait = max(1, math.ceil(reset - time.time()))
                    raise Problem(
                        429,
                        "rate-limited",
                        f"Too many requests of this kind ({item}); try again in {wait} s.",
                        headers={"Retry-After": str(wait)},
                    )


def parse_setting(value: str) -> dict[str, str] | None:
    """``CASEBOOK_RATE_LIMITS``: empty for the defaults, ``off`` for none, or overrides such as
    ``new-case=5/minute;accusation=3/minute`` (an operation's rates joined by ``,``)."""
    text = value.strip()
    if text.lower() == "off":
        return None
    limits = dict(DEFAULT_LIMITS)
    for part in filter(None, (piece.strip() for piece in text.split(";"))):
        name, _, rates = part.partition("=")
        if name.strip() not in DEFAULT_LIMITS or not rates.strip():
            known = ", ".join(DEFAULT_LIMITS)
            raise ValueError(f"CASEBOOK_RATE_LIMITS: {part!r} is not NAME=RATE ({known})")
        limits[name.strip()] = rates.strip().replace(",", ";")
    return limits


def install(app: Flask) -> RateLimits | None:
    """Check the limits before every request of ``app`` (after routing), unless they are off."""
    configured = parse_setting(app.config.get("RATE_LIMITS", ""))
    if configured is None:
        return None
    uri = app.config.get("RATE_LIMIT_STORAGE") or storage_uri(app.config["DATABASE_URL"])
    limits = RateLimits(
        FixedWindowRateLimiter(storage_from_string(uri)),
        {name: _items(rates) for name, rates in configured.items()},
    )
    app.extensions["casebook-rate-limits"] = limits
    app.before_request(_check)
    return limits


def _items(rates: str) -> tuple[RateLimitItem, ...]:
    return tuple(parse(rate) for rate in rates.split(";") if rate.strip())


def _check() -> None:
    limits: RateLimits = current_app.extensions["casebook-rate-limits"]
    limits.check()
