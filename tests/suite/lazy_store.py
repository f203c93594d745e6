"""A store that acknowledges a move before it is written, for the kill test's negative control.

Imported as a plugin (``CASEBOOK_PLUGINS=tests.suite.lazy_store``) by a server under test, it
makes ``Store.append_steps`` hand the write to a timer and answer at once, as a write-behind
cache would. A SIGKILL then loses moves the clients were told were made, and the kill check
must say so; if it did not, it could not catch such a store either.
"""

from __future__ import annotations

import threading
from collections.abc import Sequence
from typing import Any

from api.storage import Store, StoredStep

DELAY = 0.2
_write = Store.append_steps


def append_later(
    self: Store,
    game_id: str,
    *,
    expected_version: int,
    steps: Sequence[StoredStep],
    state: dict[str, Any] | str,
    status: str,
    status_was: str | None = None,
) -> int:
    def write() -> None:
        try:
            _write(
                self,
                game_id,
                expected_version=expected_version,
                steps=steps,
                state=state,
                status=status,
                status_was=status_was,
            )
        except Exception:  # noqa: BLE001  (a lost race is lost quietly: the move was answered)
            pass

    threading.Timer(DELAY, write).start()
    return expected_version + len(steps)


Store.append_steps = append_later  # type: ignore[method-assign]
