"""Multitask scores equal pytrec_eval's under CoREB's protocol (relevance_level=2, hard negatives
zeroed for nDCG, c2c anchors stripped, queries without a positive scoring 0), per task, on random
benchmarks with heavy score ties.

As in tests/evaluation/test_pytrec_agreement.py, pytrec_eval gets rank-derived scores in execir's
order (it breaks ties by id descending, execir by id ascending)."""

from __future__ import annotations

import numpy as np
import pytest

from execir.evaluation.evaluate import score_runs
from execir.records import CODE, TEXT, Benchmark, Query, Snippet
from execir.ranking import rank

pytrec_eval = pytest.importorskip("pytrec_eval")
KS = (1, 3, 5, 10, 100)


def _case(seed: int):
    rng = np.random.default_rng(seed)
    docs = {f"c{i:03d}": Snippet(f"c{i:03d}", "x", f"P{i % 9}", "", "python", modality=CODE, passed=bool(i % 3))
            for i in range(120)}
    docs.update({f"t{i:03d}": Snippet(f"t{i:03d}", "y", f"P{i % 9}", "", None, modality=TEXT) for i in range(40)})
    queries, qrels, run = {}, {}, {}
    for i in range(90):
        task = ("t2c", "c2c", "c2t")[i % 3]
        pool = [d for d, doc in docs.items() if doc.modality == (TEXT if task == "c2t" else CODE)]
        judged = rng.choice(len(pool), size=int(rng.integers(1, 9)), replace=False)
        qrels[f"q{i}"] = {pool[j]: int(rng.choice([1, 1, 2])) for j in judged}
        anchor = pool[int(rng.integers(len(pool)))] if task == "c2c" else None
        qrels[f"q{i}"].pop(anchor, None)
        queries[f"q{i}"] = Query(f"q{i}", "q", "P1", direction=task, subtask=f"{task}_v", variant="v",
                                 anchor_id=anchor, anchor_language="python" if anchor else None)
        listed = rng.choice(len(pool), size=int(rng.integers(3, len(pool))), replace=False)
        run[f"q{i}"] = [(pool[j], float(s)) for j, s in zip(listed, rng.integers(0, 5, size=len(listed)))]
        if anchor is not None and rng.random() < 0.8:  # the anchor usually tops its own list
            run[f"q{i}"] = [(d, s) for d, s in run[f"q{i}"] if d != anchor] + [(anchor, 9.0)]
    return Benchmark("r", queries, docs, qrels), run


@pytest.mark.parametrize("seed", [0, 1])
def test_task_means_match_pytrec_eval(seed):
    bench, run = _case(seed)
    ev = score_runs(bench, {"s": run}, match_negatives="keep")
    assert ev.no_positive  # some queries hold hard negatives only, and score 0
    anchors = bench.anchors()
    stripped = {q: [(d, s) for d, s in rank(items) if d != anchors.get(q)] for q, items in run.items()}
    unique = {q: {d: float(len(items) - r) for r, (d, _) in enumerate(items)} for q, items in stripped.items()}
    zeroed = {q: {d: (lvl if lvl >= 2 else 0) for d, lvl in r.items()} for q, r in bench.qrels.items()}
    ks = ",".join(map(str, KS))
    res = pytrec_eval.RelevanceEvaluator(zeroed, {f"ndcg_cut.{ks}", f"recall.{ks}", f"P.{ks}", f"map_cut.{ks}"},
                                         relevance_level=2).evaluate(unique)
    tasks = np.array([bench.queries[q].direction for q in ev.query_ids])
    for task in ("t2c", "c2c", "c2t"):
        qs = [q for q, t in zip(ev.query_ids, tasks) if t == task]
        for k in KS:
            for ours, theirs in ((f"ndcg@{k}", f"ndcg_cut_{k}"), (f"recall@{k}", f"recall_{k}"),
                                 (f"precision@{k}", f"P_{k}"), (f"map@{k}", f"map_cut_{k}")):
                if ours not in ev.per_query["s"]:
                    continue
                mine = float(np.mean(ev.per_query["s"][ours][tasks == task]))
                assert mine == pytest.approx(np.mean([res[q][theirs] for q in qs]), abs=1e-12), (task, ours)
