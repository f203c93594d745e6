"""Python's cyclic garbage collector as casebook's long-running processes set it.

A bot game makes and drops objects by the thousand each second (states, views, action forms,
events), almost none of them in cycles. With Python's default threshold the youngest
generation is collected every 700 allocations, and every tenth of those collections of the
middle one walks whatever survived; in Murder City's compiled four-bot games the collector took
about an eighth of the time (docs/performance.md, "Compiled, and the collector as the server
sets it").
So a process that serves or plays games, once it has started, freezes what start-up made (the
imports, the app, its templates and schemas: never garbage, never walked again) and collects
the youngest generation every 10,000 allocations. Garbage in cycles then waits a little longer
for its collection; nothing else changes.
"""

from __future__ import annotations

import gc

#: Allocations (less deallocations) between two collections of the youngest generation.
YOUNG_THRESHOLD = 10_000


def settle() -> None:
    """Freeze what the process has made so far and collect the young less often."""
    gc.collect()
    gc.freeze()
    _, middle, oldest = gc.get_threshold()
    gc.set_threshold(YOUNG_THRESHOLD, middle, oldest)
