"""The deterministic work measure (construction.work) and the ratio rule it decides."""

from __future__ import annotations

from types import SimpleNamespace

from execir.construction.slow import (OVER_BUDGET, RATIO_RULE, Counting, judged_runs, settle_timeouts,
                                     slow_mutants)
from execir.construction.verify import run_mutants
from execir.construction.work import suite_work, work_of
from execir.execution import Oracle, SuiteResult
from execir.records import Task

LOOP = "def f(n):\n    s = 0\n    for i in range(n):\n        s += i\n    return s\n"


def test_work_counts_the_snippet_lines_each_test_executes():
    # f(3): `s = 0` once, the `for` line 4 times (3 iterations and the exit), `s += i` 3 times,
    # `return` once = 9; f(0): 1 + 1 + 1 = 3; a test that fails before calling f adds 0
    jobs = [(LOOP, ["assert f(3) == 3", "assert f(0) == 0"]),
            (LOOP, ["assert f(3) == 3", "assert f(0) == 0", "assert g(1)"]),
            ("def f(:\n", ["assert f(1)"])]
    oracle = Oracle(workers=1)
    assert suite_work(oracle, jobs, [0.001] * 3) == [12, 12, None]
    # the same again: a count does not depend on the machine
    assert suite_work(oracle, jobs, [0.001] * 3) == [12, 12, None]


def test_work_of_reads_counted_outcomes_only():
    assert work_of(SuiteResult(("FAIL:WORK_3", "FAIL:WORK_40"), (0.0, 0.0))) == 43
    assert work_of(SuiteResult(("FAIL:WORK_3", "TIMEOUT"), (0.0, 0.0))) is None
    assert work_of(SuiteResult(("pass",), (0.0,))) is None


def test_the_ratio_rule_decides_a_suite_near_its_threshold_by_work():
    """Mutants whose clock sits on the 5x threshold or timed out: the one that loops 3x the
    canonical is not slow, the one that loops 20x is; a time-out that loops 3x is not slow by
    its work (its time went elsewhere), a time-out that never ends is cut off at the line budget
    and is slow."""
    task = Task(task_id="t/1", query="sum below n", entry_point="f", canonical=LOOP,
                tests=("assert f(20) == 190",))
    mutants = [LOOP.replace("range(n)", f"range({k} * n)") for k in (3, 20, 3)]
    mutants.append(LOOP.replace("for i in range(n):", "while True:\n        i = 1"))
    canon_seconds = 0.01
    at = RATIO_RULE * canon_seconds  # every clock reading right on the threshold
    results = [SuiteResult(("FAIL",), (at,)), SuiteResult(("FAIL",), (at,)),
               SuiteResult(("TIMEOUT",), (0.0,)), SuiteResult(("TIMEOUT",), (0.0,))]
    slow = slow_mutants(Oracle(workers=1), [task],
                        {task.task_id: [SimpleNamespace(code=m) for m in mutants]},
                        {task.task_id: results}, {task.task_id: 1.0},
                        {task.task_id: canon_seconds}, ratio=True)
    assert slow == {("t/1", 1), ("t/1", 3)}


def test_counting_only_plantable_suites_leaves_the_rest_to_their_outcomes():
    """``Counting(plantable_only=True)`` (repository builds): a survivor that loops 20x its
    canonical is slow under the full rule but neither counted nor slow here (it is never planted
    either way); a time-out is slow without a count, even one whose work is within budget; a
    wrong output is still counted and decided by its work."""
    task = Task(task_id="t/1", query="sum below n", entry_point="f", canonical=LOOP,
                tests=("assert f(20) == 190",))
    mutants = [SimpleNamespace(code=LOOP.replace("range(n)", f"range({k} * n)")) for k in (3, 20, 3, 20)]
    at = RATIO_RULE * 0.01
    results = [SuiteResult(("FAIL",), (at,)), SuiteResult(("FAIL",), (at,)),
               SuiteResult(("TIMEOUT",), (0.0,)), SuiteResult(("pass",), (at,))]
    args = ([task], {task.task_id: mutants}, {task.task_id: results}, {task.task_id: 1.0},
            {task.task_id: 0.01})
    oracle = Oracle(workers=1)
    assert slow_mutants(oracle, *args, ratio=True) == {("t/1", 1), ("t/1", 3)}
    only = Counting(traced_cap=10.0, plantable_only=True)
    assert slow_mutants(oracle, *args, ratio=True, counting=only) == {("t/1", 1), ("t/1", 2)}
    assert only.policy() == {"traced_cap": 10.0, "count": "plantable_only"}
    assert Counting().policy() == {"traced_cap": 60.0}


def test_a_line_budget_cuts_a_runaway_test_off_after_a_fixed_count():
    endless = LOOP.replace("for i in range(n):", "while True:\n        i = 1")
    swallowed = ("def f(n):\n    while True:\n        try:\n            while True:\n"
                 "                pass\n        except BaseException:\n            return 1\n")
    counted = suite_work(Oracle(workers=1), [(endless, ["f(1)", "f(2)"]), (swallowed, ["f(1)"]),
                                             (LOOP, ["assert f(3) == 3"])],
                         [0.001] * 3, [50, 50, 50])
    # the first test stops at the suite's 51st line and the second at its first (the budget is
    # the suite's), even a snippet that catches the stop; a suite under it counts 9, as above
    assert counted == [52, 51, 9]


def test_a_time_out_within_its_work_runs_again_under_a_longer_limit():
    """``settle_timeouts``: a Python suite that timed out but is not slow gets the verdicts of a
    re-run under PATIENCE x its limit; one that times out again is slow; slow ones are left."""
    task = Task(task_id="t/2", query="sum below n", entry_point="f", canonical=LOOP,
                tests=("assert f(20) == 190",))
    endless = LOOP.replace("for i in range(n):", "while True:\n        i = 1")
    wrong = LOOP.replace("range(n)", "range(n + 1)")
    mutants = {task.task_id: [SimpleNamespace(code=c) for c in (wrong, endless, endless)]}
    timed_out = SuiteResult(("TIMEOUT",), (0.0,))
    results, still = settle_timeouts(Oracle(workers=1), [task], mutants,
                                     {task.task_id: [timed_out] * 3}, {task.task_id: 0.05},
                                     {("t/2", 2)})
    assert results[task.task_id][0].outcomes == ("FAIL",)
    assert results[task.task_id][1].outcomes == ("TIMEOUT",) and still == {("t/2", 1)}
    assert results[task.task_id][2] is timed_out


def test_counting_under_several_limits_is_one_progress_line(monkeypatch, capsys, tmp_path):
    """Suites under three traced limits are three oracle calls and one stage line, whose size is
    every suite, a cached one included (it counts as done at once)."""
    from execir import progress
    from execir.execution.cache import ExecutionCache

    monkeypatch.setenv(progress.MODE_VARIABLE, "plain")
    jobs = [(LOOP, [f"assert f({n}) >= 0"]) for n in (1, 2, 3, 4)]
    with ExecutionCache(tmp_path / "cache.sqlite3") as cache:
        oracle = Oracle(workers=1, cache=cache, quiet=False)
        suite_work(oracle, jobs[:1], [0.001])  # cached before, outside any display
        with progress.command_display(quiet=False):
            counted = suite_work(oracle, jobs, [0.001, 0.001, 0.2, 1.0])
    assert counted == [2 * n + 3 for n in (1, 2, 3, 4)]  # `for` n + 1 times, its body n, 2 lines once
    lines = capsys.readouterr().err.splitlines()
    assert lines[0] == "counting the work of Python suites (4 pairs): started"
    assert lines[-1].startswith("counting the work of Python suites (4 pairs): done, 4 in ")
    assert sum("started" in line for line in lines) == 1


def _counting_after(oracle, tasks, mutants, limits, canon_seconds):
    """The order before judged_runs: every suite run untraced, then counted, then settled."""
    results = run_mutants(oracle, tasks, mutants, limits)
    slow = slow_mutants(oracle, tasks, mutants, results, limits, canon_seconds, ratio=True)
    results, still = settle_timeouts(oracle, tasks, mutants, results, limits, slow)
    return results, slow | still


def test_counting_first_decides_as_counting_after_and_skips_the_runaways(monkeypatch):
    """``judged_runs`` with the ratio rule: the same slow set and the same results for every
    mutant it runs as counting after the untraced runs; a mutant over its line budget (a runaway
    loop, a loop 20x its canonical's) is never run untraced and reads OVER_BUDGET; one under it
    (3x, a wrong output, a survivor) is run as before."""
    import execir.construction.verify as verify_mod

    task = Task(task_id="t/3", query="sum below n", entry_point="f", canonical=LOOP,
                tests=("assert f(20) == 190", "assert f(3) == 3"))
    codes = [LOOP.replace("range(n)", "range(3 * n)"), LOOP.replace("range(n)", "range(20 * n)"),
             LOOP.replace("for i in range(n):", "while True:\n        i = 1"),
             LOOP.replace("s += i", "s += i * 1"), LOOP.replace("range(n)", "range(n + 1)")]
    mutants = {task.task_id: [SimpleNamespace(code=c) for c in codes]}
    oracle = Oracle(workers=1)
    limits, canon_seconds = {task.task_id: 0.2}, {task.task_id: 0.001}
    before = _counting_after(oracle, [task], mutants, limits, canon_seconds)
    untraced: list[str] = []
    real = verify_mod.run_by_language

    def recording(oracle, jobs, langs, progress=None):
        untraced.extend(code for code, _ in jobs)
        return real(oracle, jobs, langs, progress=progress)

    monkeypatch.setattr(verify_mod, "run_by_language", recording)
    results, slow = judged_runs(oracle, [task], mutants, limits, canon_seconds, ratio=True)
    assert slow == before[1] == {("t/3", 1), ("t/3", 2)}
    assert untraced == [codes[0], codes[3], codes[4]]
    got = results[task.task_id]
    assert [r.outcomes for r in got] == [
        ("FAIL", "FAIL"), (OVER_BUDGET,) * 2, (OVER_BUDGET,) * 2, ("pass", "pass"), ("FAIL", "FAIL")]
    assert [got[i].outcomes for i in (0, 3, 4)] == [before[0][task.task_id][i].outcomes for i in (0, 3, 4)]
    # the star rule (v1) runs every mutant untraced and counts nothing
    untraced.clear()
    star, _ = judged_runs(oracle, [task], mutants, limits, canon_seconds, ratio=False)
    assert untraced == codes and OVER_BUDGET not in {o for r in star[task.task_id] for o in r.outcomes}
