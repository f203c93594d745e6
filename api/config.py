"""Configuration from the environment, with defaults that serve one SQLite file."""

from __future__ import annotations

import os
from collections.abc import Mapping
from importlib.metadata import version
from pathlib import Path
from typing import Any

DEFAULT_DATABASE_URL = "sqlite:///casebook.sqlite3"
MAX_CONTENT_LENGTH = 64 * 1024
_SQLITE_PREFIX = "sqlite:///"


def from_env(environ: Mapping[str, str] = os.environ) -> dict[str, Any]:
    """The Flask config of the app: its own settings and those flask-smorest reads."""
    return {
        "DATABASE_URL": absolute_database_url(
            environ.get("CASEBOOK_DATABASE_URL", DEFAULT_DATABASE_URL)
        ),
        "PLUGINS": plugin_modules(environ.get("CASEBOOK_PLUGINS", "")),
        "SQLITE_SYNCHRONOUS": environ.get("CASEBOOK_SQLITE_SYNCHRONOUS", "full").strip().lower(),
        "PORT": int(environ.get("PORT", "8000")),
        #: ``api/ratelimits.py``: empty for the defaults, ``off``, or ``name=rate;...``.
        "RATE_LIMITS": environ.get("CASEBOOK_RATE_LIMITS", ""),
        "RATE_LIMIT_STORAGE": environ.get("CASEBOOK_RATE_LIMIT_STORAGE", ""),
        #: ``api/housekeeping.py``: finished games are forgotten after this many days.
        "KEEP_FINISHED_DAYS": int(environ.get("CASEBOOK_KEEP_FINISHED_DAYS", "30")),
        "KEEP_IDLE_DAYS": int(environ.get("CASEBOOK_KEEP_IDLE_DAYS", "90")),
        #: ``api/quotas.py``: games one client may have running; 0 for no limit.
        "RUNNING_GAMES_PER_CLIENT": int(environ.get("CASEBOOK_RUNNING_GAMES_PER_CLIENT", "100")),
        #: ``api/generation.py``: seconds a case may take to make in a request; 0 for no limit.
        "GENERATION_TIME_LIMIT": generation_time_limit(
            environ.get("CASEBOOK_GENERATION_TIME_LIMIT", "10")
        ),
        "AUTO_MIGRATE": True,
        "MAX_CONTENT_LENGTH": MAX_CONTENT_LENGTH,
        "API_TITLE": "casebook",
        "API_VERSION": version("casebook"),
        "OPENAPI_VERSION": "3.1.0",
        "OPENAPI_URL_PREFIX": "/",
        "OPENAPI_JSON_PATH": "openapi.json",
        "OPENAPI_SWAGGER_UI_PATH": "/docs",
        "OPENAPI_SWAGGER_UI_URL": "/docs/assets/",
    }


def absolute_database_url(url: str) -> str:
    """``url`` with a relative SQLite path made absolute, so the working directory cannot move it.

    ``sqlite:///name`` is relative to the current directory and ``sqlite:////path`` absolute;
    in-memory databases and other engines pass through unchanged.
    """
    if not url.startswith(_SQLITE_PREFIX):
        return url
    path = url[len(_SQLITE_PREFIX) :]
    if not path or path.startswith(":memory:") or Path(path).is_absolute():
        return url
    return _SQLITE_PREFIX + str(Path(path).resolve())


def plugin_modules(value: str) -> tuple[str, ...]:
    """The module names of a comma-separated ``CASEBOOK_PLUGINS``."""
    return tuple(name.strip() for name in value.split(",") if name.strip())


def generation_time_limit(value: str) -> float | None:
    """``CASEBOOK_GENERATION_TIME_LIMIT``: seconds (``None`` for ``0``: no limit)."""
    try:
        seconds = float(value)
    except ValueError:
        seconds = -1.0
    if not 0 <= seconds < float("inf"):
        raise ValueError(
            f"CASEBOOK_GENERATION_TIME_LIMIT must be 0 or a number of seconds, not {value!r}"
        )
    return seconds or None
