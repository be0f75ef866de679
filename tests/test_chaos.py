"""The short chaos run (``benchmarks/chaos.py``, issue 24): commands sharing one cache and some
one ``--out`` are killed at random, the cache is damaged once, some write into a too-small tmpfs
(where a user + mount namespace can be made), the killed ones are rerun; every
completed output equals the one made alone, with no traceback, no staging folder left and the
cache intact."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

import pytest

SCRIPT = Path(__file__).resolve().parents[1] / "benchmarks" / "chaos.py"


@pytest.fixture(scope="module")
def chaos():
    spec = importlib.util.spec_from_file_location("execir_chaos_benchmark", SCRIPT)
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    yield module
    sys.modules.pop(spec.name, None)


def test_a_short_chaos_run_loses_nothing(tmp_path, chaos):
    figures = chaos.run(tmp_path / "work", seconds=30, procs=2, kill=0.6, seed=1, disk_full=0.3,
                        min_killed=2)
    report = figures.__dict__
    assert figures.differing == [] and figures.tracebacks == [], report
    assert figures.bad_sigterm_lines == [] and figures.failed == [], report
    assert figures.staging_left == [] and figures.cache_ok, report
    assert figures.corruptions == 1, report
    assert figures.killed >= 2, report
    assert figures.outputs_compared >= 3, report
    if chaos.can_fill_a_disk():  # a user + mount namespace: some commands met a full disk
        assert figures.disk_full_runs >= 1, report
        assert figures.reruns == figures.killed + figures.disk_full_runs, report
    else:
        assert figures.disk_full_runs == 0 and figures.reruns == figures.killed, report
