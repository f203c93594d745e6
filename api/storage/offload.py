"""Where a blocking write runs: on the caller, or on a native thread when gevent serves.

Under gevent (``casebook serve``'s default workers) every request of a worker is a greenlet on
one thread. A SQLite commit waits for its fsync with the GIL released but without yielding to
gevent's hub, so the whole worker would stand still through it. Run on the hub's thread pool, the
commit waits on its own thread while the worker's other requests go on. PostgreSQL needs none of
this: psycopg's waits yield to the hub once gevent has patched the standard library.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from typing import TypeVar

T = TypeVar("T")


def gevent_serves() -> bool:
    """Whether gevent has patched this process (a gevent worker), without importing gevent."""
    monkey = sys.modules.get("gevent.monkey")
    return monkey is not None and bool(monkey.is_module_patched("socket"))


def run_blocking(work: Callable[[], T]) -> T:
    """``work()``, on the gevent hub's thread pool when gevent serves, else right here."""
    if not gevent_serves():
        return work()
    import gevent

    result: T = gevent.get_hub().threadpool.apply(work)
    return result
