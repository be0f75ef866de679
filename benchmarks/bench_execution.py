"""Throughput of execir's execution oracle vs one fresh ``python -I`` subprocess per pair.

Builds >= 2,000 real (code, tests) pairs from MBPP (each canonical plus simple single-token
mutants; every test is self-contained: the task's imports and set-up code are prepended), runs
them through ``execir.execution.run_many`` and through the baseline runner (one ``python -I``
process per pair, same per-test semantics, same number of concurrent workers), and prints pairs/s
of both, the ratio and how often the two agree on the outcomes.

It also measures the ceiling of any fork-per-pair oracle on this machine: the CPU cost of one
bare ``fork`` + ``_exit`` + ``waitpid`` of a small Python process (``--floor-forks`` of them) plus
the mean CPU the pairs' own code and tests use (the per-test durations the oracle records). The
baseline's CPU per pair divided by that sum is the best ratio a design that forks once per pair
could reach here, however lean its runner.

    python benchmarks/bench_execution.py [--mbpp PATH] [--pairs 2000] [--workers N]
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from execir.execution import Limits, run_many
from execir.execution.pool import shared_pool

DEFAULT_MBPP = Path(__file__).resolve().parents[1] / ".." / "shared" / "data" / "mbpp" / "mbpp.jsonl"
SWAPS = [(" + ", " - "), (" < ", " <= "), (" > ", " >= "), (" == ", " != "), ("+ 1", "+ 2"),
         ("- 1", "- 2"), (" and ", " or "), ("max(", "min("), ("range(1,", "range(0,")]

BASELINE_RUNNER = r'''
import json, sys, time
def main():
    job = json.loads(sys.stdin.read())
    code, tests = job["code"], job["tests"]
    out = []
    try:
        code_obj = compile(code, "<snippet>", "exec")
    except BaseException as exc:
        print(json.dumps(["ERROR:" + type(exc).__name__] * len(tests)))
        return
    for test in tests:
        ns = {"__name__": "__snippet__"}
        try:
            exec(code_obj, ns)
        except BaseException as exc:
            out.append("ERROR:" + type(exc).__name__)
            continue
        try:
            exec(compile(test, "<test>", "exec"), ns)
            out.append("pass")
        except BaseException as exc:
            out.append("FAIL" if type(exc) is AssertionError else "FAIL:" + type(exc).__name__)
    sys.stdout = sys.__stdout__
    print("\n@@RESULT@@" + json.dumps(out))
main()
'''


def build_pairs(path: Path, limit: int) -> list[tuple[str, list[str]]]:
    """MBPP canonicals and their single-token mutants as (code, tests) pairs."""
    pairs = []
    with open(path, encoding="utf-8") as fh:
        rows = [json.loads(line) for line in fh if line.strip()]
    for row in rows:
        prefix = "\n".join(row.get("test_imports") or [])
        setup = row.get("test_setup_code") or ""
        tests = ["\n".join(p for p in (prefix, setup, t) if p) for t in row["test_list"]]
        code = row["code"].replace("\r\n", "\n")
        pairs.append((code, tests))
        made = 0
        for old, new in SWAPS:
            if old in code and made < 4:
                pairs.append((code.replace(old, new, 1), tests))
                made += 1
    return pairs


def run_baseline(pairs, workers: int, timeout: float) -> list[tuple[str, ...]]:
    """One fresh ``python -I`` subprocess per pair, ``workers`` at a time."""
    with tempfile.TemporaryDirectory() as tmp:
        script = Path(tmp) / "runner.py"
        script.write_text(BASELINE_RUNNER)

        def one(pair):
            code, tests = pair
            try:
                proc = subprocess.run([sys.executable, "-I", str(script)], input=json.dumps(
                    {"code": code, "tests": tests}), capture_output=True, text=True,
                    timeout=timeout, cwd=tmp, env={"PATH": "/usr/bin:/bin", "PYTHONHASHSEED": "0"})
            except subprocess.TimeoutExpired:
                return ("TIMEOUT",) * len(tests)
            marker = proc.stdout.rfind("@@RESULT@@")
            if marker < 0:
                return ("FAIL:Crash",) * len(tests)
            return tuple(json.loads(proc.stdout[marker + 10:]))

        with ThreadPoolExecutor(workers) as ex:
            return list(ex.map(one, pairs))


FLOOR_SCRIPT = r'''
import gc, os, resource, sys
gc.collect(); gc.freeze()
n = int(sys.argv[1])
before = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
for _ in range(n):
    pid = os.fork()
    if pid == 0:
        os._exit(0)
    os.waitpid(pid, 0)
after = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
print(sum(a.ru_utime + a.ru_stime - b.ru_utime - b.ru_stime for a, b in zip(after, before)) / n)
'''


def fork_floor(n: int) -> float:
    """CPU seconds of one bare fork + _exit + waitpid in a small ``python -s -P`` process."""
    out = subprocess.run([sys.executable, "-s", "-P", "-c", FLOOR_SCRIPT, str(n)],
                         capture_output=True, text=True, check=True)
    return float(out.stdout)


def cpu_seconds() -> float:
    """CPU seconds used by this process and every descendant it has reaped."""
    t = os.times()
    return t.user + t.system + t.children_user + t.children_system


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--mbpp", type=Path, default=DEFAULT_MBPP)
    ap.add_argument("--pairs", type=int, default=2000)
    ap.add_argument("--workers", type=int, default=os.cpu_count() or 1)
    ap.add_argument("--timeout", type=float, default=5.0)
    ap.add_argument("--floor-forks", type=int, default=2000,
                    help="forks timed for the fork-per-pair ceiling (0 skips it)")
    args = ap.parse_args()
    if not args.mbpp.exists():
        sys.exit(f"MBPP not found at {args.mbpp} (pass --mbpp)")
    candidates = build_pairs(args.mbpp, args.pairs)
    # Screen (untimed): pairs that run out of CPU budget measure the timeout, not the runner.
    screen = run_many(candidates, workers=args.workers, limits=Limits(timeout=1.0))
    pairs = [p for p, r in zip(candidates, screen) if "TIMEOUT" not in r.outcomes][:args.pairs]
    print(f"candidates: {len(candidates)}  dropped (time out at 1 s CPU): "
          f"{sum('TIMEOUT' in r.outcomes for r in screen)}")
    print(f"pairs: {len(pairs)}  tests: {sum(len(t) for _, t in pairs)}  workers: {args.workers}  "
          f"cores: {os.cpu_count()}  load avg: {os.getloadavg()[0]:.2f}")

    shared_pool().close()  # start from cold workers: start-up is part of the measurement
    c0, t0 = cpu_seconds(), time.perf_counter()
    ours = run_many(pairs, workers=args.workers, limits=Limits(timeout=args.timeout))
    t_ours = time.perf_counter() - t0
    shared_pool().close()  # reap the workers so their CPU time (and their children's) is counted
    cpu_ours = cpu_seconds() - c0
    print(f"execir oracle:   {len(pairs) / t_ours:9.1f} pairs/s  ({t_ours:.2f} s; "
          f"{cpu_ours / len(pairs) * 1000:.2f} ms CPU/pair)")

    c0, t0 = cpu_seconds(), time.perf_counter()
    base = run_baseline(pairs, args.workers, args.timeout)
    t_base = time.perf_counter() - t0
    cpu_base = cpu_seconds() - c0
    print(f"python -I/pair:  {len(pairs) / t_base:9.1f} pairs/s  ({t_base:.2f} s; "
          f"{cpu_base / len(pairs) * 1000:.2f} ms CPU/pair)")

    agree = sum(r.outcomes == b for r, b in zip(ours, base))
    print(f"CPU-time ratio: {cpu_base / cpu_ours:.1f}x")
    print(f"ratio: {t_base / t_ours:.1f}x   outcome agreement: {agree}/{len(pairs)}   "
          f"passing pairs: {sum(r.passed for r in ours)}   load avg now: {os.getloadavg()[0]:.2f}")
    if args.floor_forks:
        floor = fork_floor(args.floor_forks)
        work = sum(sum(r.durations) for r in ours) / len(pairs)
        print(f"fork-per-pair ceiling: bare fork+exit+wait {floor * 1000:.3f} ms CPU + pair's own "
              f"work {work * 1000:.3f} ms CPU -> at most {cpu_base / len(pairs) / (floor + work):.1f}x "
              f"the baseline's CPU per pair")


if __name__ == "__main__":
    main()
