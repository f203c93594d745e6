"""A call in a forked child under a hard time limit (generator/kit/forked.py).

RELIABILITY R4: "The request answers 422 or 503 within a hard limit ... The worker process is
killed. ... No zombie processes."
"""

from __future__ import annotations

import os
import signal
import time
from pathlib import Path

import pytest

from generator.kit.forked import call_in_fork
from generator.kit.retry import TimeLimitExceeded, WorkerCrashed
from rules.errors import InvalidInputError

MARGIN = 1.5
SPAWNED: list[int] = []


def add(a: int, b: int) -> int:
    return a + b


def sleep_forever() -> None:
    time.sleep(600)


def spin_forever() -> None:
    while True:
        pass


def refuse() -> None:
    raise InvalidInputError("no such clue", code="case/bad", fields=[("/seed", "too odd")])


def die() -> None:
    os.kill(os.getpid(), signal.SIGKILL)


def unpicklable() -> object:
    return lambda: None


def note_pid() -> int:
    SPAWNED.append(os.getpid())  # the child's copy of the list, never the parent's
    return os.getpid()


def children() -> set[int]:
    """This process's children, zombies included, from every thread's list."""
    found: set[int] = set()
    for task in Path("/proc/self/task").iterdir():
        found.update(int(pid) for pid in (task / "children").read_text().split())
    return found


def test_the_answer_comes_back_and_the_child_is_reaped() -> None:
    before = children()
    assert call_in_fork(5, add, 2, 3) == 5
    pid = call_in_fork(5, note_pid)
    assert pid != os.getpid()
    assert SPAWNED == []  # the child's work changes nothing here
    assert children() == before


def test_an_error_keeps_its_code_and_fields() -> None:
    with pytest.raises(InvalidInputError, match="no such clue") as caught:
        call_in_fork(5, refuse)
    assert caught.value.code == "case/bad"
    assert caught.value.fields == (("/seed", "too odd"),)


@pytest.mark.parametrize("forever", [sleep_forever, spin_forever])
def test_the_limit_kills_the_child_without_a_zombie(forever: object) -> None:
    before = children()
    started = time.monotonic()
    with pytest.raises(TimeLimitExceeded, match="did not finish within 0.5 s") as caught:
        call_in_fork(0.5, forever)  # type: ignore[arg-type]
    assert time.monotonic() - started < 0.5 + MARGIN
    assert caught.value.code == "case/time-limit"
    assert caught.value.status == 503
    assert children() == before  # killed and reaped
    assert call_in_fork(5, add, 1, 1) == 2


def test_a_child_that_dies_is_reported() -> None:
    before = children()
    with pytest.raises(WorkerCrashed):
        call_in_fork(5, die)
    assert children() == before


def test_an_answer_that_cannot_be_sent_is_an_error() -> None:
    with pytest.raises(RuntimeError, match="cannot be sent"):
        call_in_fork(5, unpicklable)


def test_the_limit_must_be_positive() -> None:
    with pytest.raises(ValueError, match="positive"):
        call_in_fork(0, add, 1, 2)


def test_no_limit_waits_as_long_as_it_takes() -> None:
    assert call_in_fork(None, add, 4, 5) == 9
