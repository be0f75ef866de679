"""Shared fixtures (paths to the real datasets in ../shared/data, skipped when absent) and how
``make test`` schedules the suite on pytest-xdist's workers."""

from __future__ import annotations

from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]
SHARED_DATA = REPO.parent / "shared" / "data"
TEST_DATA = Path(__file__).resolve().parent / "data"


#: session-scoped fixtures that hold a build several test files read (``tests/*/conftest.py``):
#: every test that uses one runs on the same xdist worker, so the build is made once
SHARED_BUILDS = ("execir_py_v1",)


def _unit(item) -> str | None:
    """The xdist group of a test: the one its ``xdist_group`` mark names, else the shared build it
    uses (:data:`SHARED_BUILDS`), else, for a
    test that uses a module-, class- or package-scoped fixture, its module (package); ``None``
    for a test that can run anywhere alone."""
    named = item.get_closest_marker("xdist_group")
    if named is not None:
        return str(named.args[0])
    shared = [name for name in SHARED_BUILDS if name in item.fixturenames]
    if shared:
        return shared[0]
    scopes = {d.scope for defs in item._fixtureinfo.name2fixturedefs.values() for d in defs}
    path = item.nodeid.split("::", 1)[0]
    if "package" in scopes:
        return path.rsplit("/", 1)[0]
    return path if scopes & {"module", "class"} else None


def pytest_itemcollected(item):
    """How ``make test`` spreads the suite over pytest-xdist's workers (``-n 2 --dist
    loadgroup``): a test that uses a module-, class- or package-scoped fixture joins its
    module's (package's) group, so that expensive fixture is made once per run, on one worker;
    every other test is scheduled alone.

    xdist 3.8 names the group by appending ``@group`` to the node id, which it writes to
    ``item._nodeid``; pytest 9.2 reads node ids from ``item._id``, so that has no effect and
    every test would be scheduled alone (a module fixture made once per worker).  The suffix is
    written here, where pytest 9.2 reads it."""
    unit = _unit(item)
    if unit is None or not getattr(item.config.option, "loadgroup", False):
        return
    from _pytest.nodeid import coerce_node_id

    item._id = coerce_node_id(f"{item.nodeid}@{unit.replace('/', '.')}")


def pytest_collection_modifyitems(config, items):
    """Work units that hold a ``slow`` test go first, the rest in collection order, so the
    longest ones start while the short ones fill the other worker (longest first; with
    ``--no-loadscope-reorder`` xdist keeps this order).  Without xdist only the order changes."""
    def unit(item) -> str:
        return _unit(item) or item.nodeid

    slow_units = {unit(item) for item in items if item.get_closest_marker("slow")}
    items.sort(key=lambda item: unit(item) not in slow_units)


@pytest.fixture()
def shared_data() -> Path:
    """The shared datasets folder; skips the test when it is absent."""
    if not SHARED_DATA.is_dir():
        pytest.skip("../shared/data is not present")
    return SHARED_DATA


@pytest.fixture()
def mbpp_path(shared_data: Path) -> Path:
    path = shared_data / "mbpp" / "mbpp.jsonl"
    if not path.is_file():
        pytest.skip("mbpp.jsonl not present")
    return path


def merge_killed(node):
    """A build report with each crash-only / wrong-output pair of counts merged into one
    ``killed`` count: the star design's slow rule lets a sustained load move a suite near its
    threshold between the two (benchmarks/README.md, "Load and the slow-suite decision")."""
    if isinstance(node, dict):
        out = {k: merge_killed(v) for k, v in node.items()
               if k not in ("killed_crash_only", "killed_wrong_output")}
        if "killed_crash_only" in node and "killed_wrong_output" in node:
            out["killed"] = node["killed_crash_only"] + node["killed_wrong_output"]
        return out
    if isinstance(node, list):
        return [merge_killed(v) for v in node]
    return node


def pytest_configure(config):
    """An xdist worker (``make test`` runs two) starts with ``COLUMNS=80`` and ``LINES=24`` in
    its environment (the controller has neither), which the command line reads as an 80-column
    terminal (:func:`execir.cli.render.stdout_console`); they are dropped, so the tests see what
    a serial run sees.  Thread counts are left as they are (one BLAS / torch thread per worker
    was tried in a single run only; benchmarks/README.md, "make test on two workers")."""
    import os

    if os.environ.get("PYTEST_XDIST_WORKER"):
        for name in ("COLUMNS", "LINES"):
            os.environ.pop(name, None)
