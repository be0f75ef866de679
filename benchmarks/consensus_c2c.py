"""Consensus with the query's own program as the reference, on execir-poly's code-to-code queries.

A c2c query is a working program in one language; its relevant documents are the same program in
the other languages, and its hard negatives are mutants (the query's own language's among them,
which a text retriever puts first).  ``consensus`` runs the query program on generated stdin grids
(``execir.rerank.reference_program``), keeps the inputs it answers and sinks the candidates that print
something else.  This script evaluates ``minilm`` and ``minilm>consensus`` on the c2c queries of
execir-poly (all of them, or those of a seeded sample of problems), over the whole corpus, with the
evaluator's own metrics and paired bootstrap, and prints per system nDCG@10, exec@1 and
precision@1 with 95% CIs, the paired differences, and where rank 1 came from (the query's own
language or another; passing or not).

Usage: python benchmarks/consensus_c2c.py [--problems N] [--seed S] [--depth 10] [--out DIR]
"""

from __future__ import annotations

import argparse
import json
import os
import random
import time
from collections import Counter
from pathlib import Path

os.environ.setdefault("HF_HUB_OFFLINE", "1")
os.environ.setdefault("TRANSFORMERS_OFFLINE", "1")

KEYS = ("ndcg@10", "exec@1", "precision@1")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--problems", type=int, default=0, help="a seeded sample of this many problems (0: all)")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--depth", type=int, default=10)
    ap.add_argument("--out", type=Path, default=None)
    args = ap.parse_args()

    import execir
    from execir.datasets.sources import load_source
    from execir.records import Benchmark

    bench = load_source("execir-poly")[0]
    c2c = {q: v for q, v in bench.queries.items() if v.direction == "c2c"}
    problems = sorted({v.task_id for v in c2c.values()})
    if args.problems:
        problems = sorted(random.Random(args.seed).sample(problems, args.problems))
    keep = {q: v for q, v in c2c.items() if v.task_id in set(problems)}
    sub = Benchmark(name=f"{bench.name}[c2c]", queries=keep, corpus=bench.corpus,
                    qrels={q: bench.qrels[q] for q in keep}, tasks=bench.tasks, manifest=bench.manifest)
    from execir.execution import Oracle
    from execir.rerank.consensus import ConsensusReranker
    from execir.rerank.stage import RerankedRetriever
    from execir.retrieval.factory import make_retriever

    class Recording(ConsensusReranker):
        """The consensus reranker, keeping each query's behaviours for the breakdown."""

        def __init__(self, *a, **kw):
            super().__init__(*a, **kw)
            self.found: dict = {}

        def behaviours(self, *a, **kw):
            out = super().behaviours(*a, **kw)
            self.found.update(out)
            return out

    reranker = Recording(Oracle(quiet=False))
    systems = {"minilm": "minilm", "minilm>medoid": "minilm>medoid",
               "minilm>consensus": RerankedRetriever("minilm>consensus", make_retriever("minilm"), reranker,
                                                     depth=args.depth)}
    start = time.perf_counter()
    results = execir.evaluate(sub, systems, rerank_depth=args.depth, quiet=False)
    seconds = time.perf_counter() - start
    if args.out is not None:
        results.write(args.out)
    print(f"{sub.name}: {len(keep)} queries of {len(problems)} problems, depth {args.depth}, {seconds:.0f} s "
          f"(load average {os.getloadavg()[0]:.1f})")
    task = results.leaderboard["groups"]["task"]["c2c"]["systems"]
    for name, metrics in task.items():
        cells = [f"{k} {metrics[k]['value']:.3f} [{metrics[k]['ci_low']:.3f}, {metrics[k]['ci_high']:.3f}]"
                 for k in KEYS]
        print(f"  {name:22s} " + "  ".join(cells))
    for c in results.pairwise["comparisons"]:
        if c["key"] in KEYS and c["group"] == "all" and c["a"] == "minilm>consensus":
            print(f"  {c['key']:12s} {c['a']} - {c['b']}: {c['diff']:+.3f} "
                  f"[{c['diff_ci_low']:+.3f}, {c['diff_ci_high']:+.3f}]")
    for name, run in results.runs.items():
        where = Counter(_top_kind(bench, keep[qid], ranked) for qid, ranked in run.items())
        print(f"  rank 1 of {name}: " + json.dumps(dict(sorted(where.items()))))
    misses = Counter(_miss(bench, keep[qid], ranked[:args.depth], reranker.found.get(qid, {}))
                     for qid, ranked in results.runs["minilm>consensus"].items())
    print("  minilm>consensus, each query: " + json.dumps(dict(misses.most_common())))


def _top(q, ranked):
    return next(s for s, _ in ranked if s != q.anchor_id)


def _passes(bench, q, sid) -> bool:
    """A correct program of the query's own problem (another problem's never passes)."""
    snip = bench.corpus[sid]
    return bool(snip.passed) and snip.task_id == q.task_id


def _top_kind(bench, q, ranked) -> str:
    top = _top(q, ranked)
    lang = "own language" if bench.corpus[top].language == q.anchor_language else "other language"
    return f"{lang}, {'passing' if _passes(bench, q, top) else 'failing'}"


def _contradicted(b) -> float:
    stated = [(o, e) for o, e in zip(b.outputs, b.expected) if e]
    return sum(o != e for o, e in stated) / len(stated) if stated else 0.0


def _miss(bench, q, ranked, found) -> str:
    """Why rank 1 (anchor removed) is or is not a passing program."""
    top = _top(q, ranked)
    if _passes(bench, q, top):
        return "hit"
    if not any(b.expected for b in found.values()):
        return "query program answered no grid"
    good = [s for s, _ in ranked if s != q.anchor_id and _passes(bench, q, s)]
    if not good:
        return "no passing program in the top k"
    best = min(_contradicted(found[s]) for s in good if s in found) if any(s in found for s in good) else 1.0
    mine = _contradicted(found[top]) if top in found else 1.0
    if best > mine:
        return "the passing port contradicts the query more than rank 1 (read the grid otherwise)"
    return "tie: rank 1 agrees with the query as often (an edit no grid reaches)"

if __name__ == "__main__":
    main()
