"""One call in a forked child, killed when its wall-clock limit passes.

A server generates a case inside the request that asks for it. z3's ``rlimit`` bounds the
solver's search, but not every slow path of the solver nor a generator's own loops
(``docs/reliability.md``, "A case that will not end"), so the request needs a hard limit that
stops the work itself, not only the wait for it. :class:`~generator.kit.runner.LimitedWorker`
does that with a long-lived fresh interpreter, which suits a command line; a server's worker
already holds z3 and every generator, and a forked child shares those pages with it: the limit
costs a fork per call (a few milliseconds beside a case's tens) and no memory while idle.

The child runs the call and sends its answer, pickled, through a pipe; the parent reads it with
a deadline (with a selector, which gevent makes cooperative, so a gevent worker serves its other
requests meanwhile), kills the child's process group when the deadline passes and always reaps
it: no zombie is left behind. POSIX only.

The fork and the reaping are the C functions of ``posix``, never ``os``'s: gevent's monkey
patch replaces ``os.fork`` and ``os.waitpid`` with versions that reap through a SIGCHLD
watcher, and in a gunicorn worker (whose SIGCHLD handling is the arbiter's business) a request
waited on that watcher for ever. The child exits right after its answer, so the parent polls
``waitpid`` without blocking, sleeping between polls (cooperatively under gevent).
"""

from __future__ import annotations

import os
import pickle
import posix
import selectors
import signal
import time
from collections.abc import Callable
from typing import Any, ParamSpec, TypeVar, cast

from .retry import TimeLimitExceeded, WorkerCrashed

P = ParamSpec("P")
T = TypeVar("T")

_CHUNK = 1 << 16
#: How long a child that has answered may take to exit before it is killed.
REAP_SECONDS = 5.0


def call_in_fork(
    limit: float | None, function: Callable[P, T], *args: P.args, **kwargs: P.kwargs
) -> T:
    """``function(*args, **kwargs)`` in a forked child: its result, or the exception it raised,
    or :class:`TimeLimitExceeded` after ``limit`` seconds (the child killed and reaped; ``None``
    waits as long as it takes), or :class:`WorkerCrashed` if the child died without answering."""
    if limit is not None and limit <= 0:
        raise ValueError(f"the time limit must be positive, not {limit}")
    reader, writer = os.pipe()
    started = time.monotonic()
    pid = posix.fork()
    if pid == 0:  # the child: answer, then leave without running the parent's exit handlers
        os.close(reader)
        _answer(writer, function, args, kwargs)
    os.close(writer)
    try:
        data = _read(reader, None if limit is None else started + limit)
    except TimeoutError:
        _kill(pid)
        raise TimeLimitExceeded(
            f"{_name(function)} did not finish within {limit:g} s (stopped after"
            f" {time.monotonic() - started:.2f} s)"
        ) from None
    finally:
        os.close(reader)
    _reap(pid)
    try:
        ok, payload = pickle.loads(data)
    except Exception:  # nothing, or a partial answer: the child died while answering
        raise WorkerCrashed(f"the process running {_name(function)} died") from None
    if not ok:
        raise cast(BaseException, payload)
    return cast(T, payload)


def _answer(writer: int, function: Callable[..., Any], args: Any, kwargs: Any) -> None:
    """The child's whole life: run the call, write its pickled answer, exit."""
    try:
        for number in (signal.SIGINT, signal.SIGTERM, signal.SIGQUIT):
            signal.signal(number, signal.SIG_DFL)  # the parent's handlers are not the child's
        os.setpgid(0, 0)  # a group of its own: a kill also stops whatever it starts
        try:
            answer: tuple[bool, Any] = (True, function(*args, **kwargs))
        except Exception as error:
            answer = (False, error)
        try:
            data = pickle.dumps(answer)
        except Exception as error:  # the result or the exception does not pickle
            data = pickle.dumps((False, RuntimeError(f"the answer cannot be sent: {error!r}")))
        view = memoryview(data)
        while view:
            view = view[os.write(writer, view) :]
    finally:
        os._exit(0)


def _read(reader: int, deadline: float | None) -> bytes:
    """Everything the child writes until it closes the pipe; :class:`TimeoutError` at the
    deadline (``None``: none)."""
    chunks: list[bytes] = []
    with selectors.DefaultSelector() as selector:
        selector.register(reader, selectors.EVENT_READ)
        while True:
            remaining = None if deadline is None else deadline - time.monotonic()
            if remaining is not None and (remaining <= 0 or not selector.select(remaining)):
                raise TimeoutError
            chunk = os.read(reader, _CHUNK)
            if not chunk:
                return b"".join(chunks)
            chunks.append(chunk)


def _kill(pid: int) -> None:
    try:
        os.killpg(pid, signal.SIGKILL)
    except ProcessLookupError:  # not yet in its own group, or gone
        try:
            os.kill(pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
    _reap(pid)


def _reap(pid: int) -> None:
    """Wait for the child's exit (it has answered, or been killed) without blocking a gevent
    worker's other requests."""
    pause = 0.0005
    deadline = time.monotonic() + REAP_SECONDS
    try:
        while posix.waitpid(pid, os.WNOHANG) == (0, 0):
            if time.monotonic() > deadline:  # answered, yet still running: stop it
                os.kill(pid, signal.SIGKILL)
                posix.waitpid(pid, 0)
                return
            time.sleep(pause)
            pause = min(pause * 2, 0.05)
    except ChildProcessError:  # reaped already (a SIGCHLD handler of the server's)
        pass


def _name(function: Callable[..., Any]) -> str:
    return str(getattr(function, "__qualname__", repr(function)))
