"""Speed of execir's evaluation step (not a test; figures go in benchmarks/README.md).

Synthetic benchmark shaped like ExecRetrieval: N queries, each with 1 canonical + 4 paired
distractors (pool of 5N snippets), S systems with top-100 runs and tied scores.  Labels are given
(no execution), so the timings are those of ranking checks, metrics, bootstrap and pairwise tests.

    python benchmarks/bench_evaluation.py [--systems 24] [--queries 1000] [--replicates 5000]

Reports: (1) metrics for all systems; (2) metrics + bootstrap + all pairwise tests; (3) pytrec_eval
on the same run for the same standard measures, per system, vs execir's metric computation.
"""

from __future__ import annotations

import argparse
import gc
import time

import numpy as np

from execir.evaluation.evaluate import compute_tables, score_runs
from execir.evaluation.judged import BenchmarkIndex, LabelTable, judge_run, key_pairs, label_keys, ranked_run
from execir.evaluation.labels import ExecutionLabel
from execir.evaluation.metrics import QrelsArrays, per_query_metrics
from execir.records import Benchmark, Query, Snippet, Task
from execir.execution import Oracle


def build(n_q: int, n_sys: int, depth: int, seed: int = 0):
    rng = np.random.default_rng(seed)
    corpus, queries, tasks, qrels = {}, {}, {}, {}
    for i in range(n_q):
        tid = f"t{i:05d}"
        tasks[tid] = Task(tid, f"query {i}", "f", "def f(): pass\n", ("assert True",))
        queries[f"q-{tid}"] = Query(f"q-{tid}", f"query {i}", tid)
        corpus[f"{tid}-c"] = Snippet(f"{tid}-c", "", tid, "canonical")
        qrels[f"q-{tid}"] = {f"{tid}-c": 2}
        for j in range(4):
            sid = f"{tid}-d{j}"
            corpus[sid] = Snippet(sid, "", tid, "distractor",
                                  mutation={"mutation_type": "off_by_one", "edit_size": 1 + j, "operator": "x"})
            qrels[f"q-{tid}"][sid] = 1
    bench = Benchmark("bench", queries, corpus, qrels, tasks)
    ids = np.array(sorted(corpus))
    n_docs = len(ids)
    runs = {}
    for s in range(n_sys):
        run = {}
        for i, qid in enumerate(queries):
            own = np.arange(5 * i, 5 * i + 5)  # sorted ids: canonical then d0..d3 of task i
            others = rng.choice(n_docs, size=depth, replace=False)
            others = others[(others < 5 * i) | (others >= 5 * i + 5)][: depth - 5]
            cand = np.concatenate([own, others])
            scores = np.round(rng.random(len(cand)) + np.where(np.arange(len(cand)) < 5, 0.8, 0.0), 2)
            order = np.lexsort((cand, -scores))
            run[qid] = [(str(ids[cand[o]]), float(scores[o])) for o in order]
        runs[f"sys{s:02d}"] = run
    labels = {}
    for qid, q in queries.items():
        for run in runs.values():
            for sid, _ in run[qid][:10]:
                ok = sid == f"{q.task_id}-c"
                labels[(qid, sid)] = ExecutionLabel(("pass",) if ok else ("FAIL",))
    return bench, runs, labels


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--systems", type=int, default=24)
    ap.add_argument("--queries", type=int, default=1000)
    ap.add_argument("--replicates", type=int, default=5000)
    ap.add_argument("--depth", type=int, default=100)
    ap.add_argument("--gc-freeze", action="store_true", help="gc.freeze() the built inputs first")
    args = ap.parse_args()
    bench, runs, labels = build(args.queries, args.systems, args.depth)
    if args.gc_freeze:
        gc.freeze()
    print(f"{args.systems} systems x {args.queries} queries, top-{args.depth}, {args.replicates} replicates")

    t0 = time.perf_counter()
    ev = score_runs(bench, runs, labels=labels, oracle=Oracle())
    t1 = time.perf_counter()
    lb, pw = compute_tables(ev, seed=0, replicates=args.replicates)
    t2 = time.perf_counter()
    print(f"metrics (rank check + judged arrays + {len(ev.keys)} metric@k) : {t1 - t0:6.2f} s")
    print(f"bootstrap CIs + {len(pw['comparisons'])} pairwise tests        : {t2 - t1:6.2f} s")
    print(f"total metrics + bootstrap + pairwise                 : {t2 - t0:6.2f} s")

    try:
        import pytrec_eval
    except ImportError:
        print("pytrec_eval not installed: skipping the comparison")
        return
    index = BenchmarkIndex.from_benchmark(bench)
    qa = QrelsArrays.build(index, 100)
    run0 = runs["sys00"]
    reps = 9  # best of 9: the least disturbed by other load on the machine
    best_ours = best_theirs = float("inf")
    measures = {"P.1,3,5,10,100", "recall.1,3,5,10,100", "ndcg_cut.1,3,5,10,100", "map_cut.1,3,5,10,100",
                "recip_rank"}
    as_dict = {q: dict(items) for q, items in run0.items()}
    for _ in range(reps):
        t0 = time.perf_counter()
        ranked = ranked_run(run0, index, system="s", depth=100)
        keys = label_keys({"s": ranked}, index, 10)
        table = LabelTable.from_keys(keys, [labels[p] for p in key_pairs(keys, index)])
        j = judge_run("s", ranked, index, table, label_depth=10)
        per_query_metrics(j, qa, (1, 3, 5, 10), (1, 3, 5, 10, 100))
        best_ours = min(best_ours, time.perf_counter() - t0)
        t0 = time.perf_counter()
        pytrec_eval.RelevanceEvaluator(bench.qrels, measures, relevance_level=2).evaluate(as_dict)
        best_theirs = min(best_theirs, time.perf_counter() - t0)
    ours, theirs = best_ours, best_theirs
    print(f"one system, all execir metrics (incl. exec@k, intrusion): {ours * 1000:7.1f} ms")
    print(f"one system, pytrec_eval P/recall/ndcg_cut/map_cut/RR    : {theirs * 1000:7.1f} ms")


if __name__ == "__main__":
    main()
