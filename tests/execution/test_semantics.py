"""Oracle semantics (ExecRetrieval §3.3), run_many ordering/dedup, determinism, real data."""

from __future__ import annotations

import gzip
import json
from pathlib import Path

import pytest

from execir.execution import Limits, SuiteResult, is_outcome, run_many, run_suite
from execir.execution import pool as pool_module

from .conftest import FAST

DATA = Path(__file__).resolve().parents[2] / ".." / "shared" / "data"
CODE = "def add(a, b):\n    return a + b\n"


def test_outcome_categories_per_test():
    tests = ["assert add(1, 2) == 3",                # pass
             "assert add(1, 2) == 4",                # plain AssertionError
             "assert add([], 1) == 1",               # TypeError raised while testing
             "[][0]",                                # IndexError
             "class Boom(AssertionError): pass\nraise Boom()"]  # subclass is not a plain FAIL
    r = run_suite(CODE, tests, limits=FAST)
    assert r.outcomes == ("pass", "FAIL", "FAIL:TypeError", "FAIL:IndexError", "FAIL:Boom")
    assert len(r.durations) == 5 and all(d >= 0 for d in r.durations)
    assert not r.passed and r.failing_tests == (1, 2, 3, 4)


def test_load_errors_are_error_outcomes():
    assert run_suite("def f(:\n", ["assert True"], limits=FAST).outcomes == ("ERROR:SyntaxError",)
    assert run_suite("x = undefined_name\n", ["assert True"], limits=FAST).outcomes == ("ERROR:NameError",)
    assert run_suite("import no_such_module_xyz\n", ["assert True"], limits=FAST).outcomes == (
        "ERROR:ModuleNotFoundError",)


def test_fresh_namespace_per_test():
    code = "counter = []\ndef bump():\n    counter.append(1)\n    return len(counter)\n"
    r = run_suite(code, ["assert bump() == 1", "assert bump() == 1", "leaked = 1",
                         "assert 'leaked' not in globals()"], limits=FAST)
    assert r.outcomes == ("pass", "pass", "pass", "pass")


def test_pytest_raises_shim():
    code = "def parse(s):\n    return int(s)\n"
    tests = ["import pytest\nwith pytest.raises(ValueError):\n    parse('x')",
             "import pytest\nwith pytest.raises(ValueError, match='invalid literal'):\n    parse('x')",
             "import pytest\nwith pytest.raises(ValueError):\n    parse('1')",
             "import pytest\npytest.raises(ValueError, parse, 'y')",
             "import pytest\nassert parse('2') == pytest.approx(2.0000000001)"]
    r = run_suite(code, tests, limits=FAST)
    assert r.outcomes == ("pass", "pass", "FAIL", "pass", "pass")


def test_zero_tests_is_not_passed():
    r = run_suite(CODE, [], limits=FAST)
    assert r == SuiteResult((), ()) and not r.passed


def test_bad_input_raises():
    with pytest.raises(TypeError, match="tests must be a sequence of str"):
        run_suite(CODE, "assert add(1, 1) == 2")
    with pytest.raises(TypeError, match="job 1"):
        run_many([(CODE, ["assert True"]), ("x", [1])])
    with pytest.raises(ValueError, match="timeout"):
        Limits(timeout=0)


def test_run_many_keeps_input_order_and_runs_duplicates_once(monkeypatch):
    jobs = [(f"def f():\n    return {i}\n", [f"assert f() == {i % 3}"]) for i in range(12)]
    jobs = jobs + jobs[:5]
    submitted = []
    original = pool_module.WorkerPool.map

    def counting_map(self, todo, limits, n, on_result, capture=False):
        submitted.extend(todo)
        return original(self, todo, limits, n, on_result, capture)

    monkeypatch.setattr(pool_module.WorkerPool, "map", counting_map)
    results = run_many(jobs, workers=2, limits=FAST)
    assert len(submitted) == 12
    expected = [("pass",) if i < 3 else ("FAIL",) for i in range(12)] + [
        ("pass",) if i < 3 else ("FAIL",) for i in range(5)]
    assert [r.outcomes for r in results] == expected


def test_same_pair_same_outcomes_on_repeat():
    code = "def h(s):\n    return sorted(set(s))\n"
    tests = ["assert h('banana') == ['a', 'b', 'n']", "assert hash('x') == hash('x')",
             "assert list({'b': 1, 'a': 2}) == ['b', 'a']", "assert h(3)"]
    first = run_suite(code, tests, limits=FAST)
    for _ in range(3):
        assert run_suite(code, tests, limits=FAST).outcomes == first.outcomes
    assert first.outcomes == ("pass", "pass", "pass", "FAIL:TypeError")


def test_humaneval_canonicals_pass_and_a_mutant_fails():
    path = DATA / "humaneval" / "HumanEval.jsonl.gz"
    if not path.exists():
        pytest.skip("HumanEval data not available")
    with gzip.open(path, "rt", encoding="utf-8") as fh:
        rows = [json.loads(line) for _, line in zip(range(20), fh)]
    jobs, mutants = [], []
    for row in rows:
        code = row["prompt"] + row["canonical_solution"]
        test = row["test"] + f"\ncheck({row['entry_point']})\n"
        jobs.append((code, [test]))
        if " + " in row["canonical_solution"]:
            mutants.append((row["prompt"] + row["canonical_solution"].replace(" + ", " - ", 1), [test]))
    results = run_many(jobs + mutants, workers=2, limits=Limits(timeout=5.0))
    assert all(r.passed for r in results[:len(jobs)]), [r.outcomes for r in results[:len(jobs)]]
    assert mutants and not all(r.passed for r in results[len(jobs):])


def test_mbpp_tasks_pass_their_own_tests():
    path = DATA / "mbpp" / "mbpp.jsonl"
    if not path.exists():
        pytest.skip("MBPP data not available")
    rows = [json.loads(line) for line in path.read_text().splitlines()[:30]]
    jobs = [(row["code"], ["\n".join(row.get("test_imports", []) + [row.get("test_setup_code", ""), t])
                           for t in row["test_list"]]) for row in rows]
    results = run_many(jobs, workers=2)
    assert sum(r.passed for r in results) >= 28
    assert all(is_outcome(o) for r in results for o in r.outcomes)


def test_pool_recovers_from_dead_workers():
    run_many([(CODE, ["assert add(1, 1) == 2"])] * 2, workers=2, limits=FAST)
    for w in pool_module.shared_pool().workers:
        w.proc.kill()
        w.proc.wait()
    results = run_many([(CODE, [f"assert add({i}, 1) == {i + 1}"]) for i in range(6)], workers=2,
                       limits=FAST)
    assert [r.outcomes for r in results] == [("pass",)] * 6


def test_pool_recovers_when_a_worker_dies_mid_run():
    import threading
    import time

    run_many([(CODE, ["assert add(1, 1) == 2"])] * 2, workers=2, limits=FAST)
    victim = pool_module.shared_pool().workers[0].proc

    def kill_soon():
        time.sleep(0.3)
        victim.kill()

    killer = threading.Thread(target=kill_soon)
    killer.start()
    jobs = [(CODE, [f"import time; time.sleep(0.05); assert add({i}, 1) == {i + 1}"]) for i in range(30)]
    results = run_many(jobs, workers=2, limits=FAST)
    killer.join()
    assert victim.poll() is not None
    assert [r.outcomes for r in results] == [("pass",)] * 30


def _children(pid: int) -> list[int]:
    try:
        with open(f"/proc/{pid}/task/{pid}/children") as fh:
            return [int(x) for x in fh.read().split()]
    except FileNotFoundError:
        return []


def test_a_killed_worker_takes_its_running_child_with_it():
    """SIGKILL of a worker (what an interrupted command's pool does) ends the sandboxed child it
    was running at once, not at the child's CPU limit (a repository's discovery runs 900 s)."""
    import threading
    import time

    run_many([(CODE, ["assert add(1, 1) == 2"])], workers=1, limits=FAST)
    victim = pool_module.shared_pool().workers[0].proc
    slow = Limits(timeout=60.0)
    runner = threading.Thread(target=run_many, args=([(CODE, ["import time; time.sleep(60)"])],),
                              kwargs={"workers": 1, "limits": slow})
    runner.start()
    deadline = time.monotonic() + 20
    while not _children(victim.pid) and time.monotonic() < deadline:
        time.sleep(0.05)
    child = _children(victim.pid)
    assert child, "the worker never started its child"
    victim.kill()
    victim.wait()
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline:
        try:
            with open(f"/proc/{child[0]}/status") as fh:
                zombie_or_gone = any(ln.startswith("State:") and "Z" in ln for ln in fh)
        except FileNotFoundError:
            zombie_or_gone = True
        if zombie_or_gone:
            break
        time.sleep(0.05)
    assert zombie_or_gone, f"child {child[0]} outlived its killed worker"
    runner.join(timeout=90)
