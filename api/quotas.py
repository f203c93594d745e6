"""Who is asking, as far as quotas go: a client is its address, hashed before it is stored.

One client may keep ``CASEBOOK_RUNNING_GAMES_PER_CLIENT`` games running (100; 0 for no limit):
each game records a hash of the address it was made from, and a new game is refused (409
``quota/running-games``) while that many are still running. Games finish by being played out;
games nobody has played for ``CASEBOOK_KEEP_IDLE_DAYS`` (90) are forgotten (api/housekeeping.py).
Behind a proxy, the address is the proxy's unless the server is told otherwise.
"""

from __future__ import annotations

import hashlib

from flask import request

DEFAULT_RUNNING_GAMES = 100


def creator() -> str:
    """The requesting client, as stored beside the games it makes."""
    address = request.remote_addr or "unknown"
    return hashlib.sha256(f"casebook-client\n{address}".encode()).hexdigest()
