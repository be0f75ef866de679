"""Data gates of the built-in ``execir-py`` release (issue 5).

Static gates (counts, uniqueness, test shape) read the packaged JSONL files; the execution gates
run every canonical and every single-edit mutant of every task against that task's tests in ONE
``execir.execution.run_many`` batch, then check:

* every canonical passes all of its tests (ExecRetrieval §3.3, gate 3);
* every task yields >= 3 verified distractors of the six ExecRetrieval types (4 on >= 95 %),
  chosen by ``execir.mutation.select_distractors`` exactly as the release builder does (gate 4);
* mutation score = killed / (killed + survived) per task (mutants that fail to load excluded):
  median >= 0.9 and no task below 0.6.

About 20,000 (code, tests) pairs run, through the execution cache of the test run's cold
execir-py v1 rebuild (``conftest.py``), which ran them under the same 0.25 s limit (keys are
content hashes plus runner version and limits, so a cached outcome is the outcome): they execute
once in a test run.  Before, they went through the user's cache (``~/.cache/execir``), so a CI run
on a machine that had run the suite before read them back, and a fresh one paid about 185 s.
"""

from __future__ import annotations

import ast
import statistics
import sys
from collections import Counter

import pytest

from execir.datasets import load_dataset
from execir.datasets.builtin import DOMAINS

MIN_TOTAL = 1000
MIN_PER_DOMAIN = 100
MIN_DISTRACTORS = 3
FULL_DISTRACTORS = 4
FULL_SHARE = 0.95
MEDIAN_SCORE = 0.9
MIN_SCORE = 0.6
#: Per-suite CPU budget (s). Canonicals run in milliseconds; a tight budget keeps mutants that loop
#: forever cheap (the oracle spends a few times the budget in wall time on each of them).
SUITE_BUDGET = 0.25


@pytest.fixture(scope="module")
def tasks():
    return load_dataset("execir-py")


def test_counts_per_domain(tasks):
    counts = Counter(t.domain for t in tasks)
    assert set(counts) <= set(DOMAINS), f"unknown domains: {set(counts) - set(DOMAINS)}"
    short = {d: counts.get(d, 0) for d in DOMAINS if counts.get(d, 0) < MIN_PER_DOMAIN}
    assert not short, f"domains under {MIN_PER_DOMAIN} tasks: {short}"
    assert len(tasks) >= MIN_TOTAL


def test_ids_names_and_queries_unique(tasks):
    names = Counter(t.entry_point for t in tasks)
    assert [n for n, c in names.items() if c > 1] == []
    queries = Counter(" ".join(t.query.lower().split()) for t in tasks)
    assert [q for q, c in queries.items() if c > 1] == []
    for t in tasks:
        assert t.task_id == f"execir-py/{t.entry_point}", t.task_id
        assert t.source == "execir-py" and t.language == "python", t.task_id


def test_tests_are_single_line_asserts_on_the_entry_point(tasks):
    bad = []
    for t in tasks:
        if not 7 <= len(t.tests) <= 10 or len(set(t.tests)) != len(t.tests):
            bad.append((t.task_id, "count"))
        for test in t.tests:
            if not test.startswith("assert ") or "\n" in test or f"{t.entry_point}(" not in test:
                bad.append((t.task_id, test))
    assert bad == []


def test_canonical_defines_entry_point_with_stdlib_only(tasks):
    bad = []
    for t in tasks:
        tree = ast.parse(t.canonical)
        defs = [n.name for n in tree.body if isinstance(n, ast.FunctionDef)]
        if t.entry_point not in defs:
            bad.append((t.task_id, "no def"))
        for node in ast.walk(tree):
            if isinstance(node, (ast.Import, ast.ImportFrom)):
                mods = [a.name for a in node.names] if isinstance(node, ast.Import) else [node.module]
                for mod in mods:
                    if (mod or "").split(".")[0] not in sys.stdlib_module_names:
                        bad.append((t.task_id, mod))
    assert bad == []


# ------------------------------------------------------------------------ execution gates

@pytest.fixture(scope="module")
def executed(tasks, execir_py_v1):
    """Per task: (canonical outcomes, [VerifiedMutant, ...]) from one run_many batch, through the
    execution cache of the run's execir-py v1 rebuild (``conftest.py``: a cold build that ran
    these suites under the same limit; any it did not run execute here)."""
    execution = pytest.importorskip("execir.execution")
    if not hasattr(execution, "run_many"):
        pytest.skip("execir.execution.run_many has not landed yet")
    from execir.mutation import VerifiedMutant, enumerate_mutants

    mutants = [enumerate_mutants(t.canonical, entry_point=t.entry_point) for t in tasks]
    jobs = []
    for t, ms in zip(tasks, mutants):
        jobs.append((t.canonical, t.tests))
        jobs.extend((m.code, t.tests) for m in ms)
    results = execution.run_many(jobs, timeout=SUITE_BUDGET, cache=execir_py_v1[1])
    out = {}
    pos = 0
    for t, ms in zip(tasks, mutants):
        canonical = results[pos].outcomes
        verified = [VerifiedMutant(m, results[pos + 1 + i].outcomes, i) for i, m in enumerate(ms)]
        out[t.task_id] = (canonical, verified)
        pos += 1 + len(ms)
    return out


@pytest.mark.slow
def test_every_canonical_passes_its_tests(executed):
    failing = {tid: outcomes for tid, (outcomes, _) in executed.items()
               if not outcomes or any(o != "pass" for o in outcomes)}
    assert failing == {}


@pytest.mark.slow
def test_every_task_yields_verified_distractors(executed):
    from execir.mutation import select_distractors

    counts = {tid: len(select_distractors(verified, seed=0, key=tid))
              for tid, (_, verified) in executed.items()}
    short = {tid: c for tid, c in counts.items() if c < MIN_DISTRACTORS}
    assert short == {}
    full = sum(c >= FULL_DISTRACTORS for c in counts.values())
    assert full >= FULL_SHARE * len(counts), f"only {full}/{len(counts)} tasks have 4 distractors"


@pytest.mark.slow
def test_mutation_scores(executed):
    from execir.construction.report import mutation_score

    scores = {tid: mutation_score(verified) for tid, (_, verified) in executed.items()}
    assert [tid for tid, s in scores.items() if s is None] == []
    low = {tid: round(s, 3) for tid, s in scores.items() if s < MIN_SCORE}
    assert low == {}
    assert statistics.median(scores.values()) >= MEDIAN_SCORE
