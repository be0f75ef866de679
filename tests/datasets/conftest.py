"""A build that two test files read: made once per test run, on one xdist worker (the root
conftest groups every test that uses it)."""

from __future__ import annotations

import pytest


@pytest.fixture(scope="session")
def execir_py_v1(tmp_path_factory):
    """A cold rebuild of the shipped execir-py v1 (``execir build execir-py@1``'s path, two
    workers, a fresh execution cache): ``(release folder, its ExecutionCache)``.

    ``test_shipped.py`` compares the folder with the shipped files; ``test_execir_py.py``'s
    execution gates run every task's first-order mutants under a 0.25 s limit through the cache
    the build wrote, where the build ran (nearly) all of them under that limit, so they are
    executed once in a test run instead of twice."""
    from execir.execution import ExecutionCache, Oracle
    from execir.workflow.pipeline import build_dataset

    base = tmp_path_factory.mktemp("execir-py-v1")
    cache = ExecutionCache(base / "exec.sqlite3")
    build_dataset("execir-py@1", None, base / "release", oracle=Oracle(workers=2, cache=cache),
                  log=lambda _m: None)
    return base / "release", cache
