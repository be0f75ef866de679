"""Wall time of `build_release` from a cold execution cache (issue 4 speed target: HumanEval
≤ 20 s on 2 cores).  Prints one JSON line per dataset with the build time, the oracle's share
(the same jobs' wall time is not separable, so we time enumeration separately) and key counts.

Usage: python benchmarks/bench_build.py [--dataset humaneval] [--path FILE] [--workers 2]
"""

from __future__ import annotations

import argparse
import json
import tempfile
import time
from pathlib import Path

from execir.construction import build_release
from execir.datasets import load_dataset
from execir.execution import ExecutionCache, Oracle
from execir.mutation import enumerate_mutants


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--dataset", default="humaneval")
    ap.add_argument("--path", type=Path, default=None)
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--seed", type=int, default=0)
    args = ap.parse_args()
    tasks = load_dataset(args.dataset, args.path)
    oracle = {"calls": 0, "jobs": 0, "s": 0.0}
    real_run = Oracle.run

    def timed_run(self, jobs, **kw):
        t = time.perf_counter()
        try:
            return real_run(self, jobs, **kw)
        finally:
            oracle["calls"] += 1
            oracle["jobs"] += len(jobs)
            oracle["s"] += time.perf_counter() - t

    Oracle.run = timed_run
    t0 = time.perf_counter()
    n_mutants = sum(len(enumerate_mutants(t.canonical, entry_point=t.entry_point)) for t in tasks)
    t_enum = time.perf_counter() - t0
    with tempfile.TemporaryDirectory() as tmp:
        cache = ExecutionCache(Path(tmp) / "cold.sqlite3")
        t0 = time.perf_counter()
        report = build_release(tasks, Path(tmp) / "release", name=args.dataset, seed=args.seed,
                               oracle=Oracle(workers=args.workers, cache=cache))
        t_cold = time.perf_counter() - t0
        oracle_cold = dict(oracle, s=round(oracle["s"], 2))
        t0 = time.perf_counter()
        build_release(tasks, Path(tmp) / "release2", name=args.dataset, seed=args.seed,
                      oracle=Oracle(workers=args.workers, cache=cache))
        t_warm = time.perf_counter() - t0
    print(json.dumps({
        "dataset": args.dataset, "tasks": len(tasks), "workers": args.workers,
        "mutants": n_mutants, "enumeration_s": round(t_enum, 2),
        "build_cold_cache_s": round(t_cold, 2), "build_warm_cache_s": round(t_warm, 2),
        "oracle_cold": oracle_cold,
        "released": report["tasks"]["released"], "planted": report["planted"]["total"],
        "mutation_score_median": report["mutation_score"]["median"],
        "survivors": report["survivors"]["count"],
    }))


if __name__ == "__main__":
    main()
