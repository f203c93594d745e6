"""A queue for SQLite writers, so that a writer waiting for the lock starts as soon as it is free.

SQLite lets one writer in at a time; a writer that finds the database locked is put to sleep by
SQLite's busy handler for 1, 2, 5, 10 ... ms before it looks again, however soon the lock was
released (measured: a lock held for 0.2 ms cost the waiter 1.07 ms). Under steady writes from two
processes that idle time is most of the cost of a move.

The gate is an ``flock`` on a file beside the database, taken before ``BEGIN IMMEDIATE`` and
released after the commit. It only orders our own writers; it guards nothing: ``BEGIN IMMEDIATE``
and the version compare-and-set still do. A process that dies holding it releases it (the kernel
drops the lock with the file), and a writer that cannot get it within the busy timeout goes on
without it and meets SQLite's own busy handling, so a stuck gate costs time, never correctness.
"""

from __future__ import annotations

import contextlib
import fcntl
import os
import signal
import sys
import threading
import time
import weakref
from collections.abc import Callable, Iterator
from typing import Any

#: The first pause between attempts at a taken gate, doubling up to the cap.
_FIRST_PAUSE_S = 0.00005
_MAX_PAUSE_S = 0.0005


class WriterGate:
    """An inter-process (and inter-thread) queue on ``path``.

    The writers of one process first queue on a lock of their own, first come first served,
    so that only one of them at a time polls the file: under gevent a worker holds many
    requests at once, and a dozen greenlets polling one lock let some lose for a second and
    more (measured: POST p99 1.29 s, against 47 ms with sync workers). The writer at the head
    of that queue takes the file's lock on a descriptor the process keeps open: opening and
    closing the file for every move cost 24 us of system time on this machine, against 7 us
    for taking and releasing the lock. A writer that could not queue within the timeout opens
    a descriptor of its own (``flock`` conflicts between open files, so it still waits its
    turn against everyone), and a forked child opens its own rather than share its parent's.
    """

    def __init__(self, path: str, timeout_ms: int) -> None:
        self._path = path
        self._timeout_s = timeout_ms / 1000
        # Made where the store is made: in a gevent worker, after the patching, a gevent lock.
        self._local = threading.Lock()
        #: The process's descriptor and the process it was opened in; used under ``_local``.
        self._kept: tuple[int, int] | None = None
        self._closer: Callable[[], object] | None = None

    @contextlib.contextmanager
    def __call__(self) -> Iterator[None]:
        deadline = time.monotonic() + self._timeout_s
        queued = self._local.acquire(timeout=self._timeout_s)
        try:
            fd = self._descriptor() if queued else self._open()
            if fd is None:  # no gate to be had (a read-only folder): SQLite still serialises
                yield
                return
            try:
                _acquire(fd, deadline)
                yield
            finally:
                if queued:
                    fcntl.flock(fd, fcntl.LOCK_UN)  # harmless if the deadline passed it by
                else:
                    os.close(fd)  # releases the lock
        finally:
            if queued:
                self._local.release()

    def _descriptor(self) -> int | None:
        """The descriptor this process keeps, opened on first use (the caller holds
        ``_local``)."""
        pid = os.getpid()
        if self._kept is not None:
            if self._kept[1] == pid:
                return self._kept[0]
            # a parent's, inherited: the same open file, whose lock is the parent's lock too
            with contextlib.suppress(OSError):
                os.close(self._kept[0])
        fd = self._open()
        self._kept = None if fd is None else (fd, pid)
        if fd is not None:  # closed with the gate (a test makes many stores), in this process only
            self._closer = weakref.finalize(self, _close_in, fd, pid)
        return fd

    def close(self) -> None:
        """Close the kept descriptor (the store is disposed of); a later use opens another."""
        with self._local:
            if self._closer is not None:
                self._closer()  # closes only in the process that opened it
            self._kept = self._closer = None

    def _open(self) -> int | None:
        try:
            return os.open(self._path, os.O_RDWR | os.O_CREAT | os.O_CLOEXEC, 0o600)
        except OSError:
            return None


def _close_in(fd: int, pid: int) -> None:
    """Close ``fd`` if this is the process that opened it: in a forked child the number may
    since name another file."""
    if os.getpid() == pid:
        with contextlib.suppress(OSError):
            os.close(fd)


def _acquire(fd: int, deadline: float) -> bool:
    """Take the lock on ``fd``, waiting until ``deadline`` at most; whether it was taken."""
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        return True
    except BlockingIOError:
        pass
    if _may_block():
        return _block(fd, deadline)
    return _poll(fd, deadline)


class _Late(Exception):
    """The deadline passed while a writer waited for the gate."""


def _may_block() -> bool:
    """Whether this writer may wait in the kernel: in the main thread (the only one a signal
    reaches) of a process gevent has not patched (a gevent worker's requests share that
    thread, so they poll, sleeping cooperatively), with the real-time timer free."""
    if threading.current_thread() is not threading.main_thread():
        return False
    monkey = sys.modules.get("gevent.monkey")
    if monkey is not None and monkey.is_module_patched("time"):
        return False
    return signal.getitimer(signal.ITIMER_REAL) == (0.0, 0.0)


def _late(signum: int, frame: Any) -> None:
    raise _Late


def _block(fd: int, deadline: float) -> bool:
    """Wait in the kernel until the gate is free (the waiter wakes as it is released, where
    polling woke five or six times a move, each a sleep and a failed ``flock``), bounded by a
    real-time timer whose signal ends the wait at ``deadline``."""
    wait = deadline - time.monotonic()
    if wait <= 0:
        return False
    previous = signal.signal(signal.SIGALRM, _late)
    try:
        signal.setitimer(signal.ITIMER_REAL, wait)
        try:
            fcntl.flock(fd, fcntl.LOCK_EX)
        finally:
            signal.setitimer(signal.ITIMER_REAL, 0)
        return True
    except _Late:  # if the signal came just as the lock was taken, closing ``fd`` releases it
        return False
    finally:
        signal.signal(signal.SIGALRM, previous)


def _poll(fd: int, deadline: float) -> bool:
    pause = _FIRST_PAUSE_S
    while True:
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            return True
        except BlockingIOError:
            if time.monotonic() >= deadline:
                return False
            time.sleep(pause)
            pause = min(pause * 2, _MAX_PAUSE_S)


@contextlib.contextmanager
def no_gate() -> Iterator[None]:
    """For databases that queue their own writers (PostgreSQL) or live in memory."""
    yield
