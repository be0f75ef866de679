"""What `minilm>consensus` costs per query, and where the time goes (issue 25: <= 0.2 s per query
at depth 128 on 2 cores).

For each ``--dataset``: MiniLM's top ``--depth`` per query (embeddings cached, not timed), then
the consensus reranker under each ``--limits`` pair ``PER_CALL,SUITE`` (charged seconds; the first
pair is the reference).  Per pair it prints the rerank stage's wall seconds and seconds per
query, how many calls returned and how many ran out of time, the charged seconds the children
spent (calls that returned, and calls that ran out, each charged its whole limit) divided by the
workers -- the floor this oracle cannot go below for those calls --, the 99.9th percentile and
the maximum of the charged seconds of a call that returned, and how many queries' top 1
and whole order differ from the reference pair's.

Usage::

    python benchmarks/consensus_cost.py --dataset humaneval execir-py \\
        [--limits 0.5,4 0.1,2] [--depth 128] [--workers 2]

Prints one line per (dataset, limits).  Timing figures depend on the machine's load: run it
with nothing else running and state the load (``uptime``) beside them.
"""

from __future__ import annotations

import argparse
import os
import time

os.environ.setdefault("HF_HUB_OFFLINE", "1")


def _measure(queries, corpus, run, depth, oracle, per_call, suite):
    from execir.rerank.consensus import ConsensusReranker, ConsensusSettings

    reranker = ConsensusReranker(oracle, ConsensusSettings(test_timeout=per_call, timeout=suite))
    calls = {"returned": 0, "timeouts": 0, "charged": 0.0, "spent": []}
    probe = reranker.oracle.probe

    def counted(jobs, **kw):
        results = probe(jobs, **kw)
        for res in results:
            for outcome, spent in zip(res.outcomes, res.durations):
                if outcome == "TIMEOUT":
                    calls["timeouts"] += 1
                    calls["charged"] += per_call
                else:
                    calls["returned"] += 1
                    calls["charged"] += spent
                    calls["spent"].append(spent)
        return results

    reranker.oracle.probe = counted  # this instance's oracle only
    start = time.perf_counter()
    out = reranker.rerank(queries, corpus, run, depth)
    return out, time.perf_counter() - start, calls


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--dataset", nargs="+", default=["humaneval"])
    parser.add_argument("--limits", nargs="+", default=["0.5,4", "0.1,2"])
    parser.add_argument("--depth", type=int, default=128)
    parser.add_argument("--workers", type=int, default=2)
    args = parser.parse_args()

    from execir.datasets.shipped import shipped_release
    from execir.execution import Oracle
    from execir.formats.files import load_benchmark
    from execir.retrieval.factory import make_retriever

    oracle = Oracle(workers=args.workers, quiet=True)
    for name in args.dataset:
        bench = load_benchmark(str(shipped_release(name)))
        queries = {q: x.text for q, x in bench.queries.items()}
        corpus = {s: x.code for s, x in bench.corpus.items()}
        run = make_retriever("minilm").search(queries, corpus, args.depth)
        reference = None
        for pair in args.limits:
            per_call, suite = (float(x) for x in pair.split(","))
            out, wall, calls = _measure(queries, corpus, run, args.depth, oracle, per_call, suite)
            order = {q: [sid for sid, _ in out[q]] for q in out}
            reference = reference or order
            top = sum(order[q][:1] != reference[q][:1] for q in order)
            whole = sum(order[q] != reference[q] for q in order)
            spent = sorted(calls["spent"]) or [0.0]
            print(f"{name} per-call {per_call:g} s, suite {suite:g} s: {wall:.1f} s wall, "
                  f"{wall / len(queries):.3f} s/query ({len(queries)} queries); calls returned "
                  f"{calls['returned']:,}, ran out {calls['timeouts']:,}; charged "
                  f"{calls['charged']:.1f} s = {calls['charged'] / args.workers:.1f} s on "
                  f"{args.workers} workers; a call that returned: 99.9% under "
                  f"{spent[int(0.999 * (len(spent) - 1))]:.4f} s, slowest {spent[-1]:.4f} s "
                  f"charged; top 1 differs on {top}, order on {whole}", flush=True)


if __name__ == "__main__":
    main()
