"""The retry loop every generator uses: draft, say why a draft fails, try again, explain.

A generator drafts a case from a random number generator; the dice sometimes make a draft that
cannot work (a sighting nobody could have seen, a timeline z3 cannot find within its effort
bound). The draft step then raises (or returns) :class:`Rejected` with a reason code, and
:func:`retry` draws again from the next attempt's generator. Each attempt's ``random.Random``
comes from the case seed and the attempt number alone (:func:`attempt_rng`), so the same seed
always gives the same case, whatever ran before it in the process.

When every attempt is rejected, :class:`AttemptsExhausted` lists how many drafts failed for each
reason, so "the generator fails for a third of the seeds" can be traced to the step that fails.
Any other exception is a bug, not a bad draw, and passes through unchanged.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Mapping
from typing import TypeVar

from rules.errors import InvalidInputError

T = TypeVar("T")


class GenerationError(InvalidInputError):
    """No case could be made (or proved) for these options and seed: the options ask for more
    than the generator can make, so the request is refused (422), never a server error."""

    code = "case/generation-failed"


class TimeLimitExceeded(GenerationError):
    """The work did not finish within its wall-clock limit; the worker was killed.

    Here, not in :mod:`.runner`, with :class:`WorkerCrashed`: a server catches both without
    importing z3 (:mod:`.forked`)."""

    code = "case/time-limit"
    status = 503


class WorkerCrashed(GenerationError):
    """The worker process died during the call (killed from outside, out of memory, a crash)."""

    code = "case/worker-crashed"
    status = 503


class AttemptsExhausted(GenerationError):
    """Every attempt drew a draft that was rejected; :attr:`rejections` counts them by reason."""

    code = "case/attempts-exhausted"

    def __init__(self, what: str, attempts: int, rejections: Mapping[str, int]) -> None:
        self.what = what
        self.attempts = attempts
        self.rejections = dict(sorted(rejections.items(), key=lambda item: (-item[1], item[0])))
        counts = ", ".join(f"{reason} ×{count}" for reason, count in self.rejections.items())
        super().__init__(f"no {what} after {attempts} attempts; rejected: {counts or 'none'}")

    def __reduce__(self) -> tuple[type[AttemptsExhausted], tuple[str, int, dict[str, int]]]:
        return type(self), (self.what, self.attempts, self.rejections)


class Rejected(Exception):
    """A draft that cannot become a case, and why: a stable ``reason`` code and a sentence.

    Reason codes read ``step/what-went-wrong`` (``"witnesses/out-of-sight"``), so counts group
    by the step of the draft that failed.
    """

    def __init__(self, reason: str, detail: str = "") -> None:
        super().__init__(reason, detail)
        self.reason = reason
        self.detail = detail

    def __str__(self) -> str:
        return f"{self.reason}: {self.detail}" if self.detail else self.reason

    def __repr__(self) -> str:
        return f"Rejected({self.reason!r}, {self.detail!r})"


def attempt_rng(seed: int, attempt: int, attempts: int) -> random.Random:
    """The random number generator of ``attempt`` (0-based) of at most ``attempts`` for ``seed``.

    Seeded with ``seed * attempts + attempt``: different for every (seed, attempt) pair of one
    generator, and the same in every process and every run.
    """
    if not 0 <= attempt < attempts:
        raise ValueError(f"attempt {attempt} is not one of {attempts} attempts")
    return random.Random(seed * attempts + attempt)


def retry(
    draft: Callable[[random.Random], T | Rejected],
    *,
    seed: int,
    attempts: int,
    what: str = "case",
    rejections: Counter[str] | None = None,
) -> T:
    """The first draft of ``seed`` that is not rejected.

    ``draft(rng)`` returns the result or raises (or returns) :class:`Rejected`. After
    ``attempts`` rejections, :class:`AttemptsExhausted` names ``what`` was wanted and counts
    the reasons. ``rejections``, if given, is updated with every rejection on the way (to
    measure a generator over many seeds).
    """
    if attempts < 1:
        raise ValueError(f"at least one attempt is needed, not {attempts}")
    counts: Counter[str] = Counter()
    for attempt in range(attempts):
        try:
            result = draft(attempt_rng(seed, attempt, attempts))
        except Rejected as rejection:
            result = rejection
        if not isinstance(result, Rejected):
            return result
        counts[result.reason] += 1
        if rejections is not None:
            rejections[result.reason] += 1
    raise AttemptsExhausted(what, attempts, counts)
