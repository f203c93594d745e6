"""The z3 runner: verdicts, values from the model API, uniqueness, determinism, the hard limit."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from generator.kit import smt
from generator.kit.retry import TimeLimitExceeded, WorkerCrashed
from generator.kit.runner import (
    CaseSolver,
    LimitedWorker,
    ModelError,
    Verdict,
    cached_per_shape,
    run_with_time_limit,
)

#: What a hard limit may overrun by: killing, reaping and raising on a loaded 2-core machine.
MARGIN = 1.5


def pair_text(total: int) -> str:
    """Two 4-bit numbers a < b adding up to ``total``."""
    sort = smt.bv_sort(4)
    return smt.script(
        [
            smt.declare_const("a", sort),
            smt.declare_const("b", sort),
            smt.assert_(smt.app("bvult", "a", "b")),
            smt.assert_(smt.eq(smt.app("bvadd", "a", "b"), smt.bv(total, 4))),
            smt.assert_(smt.app("bvult", "b", smt.bv(total + 1, 4))),
        ]
    )


def solve_pair(total: int, seed: int) -> dict[str, int]:
    solver = CaseSolver(pair_text(total), logic="QF_BV", rlimit=1_000_000, random_seed=seed)
    assert solver.check() is Verdict.SAT
    return solver.values()


def test_sat_values_come_from_the_model() -> None:
    values = solve_pair(5, seed=1)
    assert set(values) == {"a", "b"}
    assert values["a"] < values["b"] and values["a"] + values["b"] == 5


def test_unsat_and_no_model() -> None:
    solver = CaseSolver(pair_text(0), logic="QF_BV", rlimit=1_000_000, random_seed=0)
    assert solver.check() is Verdict.UNSAT
    with pytest.raises(ModelError, match="no model"):
        solver.values()


def test_the_effort_bound_gives_unknown_the_same_way_every_time() -> None:
    text = smt.script(
        [
            smt.declare_const("x", smt.bv_sort(64)),
            smt.declare_const("y", smt.bv_sort(64)),
            smt.assert_(smt.eq(smt.app("bvmul", "x", "y"), smt.bv(2**61 - 1, 64))),
            smt.assert_(smt.app("bvugt", "x", smt.bv(1, 64))),
            smt.assert_(smt.app("bvugt", "y", smt.bv(1, 64))),
        ]
    )
    verdicts = {
        CaseSolver(text, logic="QF_BV", rlimit=1_000, random_seed=3).check() for _ in range(3)
    }
    assert verdicts == {Verdict.UNKNOWN}


def test_values_of_names_every_missing_value() -> None:
    solver = CaseSolver(pair_text(5), logic="QF_BV", rlimit=1_000_000, random_seed=0)
    solver.check()
    assert set(solver.values_of(["b"])) == {"b"}
    with pytest.raises(ModelError, match="undecided: c"):
        solver.values_of(["a", "c"])


def test_uniqueness_pushes_blocks_and_pops() -> None:
    solver = CaseSolver(pair_text(3), logic="QF_BV", rlimit=1_000_000, random_seed=0)
    assert solver.check() is Verdict.SAT
    found = solver.values()  # a + b = 3 with a < b <= 3: (0, 3) or (1, 2)
    block = smt.assert_(smt.not_(smt.and_(*(smt.eq(k, smt.bv(v, 4)) for k, v in found.items()))))
    assert not solver.is_unique(block)  # the other pair fits
    fixed_a = smt.assert_(smt.eq("a", smt.bv(found["a"], 4)))
    assert solver.is_unique(fixed_a + block)  # with a fixed, b follows
    exactly = "".join(smt.assert_(smt.eq(k, smt.bv(v, 4))) for k, v in found.items())
    assert solver.check_with(exactly) is Verdict.SAT  # the blocks were popped


def test_a_fresh_context_per_case_makes_runs_repeat() -> None:
    first = [solve_pair(9, seed) for seed in range(4)]
    for total in (7, 11):  # other cases in between change nothing
        solve_pair(total, 0)
    assert [solve_pair(9, seed) for seed in range(4)] == first


def test_cached_per_shape_builds_each_shape_once() -> None:
    calls: list[int] = []

    @cached_per_shape
    def base(size: int) -> str:
        calls.append(size)
        return f"; shape {size}\n"

    assert base(3) == base(3) == "; shape 3\n"
    base(4)
    assert calls == [3, 4]


# the hard time limit ---------------------------------------------------------------------------


def sleep_forever() -> None:
    while True:
        time.sleep(60)


def spin_forever() -> None:
    while True:
        pass


def add(a: int, b: int) -> int:
    return a + b


def fail(message: str) -> None:
    raise LookupError(message)


def die() -> None:
    os._exit(3)


def chatty(value: int) -> int:
    print("a stray line on stdout")
    return value


def start_a_child_and_hang() -> None:
    subprocess.Popen([sys.executable, "-c", "import time; time.sleep(600)"])
    sleep_forever()


@pytest.fixture(scope="module")
def worker() -> Iterator[LimitedWorker]:
    with LimitedWorker(preload=("z3", "generator.kit.runner")) as worker:
        worker.call(30, add, 0, 0)  # started before any timing
        yield worker


def is_reaped(pid: int) -> bool:
    """Whether ``pid`` is gone from the process table (a zombie would still be listed)."""
    deadline = time.monotonic() + 2
    while Path(f"/proc/{pid}").exists() and time.monotonic() < deadline:
        time.sleep(0.02)
    return not Path(f"/proc/{pid}").exists()


@pytest.mark.parametrize("forever", [sleep_forever, spin_forever])
def test_the_limit_kills_the_worker_and_the_next_call_works(
    worker: LimitedWorker, forever: Callable[[], None]
) -> None:
    old = worker.pid
    assert old is not None
    started = time.monotonic()
    with pytest.raises(TimeLimitExceeded, match="did not finish within 0.5 s") as caught:
        worker.call(0.5, forever)
    assert time.monotonic() - started < 0.5 + MARGIN
    assert caught.value.code == "case/time-limit"
    assert worker.pid is None
    assert is_reaped(old)
    assert worker.call(30, add, 2, 3) == 5
    assert worker.pid not in (None, old)


def test_the_worker_answers_many_calls_in_one_process(worker: LimitedWorker) -> None:
    pid = worker.pid
    assert [worker.call(5, add, i, 1) for i in range(20)] == list(range(1, 21))
    assert worker.pid == pid


def test_an_error_in_the_worker_is_raised_in_the_caller(worker: LimitedWorker) -> None:
    pid = worker.pid
    with pytest.raises(LookupError, match="no such clue"):
        worker.call(5, fail, "no such clue")
    assert worker.pid == pid  # the worker survives an ordinary exception


def test_a_dead_worker_is_reported_and_replaced(worker: LimitedWorker) -> None:
    old = worker.pid
    assert old is not None
    with pytest.raises(WorkerCrashed) as caught:
        worker.call(10, die)
    assert caught.value.code == "case/worker-crashed"
    assert is_reaped(old)
    assert worker.call(30, add, 1, 1) == 2


def test_what_the_work_prints_does_not_disturb_the_answers(
    worker: LimitedWorker, capfd: pytest.CaptureFixture[str]
) -> None:
    assert worker.call(5, chatty, 7) == 7
    assert worker.call(5, add, 1, 2) == 3


def test_a_kill_stops_what_the_work_started(worker: LimitedWorker) -> None:
    old = worker.pid
    assert old is not None
    with pytest.raises(TimeLimitExceeded):
        worker.call(1.0, start_a_child_and_hang)
    deadline = time.monotonic() + 2
    while _in_group(old) and time.monotonic() < deadline:
        time.sleep(0.02)
    assert not _in_group(old), "a process of the killed worker's group survived"
    assert worker.call(30, add, 1, 1) == 2


def _in_group(group: int) -> bool:
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue
            if int(fields[2]) == group and fields[0] != "Z":
                return True
    return False


def test_another_process_finds_the_same_model(worker: LimitedWorker) -> None:
    here = [solve_pair(13, seed) for seed in range(6)]
    there = [worker.call(30, solve_pair, 13, seed) for seed in range(6)]
    assert there == here
    assert worker.pid != os.getpid()


def test_run_with_time_limit_uses_a_shared_worker() -> None:
    assert run_with_time_limit(60, add, 20, 22) == 42
    started = time.monotonic()
    with pytest.raises(TimeLimitExceeded):
        run_with_time_limit(0.3, sleep_forever)
    assert time.monotonic() - started < 0.3 + MARGIN
    assert run_with_time_limit(60, add, 1, 2) == 3


def test_the_limit_must_be_positive(worker: LimitedWorker) -> None:
    with pytest.raises(ValueError, match="positive"):
        worker.call(0, add, 1, 2)


def test_integer_and_boolean_constants_read_as_numbers() -> None:
    text = smt.script(
        [
            smt.declare_const("n", "Int"),
            smt.declare_const("flag", "Bool"),
            smt.assert_(smt.eq("n", "41")),
            smt.assert_("flag"),
        ]
    )
    solver = CaseSolver(text, logic="QF_LIA", rlimit=1_000_000, random_seed=0)
    assert solver.check() is Verdict.SAT
    assert solver.values() == {"n": 41, "flag": 1}
