"""Shared helpers for the execution-oracle tests."""

from __future__ import annotations

import os
import time

import pytest

from execir.execution import Limits, run_suite, sandbox_features
from execir.execution.pool import shared_pool

FAST = Limits(timeout=1.0, wall_factor=1.0, wall_slack=1.0)  # wall backstop 2 s
# For suites that burn CPU: a wall backstop generous enough for a loaded machine.
CPU_HEAVY = Limits(timeout=1.0, wall_factor=8.0, wall_slack=2.0)


def worker_pids() -> list[int]:
    return [w.proc.pid for w in shared_pool().workers if w.proc.poll() is None]


def sandbox_uids() -> set[int]:
    return {2_000_000_000 + pid % 100_000_000 for pid in worker_pids()}


def stray_processes() -> list[int]:
    """Processes left by snippets: children of a worker, or anything running as a sandbox uid."""
    strays = []
    for pid in worker_pids():
        try:
            with open(f"/proc/{pid}/task/{pid}/children") as fh:
                strays += [int(x) for x in fh.read().split()]
        except FileNotFoundError:
            continue
    uids = sandbox_uids()
    for name in os.listdir("/proc"):
        if not name.isdigit():
            continue
        try:
            with open(f"/proc/{name}/status") as fh:
                for line in fh:
                    if line.startswith("Uid:") and int(line.split()[1]) in uids:
                        strays.append(int(name))
        except (FileNotFoundError, ProcessLookupError):
            continue
    return sorted(set(strays))


@pytest.fixture(scope="session")
def features() -> dict:
    return sandbox_features()


@pytest.fixture
def hostile(tmp_path_factory):
    """Run a pair and check the evaluator survived, kept to budget and left nothing behind."""
    outside = tmp_path_factory.mktemp("outside")
    canary = outside / "canary.txt"
    canary.write_text("untouched")
    os.chmod(outside, 0o777)
    os.chmod(canary, 0o666)

    def check(code: str, tests: list[str], limits: Limits = FAST, **kwargs):
        start = time.monotonic()
        result = run_suite(code, tests, limits=limits, **kwargs)
        elapsed = time.monotonic() - start
        assert elapsed < limits.wall + 3.0, f"took {elapsed:.1f}s, budget {limits.wall}s"
        deadline = time.monotonic() + 2.0
        while stray_processes() and time.monotonic() < deadline:
            time.sleep(0.05)
        assert stray_processes() == []
        healthy = run_suite("def ok():\n    return 1\n", ["assert ok() == 1"], limits=FAST)
        assert healthy.outcomes == ("pass",)
        assert len(result.outcomes) == len(tests)
        assert canary.read_text() == "untouched" and sorted(os.listdir(outside)) == ["canary.txt"]
        return result

    return check


OK = "def f(x):\n    return x + 1\n"
#: a snippet whose ``burn(seconds)`` spins until it has used that much CPU
BURN = ("import resource\n"
        "def burn(seconds):\n"
        "    ru = resource.getrusage(resource.RUSAGE_SELF)\n"
        "    start = ru.ru_utime + ru.ru_stime\n"
        "    while True:\n"
        "        ru = resource.getrusage(resource.RUSAGE_SELF)\n"
        "        if ru.ru_utime + ru.ru_stime - start >= seconds:\n"
        "            return\n")
