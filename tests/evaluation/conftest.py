"""A small hand-built benchmark: 3 queries, each with a canonical and paired distractors."""

from __future__ import annotations

import pytest

from execir.evaluation.labels import ExecutionLabel
from execir.records import Benchmark, Query, Snippet, Task

PASS = ExecutionLabel(("pass", "pass"))
FAIL = ExecutionLabel(("pass", "FAIL"))


def make_benchmark(n_distractors=(2, 1, 0), domains=("math", "math", "strings")) -> Benchmark:
    """Task ``t{i}``: canonical ``t{i}-c``, distractors ``t{i}-d{j}`` (edit sizes 1, 3, 8, 30)."""
    tasks, queries, corpus, qrels = {}, {}, {}, {}
    sizes = (1, 3, 8, 30)
    types = ("off_by_one", "wrong_operator", "swap_arguments", "wrong_comparison")
    for i, nd in enumerate(n_distractors):
        tid = f"t{i}"
        canon = f"def f{i}(x):\n    return x + {i}\n"
        tasks[tid] = Task(task_id=tid, query=f"add {i}", entry_point=f"f{i}", canonical=canon,
                          tests=(f"assert f{i}(0) == {i}", f"assert f{i}(1) == {i + 1}"),
                          domain=domains[i])
        qid = f"q-{tid}"
        queries[qid] = Query(query_id=qid, text=f"add {i}", task_id=tid, domain=domains[i])
        corpus[f"{tid}-c"] = Snippet(f"{tid}-c", canon, tid, "canonical")
        qrels[qid] = {f"{tid}-c": 2}
        for j in range(nd):
            sid = f"{tid}-d{j}"
            corpus[sid] = Snippet(sid, canon.replace("+", "-") + "#" * j, tid, "distractor",
                                  mutation={"mutation_type": types[j], "edit_size": sizes[j],
                                            "operator": "op"})
            qrels[qid][sid] = 1
    return Benchmark(name="tiny", queries=queries, corpus=corpus, qrels=qrels, tasks=tasks)


def oracle_labels(benchmark: Benchmark) -> dict:
    """Ground truth without execution: a snippet passes a query iff it is that query's canonical."""
    out = {}
    for qid, q in benchmark.queries.items():
        for sid, snip in benchmark.corpus.items():
            ok = snip.kind == "canonical" and snip.task_id == q.task_id
            out[(qid, sid)] = PASS if ok else FAIL
    return out


@pytest.fixture
def tiny() -> Benchmark:
    return make_benchmark()


@pytest.fixture
def h():
    """Helpers for tests (the importlib import mode keeps conftest out of ``import``)."""
    from types import SimpleNamespace

    return SimpleNamespace(PASS=PASS, FAIL=FAIL, make_benchmark=make_benchmark,
                           oracle_labels=oracle_labels)
