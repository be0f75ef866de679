"""Retrieve-then-rerank: exec@1 of a retriever alone and with a reranker, with CIs and cost.

Two modes:

* ``--sweep`` (development split only, e.g. an MBPP release): run the consensus reranker's
  candidates once, then score several settings (temperature x documented weight) from the same
  behaviours; exec@1 is read from the release's qrels (level 2 = passes its task's tests, the
  cross-task sweep included).  This is where the defaults of
  :class:`execir.rerank.consensus.ConsensusSettings` are chosen.
* default: ``execir.evaluate`` (what ``execir evaluate`` runs) on a release with ``--systems``
  (default ``minilm,minilm>consensus``): exec@1 of each with its 95% bootstrap CI, the Δ with its
  CI and exact McNemar p (``analyses/rerank.json``), and the rerank stage's seconds per query
  (wall clock, this machine; ``config.json`` usage).  ``--out`` keeps the results folder.

Usage::

    .venv/bin/python benchmarks/bench_rerank.py --release /path/to/mbpp-release --sweep
    .venv/bin/python benchmarks/bench_rerank.py --dataset execir-py --out /tmp/rr/py
    .venv/bin/python benchmarks/bench_rerank.py --dataset humaneval --out /tmp/rr/he
"""

from __future__ import annotations

import argparse
import json
import math
import os
import sys
import time

os.environ.setdefault("HF_HUB_OFFLINE", "1")
os.environ.setdefault("TRANSFORMERS_OFFLINE", "1")


def _release(args) -> str:
    if args.release:
        return args.release
    from execir.datasets.shipped import shipped_release

    return str(shipped_release(args.dataset))


def sweep(args) -> None:
    from execir.execution import Oracle
    from execir.formats.files import load_benchmark
    from execir.rerank.consensus import ConsensusReranker, ConsensusSettings, consensus_order
    from execir.retrieval.factory import make_retriever

    bench = load_benchmark(_release(args))
    queries = {q: x.text for q, x in bench.queries.items()}
    corpus = {s: x.code for s, x in bench.corpus.items()}
    t0 = time.perf_counter()
    run = make_retriever(args.retriever, quiet=True).search(queries, corpus, args.rerank_depth)
    t1 = time.perf_counter()

    def exec1(r):
        return sum(bench.qrels[q].get(r[q][0][0], 0) == 2 for q in r if r[q]) / len(r)

    print(f"{bench.name}: {len(queries)} queries, {len(corpus)} snippets; {args.retriever} "
          f"{t1 - t0:.1f} s; exec@1 alone {exec1(run):.3f}")
    for n_inputs in args.inputs:
        reranker = ConsensusReranker(Oracle(quiet=True),
                                     ConsensusSettings(inputs=n_inputs, seed=args.seed))
        t2 = time.perf_counter()
        beh = reranker.behaviours(queries, corpus, run, args.rerank_depth)
        spent = time.perf_counter() - t2
        print(f"inputs={n_inputs}: executing {spent:.1f} s ({spent / len(queries):.3f} s/query)")
        for documented in args.documented:
            row = []
            for temperature in args.temperatures:
                after = {q: consensus_order(run[q], beh[q], temperature=temperature,
                                            documented=documented) for q in run}
                row.append(f"T={temperature:g}: {exec1(after):.3f}")
            print(f"  documented={documented:g}  " + "  ".join(row), flush=True)


def measure(args) -> None:
    import execir

    systems = args.systems
    t0 = time.perf_counter()
    res = execir.evaluate(_release(args), systems, seed=args.seed, quiet=True,
                          rerank_depth=args.rerank_depth)
    wall = time.perf_counter() - t0
    if args.out:
        res.write(args.out)
    board = {r["system"]: r["metrics"] for r in res.leaderboard["systems"]}
    print(f"{res.leaderboard['benchmark']} v{res.leaderboard.get('release_version')}: "
          f"{res.leaderboard['n_queries']} queries, rerank depth {args.rerank_depth}, "
          f"{wall:.0f} s in all")
    for name, metrics in board.items():
        m = metrics["exec@1"]
        usage = res.config["usage"].get(name, {}).get("rerank")
        cost = f"; rerank {usage['seconds_per_query']:.3f} s/query" if usage else ""
        print(f"  {name:32s} exec@1 {m['value']:.3f} [{m['ci_low']:.3f}, {m['ci_high']:.3f}]  "
              f"exec@10 {metrics['exec@10']['value']:.3f}{cost}")
    delta = res.analyses.get("rerank", {})
    for name, row in delta.get("systems", {}).items():
        m = row["metrics"]["exec@1"]
        print(f"  Δ exec@1 {name} - {row['retriever']}: {m['diff']:+.3f} "
              f"[{m['diff_ci_low']:+.3f}, {m['diff_ci_high']:+.3f}], won/lost "
              f"{m['a_only']}/{m['b_only']}, McNemar p = {m['p_mcnemar']:.3g}")
    if args.json:
        print(json.dumps({"leaderboard": res.leaderboard, "rerank": delta,
                          "usage": res.config["usage"]}, indent=1, sort_keys=True))


def main(argv=None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--dataset", default="execir-py", help="a shipped release (execir-py, humaneval)")
    ap.add_argument("--release", help="a release folder (e.g. `execir build mbpp ...`)")
    ap.add_argument("--systems", default="minilm,minilm>consensus")
    ap.add_argument("--retriever", default="minilm", help="first stage (--sweep)")
    ap.add_argument("--rerank-depth", type=int, default=128)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--out", help="write the results folder here")
    ap.add_argument("--json", action="store_true")
    ap.add_argument("--sweep", action="store_true", help="settings sweep (development split)")
    ap.add_argument("--inputs", type=int, nargs="+", default=[24])
    ap.add_argument("--temperatures", type=float, nargs="+",
                    default=[0.01, 0.02, 0.05, 0.1, 0.2, math.inf])
    ap.add_argument("--documented", type=float, nargs="+", default=[0.0, 1.0, 3.0])
    args = ap.parse_args(argv)
    (sweep if args.sweep else measure)(args)


if __name__ == "__main__":
    sys.exit(main())
