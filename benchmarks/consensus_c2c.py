"""Consensus with the query's own program as the reference, on execir-poly's code-to-code queries.

A c2c query is a working program in one language; its relevant documents are the same program in
the other languages, and its hard negatives are mutants (the query's own language's among them,
which a text retriever puts first).  ``consensus`` runs the query program on generated stdin grids
(``execir.rerank.reference``), keeps the inputs it answers and sinks the candidates that print
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
    ap.add_argument("--systems", default="minilm,minilm>consensus")
    ap.add_argument("--out", type=Path, default=None)
    args = ap.parse_args()

    import execir
    from execir.formats.sources import load_source
    from execir.schema import Benchmark

    bench = load_source("execir-poly")[0]
    c2c = {q: v for q, v in bench.queries.items() if v.direction == "c2c"}
    problems = sorted({v.task_id for v in c2c.values()})
    if args.problems:
        problems = sorted(random.Random(args.seed).sample(problems, args.problems))
    keep = {q: v for q, v in c2c.items() if v.task_id in set(problems)}
    sub = Benchmark(name=f"{bench.name}[c2c]", queries=keep, corpus=bench.corpus,
                    qrels={q: bench.qrels[q] for q in keep}, tasks=bench.tasks, manifest=bench.manifest)
    start = time.perf_counter()
    results = execir.evaluate(sub, args.systems, rerank_depth=args.depth, quiet=False)
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
        if c["key"] in KEYS and c["group"] == "all":
            print(f"  {c['key']:12s} {c['a']} - {c['b']}: {c['diff']:+.3f} "
                  f"[{c['diff_ci_low']:+.3f}, {c['diff_ci_high']:+.3f}]")
    for name, run in results.runs.items():
        where = Counter()
        for qid, ranked in run.items():
            anchor = keep[qid].anchor_id
            top = next(s for s, _ in ranked if s != anchor)
            snip = bench.corpus[top]
            lang = "own language" if snip.language == keep[qid].anchor_language else "other language"
            where[f"{lang}, {'passing' if snip.passed else 'failing'}"] += 1
        print(f"  rank 1 of {name}: " + json.dumps(dict(sorted(where.items()))))


if __name__ == "__main__":
    main()
