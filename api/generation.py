"""Cases made inside a request, under a hard wall-clock limit.

``POST /v1/cases`` and ``POST /v1/games`` without a case generate one while the client waits.
z3's ``rlimit`` bounds the search, not every slow path (docs/reliability.md, "A case that will
not end"), so each generation runs in a forked child (:func:`generator.kit.forked.call_in_fork`)
that is killed when the limit passes: the client gets a 503 problem with ``Retry-After``, the
worker goes on serving, and nothing is stored. ``CASEBOOK_GENERATION_TIME_LIMIT`` sets the limit
in seconds (10 by default; 0 makes the case in the worker itself, with no limit).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Concatenate, ParamSpec, TypeVar

from generator import registry as generators
from generator.kit.forked import call_in_fork
from generator.kit.retry import TimeLimitExceeded, WorkerCrashed
from rules.errors import UnavailableError

P = ParamSpec("P")
T = TypeVar("T")

DEFAULT_LIMIT_SECONDS = 10.0


class CaseTimeLimit(UnavailableError):
    """The case was not made within the limit; another try (or another seed) may be."""

    code = "case/time-limit"


class Generation:
    """How this server makes a case: in a child killed after ``limit`` seconds, or in
    process when ``limit`` is ``None``."""

    def __init__(self, limit: float | None = DEFAULT_LIMIT_SECONDS) -> None:
        if limit is not None and limit <= 0:
            raise ValueError(f"the generation time limit must be positive, not {limit}")
        self.limit = limit

    def run(
        self,
        function: Callable[Concatenate[str, P], T],
        system_id: str,
        *args: P.args,
        **kwargs: P.kwargs,
    ) -> T:
        """``function(system_id, *args, **kwargs)`` (a generator of ``generator.registry``)
        within the limit. The system's generator is imported here first, once per process (a
        server's master leaves it out), not in every child."""
        if self.limit is None:
            return function(system_id, *args, **kwargs)
        generators.prepare(system_id)
        try:
            return call_in_fork(self.limit, function, system_id, *args, **kwargs)
        except TimeLimitExceeded:
            raise CaseTimeLimit(
                f"The case was not made within the server's limit of {self.limit:g} s;"
                " try again, or with another seed or options."
            ) from None
        except WorkerCrashed:
            raise UnavailableError(
                "The process making the case stopped before it answered; try again."
            ) from None
