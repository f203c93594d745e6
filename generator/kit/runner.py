"""One z3 runner for every generator, and a hard wall-clock limit for work that may not end.

Solving a case
--------------
z3's Python API is slow to build terms and fast to parse text (docs/performance.md), so a model is
SMT-LIB text: the part that depends only on a case's *shape* (how many characters, rooms, time
slots) is written once per process by a function decorated with :func:`cached_per_shape`, and
each case appends its own few assertions. :class:`CaseSolver` then parses that text

- in a fresh ``z3.Context``, so no case shares solver state with any case before it and the same
  text gives the same model in every process;
- with a deterministic effort bound, ``rlimit``, which counts the same on every run (a
  ``timeout`` would make the result depend on the machine's load), and a ``random_seed`` per case.

:meth:`CaseSolver.check` answers a :class:`Verdict`; :meth:`CaseSolver.values` reads the model
through z3's model API (never by parsing the model's text); :meth:`CaseSolver.is_unique`
proves that nothing else fits: push, assert the text that blocks the solution found, check for
``unsat``, pop (the grilops pattern).

A hard time limit
-----------------
``rlimit`` bounds z3's search but not Python's own loops or a pathological input. For work that
must end in a given wall-clock time, :func:`run_with_time_limit` (or a :class:`LimitedWorker` of
one's own) runs a function in a long-lived worker process and kills it when the limit passes:
the caller gets :class:`TimeLimitExceeded` within the limit and a small margin, the killed
worker is reaped (no zombie), and the next call starts a fresh worker. The function, its
arguments and its result cross a pipe, so they must pickle, and the worker, a fresh interpreter
with the caller's import path, must be able to import the function by its module's name (a
module-level function of a package does; one of a ``python -`` script does not).
"""

from __future__ import annotations

import enum
import functools
import json
import os
import signal
import subprocess
import sys
import threading
import time
import weakref
from collections.abc import Callable, Iterable, Sequence
from importlib import import_module
from multiprocessing.connection import Connection
from typing import Any, ParamSpec, TypeVar, cast

import z3

from .retry import GenerationError, TimeLimitExceeded, WorkerCrashed

P = ParamSpec("P")
T = TypeVar("T")

#: How many shapes' base texts a process keeps (a shape's text is tens of kilobytes).
SHAPES_CACHED = 512


class ModelError(RuntimeError):
    """The solver's answer is not what the caller asked for (no model yet, a missing value)."""


class Verdict(enum.Enum):
    """What :meth:`CaseSolver.check` found."""

    SAT = "sat"
    """A model exists; :meth:`CaseSolver.values` reads it."""
    UNSAT = "unsat"
    """No model exists: the assertions contradict each other."""
    UNKNOWN = "unknown"
    """z3 gave up, usually because the effort bound (``rlimit``) was reached."""


def _verdict(result: Any) -> Verdict:
    """z3's ``CheckSatResult`` (which does not hash) as a :class:`Verdict`."""
    if result == z3.sat:
        return Verdict.SAT
    if result == z3.unsat:
        return Verdict.UNSAT
    return Verdict.UNKNOWN


def cached_per_shape(build: Callable[P, str]) -> Callable[P, str]:
    """Cache a function that writes the constant SMT-LIB text of a shape (its arguments)."""
    return cast(Callable[P, str], functools.lru_cache(maxsize=SHAPES_CACHED)(build))


class CaseSolver:
    """One case's z3 solver over SMT-LIB ``text``, in a context of its own.

    ``logic`` is the SMT-LIB logic (``"QF_BV"``, ``"QF_LIA"``), ``rlimit`` the effort bound of
    each check and ``random_seed`` the seed of z3's search (vary it per case or per attempt).
    """

    def __init__(self, text: str, *, logic: str, rlimit: int, random_seed: int) -> None:
        self._context = z3.Context()
        self._solver = z3.SolverFor(logic, ctx=self._context)
        self._solver.set("rlimit", rlimit)
        self._solver.set("random_seed", random_seed)
        self._solver.from_string(text)
        self._model: Any = None

    def check(self) -> Verdict:
        """Whether the assertions have a model (see :class:`Verdict`); keeps the model if so."""
        verdict = _verdict(self._solver.check())
        self._model = self._solver.model() if verdict is Verdict.SAT else None
        return verdict

    def values(self) -> dict[str, int]:
        """Every constant of the last model found, by name: bit-vectors and integers as Python
        ``int``, Booleans as 0 or 1."""
        model = self._model
        if model is None:
            raise ModelError("no model: check() has not answered sat")
        values = {}
        for declaration in model.decls():
            if declaration.arity() == 0:
                values[declaration.name()] = _as_int(model.get_interp(declaration))
        return values

    def values_of(self, names: Iterable[str]) -> dict[str, int]:
        """The values of ``names`` (each must be a constant of the model)."""
        found = self.values()
        wanted = list(names)
        missing = [name for name in wanted if name not in found]
        if missing:
            shown = ", ".join(missing[:5]) + (" ..." if len(missing) > 5 else "")
            raise ModelError(f"the model leaves {len(missing)} value(s) undecided: {shown}")
        return {name: found[name] for name in wanted}

    def check_with(self, text: str) -> Verdict:
        """The verdict with ``text``'s assertions added for this check only (push, add, check,
        pop); the solver is left as it was, but the last model is dropped."""
        self._model = None
        self._solver.push()
        try:
            self._solver.from_string(text)
            return _verdict(self._solver.check())
        finally:
            self._solver.pop()

    def is_unique(self, block: str) -> bool:
        """Whether no model survives ``block``, assertions that rule the found solution out.

        ``block`` usually asserts what the solution must keep (facts, a fixed timeline) and the
        negation of the solution (:func:`generator.kit.smt.not_`). ``unknown`` proves nothing,
        so it counts as not unique.
        """
        return self.check_with(block) is Verdict.UNSAT


def _as_int(value: Any) -> int:
    if isinstance(value, z3.BitVecNumRef | z3.IntNumRef):
        return int(value.as_long())
    if z3.is_true(value) or z3.is_false(value):
        return int(z3.is_true(value))
    raise ModelError(f"the model gives {value} where a number or a truth value was expected")


# a hard wall-clock limit ----------------------------------------------------------------------


#: How long a new worker may take to start and import its ``preload`` modules.
STARTUP_SECONDS = 60.0
#: How long to wait for a killed worker to be reaped.
REAP_SECONDS = 5.0

#: The worker's first lines: the caller's import path, then :func:`_serve`. The worker is a
#: fresh interpreter that never runs the caller's main module again (multiprocessing's
#: ``spawn`` would, with its side effects, and fails when the caller is ``python -``).
_BOOT = (
    "import json, os, sys; sys.path[:] = json.loads(os.environ.pop('CASEBOOK_WORKER_PATH'));"
    " from generator.kit.runner import _serve; _serve()"
)


class LimitedWorker:
    """A long-lived worker process that runs one call at a time under a hard time limit.

    The worker is a fresh Python interpreter with the caller's import path, in a process group
    of its own, so a kill also stops whatever it started. ``preload`` names modules it imports
    when it starts, so their import time (z3 takes about 0.1 s) never counts against a call's
    limit. Calls from several threads take turns. POSIX only.
    """

    def __init__(self, *, preload: Sequence[str] = ()) -> None:
        self._preload = tuple(preload)
        self._lock = threading.Lock()
        self._process: subprocess.Popen[bytes] | None = None
        self._jobs: Connection | None = None
        self._answers: Connection | None = None
        self._finalizer: weakref.finalize[Any, Any] | None = None
        self._owner = os.getpid()

    @property
    def pid(self) -> int | None:
        """The worker's process id, ``None`` before the first call or after a kill."""
        return None if self._process is None else self._process.pid

    def call(self, limit: float, function: Callable[P, T], *args: P.args, **kwargs: P.kwargs) -> T:
        """``function(*args, **kwargs)`` in the worker, or :class:`TimeLimitExceeded` after
        ``limit`` seconds. An exception ``function`` raises is raised here."""
        if limit <= 0:
            raise ValueError(f"the time limit must be positive, not {limit}")
        with self._lock:
            jobs, answers = self._ready()
            started = time.monotonic()
            try:
                jobs.send((function, args, kwargs))
            except (BrokenPipeError, ConnectionError):
                self._kill()
                raise WorkerCrashed(f"the worker process died before {_name(function)}") from None
            if not answers.poll(limit):
                self._kill()
                raise TimeLimitExceeded(
                    f"{_name(function)} did not finish within {limit:g} s (stopped after"
                    f" {time.monotonic() - started:.2f} s)"
                )
            try:
                ok, payload = answers.recv()
            except (EOFError, OSError):
                self._kill()
                raise WorkerCrashed(f"the worker process died during {_name(function)}") from None
            except Exception as error:  # the whole answer was read, but it does not unpickle
                raise GenerationError(
                    f"the answer of {_name(function)} cannot be read: {error!r}"
                ) from error
        if not ok:
            raise cast(BaseException, payload)
        return cast(T, payload)

    def close(self) -> None:
        """Stop the worker (a new call starts another one)."""
        with self._lock:
            self._kill(graceful=True)

    def __enter__(self) -> LimitedWorker:
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.close()

    def _ready(
        self,
    ) -> tuple[Connection, Connection]:
        if os.getpid() != self._owner:  # forked from the owner: the worker is the parent's
            self._process = self._jobs = self._answers = self._finalizer = None
            self._owner = os.getpid()
        if self._process is not None and self._jobs is not None and self._answers is not None:
            if self._process.poll() is None:
                return self._jobs, self._answers
            self._kill()
        environment = {**os.environ, "CASEBOOK_WORKER_PATH": json.dumps(sys.path)}
        process = subprocess.Popen(
            [sys.executable, "-c", _BOOT, *self._preload],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            env=environment,
            start_new_session=True,
        )
        assert process.stdin is not None and process.stdout is not None
        jobs = Connection(os.dup(process.stdin.fileno()), readable=False)
        answers = Connection(os.dup(process.stdout.fileno()), writable=False)
        process.stdin.close()
        process.stdout.close()
        self._process, self._jobs, self._answers = process, jobs, answers
        # stop the worker with its owner: at exit, or when the owner is garbage-collected
        self._finalizer = weakref.finalize(
            self, _stop, self._owner, process, jobs, answers, graceful=True
        )
        try:
            ready = answers.poll(STARTUP_SECONDS) and answers.recv() == "ready"
        except (EOFError, OSError):
            ready = False
        if not ready:
            self._kill()
            raise WorkerCrashed(f"the worker did not start within {STARTUP_SECONDS:g} s")
        return jobs, answers

    def _kill(self, *, graceful: bool = False) -> None:
        process, jobs, answers = self._process, self._jobs, self._answers
        self._process = self._jobs = self._answers = None
        if self._finalizer is not None:
            self._finalizer.detach()
            self._finalizer = None
        _stop(self._owner, process, jobs, answers, graceful=graceful)


def _stop(
    owner: int,
    process: subprocess.Popen[bytes] | None,
    jobs: Connection | None,
    answers: Connection | None,
    *,
    graceful: bool,
) -> None:
    """End a worker: close its pipes (a worker that reads the end of its jobs stops), kill its
    process group unless it stopped, and reap it. Only the process that started it does."""
    for connection in (jobs, answers):
        if connection is not None:
            connection.close()
    if process is None or os.getpid() != owner:
        return
    if graceful:
        try:
            process.wait(REAP_SECONDS)
        except subprocess.TimeoutExpired:
            pass
    if process.poll() is None:
        try:
            os.killpg(process.pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
    process.wait(REAP_SECONDS)  # reaps it: no zombie is left behind


def _serve() -> None:
    """The worker's loop: import the modules named on its command line, then run each call it
    is sent until its jobs end."""
    jobs = Connection(os.dup(0), writable=False)
    answers = Connection(os.dup(1), readable=False)
    os.dup2(2, 1)  # what the work prints goes to stderr, never into the answers
    nothing = os.open(os.devnull, os.O_RDONLY)
    os.dup2(nothing, 0)
    os.close(nothing)
    for module in sys.argv[1:]:
        import_module(module)
    answers.send("ready")
    while True:
        answer: tuple[bool, Any]
        try:
            function, args, kwargs = jobs.recv()
        except (EOFError, OSError, KeyboardInterrupt):
            return
        except Exception as error:  # the job does not unpickle here (a function of __main__)
            answer = (False, error)
        else:
            try:
                answer = (True, function(*args, **kwargs))
            except Exception as error:
                answer = (False, error)
        try:
            answers.send(answer)
        except Exception as error:  # the result or the exception does not pickle
            answers.send((False, RuntimeError(f"the worker cannot send its answer: {error!r}")))


_shared: LimitedWorker | None = None
_shared_lock = threading.Lock()


def run_with_time_limit(
    limit: float, function: Callable[P, T], *args: P.args, **kwargs: P.kwargs
) -> T:
    """``function(*args, **kwargs)`` in this process's shared worker, killed after ``limit``
    seconds with :class:`TimeLimitExceeded` (see :class:`LimitedWorker`)."""
    global _shared
    with _shared_lock:
        if _shared is None:
            _shared = LimitedWorker(preload=("z3",))
        worker = _shared
    return worker.call(limit, function, *args, **kwargs)


def _name(function: Callable[..., Any]) -> str:
    return str(getattr(function, "__qualname__", repr(function)))
