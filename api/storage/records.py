"""The records the store keeps, as plain frozen dataclasses, and the errors it raises.

The API's service layer and the storage implementation agree on these and on nothing else.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Any


class StoreError(Exception):
    """The database could not do what was asked (busy beyond the timeout, disk full, gone)."""


class VersionConflict(StoreError):
    """Another writer moved the game on first: the expected version is no longer current."""

    def __init__(self, game_id: str, expected: int, actual: int | None) -> None:
        super().__init__(f"game {game_id} is at version {actual}, not {expected}")
        self.game_id = game_id
        self.expected = expected
        self.actual = actual


@dataclass(frozen=True)
class StoredCase:
    id: str
    system: str
    seed: int
    case: dict[str, Any]  # the whole case envelope of generator.registry.generate
    author_token_hash: str  # sha256 hex of the author token
    created_at: datetime


@dataclass(frozen=True)
class StoredSeat:
    number: int  # 0-based, the seat index the rules use
    name: str
    bot: bool
    token_hash: str | None  # sha256 hex of the seat's bearer token; None for bots


@dataclass(frozen=True)
class StoredStep:
    """One applied action: the version after it is ``step`` (steps count from 1)."""

    step: int
    seat: int
    action: dict[str, Any]  # rules.core.Action.to_json()
    events: list[dict[str, Any]]  # rules.core.Event.to_json() each, secrets included


@dataclass(frozen=True)
class OpenGame:
    """What serving a request needs of a stored game, read in one statement.

    The whole record is :class:`StoredGame`; this one leaves out the case and the timestamps.
    ``public_case`` is the public part of the case (what narration may name), and is ``None``
    unless it was asked for: see ``Store.open_game``.
    """

    id: str
    system: str
    mode: str
    seed: int  # secret: drives every draw of the game
    seats: tuple[StoredSeat, ...]
    version: int
    state: dict[str, Any]
    status: str
    public_case: dict[str, Any] | None


@dataclass(frozen=True)
class StoredGame:
    id: str
    system: str
    mode: str
    seed: int  # secret: drives every draw of the game
    case_id: str | None
    case: dict[str, Any]
    seats: tuple[StoredSeat, ...]
    version: int  # the number of steps applied
    state: dict[str, Any]  # the system's state_to_json after ``version`` steps
    status: str  # "active" or "finished"
    created_at: datetime
    updated_at: datetime
