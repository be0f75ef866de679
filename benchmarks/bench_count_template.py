"""The counting template's per-test cost (issue 51): a dataset's canonical suites counted under
the template that defined the tracer in every test's text (``OLD_TEMPLATE`` of
``tests/execution/test_linecount.py``) and under the one that imports it
(:mod:`execir.execution.worktracer`), alternating, uncached, C counter where built.

    python benchmarks/bench_count_template.py --dataset execir-py --rounds 2

prints one JSON object: per template and round, the CPU seconds of the pool's workers (and their
reaped children), the wall seconds and the tests' summed durations (seconds); whether both gave
the same outcomes; the load average after.  The snippets run in the sandbox, as in a build.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))

from execution.test_linecount import _old_work_tests  # noqa: E402

from execir.construction.work import work_tests  # noqa: E402
from execir.datasets import load_dataset  # noqa: E402
from execir.execution import Oracle  # noqa: E402
from execir.execution.pool import shared_pool  # noqa: E402

_TICK = os.sysconf("SC_CLK_TCK")


def _workers_cpu() -> float:
    """CPU seconds of the pool's workers and their reaped children (utime+stime+cutime+cstime)."""
    total = 0.0
    for w in shared_pool().workers:
        with open(f"/proc/{w.proc.pid}/stat") as fh:
            total += sum(int(x) for x in fh.read().rsplit(")", 1)[1].split()[11:15]) / _TICK
    return total


def main() -> None:
    """Parse the arguments, count every round, print the JSON object (module docstring)."""
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--dataset", default="execir-py")
    ap.add_argument("--rounds", type=int, default=2)
    ap.add_argument("--workers", type=int, default=2)
    args = ap.parse_args()
    tasks = [t for t in load_dataset(args.dataset) if t.language == "python"]
    oracle = Oracle(workers=args.workers).with_limits(timeout=10)
    oracle.run([(t.canonical, work_tests(t.tests)) for t in tasks[:20]])  # start the pool
    make = {"old": lambda t: _old_work_tests(list(t.tests), None, False),
            "new": lambda t: work_tests(t.tests)}
    rounds: dict[str, list[dict]] = {"old": [], "new": []}
    outcomes: dict[str, list] = {}
    for r in range(args.rounds):
        for name in ("old", "new") if r % 2 == 0 else ("new", "old"):
            jobs = [(t.canonical, make[name](t)) for t in tasks]
            cpu, wall = _workers_cpu(), time.time()
            results = oracle.run(jobs)
            rounds[name].append({"workers_cpu_s": round(_workers_cpu() - cpu, 2),
                                 "wall_s": round(time.time() - wall, 1),
                                 "durations_s": round(sum(sum(x.durations) for x in results), 2)})
            outcomes.setdefault(name, [x.outcomes for x in results])
    print(json.dumps({"dataset": args.dataset, "suites": len(tasks),
                      "tests": sum(len(t.tests) for t in tasks), "rounds": rounds,
                      "same_outcomes": outcomes["old"] == outcomes["new"],
                      "loadavg_after": os.getloadavg()}, indent=1))


if __name__ == "__main__":
    main()
