"""The default ``execir train-reranker`` (``--model cross``) or ``execir train-retriever``
(``--model bi``) run on execir-py (or ``--dataset humaneval``): its cost on 2 cores and its
held-out lift.

Trains the cross-encoder exactly as ``execir train-reranker`` does with its defaults (bundled
MiniLM as the start, ``minilm`` mining, 80/20 problem-disjoint split by a seeded hash of the task
id, one epoch, CPU, seed 0) and evaluates ``minilm`` against ``minilm>cross:<model>`` on the
held-out tasks only (exec@1, exec@10, canonical nDCG@10, graded nDCG@10; 95% query-bootstrap
CIs; paired bootstrap and exact McNemar); ``--model bi`` compares ``minilm`` with
``trained:<model>`` instead, and adds family@1 (right task at rank 1).  Torch is held to ``--threads`` (default 2) and the
oracle to 2 workers, to stand for a 2-core machine.

Reported per phase (mining = retrieval + execution labels of top-ranked other-task snippets,
training, held-out evaluation): wall seconds, and CPU seconds of this process plus its children
(the sandboxed executions).  On a shared machine the wall clock depends on other jobs' load; CPU
seconds far less, and CPU seconds / threads bounds what an idle 2-core machine needs.

``--max-train-queries N1,N2,...,all`` runs on seeded subsamples of the training tasks (same
held-out split; ``all`` = the whole training split, the default), for the data-scaling curve.
Usage::

    python benchmarks/bench_train_reranker.py [--model cross|bi] [--dataset execir-py]
        [--out DIR] [--epochs 1] [--threads 2] [--max-train-queries 200,400,all]
        [--eval-depth 32] [--cache-dir DIR]

The models go under ``--out`` (default: a temporary folder, removed afterwards).  Prints one JSON
object.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import shutil
import tempfile
import time
from pathlib import Path

os.environ.setdefault("HF_HUB_OFFLINE", "1")
os.environ.setdefault("TRANSFORMERS_OFFLINE", "1")
os.environ.setdefault("TOKENIZERS_PARALLELISM", "false")


def _cpu() -> float:
    own = resource.getrusage(resource.RUSAGE_SELF)
    kids = resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + kids.ru_utime + kids.ru_stime


def one_run(bench, labels, out: Path, settings, oracle, cache_dir, model: str = "cross") -> dict:
    from execir.progress import command_display
    from execir.rerank.train_cross_encoder import train_reranker
    from execir.rerank.train_retriever import train_retriever

    train = train_retriever if model == "bi" else train_reranker
    wall, cpu = time.perf_counter(), _cpu()
    with command_display(quiet=True):  # no third-party bars or load reports
        card = train(bench, out, oracle=oracle, settings=settings, labels=labels,
                     cache_dir=cache_dir, log=lambda _m: None)
    return {"max_train_queries": settings.max_train_queries,
            "trained_tasks": card["split"]["trained_tasks"],
            "examples": card["examples"], "timings_s": card["timings_s"],
            "training": card["training"], "wall_s": round(time.perf_counter() - wall, 1),
            "cpu_s": round(_cpu() - cpu, 1), "held_out": card["held_out"]}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--model", choices=("cross", "bi"), default="cross")
    parser.add_argument("--dataset", default="execir-py")
    parser.add_argument("--out", type=Path, default=None)
    parser.add_argument("--epochs", type=int, default=1)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--threads", type=int, default=2)
    parser.add_argument("--eval-depth", type=int, default=None)
    parser.add_argument("--max-train-queries", default="all",
                        help="comma-separated subsample sizes ('all': the whole training split)")
    parser.add_argument("--cache-dir", type=Path, default=None)
    args = parser.parse_args()

    import torch

    torch.set_num_threads(args.threads)
    from execir.datasets.shipped import shipped_release
    from execir.evaluation.labels import release_labels
    from execir.execution import Oracle
    from execir.formats.files import load_benchmark
    from execir.rerank.train_cross_encoder import TrainSettings
    from execir.rerank.train_retriever import RetrieverSettings

    oracle = Oracle(cache="default", cache_dir=args.cache_dir, workers=2, quiet=True)
    folder = shipped_release(args.dataset, args.cache_dir)
    bench = load_benchmark(folder)
    labels = release_labels(folder, bench, oracle.limits)
    root = args.out or Path(tempfile.mkdtemp(prefix="execir-bench-train-"))
    sizes = [None if x.strip() == "all" else int(x) for x in args.max_train_queries.split(",")
             if x.strip()]
    runs = []
    for size in sizes:
        extra = {} if args.eval_depth is None or args.model == "bi" else {"eval_depth": args.eval_depth}
        kind = RetrieverSettings if args.model == "bi" else TrainSettings
        settings = kind(seed=args.seed, epochs=args.epochs, max_train_queries=size, **extra)
        runs.append(one_run(bench, labels, root / f"{args.model}-n{size or 'all'}", settings,
                            oracle, args.cache_dir, args.model))
        print(json.dumps(runs[-1]["held_out"]["paired"], sort_keys=True), flush=True)
    if args.out is None:
        shutil.rmtree(root, ignore_errors=True)
    print(json.dumps({"release": bench.name, "model": args.model, "threads": args.threads, "epochs": args.epochs,
                      "seed": args.seed, "load_average": os.getloadavg(), "runs": runs},
                     indent=2, sort_keys=True))


if __name__ == "__main__":
    main()
