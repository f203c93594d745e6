"""What a server forgets, and when: finished games after a month, idempotency keys after a day.

Every server process tidies as it serves, at most once an hour (the first request after the
hour does it, before its own work); ``casebook tidy`` does the same at once, for a cron job or a
server that stands idle. Deleting is idempotent, so processes that tidy at the same time only
repeat each other's work.

- Games and table sessions finished more than ``CASEBOOK_KEEP_FINISHED_DAYS`` (30) days ago go,
  with their seats and steps, and so do the cases made for such games alone (a case with an
  author token stays: its author may open tables or games of it again).
- Idempotency keys go after a day (``api/idempotency.py``).
- Games nobody has moved for ``CASEBOOK_KEEP_IDLE_DAYS`` (90) days go too: a client may keep
  only so many games running (``api/quotas.py``), and an abandoned game should not hold its place
  for ever.
"""

from __future__ import annotations

import time
from datetime import UTC, datetime, timedelta

from flask import Flask, current_app

from api import idempotency
from api.storage import Store

KEEP_FINISHED_DAYS = 30
KEEP_IDLE_DAYS = 90
EVERY_S = 3600.0


def tidy(
    store: Store,
    keep_finished: timedelta,
    now: datetime | None = None,
    keep_idle: timedelta = timedelta(days=KEEP_IDLE_DAYS),
) -> dict[str, int]:
    """Forget what has been kept long enough; how many of each kind were forgotten."""
    now = now or datetime.now(UTC)
    forgotten = store.purge_old(now - keep_finished, now - keep_idle)
    forgotten["idempotency keys"] = idempotency.purge(store, now)
    return forgotten


def install(app: Flask) -> None:
    """Tidy ``app``'s store at most hourly, on the first request after each hour."""
    app.extensions["casebook-tidied-at"] = [time.monotonic()]  # a new process starts fresh
    app.before_request(_now_and_then)


def due(app: Flask) -> bool:
    """Whether the next request of ``app`` tidies first (``api/hot_routes.py`` leaves it to
    Flask's request handling, which does)."""
    last: list[float] = app.extensions["casebook-tidied-at"]
    return time.monotonic() - last[0] >= EVERY_S


def _now_and_then() -> None:
    last: list[float] = current_app.extensions["casebook-tidied-at"]
    now = time.monotonic()
    if now - last[0] < EVERY_S:
        return
    last[0] = now
    config = current_app.config
    tidy(
        current_app.extensions["casebook"].store,
        timedelta(days=config.get("KEEP_FINISHED_DAYS", KEEP_FINISHED_DAYS)),
        keep_idle=timedelta(days=config.get("KEEP_IDLE_DAYS", KEEP_IDLE_DAYS)),
    )
