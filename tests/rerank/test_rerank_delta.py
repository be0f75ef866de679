"""analyses/rerank.json: Δ of a reranked system against its retriever, with the paired tests."""

from __future__ import annotations

from execir.evaluation.evaluate import score_runs
from execir.evaluation.rerank_delta import rerank_deltas, reranked_pairs
from execir.execution.outcomes import SuiteResult
from execir.records import Benchmark, Query, Snippet, Task


def _bench():
    queries, corpus, qrels, tasks = {}, {}, {}, {}
    for i, domain in enumerate(["x", "x", "y", "y"]):
        tid = f"t{i}"
        tasks[tid] = Task(task_id=tid, query="q", entry_point="f", canonical="def f(): pass",
                          tests=("assert True",), domain=domain)
        queries[f"q{i}"] = Query(f"q{i}", "q", tid, domain)
        for kind in ("good", "bad"):
            corpus[f"{tid}-{kind}"] = Snippet(f"{tid}-{kind}", f"# {kind}", tid,
                                              "canonical" if kind == "good" else "distractor")
        qrels[f"q{i}"] = {f"{tid}-good": 2, f"{tid}-bad": 1}
    return Benchmark("tiny", queries, corpus, qrels, tasks)


def test_delta_and_mcnemar_hand_computed():
    bench = _bench()
    labels = {(q, s): SuiteResult(("pass",) if s.endswith("good") else ("FAIL",), (0.0,))
              for q in bench.queries for s in bench.corpus if s.startswith(bench.queries[q].task_id)}
    good = lambda i: [(f"t{i}-good", 1.0), (f"t{i}-bad", 0.5)]
    bad = lambda i: [(f"t{i}-bad", 1.0), (f"t{i}-good", 0.5)]
    runs = {"r": {"q0": good(0), "q1": bad(1), "q2": bad(2), "q3": bad(3)},
            "r>c": {"q0": good(0), "q1": good(1), "q2": good(2), "q3": bad(3)}}
    ev = score_runs(bench, runs, ks=(1,), labels=labels)
    assert reranked_pairs(ev.systems) == [("r>c", "r")]
    out = rerank_deltas(ev, seed=0, replicates=200)
    m = out["systems"]["r>c"]["metrics"]["exec@1"]
    # exec@1: 3/4 vs 1/4; two queries won, none lost: exact McNemar p = 2 * 0.5^2 = 0.5
    assert (m["reranked"], m["retriever"], m["diff"]) == (0.75, 0.25, 0.5)
    assert (m["a_only"], m["b_only"], m["p_mcnemar"]) == (2, 0, 0.5)
    groups = out["systems"]["r>c"]["by_group"]
    assert groups["kind"] == "domain"
    assert groups["groups"]["x"] == {"n": 2, "reranked": 1.0, "retriever": 0.5, "delta": 0.5}
    assert groups["groups"]["y"]["delta"] == 0.5
    assert rerank_deltas(score_runs(bench, {"r": runs["r"]}, ks=(1,), labels=labels))[
        "available"] is False
