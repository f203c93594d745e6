"""Under gevent a SQLite write waits on a native thread, and the worker's other requests go on.

gevent patches the whole process, so the gevent side runs in a child interpreter.
"""

from __future__ import annotations

import subprocess
import sys
import textwrap
import threading

from api.storage.offload import gevent_serves, run_blocking
from tests.api.server.live import ROOT


def test_without_gevent_the_work_runs_on_the_callers_thread() -> None:
    assert not gevent_serves()
    assert run_blocking(threading.get_ident) == threading.get_ident()


_UNDER_GEVENT = textwrap.dedent(
    """
    from gevent import monkey
    monkey.patch_all()
    import threading, time
    import gevent
    from api.storage.offload import gevent_serves, run_blocking

    blocking_sleep = monkey.get_original("time", "sleep")  # like an fsync: no yield to the hub
    ticks = []

    def ticker():
        while len(ticks) < 1000:
            ticks.append(time.monotonic())
            gevent.sleep(0.01)

    def stall():
        blocking_sleep(0.3)
        return threading.get_native_id()

    assert gevent_serves()
    other = gevent.spawn(ticker)
    gevent.sleep(0)
    started = time.monotonic()
    worker = run_blocking(stall)
    during = [t for t in ticks if started <= t <= started + 0.3]
    other.kill()
    print(worker != threading.get_native_id(), len(during))
    """
)


def test_under_gevent_a_blocking_write_leaves_the_other_greenlets_running() -> None:
    done = subprocess.run(
        [sys.executable, "-c", _UNDER_GEVENT],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
        check=True,
    )
    elsewhere, ticks = done.stdout.split()
    assert elsewhere == "True"
    assert int(ticks) >= 10  # ~30 at 10 ms a tick; inline, the 0.3 s stall would leave none
