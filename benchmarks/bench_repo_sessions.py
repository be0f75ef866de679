"""Seconds per source-test suite of a repository build: the cost every mutant of `--from-repo` pays.

    python benchmarks/bench_repo_sessions.py --repo DIR [--tests ARGS] [--tasks 20] [--workers 2] [--counted]

Discovers ``DIR``'s tasks (cached under a scratch cache), takes the first ``--tasks`` of them and
runs each canonical and its first-order mutants (at most 12 per task, as the build samples)
through the oracle without its cache, so every suite is a fresh pytest session in the sandbox.
``--counted`` runs them as the centred design's counting runs instead (each test under the
line tracer, :mod:`execir.construction.work`), the largest phase of a repository build.
Prints pairs, wall seconds and seconds per pair.  To compare two versions of execir, run it
from each checkout (``PYTHONPATH=<checkout>/src``) one after the other on the same machine.
"""

from __future__ import annotations

import argparse
import os
import shlex
import tempfile
import time
from pathlib import Path

from execir.construction.work import work_tests
from execir.execution import Oracle
from execir.mutation import enumerate_mutants
from execir.repo.discover import discover


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repo", type=Path, required=True)
    parser.add_argument("--tests", default="")
    parser.add_argument("--tasks", type=int, default=20)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--counted", action="store_true", help="time the counting runs (line tracer)")
    parser.add_argument("--cache", type=Path, default=Path(tempfile.gettempdir()) / "execir-bench-sessions")
    args = parser.parse_args()
    with Oracle(workers=args.workers, quiet=True) as oracle:
        found = discover(args.repo, oracle, tests=shlex.split(args.tests), cache=args.cache, log=lambda _: None)
        jobs = []
        for task in found.tasks[:args.tasks]:
            jobs.append((task.canonical, list(task.tests)))
            for mutant in enumerate_mutants(task.canonical, entry_point=task.entry_point)[:12]:
                jobs.append((mutant.code, list(task.tests)))
        if args.counted:
            jobs = [(code, work_tests(tests)) for code, tests in jobs]
        start = time.perf_counter()
        results = oracle.without_cache().run(jobs)
        seconds = time.perf_counter() - start
    passed = sum(all(o == "pass" for o in r.outcomes) for r in results)
    kind = "counted " if args.counted else ""
    print(f"{len(jobs)} {kind}pairs of {min(args.tasks, len(found.tasks))} tasks ({passed} passing every test): "
          f"{seconds:.1f} s, {seconds / len(jobs):.3f} s per pair, {args.workers} workers, "
          f"load {os.getloadavg()[0]:.1f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
