"""The time budget charges sleeping and blocked time, not only CPU time, and verdicts do not
depend on machine load (runner v4).

Charged time of a child = wall time since it was forked minus the run-queue delay of its main
thread (``/proc/<pid>/task/<pid>/schedstat``), so waiting for a core is free while sleeping,
blocking and computing all count. After a test runs out of time it is charged its whole limit;
with the default per-test limit (the suite budget) every later test is then ``TIMEOUT``.
"""

from __future__ import annotations

import contextlib
import os
import subprocess
import sys
import time

import pytest

from execir.execution import Limits, run_suite

from .conftest import BURN, CPU_HEAVY, OK

# Generous wall backstop: with two hogs on two cores a child gets about two thirds of a core.
LOADED = Limits(timeout=1.5, wall_factor=8.0, wall_slack=4.0)


@contextlib.contextmanager
def cpu_hogs(n: int = 2):
    """``n`` processes spinning on a core each; stopped by their PID afterwards."""
    procs = [subprocess.Popen([sys.executable, "-c", "while True:\n    pass"]) for _ in range(n)]
    try:
        time.sleep(0.3)  # let them start spinning
        yield
    finally:
        for proc in procs:
            proc.kill()  # SIGKILL to this PID only
        for proc in procs:
            proc.wait()


def _timed(code, tests, **kwargs):
    start = time.monotonic()
    result = run_suite(code, tests, **kwargs)
    return result, time.monotonic() - start


def test_sleeping_suite_runs_out_of_its_budget(hostile):
    # 8 x 1.5 s of sleep under a 5 s budget: 3 tests fit (4.5 s), the 4th is stopped at 5 s
    start = time.monotonic()
    r = hostile("import time\n", ["time.sleep(1.5)"] * 8, Limits(timeout=5.0))
    elapsed = time.monotonic() - start
    assert r.outcomes == ("pass",) * 3 + ("TIMEOUT",) * 5
    assert elapsed < 10.0, f"took {elapsed:.1f}s"  # was ~12 s with every test passing


def test_single_long_sleep_times_out_quickly(hostile):
    start = time.monotonic()
    r = hostile("import time\n", ["time.sleep(100)"], Limits(timeout=2.0))
    assert r.outcomes == ("TIMEOUT",)
    assert time.monotonic() - start < 6.0  # wall backstop would be 8 s


def test_per_test_limit_catches_a_sleeping_test_and_the_suite_goes_on(hostile):
    limits = Limits(timeout=5.0, test_timeout=1.0)
    start = time.monotonic()
    r = hostile(OK, ["import time; time.sleep(100)", "assert f(1) == 2"], limits)
    assert r.outcomes == ("TIMEOUT", "pass")
    assert time.monotonic() - start < 5.0


@pytest.mark.parametrize("test", [
    "import select; select.select([], [], [], 100)",
    "import os; r, w = os.pipe(); os.read(r, 1)",
    "import threading, time\nt = threading.Thread(target=time.sleep, args=(100,))\n"
    "t.start()\nt.join()",
    "import os, time\nif os.fork() == 0:\n    time.sleep(100)\n    os._exit(0)\nos.wait()",
], ids=["select", "pipe-read", "thread-join", "wait-for-forked-child"])
def test_blocking_test_times_out(hostile, test):
    start = time.monotonic()
    r = hostile(OK, [test, "assert f(1) == 2"], Limits(timeout=1.5))
    assert r.outcomes == ("TIMEOUT", "TIMEOUT")
    assert time.monotonic() - start < 5.0  # wall backstop would be 6.5 s


def test_cpu_bound_suite_is_unaffected_by_a_busy_machine():
    tests = ["burn(0.3)", "burn(0.3)", "burn(0.3)", "assert True"]
    idle = run_suite(BURN, tests, limits=LOADED)
    assert idle.outcomes == ("pass",) * 4
    with cpu_hogs(2):
        loaded = run_suite(BURN, tests, limits=LOADED)
    assert loaded.outcomes == idle.outcomes


LOOP_THEN_QUICK = ["assert f(1) == 2", "while True:\n    pass", "assert f(1) == 3",
                   "assert f(2) == 3", "1 / 0"]


def test_after_a_timeout_every_later_test_is_timeout_idle_and_loaded():
    expected = ("pass",) + ("TIMEOUT",) * 4
    assert run_suite(OK, LOOP_THEN_QUICK, limits=CPU_HEAVY).outcomes == expected
    with cpu_hogs(2):
        for _ in range(2):
            assert run_suite(OK, LOOP_THEN_QUICK, limits=CPU_HEAVY).outcomes == expected


def test_a_timed_out_test_is_charged_its_whole_per_test_limit():
    # 1.0 s budget, 0.4 s per test: two loops spend 0.8 s, the third finds less than its limit
    # left, so it spends the rest of the budget and the last test is not run
    limits = Limits(timeout=1.0, test_timeout=0.4, wall_factor=8.0, wall_slack=2.0)
    tests = ["while True:\n    pass"] * 3 + ["assert f(1) == 2"]
    assert run_suite(OK, tests, limits=limits).outcomes == ("TIMEOUT",) * 4
    # with room left after the per-test charges the later tests run as usual
    roomy = Limits(timeout=3.0, test_timeout=0.4, wall_factor=4.0, wall_slack=2.0)
    mixed = ["while True:\n    pass", "assert f(1) == 2", "import time; time.sleep(100)",
             "assert f(1) == 3"]
    assert run_suite(OK, mixed, limits=roomy).outcomes == ("TIMEOUT", "pass", "TIMEOUT", "FAIL")


def test_features_report_whether_charged_time_is_measured(features):
    me = os.getpid()
    has = os.path.exists(f"/proc/{me}/task/{me}/schedstat")
    assert features["schedstat"] is has
