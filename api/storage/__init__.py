"""Durable storage for cases and games: ``Store`` and the records and errors it deals in."""

from api.storage.records import (
    StoredCase,
    StoredGame,
    StoredSeat,
    StoredStep,
    StoreError,
    VersionConflict,
)
from api.storage.store import Store

__all__ = [
    "Store",
    "StoreError",
    "StoredCase",
    "StoredGame",
    "StoredSeat",
    "StoredStep",
    "VersionConflict",
]
