"""Where a cold ``build_release`` spends its time (issue 13 item 3: execir-py in <= 120 s on 2 cores).

Builds one dataset's release from a cold execution cache (a fresh SQLite file in a temporary
folder, the same oracle as ``execir build``: default limits, every core) and prints one JSON
object with

* ``phases``: wall and CPU seconds of each stage of the build -- enumeration (six-type and
  extended-fallback mutants), canonicals, the mutant suites of each time-limit level, the
  extended fallback's suites, the sanity sweep, the cross-task sweep, assembling and writing
  (wrapped by name; a stage the builder no longer has, or that overlaps another, is simply
  missing or shares its time);
* ``oracle``: one row per ``Oracle.run`` call (its label, the time limit, jobs, pairs actually
  run, suites that timed out, the sum of the suites' measured durations, wall, main-process CPU,
  workers' CPU including their sandbox children, and the worker capacity left idle:
  ``workers * wall - workers' CPU``, which on a loaded machine also contains time spent waiting
  for a core);
* ``totals``: wall time; CPU of the main process, of the workers (with their children) and of
  the processes the build started and reaped itself (the enumeration helpers); worker time idle
  while the main process worked outside ``Oracle.run``.

Enumeration is ``_mutants_for`` when the builder enumerates in its own process (builder v5 as
shipped) and ``enumeration_wait`` (what the build still waits for after the canonicals) when it
enumerates in helper processes in the background.

``--compare DIR`` also checks the 7 release files against a release folder (e.g. the shipped
one) byte for byte.  ``--mutant-limits`` is a what-if: it replaces the builder's mutant time
ladder for this run (a different builder; see benchmarks/README.md, "Release builder").

Usage: python benchmarks/bench_build_phases.py [--dataset execir-py] [--workers N]
       [--compare ~/.cache/execir/releases/shipped/execir-py-v1-HASH] [--profile FILE] [--keep DIR]
       [--mutant-limits 0.1,0.25,0.5,1,2,5]
"""

from __future__ import annotations

import argparse
import cProfile
import functools
import json
import os
import resource
import tempfile
import time
from pathlib import Path

import execir.construction.release as release_mod
import execir.construction.verify as verify_mod
from execir.datasets import load_dataset
from execir.execution import ExecutionCache, Oracle
from execir.execution.outcomes import TIMEOUT
from execir.execution.pool import shared_pool
from execir.workflow.pipeline import build_dataset

FILES = ("queries.jsonl", "corpus.jsonl", "qrels/test.tsv", "tasks.jsonl", "labels.jsonl",
         "manifest.json", "build_report.json")
_TICK = os.sysconf("SC_CLK_TCK")


def _workers_cpu() -> float:
    """CPU seconds of the pool's workers and their reaped children (utime+stime+cutime+cstime)."""
    total = 0.0
    for w in shared_pool().workers:
        try:
            with open(f"/proc/{w.proc.pid}/stat") as fh:
                fields = fh.read().rsplit(")", 1)[1].split()
            total += sum(int(x) for x in fields[11:15]) / _TICK
        except (OSError, IndexError, ValueError):
            continue
    return total


class _Meter:
    """Wall, main-process CPU and workers' CPU between enter and exit."""

    def __enter__(self) -> "_Meter":
        self.t, self.c, self.w = time.perf_counter(), time.process_time(), _workers_cpu()
        return self

    def __exit__(self, *exc: object) -> None:
        self.wall = time.perf_counter() - self.t
        self.cpu = time.process_time() - self.c
        self.wcpu = _workers_cpu() - self.w


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--dataset", default="execir-py")
    ap.add_argument("--path", type=Path, default=None)
    ap.add_argument("--workers", type=int, default=None)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--compare", type=Path, default=None)
    ap.add_argument("--profile", type=Path, default=None,
                    help="write a cProfile of the main process here")
    ap.add_argument("--mutant-limits", default=None,
                    help="what-if only: replace the mutant time ladder (execir.construction.verify."
                         "MUTANT_LIMITS), e.g. 0.1,0.25,0.5,1,2,5; changes the builder")
    ap.add_argument("--keep", type=Path, default=None,
                    help="keep the release and the execution cache in this folder")
    args = ap.parse_args()
    tasks = load_dataset(args.dataset, args.path)
    if args.mutant_limits:
        verify_mod.MUTANT_LIMITS = tuple(float(x) for x in args.mutant_limits.split(","))
    phases: dict[str, dict] = {}
    calls: list[dict] = []
    stack: list[str] = []

    def phase(name: str, fn):
        @functools.wraps(fn)
        def wrapper(*a, **kw):
            label = name
            if name == "run_mutants" and kw.get("progress") == "executing extended mutants":
                label = "fallback_suites"
            stack.append(label)
            try:
                with _Meter() as m:
                    return fn(*a, **kw)
            finally:
                stack.pop()
                row = phases.setdefault(label, {"calls": 0, "wall_s": 0.0, "main_cpu_s": 0.0,
                                                "workers_cpu_s": 0.0})
                row["calls"] += 1
                row["wall_s"] += m.wall
                row["main_cpu_s"] += m.cpu
                row["workers_cpu_s"] += m.wcpu
        return wrapper

    real_run, real_stage = Oracle.run, Oracle.stage

    def named_stage(self, name, total):  # so that a row can name a stage shared by several calls
        line = real_stage(self, name, total)
        line.bench_name = name
        return line

    Oracle.stage = named_stage

    def timed_run(self, jobs, **kw):
        cache = self.cache
        before = None if cache is None else cache.stats()["rows"]
        with _Meter() as m:
            res = real_run(self, jobs, **kw)
        ran = None if cache is None else cache.stats()["rows"] - before
        calls.append({"in": stack[-1] if stack else None, "label": getattr(kw.get("progress"), "bench_name", kw.get("progress")),
                      "limit": self.limits.timeout, "jobs": len(jobs),
                      "ran": len(jobs) if cache is None else ran,
                      "timeouts": sum(1 for r in res if TIMEOUT in r.outcomes),
                      "durations_s": round(sum(sum(r.durations) for r in res), 2),
                      "wall_s": round(m.wall, 2), "main_cpu_s": round(m.cpu, 2),
                      "workers_cpu_s": round(m.wcpu, 2),
                      "workers_idle_s": round(self.n_workers * m.wall - m.wcpu, 2)})
        return res

    Oracle.run = timed_run
    for name in ("_mutants_for", "_fallback_mutants_for", "sanity_sweep", "cross_task_sweep",
                 "make_report", "write_release", "write_jsonl", "write_json", "check_corpus",
                 "select_distractors", "judged_runs"):
        if hasattr(release_mod, name):
            setattr(release_mod, name, phase(name, getattr(release_mod, name)))
    if hasattr(release_mod, "run_mutants"):
        release_mod.run_mutants = phase("run_mutants", release_mod.run_mutants)
    enumeration = getattr(release_mod, "Enumeration", None)
    if enumeration is not None:  # background enumeration: time what the build waits for it
        enumeration.result = phase("enumeration_wait", enumeration.result)
    profiler = cProfile.Profile() if args.profile else None
    with tempfile.TemporaryDirectory() as tmp:
        folder = args.keep or Path(tmp)
        folder.mkdir(parents=True, exist_ok=True)
        (folder / "cold.sqlite3").unlink(missing_ok=True)
        oracle = Oracle(workers=args.workers, cache=ExecutionCache(folder / "cold.sqlite3"))
        shared_pool().features()  # start one worker before the clock (the CLI pays it too)
        children = resource.getrusage(resource.RUSAGE_CHILDREN)
        with _Meter() as total:
            if profiler:
                profiler.enable()
            # as `execir build` does (a default build of a shipped dataset records its version)
            report = build_dataset(args.dataset, args.path, folder / "release", oracle=oracle,
                                   seed=args.seed, log=lambda _line: None)
            if profiler:
                profiler.disable()
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        helpers_cpu = (after.ru_utime + after.ru_stime) - (children.ru_utime + children.ru_stime)
        same = None
        if args.compare is not None:
            same = {f: (folder / "release" / f).read_bytes() == (args.compare / f).read_bytes()
                    for f in FILES}
    if profiler:
        profiler.dump_stats(str(args.profile))
    outside = total.wall - sum(c["wall_s"] for c in calls)
    print(json.dumps({
        "dataset": args.dataset, "tasks": len(tasks), "workers": oracle.n_workers,
        "mutant_limits": list(verify_mod.MUTANT_LIMITS),
        "mutants": report["mutants"]["total"], "released": report["tasks"]["released"],
        "totals": {"wall_s": round(total.wall, 2), "main_cpu_s": round(total.cpu, 2),
                   "workers_cpu_s": round(total.wcpu, 2),
                   "helpers_cpu_s": round(helpers_cpu, 2),
                   "oracle_wall_s": round(sum(c["wall_s"] for c in calls), 2),
                   "outside_oracle_wall_s": round(outside, 2),
                   "workers_idle_outside_oracle_s": round(oracle.n_workers * outside, 2),
                   "loadavg_after": os.getloadavg()},
        "phases": {k: {f: round(v, 2) if isinstance(v, float) else v for f, v in row.items()}
                   for k, row in phases.items()},
        "oracle": calls,
        "identical": same,
    }, indent=1))


if __name__ == "__main__":
    main()
