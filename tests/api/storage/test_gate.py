"""The SQLite writer gate: it queues writers, and a stuck gate costs time, never a write."""

from __future__ import annotations

import fcntl
import gc
import os
import signal
import threading
import time
from pathlib import Path

from api.storage import Store
from api.storage.gate import WriterGate
from tests.api.storage.conftest import new_game, step


def test_a_waiting_writer_starts_when_the_gate_is_released(tmp_path: Path) -> None:
    gate = WriterGate(str(tmp_path / "db-writers"), timeout_ms=5000)
    inside, order = threading.Event(), []

    def holder() -> None:
        with gate():
            inside.set()
            time.sleep(0.05)
            order.append("first out")

    thread = threading.Thread(target=holder)
    thread.start()
    inside.wait()
    started = time.monotonic()
    with gate():
        order.append("second in")
        waited = time.monotonic() - started
    thread.join()

    assert order == ["first out", "second in"]
    assert 0.03 < waited < 0.5


def test_a_gate_held_beyond_the_timeout_is_passed_by(tmp_path: Path) -> None:
    path = tmp_path / "db-writers"
    with path.open("w") as held:
        fcntl.flock(held, fcntl.LOCK_EX)
        started = time.monotonic()
        with WriterGate(str(path), timeout_ms=50)():
            waited = time.monotonic() - started

    assert 0.04 < waited < 1.0


def test_store_writes_queue_on_the_gate_beside_the_database(tmp_path: Path) -> None:
    db_path = tmp_path / "casebook.db"
    store = Store(f"sqlite:///{db_path}", busy_timeout_ms=50)
    try:
        store.migrate()
        game = new_game(store)
        gate_path = Path(f"{db_path}-writers")
        assert gate_path.exists()
        with gate_path.open("w") as held:  # someone else in the gate: the move waits, then goes
            fcntl.flock(held, fcntl.LOCK_EX)
            started = time.monotonic()
            moved = store.append_steps(
                game.id, expected_version=0, steps=[step(1)], state={}, status="active"
            )
            assert time.monotonic() - started >= 0.04
        assert moved == 1
    finally:
        store.dispose()


def test_a_writer_off_the_main_thread_polls_and_still_queues(tmp_path: Path) -> None:
    """Only the main thread may wait in the kernel (a timer's signal bounds that wait); a writer
    in another thread polls the gate instead, and is still let in once it is free."""
    path = tmp_path / "db-writers"
    waited: list[float] = []

    def writer() -> None:
        started = time.monotonic()
        with WriterGate(str(path), timeout_ms=5000)():
            waited.append(time.monotonic() - started)

    with path.open("w") as held:
        fcntl.flock(held, fcntl.LOCK_EX)
        thread = threading.Thread(target=writer)
        thread.start()
        time.sleep(0.05)
        assert not waited  # still waiting while the gate is held
    thread.join()
    assert len(waited) == 1 and 0.04 < waited[0] < 1.0


def test_a_waiting_writer_leaves_the_timer_and_its_signal_as_they_were(tmp_path: Path) -> None:
    path = tmp_path / "db-writers"
    before = signal.getsignal(signal.SIGALRM)
    with path.open("w") as held:
        fcntl.flock(held, fcntl.LOCK_EX)
        with WriterGate(str(path), timeout_ms=30)():
            pass
    assert signal.getsignal(signal.SIGALRM) is before
    assert signal.getitimer(signal.ITIMER_REAL) == (0.0, 0.0)


def test_the_gate_keeps_one_descriptor_a_process_and_releases_it_each_time(
    tmp_path: Path,
) -> None:
    path = tmp_path / "db-writers"
    gate = WriterGate(str(path), timeout_ms=50)
    with gate():
        pass
    opened = len(list(Path("/proc/self/fd").iterdir()))
    for _ in range(3):
        with gate():
            pass
    assert len(list(Path("/proc/self/fd").iterdir())) == opened
    with path.open("w") as other:  # released: another open file takes the lock at once
        fcntl.flock(other, fcntl.LOCK_EX | fcntl.LOCK_NB)


def test_a_forked_child_queues_behind_its_parent(tmp_path: Path) -> None:
    """A child shares its parent's open files, and a lock on an open file is both of theirs:
    a child that used the parent's descriptor would walk through the parent's gate."""
    gate = WriterGate(str(tmp_path / "db-writers"), timeout_ms=5000)
    with gate():
        pass  # the parent's descriptor is open before the fork
    go_read, go_write = os.pipe()
    report_read, report_write = os.pipe()
    child = os.fork()
    if child == 0:  # pragma: no cover - the child reports through the pipe
        os.read(go_read, 1)  # the parent is in the gate
        started = time.monotonic()
        with gate():
            waited = time.monotonic() - started
        os.write(report_write, f"{waited:.3f}".encode())
        os._exit(0)
    with gate():
        os.write(go_write, b"!")
        time.sleep(0.1)
    os.waitpid(child, 0)
    waited = float(os.read(report_read, 64))
    for end in (go_read, go_write, report_read, report_write):
        os.close(end)
    assert waited >= 0.05


def test_a_disposed_store_or_a_dropped_gate_leaves_no_descriptor_open(tmp_path: Path) -> None:
    def open_files() -> int:
        return len(list(Path("/proc/self/fd").iterdir()))

    before = open_files()
    for number in range(5):
        store = Store(f"sqlite:///{tmp_path / f'db{number}.db'}")
        store.migrate()
        new_game(store)
        store.dispose()
    assert open_files() == before
    gate = WriterGate(str(tmp_path / "db-writers"), timeout_ms=50)
    with gate():
        pass
    assert open_files() == before + 1
    del gate
    gc.collect()
    assert open_files() == before
