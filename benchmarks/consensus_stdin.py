"""Consensus on execir-poly's stdin/stdout programs (issue 25 item 3): what it changes on text2code.

Reads the results folder that

    execir evaluate execir-poly --systems 'minilm,minilm>consensus' --rerank-depth 10 --out DIR

writes (the evaluator's own metrics and paired bootstrap, nothing recomputed here) and prints:
per text2code query variant (``canonical_retro`` = CoREB's abbreviated queries, which state a
prose example; ``full_retro`` and ``search`` state none, so consensus leaves their programs in
retrieval order) nDCG@10, exec@1 and precision@1 of each system with their 95% CIs, then the
text2code paired differences of the reranked run against the retriever and against the probe.

Usage: python benchmarks/consensus_stdin.py DIR [--base minilm] [--reranked 'minilm>consensus']
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path

KEYS = ("ndcg@10", "exec@1", "precision@1")


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("results")
    ap.add_argument("--base", default="minilm")
    ap.add_argument("--reranked", default="minilm>consensus")
    args = ap.parse_args()
    folder = Path(args.results)
    breakdown = json.loads((folder / "analyses" / "multitask_breakdown.json").read_text())
    for variant, row in sorted(breakdown["variant"].items()):
        if not variant.startswith("t2c"):
            continue
        for system in (args.base, args.reranked):
            cells = []
            for key in KEYS:
                m = row["systems"][system][key]
                cells.append(f"{key} {m['value']:.3f} [{m['ci_low']:.3f}, {m['ci_high']:.3f}]")
            print(f"{variant:20s} n={row['n_queries']:4d} {system:18s} " + "  ".join(cells))
    tests = json.loads((folder / "pairwise_tests.json").read_text())
    for c in tests["comparisons"]:
        if c["group"] == "t2c" and c["key"] in KEYS and c["a"] == args.reranked:
            print(f"t2c {c['key']:12s} {c['a']} - {c['b']}: {c['diff']:+.3f} "
                  f"[{c['diff_ci_low']:+.3f}, {c['diff_ci_high']:+.3f}]")


if __name__ == "__main__":
    main()
