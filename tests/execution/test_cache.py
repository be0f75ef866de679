"""ExecutionCache: keys, round trip, run_many integration, concurrent writers, kill -9."""

from __future__ import annotations

import multiprocessing
import os
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

from execir.execution import RUNNER_VERSION, ExecutionCache, Limits, SuiteResult, pair_key, run_many

from .conftest import FAST

SRC = str(Path(__file__).resolve().parents[2] / "src")


def test_key_depends_on_code_tests_runner_and_limits():
    k = pair_key("x = 1", ["assert x"], FAST)
    assert k == pair_key("x = 1", ("assert x",), FAST)
    assert k != pair_key("x = 2", ["assert x"], FAST)
    assert k != pair_key("x = 1", ["assert x", "assert x"], FAST)
    assert k != pair_key("x = 1", ["assert x"], Limits(timeout=2.0))
    assert k[2] == RUNNER_VERSION and len(k[0]) == 64


def test_round_trip_and_stats(tmp_path):
    with ExecutionCache(tmp_path / "c.sqlite3") as cache:
        key = pair_key("x", ["t"], FAST)
        cache.put_many([(key, SuiteResult(("pass", "FAIL"), (0.5, 0.25)))])
        assert cache.get(key) == SuiteResult(("pass", "FAIL"), (0.5, 0.25))
        assert cache.get(pair_key("y", ["t"], FAST)) is None
        stats = cache.stats()
        assert stats["rows"] == 1 and stats["passed_rows"] == 0
        assert cache.clear() == 1 and cache.stats()["rows"] == 0


def test_run_many_reads_and_writes_the_cache(tmp_path):
    cache = ExecutionCache(tmp_path / "c.sqlite3")
    jobs = [("def f():\n    return 1\n", ["assert f() == 1"]), ("def f():\n    return 2\n", ["assert f() == 1"])]
    first = run_many(jobs, workers=2, limits=FAST, cache=cache)
    assert [r.outcomes for r in first] == [("pass",), ("FAIL",)]
    assert cache.stats()["rows"] == 2
    # A planted row proves the next run reads the cache instead of executing.
    planted = SuiteResult(("FAIL:Planted",), (0.0,))
    cache.clear()
    cache.put_many([(pair_key(*jobs[0], FAST), planted)])
    again = run_many(jobs, workers=2, limits=FAST, cache=cache)
    assert again[0].outcomes == ("FAIL:Planted",) and again[1].outcomes == ("FAIL",)
    cache.close()


def _writer(path: str, start: int, n: int) -> None:
    sys.path.insert(0, SRC)
    from execir.execution import ExecutionCache as Cache, SuiteResult as Result, pair_key as key

    with Cache(path) as cache:
        for i in range(start, start + n):
            cache.put_many([(key(f"code {i}", ["t"], FAST), Result(("pass",), (0.0,)))])


def test_concurrent_writers(tmp_path):
    path = str(tmp_path / "c.sqlite3")
    ExecutionCache(path).close()
    ctx = multiprocessing.get_context("spawn")
    procs = [ctx.Process(target=_writer, args=(path, k * 100, 100)) for k in range(4)]
    for p in procs:
        p.start()
    for p in procs:
        p.join(60)
        assert p.exitcode == 0
    with ExecutionCache(path) as cache:
        assert cache.stats()["rows"] == 400


def test_kill_9_leaves_a_usable_cache_with_every_committed_row(tmp_path):
    path = tmp_path / "c.sqlite3"
    script = (f"import sys; sys.path.insert(0, {SRC!r})\n"
              "from execir.execution import ExecutionCache, SuiteResult, Limits, pair_key\n"
              f"cache = ExecutionCache({str(path)!r})\n"
              "i = 0\n"
              "while True:\n"
              "    cache.put_many([(pair_key(f'c{i}', ['t'], Limits(timeout=1.0, wall_factor=1.0, wall_slack=1.0)), "
              "SuiteResult(('pass',), (0.0,)))])\n"
              "    print(i, flush=True)\n"
              "    i += 1\n")
    proc = subprocess.Popen([sys.executable, "-c", script], stdout=subprocess.PIPE, text=True)
    last = -1
    deadline = time.monotonic() + 30
    while last < 200 and time.monotonic() < deadline:
        last = int(proc.stdout.readline())
    os.kill(proc.pid, signal.SIGKILL)
    proc.wait()
    proc.stdout.close()
    with ExecutionCache(path) as cache:
        assert cache.stats()["rows"] >= last + 1  # every row reported as committed is there
        for i in range(last + 1):
            assert cache.get(pair_key(f"c{i}", ["t"], FAST)) is not None
    assert sqlite3.connect(path).execute("PRAGMA integrity_check").fetchone() == ("ok",)
