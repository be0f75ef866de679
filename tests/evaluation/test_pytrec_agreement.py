"""Standard IR metrics equal pytrec_eval's to 1e-9 on the same qrels and run, ties included.

pytrec_eval orders tied scores by document id descending, execir by id ascending.  The comparison
therefore ranks with execir first and hands pytrec_eval strictly decreasing scores in that order
(``score = depth - rank``), so both evaluate the very same list.  For graded nDCG (CoREB's
relevance_level = 2 rule) pytrec_eval gets qrels whose levels below 2 are set to 0, because its
``relevance_level`` changes only binary measures, never nDCG gains.
"""

from __future__ import annotations

import numpy as np
import pytest

from execir.evaluation.labels import ExecutionLabel
from execir.evaluation.judged import BenchmarkIndex, LabelTable, judge_run, ranked_run
from execir.evaluation.metrics import QrelsArrays, per_query_metrics
from execir.records import Benchmark, Query, Snippet, Task

pytrec_eval = pytest.importorskip("pytrec_eval")
KS = (1, 3, 5, 10, 100)


def _random_case(seed: int, n_q: int = 60, n_docs: int = 150):
    rng = np.random.default_rng(seed)
    ids = [f"d{j:04d}" for j in range(n_docs)]
    qrels, run = {}, {}
    for i in range(n_q):
        q = f"q{i:03d}"
        judged = rng.choice(n_docs, size=rng.integers(1, 8), replace=False)
        qrels[q] = {ids[j]: int(rng.choice([0, 1, 2, 2, 3])) for j in judged}
        depth = int(rng.integers(5, 120))
        docs = rng.choice(n_docs, size=depth, replace=False)
        scores = rng.integers(0, 6, size=depth).astype(float)  # heavy ties
        run[q] = [(ids[j], float(s)) for j, s in zip(docs, scores)]
    corpus = {s: Snippet(s, s, "t", "distractor") for s in ids}
    tasks = {f"t{q}": Task(f"t{q}", q, "f", "", ("assert True",)) for q in qrels}
    queries = {q: Query(q, q, f"t{q}") for q in qrels}
    return Benchmark("r", queries, corpus, qrels, tasks), run


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_matches_pytrec_eval(seed):
    bench, raw = _random_case(seed)
    index = BenchmarkIndex.from_benchmark(bench)
    rr = ranked_run(raw, index, system="s", depth=max(KS))
    run = rr.run
    labels = {(q, s): ExecutionLabel(("FAIL",)) for q, items in run.items() for s, _ in items}
    j = judge_run("s", rr, index, LabelTable.build(index, labels, sorted(labels)), label_depth=1)
    ours = per_query_metrics(j, QrelsArrays.build(index, max(KS)), (1,), KS)

    unique = {q: {sid: float(len(items) - r) for r, (sid, _) in enumerate(items)} for q, items in run.items()}
    zeroed = {q: {s: (lvl if lvl >= 2 else 0) for s, lvl in qr.items()} for q, qr in bench.qrels.items()}
    measures = {f"{m}.{','.join(map(str, KS))}" for m in ("P", "recall", "ndcg_cut", "map_cut")}
    binary = pytrec_eval.RelevanceEvaluator(bench.qrels, measures - {f"ndcg_cut.{','.join(map(str, KS))}"},
                                            relevance_level=2).evaluate(unique)
    graded = pytrec_eval.RelevanceEvaluator(zeroed, {f"ndcg_cut.{','.join(map(str, KS))}"},
                                            relevance_level=2).evaluate(unique)
    compared = 0
    for i, q in enumerate(index.query_ids):
        if not any(lvl >= 2 for lvl in bench.qrels[q].values()):
            assert np.isnan(ours["ndcg@10"][i]) and np.isnan(ours["recall@10"][i])
            continue
        for k in KS:
            assert ours[f"precision@{k}"][i] == pytest.approx(binary[q][f"P_{k}"], abs=1e-9)
            assert ours[f"recall@{k}"][i] == pytest.approx(binary[q][f"recall_{k}"], abs=1e-9)
            assert ours[f"map@{k}"][i] == pytest.approx(binary[q][f"map_cut_{k}"], abs=1e-9)
            assert ours[f"ndcg@{k}"][i] == pytest.approx(graded[q][f"ndcg_cut_{k}"], abs=1e-9)
            compared += 1
    assert compared > 100
    # MRR@k: pytrec_eval's recip_rank on the run cut at k
    for k in KS:
        cut = {q: dict(list(d.items())[:k]) for q, d in unique.items()}
        rr = pytrec_eval.RelevanceEvaluator(bench.qrels, {"recip_rank"}, relevance_level=2).evaluate(cut)
        for i, q in enumerate(index.query_ids):
            if q in rr and any(lvl >= 2 for lvl in bench.qrels[q].values()):
                assert ours[f"mrr@{k}"][i] == pytest.approx(rr[q]["recip_rank"], abs=1e-9)


def test_raw_tied_scores_would_disagree_without_the_transformation():
    """Documents why the transformation is needed: pytrec_eval breaks ties by id descending."""
    qrels = {"q": {"a": 2}}
    tied = {"q": {"a": 1.0, "b": 1.0}}
    res = pytrec_eval.RelevanceEvaluator(qrels, {"recip_rank"}).evaluate(tied)
    assert res["q"]["recip_rank"] == 0.5  # pytrec_eval put b first; execir ranks a first
