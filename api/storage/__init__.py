"""Durable storage for cases and games: ``Store`` and the records and errors it deals in."""

from api.storage.records import (
    ACTIVE,
    FINISHED,
    WRITE_ATTEMPTS,
    OpenGame,
    QuotaExceeded,
    StoredCase,
    StoredGame,
    StoredSeat,
    StoredStep,
    StoredTable,
    StoreError,
    VersionConflict,
)
from api.storage.store import Store

__all__ = [
    "ACTIVE",
    "FINISHED",
    "WRITE_ATTEMPTS",
    "OpenGame",
    "QuotaExceeded",
    "Store",
    "StoreError",
    "StoredCase",
    "StoredGame",
    "StoredSeat",
    "StoredStep",
    "StoredTable",
    "VersionConflict",
]
