"""One big box (issue 17 item 7): exact top-10 for 1,000 queries over a 1,000,000-snippet corpus of
384-d vectors, through :func:`execir.retrieval.index.search`, within 8 GB.

The corpus and the queries are seeded random normal vectors, L2-normalised, float32 (generated
in fixed chunks of 65,536 rows, so the same seed gives the same vectors at any size); with
``--clusters C`` they are drawn around C seeded unit centres instead (each vector: its centre
plus isotropic noise of norm about ``--spread``, normalised), a crude stand-in for the clustered
structure of real embeddings.  Each index
kind runs in a fresh subprocess, so one kind's memory cannot hide another's; the child reports its
seconds and its peak resident memory (``VmHWM`` of ``/proc/self/status``, the same figure as
``ru_maxrss``), and the parent adds, for every kind, the recall@10 against exact search (and
whether the results are identical to exact: same ids, order and rounded scores).  Usage::

    python benchmarks/bench_big_corpus.py [--docs 1000000] [--queries 1000] [--dim 384] [--k 10]
        [--kinds exact,faiss-flat,faiss-ivf,faiss-hnsw] [--nlist 1000] [--nprobe 100]
        [--hnsw-m 16] [--ef-construction 40] [--ef-search 256] [--clusters 0 --spread 1.0]

Prints one JSON line per kind; ``--nprobe`` and ``--ef-search`` also take comma lists (the
index is built once, then searched with each value: one line per value).  Random isotropic
vectors are the hardest case for approximate indexes (the true neighbours barely stand out), so
their recall here is a floor, not what real embeddings get.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import numpy as np

_GEN_CHUNK = 65536


def synthetic(n: int, dim: int, seed: int, clusters: int = 0, spread: float = 1.0,
              centre_seed: int = 0) -> np.ndarray:
    """``(n, dim)`` seeded random vectors, L2-normalised, float32 (no float64 copy): isotropic
    normal, or (``clusters`` > 0) centre + noise of norm ≈ ``spread`` around ``clusters`` unit
    centres drawn from ``centre_seed``."""
    rng = np.random.default_rng(seed)
    centres = synthetic(clusters, dim, centre_seed) if clusters else None
    out = np.empty((n, dim), dtype=np.float32)
    for start in range(0, n, _GEN_CHUNK):
        block = rng.standard_normal((min(_GEN_CHUNK, n - start), dim), dtype=np.float32)
        if centres is not None:
            block *= np.float32(spread / np.sqrt(dim))
            block += centres[rng.integers(0, clusters, size=len(block))]
        out[start:start + len(block)] = block / np.linalg.norm(block, axis=1, keepdims=True)
    return out


def _status_kib(field: str) -> int:
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith(field + ":"):
            return int(line.split()[1])
    return 0


def child(args: argparse.Namespace) -> None:
    """Build the corpus, search it with one kind, write results and figures to ``args.out``."""
    from execir.retrieval import index as index_mod

    t0 = time.perf_counter()
    shape = {"clusters": args.clusters, "spread": args.spread, "centre_seed": args.seed + 2}
    docs = synthetic(args.docs, args.dim, args.seed, **shape)
    queries = synthetic(args.queries, args.dim, args.seed + 1, **shape)
    doc_ids = [f"s{i:07d}" for i in range(args.docs)]
    figures: dict[str, object] = {"kind": args.child, "corpus_s": round(time.perf_counter() - t0, 2),
                                  "rss_after_corpus_gib": round(_status_kib("VmRSS") / 2**20, 3)}
    nprobes = [int(v) for v in str(args.nprobe).split(",")]
    efs = [int(v) for v in str(args.ef_search).split(",")]
    options: dict[str, int] = {}
    if args.child == "faiss-ivf":
        options = {"nlist": args.nlist, "nprobe": nprobes[0], "seed": args.seed}
    elif args.child == "faiss-hnsw":
        options = {"hnsw_m": args.hnsw_m, "ef_construction": args.ef_construction,
                   "ef_search": efs[0]}
    runs = []
    cpu0 = time.process_time()
    t0 = time.perf_counter()
    if args.child == "exact":
        ranked = index_mod.search(queries, docs, doc_ids, args.k, kind="exact")
        runs.append({"options": options, "search_s": round(time.perf_counter() - t0, 2),
                     "ranked": ranked})
    else:
        built = index_mod.build_faiss_index(docs, args.child, **options)
        figures["build_s"] = round(time.perf_counter() - t0, 2)
        figures["build_cpu_s"] = round(time.process_time() - cpu0, 1)
        values = nprobes if args.child == "faiss-ivf" else efs if args.child == "faiss-hnsw" else [0]
        for value in values:                       # the same index, searched with each setting
            if args.child == "faiss-ivf":
                built.nprobe = options["nprobe"] = value
            elif args.child == "faiss-hnsw":
                built.hnsw.efSearch = options["ef_search"] = value
            t1, c1 = time.perf_counter(), time.process_time()
            ranked = index_mod.search(queries, docs, doc_ids, args.k, kind=args.child, index=built)
            runs.append({"options": dict(options), "search_s": round(time.perf_counter() - t1, 2),
                         "search_cpu_s": round(time.process_time() - c1, 1), "ranked": ranked})
    figures["seconds"] = round(time.perf_counter() - t0, 2)
    figures["cpu_s"] = round(time.process_time() - cpu0, 1)
    figures["peak_rss_gib"] = round(_status_kib("VmHWM") / 2**20, 3)
    figures["ru_maxrss_gib"] = round(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 2**20, 3)
    Path(args.out).write_text(json.dumps({"figures": figures, "runs": runs}))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--docs", type=int, default=1_000_000)
    parser.add_argument("--queries", type=int, default=1000)
    parser.add_argument("--dim", type=int, default=384)
    parser.add_argument("--k", type=int, default=10)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--kinds", default="exact,faiss-flat,faiss-ivf,faiss-hnsw")
    parser.add_argument("--nlist", type=int, default=1000)
    parser.add_argument("--nprobe", default="100", help="IVF lists probed (comma list: a sweep)")
    parser.add_argument("--hnsw-m", type=int, default=16)
    parser.add_argument("--ef-construction", type=int, default=40)
    parser.add_argument("--ef-search", default="256", help="HNSW efSearch (comma list: a sweep)")
    parser.add_argument("--clusters", type=int, default=0, help="0: isotropic vectors")
    parser.add_argument("--spread", type=float, default=1.0)
    parser.add_argument("--child", help=argparse.SUPPRESS)
    parser.add_argument("--out", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        return child(args)

    kinds = args.kinds.split(",")
    if "exact" in kinds:                     # the reference for recall runs first
        kinds = ["exact"] + [k for k in kinds if k != "exact"]
    exact = None
    with tempfile.TemporaryDirectory() as tmp:
        for kind in kinds:
            out = Path(tmp) / f"{kind}.json"
            load_before = os.getloadavg()[0]
            cmd = [sys.executable, __file__, "--child", kind, "--out", str(out)] + [
                f"--{name.replace('_', '-')}={getattr(args, name)}" for name in
                ("docs", "queries", "dim", "k", "seed", "nlist", "nprobe", "hnsw_m",
                 "ef_construction", "ef_search", "clusters", "spread")]
            subprocess.run(cmd, check=True)
            result = json.loads(out.read_text())
            figures = result["figures"]
            figures.update(docs=args.docs, queries=args.queries, dim=args.dim, k=args.k,
                           clusters=args.clusters, load_before=round(load_before, 2),
                           load_after=round(os.getloadavg()[0], 2))
            for run in result["runs"]:
                ranked = run.pop("ranked")
                if kind == "exact":
                    exact = ranked
                line = {**figures, **run}
                if exact is not None:
                    line[f"recall@{args.k}"] = round(float(np.mean(
                        [len({s for s, _ in a} & {s for s, _ in b}) / args.k
                         for a, b in zip(ranked, exact)])), 4)
                    line["identical_to_exact"] = ranked == exact   # ids, order and scores
                print(json.dumps(line), flush=True)


if __name__ == "__main__":
    main()
