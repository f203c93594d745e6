"""A deliberately broken store, for the race's negative control only.

Imported as a plugin (``CASEBOOK_PLUGINS=tests.suite.broken_store``) by a server under test,
it replaces ``Store.append_steps`` with a write that checks no version: the game's state is
overwritten and a step already taken is replaced, the way a store without compare-and-set
(and without its unique step key) would. A short pause between the read and the write widens
the window racing writers fall into. The race check must then find acknowledged moves lost or
doubled; if it finds none, it could not find them in the real store either.
"""

from __future__ import annotations

import datetime
import json
import time
from collections.abc import Sequence
from typing import Any

import sqlalchemy as sa

from api.storage import Store, StoredStep
from api.storage.schema import games
from api.storage.schema import steps as steps_table

PAUSE = 0.005


def append_blindly(
    self: Store,
    game_id: str,
    *,
    expected_version: int,
    steps: Sequence[StoredStep],
    state: dict[str, Any] | str,
    status: str,
    status_was: str | None = None,
) -> int:
    time.sleep(PAUSE)
    if isinstance(state, str):  # the text the store writes (``Store.state_text``), as data
        state = json.loads(state)
    now = datetime.datetime.now(datetime.UTC)
    version = steps[-1].step
    numbers = [step.step for step in steps]
    with self.engine.begin() as conn:
        conn.execute(
            sa.update(games)
            .where(games.c.id == game_id)  # no "and version = expected_version"
            .values(version=version, state=state, status=status, updated_at=now)
        )
        conn.execute(
            sa.delete(steps_table).where(
                steps_table.c.game_id == game_id, steps_table.c.step.in_(numbers)
            )
        )
        conn.execute(
            sa.insert(steps_table),
            [
                {
                    "game_id": game_id,
                    "step": step.step,
                    "seat": step.seat,
                    "action": step.action,
                    "events": step.events,
                    "created_at": now,
                }
                for step in steps
            ],
        )
    return version


Store.append_steps = append_blindly  # type: ignore[method-assign]
