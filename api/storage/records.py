"""The records the store keeps, as plain frozen dataclasses, and the errors it raises.

The API's service layer and the storage implementation agree on these and on nothing else.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Any

import orjson

from rules.errors import ConflictError, UnavailableError

#: The statuses a game or a table is stored with.
ACTIVE, FINISHED = "active", "finished"
#: Attempts at a write without ``If-Match`` when other writers keep winning the race.
WRITE_ATTEMPTS = 5


class StoreError(UnavailableError):
    """The database could not do what was asked (busy beyond the timeout, disk full, gone).

    What went wrong is for the log (``str(error)``); a client is only told to try again.
    """

    code = "service-unavailable"

    def __init__(self, reason: str) -> None:
        super().__init__("The service is busy; try again shortly.")
        self.reason = reason

    def __str__(self) -> str:
        return self.reason


class VersionConflict(ConflictError):
    """Another writer moved the game on first: the expected version is no longer current."""

    code = "game/version-conflict"

    def __init__(self, game_id: str, expected: int, actual: int | None) -> None:
        super().__init__(
            "Another request changed this game at the same time; read it again and retry."
        )
        self.game_id = game_id
        self.expected = expected
        self.actual = actual


@dataclass(frozen=True)
class StoredCase:
    id: str
    system: str
    seed: int
    case: dict[str, Any]  # the whole case envelope of generator.registry.generate
    author_token_hash: str | None  # sha256 hex of the author token; None: made for one game
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

    The whole record is :class:`StoredGame`; this one leaves out the timestamps. The case is
    named by id: it never changes, so the service decodes it once and keeps it. The state comes
    as the text it is stored as, which the service's decoded states are kept by
    (``api/states.py``).
    """

    id: str
    system: str
    mode: str
    seed: int  # secret: drives every draw of the game
    case_id: str
    options: dict[str, Any]  # the mode's options, resolved
    seats: tuple[StoredSeat, ...]
    version: int
    state_text: str  # the state's JSON, as stored
    status: str

    @property
    def state(self) -> dict[str, Any]:
        """The state as JSON data."""
        data: dict[str, Any] = orjson.loads(self.state_text)
        return data


@dataclass(frozen=True)
class StoredGame:
    id: str
    system: str
    mode: str
    seed: int  # secret: drives every draw of the game
    case_id: str
    options: dict[str, Any]
    seats: tuple[StoredSeat, ...]
    version: int  # the number of steps applied
    state: dict[str, Any]  # the system's state_to_json after ``version`` steps
    status: str  # "active" or "finished"
    created_at: datetime
    updated_at: datetime


@dataclass(frozen=True)
class StoredTable:
    """A table session of a case's Author desk: what that Author has seen, under one token."""

    id: str
    case_id: str
    system: str
    inspectors: tuple[str, ...]  # names, in seat order
    token_hash: str  # sha256 hex of the table's bearer token
    version: int  # the number of questions answered
    state: dict[str, Any]  # the system's table_to_json
    status: str  # "active" or "finished"


class QuotaExceeded(ConflictError):
    """A client already has as many games running as one client may."""

    code = "quota/running-games"

    def __init__(self, limit: int) -> None:
        super().__init__(
            f"You have {limit} games running, as many as one client may: finish one first "
            "(games nobody plays for 90 days are forgotten)."
        )
