"""Fixtures for the storage tests: a game to work on and step builders."""

from __future__ import annotations

import hashlib
from typing import Any

import pytest

from api.storage import Store, StoredGame, StoredSeat, StoredStep


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def step(number: int, *, seat: int = 0, **action: Any) -> StoredStep:
    """A step whose action and event carry ``action`` so tests can tell steps apart."""
    return StoredStep(
        step=number, seat=seat, action={"kind": "move", **action}, events=[{"step": number}]
    )


#: The case every ``new_game`` generates for itself (no author: it was made for the game).
CASE: dict[str, Any] = {"murderer": "nobody"}


def new_game(
    store: Store,
    *,
    tokens: tuple[str, ...] = ("alice", "bob"),
    seed: int = 7,
    options: dict[str, Any] | None = None,
) -> StoredGame:
    """A two-seat game plus a bot seat, at version 0, with a case of its own stored beside it."""
    seats = [StoredSeat(i, f"seat {i}", False, token_hash(t)) for i, t in enumerate(tokens)]
    seats.append(StoredSeat(len(tokens), "bot", True, None))
    case = store.new_case(system="toy", seed=1, case=CASE, author_token_hash=None)
    return store.create_game(
        system="toy",
        mode="coop",
        seed=seed,
        case_id=case.id,
        options={} if options is None else options,
        seats=seats,
        state={"log": []},
        steps=[],
        status="active",
        new_case=case,
    )


@pytest.fixture
def game(store: Store) -> StoredGame:
    return new_game(store)
