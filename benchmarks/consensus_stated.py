"""Where execution consensus wins and misses on a release, with the stated-example rule (issue 25).

Runs the consensus reranker's candidates once (MiniLM's top ``--depth``), orders them as
``minilm>consensus`` does, and prints:

* exec@1 and family@1 (the top snippet is of the query's own task) of MiniLM alone and of
  consensus, on the whole release and on the problem-disjoint split that ``train-reranker`` and
  ``train-retriever`` use (``split_tasks``, seed 0, 20% held out);
* per miss, its kind: ``foreign`` (another task on top), ``none stated`` (no result stated for
  the top candidate's function), ``all reproduced`` (the top candidate reproduces every stated
  result, as a passing one of its family does: the examples do not reach the edit), or
  ``canonical contradicts`` (every passing candidate contradicts a stated result too).

exec@1 is read from the release's qrels (level 2 = passes its task's tests).  Usage::

    .venv/bin/python benchmarks/consensus_stated.py --dataset humaneval
    .venv/bin/python benchmarks/consensus_stated.py --dataset execir-py --json
"""

from __future__ import annotations

import argparse
import json
import os
import time
from collections import Counter

os.environ.setdefault("HF_HUB_OFFLINE", "1")
os.environ.setdefault("TRANSFORMERS_OFFLINE", "1")


def _contradicted(b) -> tuple[int, int] | None:
    """(stated results contradicted, stated results) of one candidate's behaviour."""
    if b is None:
        return None
    stated = [i for i, e in enumerate(b.expected) if e]
    return sum(b.outputs[i] != b.expected[i] for i in stated), len(stated)


def miss_kind(bench, qid: str, top: str, behaviours) -> str:
    """The kind of one consensus miss (module docstring)."""
    if bench.corpus[top].task_id != bench.queries[qid].task_id:
        return "foreign"
    mine = _contradicted(behaviours.get(top))
    if mine is None or mine[1] == 0:
        return "none stated"
    passing = [_contradicted(behaviours.get(s)) for s, level in bench.qrels[qid].items()
               if level == 2 and s in behaviours]
    if mine[0] == 0:
        return "all reproduced"
    if passing and all(p is not None and p[0] > 0 for p in passing):
        return "canonical contradicts"
    return "other"


def main(argv=None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--dataset", default="humaneval", help="a shipped release (humaneval, execir-py)")
    ap.add_argument("--depth", type=int, default=128)
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args(argv)

    from execir.datasets.shipped import shipped_release
    from execir.execution import Oracle
    from execir.formats.files import load_benchmark
    from execir.rerank.consensus import ConsensusReranker, ConsensusSettings, consensus_order
    from execir.rerank.examples import split_tasks
    from execir.retrieval.factory import make_retriever

    bench = load_benchmark(str(shipped_release(args.dataset)))
    queries = {q: x.text for q, x in bench.queries.items()}
    corpus = {s: x.code for s, x in bench.corpus.items()}
    t0 = time.perf_counter()
    run = make_retriever("minilm", quiet=True).search(queries, corpus, args.depth)
    t1 = time.perf_counter()
    settings = ConsensusSettings()
    found = ConsensusReranker(Oracle(quiet=True), settings).behaviours(queries, corpus, run, args.depth)
    t2 = time.perf_counter()
    after = {q: consensus_order(run[q][:args.depth], found[q], temperature=settings.temperature,
                                documented=settings.documented) for q in run}
    split = split_tasks(sorted(bench.tasks), held_out=0.2, seed=0)
    sides = {"all": set(bench.tasks), "train": set(split.train), "held-out": set(split.held_out)}
    out: dict = {"dataset": args.dataset, "queries": len(run), "seconds": {
        "retrieve": round(t1 - t0, 1), "execute": round(t2 - t1, 1)}, "sides": {}}
    for side, tasks in sides.items():
        qs = [q for q in run if bench.queries[q].task_id in tasks]
        row = {"queries": len(qs)}
        for name, r in (("minilm", run), ("minilm>consensus", after)):
            tops = {q: r[q][0][0] for q in qs if r[q]}
            row[name] = {"exec@1": round(sum(bench.qrels[q].get(s, 0) == 2 for q, s in tops.items()) / len(qs), 3),
                         "family@1": round(sum(bench.corpus[s].task_id == bench.queries[q].task_id
                                               for q, s in tops.items()) / len(qs), 3)}
        out["sides"][side] = row
    misses = {q: miss_kind(bench, q, after[q][0][0], found[q]) for q in run
              if after[q] and bench.qrels[q].get(after[q][0][0], 0) != 2}
    out["misses"] = dict(sorted(Counter(misses.values()).items()))
    out["miss_tasks"] = {k: sorted(bench.queries[q].task_id for q in misses if misses[q] == k)
                         for k in out["misses"]}
    out["queries_with_stated_results"] = sum(
        1 for q in run if any(any(b.expected) for b in found[q].values()))
    if args.json:
        print(json.dumps(out, indent=1))
        return
    print(f"{args.dataset}: {len(run)} queries; MiniLM {out['seconds']['retrieve']} s, "
          f"executing {out['seconds']['execute']} s")
    for side, row in out["sides"].items():
        print(f"  {side:9s} ({row['queries']:4d} q): " + "; ".join(
            f"{n} exec@1 {m['exec@1']:.3f} family@1 {m['family@1']:.3f}"
            for n, m in row.items() if n != "queries"))
    print(f"  queries with a stated result for a retrieved function: {out['queries_with_stated_results']}")
    for kind, n in out["misses"].items():
        print(f"  miss, {kind}: {n}  ({', '.join(out['miss_tasks'][kind][:20])})")


if __name__ == "__main__":
    main()
