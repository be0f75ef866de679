"""Hand-computed values for every metric, including ties and a query with no relevant item."""

from __future__ import annotations

import math

import numpy as np
import pytest

from execir.evaluation.labels import ExecutionLabel
from execir.evaluation.judged import BenchmarkIndex, LabelTable, judge_run, ranked_run
from execir.evaluation.metrics import QrelsArrays, per_query_metrics
from execir.errors import UsageError
from execir.records import Benchmark, Query, Snippet, Task

PASS = ExecutionLabel(("pass",))
FAIL = ExecutionLabel(("FAIL",))


def _bench(qrels: dict, extra_ids=()) -> Benchmark:
    ids = sorted({s for qr in qrels.values() for s in qr} | set(extra_ids))
    corpus = {s: Snippet(s, f"# {s}\n", "tx", "distractor") for s in ids}
    tasks = {f"t-{q}": Task(f"t-{q}", q, "f", "pass\n", ("assert True",)) for q in qrels}
    queries = {q: Query(q, q, f"t-{q}") for q in qrels}
    return Benchmark("h", queries, corpus, qrels, tasks)


def _metrics(bench, run, passed_ids, ks=(1, 3), ir_ks=(1, 3, 5)):
    index = BenchmarkIndex.from_benchmark(bench)
    rr = ranked_run(run, index, system="s", depth=max(ir_ks))
    labels = {(q, s): (PASS if s in passed_ids.get(q, ()) else FAIL) for q in bench.queries for s in bench.corpus}
    j = judge_run("s", rr, index, LabelTable.build(index, labels, sorted(labels)), label_depth=max(ks))
    return per_query_metrics(j, QrelsArrays.build(index, max(ir_ks)), ks, ir_ks)


def test_graded_query_every_metric():
    # qrels: a=2, c=2 relevant; b=1 hard negative; ranking b, a, x, c
    bench = _bench({"q": {"a": 2, "b": 1, "c": 2}}, extra_ids=("x",))
    run = {"q": [("b", 4.0), ("a", 3.0), ("x", 2.0), ("c", 1.0)]}
    m = _metrics(bench, run, {"q": {"a", "c"}})
    log3 = math.log2(3)
    assert m["exec@1"][0] == 0.0 and m["exec@3"][0] == 1.0
    assert m["execution_precision@3"][0] == pytest.approx(1 / 3, abs=1e-15)
    assert m["precision@1"][0] == 0.0 and m["precision@3"][0] == pytest.approx(1 / 3, abs=1e-15)
    assert m["recall@3"][0] == 0.5 and m["recall@5"][0] == 1.0
    assert m["mrr@1"][0] == 0.0 and m["mrr@3"][0] == 0.5
    assert m["map@3"][0] == pytest.approx(0.25, abs=1e-15)
    assert m["map@5"][0] == pytest.approx((1 / 2 + 2 / 4) / 2, abs=1e-15)
    # hard negative b has zero gain; a at rank 2 has gain 2; ideal: 2, 2
    assert m["ndcg@3"][0] == pytest.approx((2 / log3) / (2 + 2 / log3), abs=1e-15)
    assert m["ndcg@5"][0] == pytest.approx((2 / log3 + 2 / math.log2(5)) / (2 + 2 / log3), abs=1e-15)
    assert m["hn_intrusion@3"][0] == 1.0


def test_canonical_ndcg_uses_canonical_id_not_execution(h):
    bench = h.make_benchmark((2, 1, 0))
    # q-t0: distractor first, canonical second -> canonical nDCG@3 = 1/log2(3)
    run = {"q-t0": [("t0-d0", 1.0), ("t0-c", 0.5)]}
    index = BenchmarkIndex.from_benchmark(bench)
    rr = ranked_run(run, index, system="s", depth=5)
    labels = {("q-t0", "t0-d0"): PASS, ("q-t0", "t0-c"): PASS}  # pretend both pass
    j = judge_run("s", rr, index, LabelTable.build(index, labels, sorted(labels)), label_depth=3)
    m = per_query_metrics(j, QrelsArrays.build(index, 5), (1, 3), (1, 3, 5))
    assert m["exec@1"][0] == 1.0  # execution says rank 1 passes
    assert m["canonical_ndcg@1"][0] == 0.0
    assert m["canonical_ndcg@3"][0] == pytest.approx(1 / math.log2(3), abs=1e-15)
    # queries absent from the run: every metric 0, ranking metrics still defined
    assert m["exec@3"][1] == 0.0 and m["ndcg@3"][1] == 0.0


def test_ties_follow_score_then_id_ascending():
    bench = _bench({"q": {"b": 2, "a": 1}}, extra_ids=("c",))
    # all tied: order must be a, b, c regardless of input order
    run = {"q": [("c", 1.0), ("b", 1.0), ("a", 1.0)]}
    m = _metrics(bench, run, {"q": {"b"}})
    assert m["exec@1"][0] == 0.0 and m["exec@3"][0] == 1.0
    assert m["mrr@3"][0] == 0.5
    assert m["hn_intrusion@3"][0] == 1.0
    assert m["ndcg@3"][0] == pytest.approx(1 / math.log2(3), abs=1e-15)


def test_query_without_relevant_item_is_excluded():
    bench = _bench({"q1": {"a": 2}, "q2": {"b": 1}})
    run = {"q1": [("a", 1.0)], "q2": [("b", 1.0), ("a", 0.5)]}
    m = _metrics(bench, run, {"q1": {"a"}})
    for key in ("ndcg@3", "recall@3", "mrr@3", "map@3", "precision@3", "canonical_ndcg@3"):
        assert m[key][0] == 1.0 or key == "precision@3"
        assert np.isnan(m[key][1]), key
    assert m["exec@1"].tolist() == [1.0, 0.0]  # execution metrics keep every query
    assert np.isnan(m["hn_intrusion@3"]).all()  # no query has both a positive and a hard negative


def test_short_run_precision_divides_by_k():
    bench = _bench({"q": {"a": 2}})
    m = _metrics(bench, {"q": [("a", 1.0)]}, {"q": {"a"}})
    assert m["execution_precision@3"][0] == pytest.approx(1 / 3, abs=1e-15)
    assert m["precision@5"][0] == pytest.approx(0.2, abs=1e-15)


@pytest.mark.parametrize("run, message", [
    ({"zz": [("a", 1.0)]}, "query 'zz' is not in the benchmark"),
    ({"q": [("nope", 1.0)]}, "snippet 'nope' is not in the corpus"),
    ({"q": [("a", 1.0), ("a", 0.5)]}, "listed twice"),
    ({"q": [("a", float("nan"))]}, "NaN"),
])
def test_bad_runs_are_rejected(run, message):
    bench = _bench({"q": {"a": 2}})
    index = BenchmarkIndex.from_benchmark(bench)
    with pytest.raises(UsageError, match=message):
        ranked_run(run, index, system="s", depth=5)
