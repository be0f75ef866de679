"""Oracle throughput on Ray (1 and 2 local nodes) against local ``run_many`` on the same pairs.

Starts a throw-away Ray cluster on loopback addresses (:class:`execir.scale.local.LocalCluster`,
``--cpus`` CPUs per node), and runs the same (code, tests) pairs -- MBPP canonicals and
single-token mutants, as ``bench_execution.py`` builds them, less those that run out of 1 s of CPU -- with no outcome
cache:

* locally: ``run_many(pairs, workers=W)`` with W = the CPUs of one node, then of two nodes;
* on Ray: an :class:`~execir.execution.Oracle` whose executor is a
  :class:`~execir.scale.RayExecutor` over 1 node, then 2 nodes, for each ``--batch`` size.

Rounds alternate local and Ray runs under the same load; the best of ``--rounds`` is kept.  Ray's
overhead per pair is ``(t_ray - t_local) / t_local`` for the same worker count; the outcomes of
every Ray run are compared with the local ones.  Prints one JSON object.

    python benchmarks/bench_ray.py [--pairs 600] [--batch 16,64] [--rounds 3] [--cpus 1]
"""

from __future__ import annotations

import argparse
import json
import signal
import sys
import time
from pathlib import Path

from execir.execution import Limits, Oracle, run_many
from execir.scale import RayExecutor, connect
from execir.scale.cluster import disconnect
from execir.scale.local import LocalCluster

sys.path.insert(0, str(Path(__file__).resolve().parent))
from bench_execution import DEFAULT_MBPP, build_pairs  # noqa: E402


def _timed(fn) -> tuple[float, list]:
    t0 = time.perf_counter()
    out = fn()
    return time.perf_counter() - t0, out


def measure(pairs: list, nodes: int, cpus: int, batches: list[int], rounds: int) -> dict:
    """Best-of-``rounds`` seconds for local ``run_many`` and for Ray at each batch size."""
    limits = Limits()
    workers = nodes * cpus
    with LocalCluster(nodes=nodes, cpus=cpus) as cluster:
        t0 = time.perf_counter()
        joined = connect(cluster.address)
        connect_s = time.perf_counter() - t0
        best = {"local": float("inf"), **{f"ray_b{b}": float("inf") for b in batches}}
        agree = True
        local_out = None
        for _ in range(rounds):
            secs, local_out = _timed(lambda: run_many(pairs, workers=workers, limits=limits))
            best["local"] = min(best["local"], secs)
            for b in batches:
                oracle = Oracle(limits=limits, cache=None,
                                executor=RayExecutor(joined, batch_size=b))
                secs, out = _timed(lambda: oracle.run(pairs))
                best[f"ray_b{b}"] = min(best[f"ray_b{b}"], secs)
                print(f"{nodes} node(s), batch {b}: {secs:.2f} s (local best {best['local']:.2f} s)",
                      file=sys.stderr, flush=True)
                agree &= [r.outcomes for r in out] == [r.outcomes for r in local_out]
        disconnect()
    n = len(pairs)
    row = {"nodes": nodes, "workers": workers, "connect_s": round(connect_s, 2),
           "local_s": round(best["local"], 3), "local_pairs_per_s": round(n / best["local"], 1),
           "outcomes_agree": agree}
    for b in batches:
        t = best[f"ray_b{b}"]
        row[f"batch_{b}"] = {"s": round(t, 3), "pairs_per_s": round(n / t, 1),
                             "overhead": round((t - best["local"]) / best["local"], 4),
                             "overhead_ms_per_pair": round(1e3 * (t - best["local"]) / n * workers,
                                                           3)}
    return row


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--mbpp", type=Path, default=DEFAULT_MBPP)
    ap.add_argument("--pairs", type=int, default=600)
    ap.add_argument("--batch", default="16,64", help="comma-separated batch sizes")
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--cpus", type=int, default=1, help="CPUs per node")
    ap.add_argument("--nodes", default="1,2", help="comma-separated node counts")
    args = ap.parse_args()
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(1))  # a killed run still stops its cluster
    candidates = build_pairs(args.mbpp, args.pairs)
    # screened as bench_execution.py does: a pair that runs out of time measures the time limit
    screen = run_many(candidates, workers=2, limits=Limits(timeout=1.0))
    pairs = [p for p, r in zip(candidates, screen) if "TIMEOUT" not in r.outcomes][:args.pairs]
    batches = [int(b) for b in args.batch.split(",")]
    rows = [measure(pairs, int(k), args.cpus, batches, args.rounds)
            for k in args.nodes.split(",")]
    print(json.dumps({"pairs": len(pairs), "tests": sum(len(t) for _, t in pairs),
                      "rounds": args.rounds, "runs": rows}, indent=2))


if __name__ == "__main__":
    main()
