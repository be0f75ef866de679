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

import pytest

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


def test_opening_waits_out_a_locked_file_and_gives_up_on_other_errors(tmp_path, monkeypatch):
    """Processes opening one new cache at once may get "database is locked" from SQLite without
    its busy timeout (switching to WAL): the open is tried again after a pause; any other
    error, and a lock that outlasts every attempt, is one DataError."""
    from execir.errors import DataError
    from execir.execution.cache import ExecutionCache as Cache

    real, calls, sleeps = Cache._connect, [], []

    def flaky(self):
        calls.append(1)
        if len(calls) <= 2:
            self._conn = sqlite3.connect(":memory:")
            raise sqlite3.OperationalError("database is locked")
        return real(self)

    monkeypatch.setattr(Cache, "_connect", flaky)
    monkeypatch.setattr("execir.execution.cache.time.sleep", sleeps.append)
    cache = Cache(tmp_path / "exec.sqlite3")
    assert len(calls) == 3 and sleeps == [0.1, 0.2]  # two pauses, then the real open
    cache.close()

    def locked(self):
        raise sqlite3.OperationalError("database is locked")

    monkeypatch.setattr(Cache, "_connect", locked)
    sleeps.clear()
    with pytest.raises(DataError, match="database is locked"):
        Cache(tmp_path / "exec.sqlite3")
    assert len(sleeps) == 7  # 8 attempts

    def readonly(self):
        raise sqlite3.OperationalError("attempt to write a readonly database")

    monkeypatch.setattr(Cache, "_connect", readonly)
    sleeps.clear()
    with pytest.raises(DataError, match="readonly"):
        Cache(tmp_path / "exec.sqlite3")
    assert sleeps == []  # not a lock: no second try
