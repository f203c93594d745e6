"""Bearer tokens: made with enough entropy, stored only as hashes, compared in constant time."""

from __future__ import annotations

import hashlib
import hmac
import re
import secrets

from rules.errors import CasebookError

#: ``secrets.token_urlsafe(32)`` gives 43 characters of the URL-safe alphabet: 256 bits.
_TOKEN_BYTES = 32
_WELL_FORMED = re.compile(r"[A-Za-z0-9_-]{43}")


def new_token() -> str:
    """A fresh secret token; the caller shows it once and keeps only :func:`hash_token`."""
    return secrets.token_urlsafe(_TOKEN_BYTES)


def hash_token(token: str) -> str:
    """The sha256 hex digest the store keeps instead of the token."""
    return hashlib.sha256(token.encode()).hexdigest()


def matches(token: str, token_hash: str | None) -> bool:
    """Whether ``token`` is the one behind ``token_hash``, in time independent of the values."""
    return token_hash is not None and hmac.compare_digest(hash_token(token), token_hash)


def is_well_formed(token: str) -> bool:
    """Whether ``token`` could have come from :func:`new_token` (else it is simply invalid)."""
    return _WELL_FORMED.fullmatch(token) is not None


def bearer_token(authorization: str | None) -> str | None:
    """The token of an ``Authorization: Bearer <token>`` header, or ``None`` if there is none."""
    if not authorization:
        return None
    scheme, _, token = authorization.partition(" ")
    if scheme.lower() != "bearer":
        return None
    return token.strip() or None


class Unauthenticated(CasebookError):
    """The request needs a token it did not bring, or brought one that is malformed or wrong."""

    code = "auth/unauthenticated"
    status = 401


class WatchOnly(CasebookError):
    """A token that may read a game but not act in it (a game of bots only: its watch token)."""

    code = "auth/watch-only"
    status = 403
