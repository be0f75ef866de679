"""A trained first stage in pipelines, on the held-out split it never saw (issue 25 items 1, 4, 5).

Reads the model card of an ``execir train-retriever`` folder, cuts its release down to the
card's held-out tasks and evaluates ``minilm``, ``trained:<folder>`` and each of them followed
by ``>consensus`` (given as one string, so the pipeline adds each first stage's probe ``>medoid``), then prints, per
system: family@1 (right task at rank 1, correct or not: the ceiling of a within-family reranker)
and exec@1 / exec@10 with 95% query-bootstrap CIs, and each reranked method's Δ exec@1 against
its first stage and against the best probe on it (``analyses/rerank.json``).  Usage::

    python benchmarks/bench_first_stage.py MODEL_FOLDER [--dataset execir-py] [--depth 128]
        [--rerankers consensus] [--out RESULTS]

``--out`` writes the results folder too.
"""

from __future__ import annotations

import argparse
import json
import os
import time
from pathlib import Path

os.environ.setdefault("HF_HUB_OFFLINE", "1")
os.environ.setdefault("TRANSFORMERS_OFFLINE", "1")
os.environ.setdefault("TOKENIZERS_PARALLELISM", "false")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("model", type=Path)
    parser.add_argument("--dataset", default=None, help="default: the card's release")
    parser.add_argument("--depth", type=int, default=128)
    parser.add_argument("--rerankers", default="consensus")
    parser.add_argument("--out", type=Path, default=None)
    args = parser.parse_args()

    import execir
    from execir.datasets.sources import load_source
    from execir.rerank.examples import subset
    from execir.evaluation.metrics.family import family_at_1

    card = json.loads((args.model / "execir_card.json").read_text())
    bench = load_source(args.dataset or card["data"]["release"])[0]
    held = subset(bench, card["split"]["held_out_tasks"], name=f"{bench.name}[held-out]")
    firsts = ["minilm", f"trained:{args.model}"]
    systems = firsts + [f"{f}>{r}" for f in firsts for r in args.rerankers.split(",") if r]
    start = time.perf_counter()
    results = execir.evaluate(held, ",".join(systems), rerank_depth=args.depth, quiet=False)
    seconds = time.perf_counter() - start
    if args.out is not None:
        results.write(args.out)
    board = {row["system"]: row for row in results.leaderboard["systems"]}
    print(f"{held.name}: {len(held.queries)} queries, depth {args.depth}, {seconds:.0f} s "
          f"(load average {os.getloadavg()[0]:.1f})")
    for name, row in board.items():
        fam = family_at_1(held, results.runs[name])
        cells = [f"{k} {row['metrics'][k]['value']:.3f} [{row['metrics'][k]['ci_low']:.3f}, "
                 f"{row['metrics'][k]['ci_high']:.3f}]" for k in ("exec@1", "exec@10")]
        print(f"  {name}: family@1 {fam['value']:.3f} [{fam['ci_low']:.3f}, {fam['ci_high']:.3f}], "
              + ", ".join(cells) + (" (probe)" if row.get("probe") else ""))
    for name, row in results.analyses.get("rerank", {}).get("systems", {}).items():
        d = row["metrics"]["exec@1"]
        line = f"  {name}: Δ exec@1 {d['diff']:+.3f} [{d['diff_ci_low']:+.3f}, {d['diff_ci_high']:+.3f}] over {row['retriever']}"
        if "best_probe" in row:
            p = row["best_probe"]["metrics"]["exec@1"]
            line += (f", {p['diff']:+.3f} [{p['diff_ci_low']:+.3f}, {p['diff_ci_high']:+.3f}] over "
                     f"the best probe {row['best_probe']['probe']}")
        print(line)


if __name__ == "__main__":
    main()
