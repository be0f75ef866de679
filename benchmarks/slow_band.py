"""Could a clock decide the clear cases of v2's slow rule, and count only a band around it?
(issue 51 item 1)

v2's ratio rule (:mod:`execir.construction.slow`) calls a Python mutant's suite slow when its
tests execute more than 5x its canonical's snippet lines (:mod:`execir.construction.work`); every
suite is counted under a line tracer.  The proposal: time each suite untraced, and count only
those whose CPU-time ratio to the canonical lies within a factor ``B`` of 5 -- below ``5 / B``
the suite would be "not slow", above ``5 * B`` (or timed out) "slow", without a count.  That keeps
the shipped bytes only if no suite the clock decides gets another verdict than its count.

This script builds DATASET cold (no execution cache), records for every Python mutant the ratio
rule judged its untraced CPU seconds, its canonical's least seconds, its counted work and budget,
and the build's final verdict; mutants the build never ran untraced (over their budget, counted
first) are run untraced afterwards under their task's limit.  For each ``B`` it prints how many
suites the clock would decide, how many of those disagree with the count, and the time-outs an
untraced-first order would pay.  ``--hogs N`` runs N busy loops beside the build (a load).

    python benchmarks/slow_band.py --dataset humaneval [--hogs 2] [--json out.json]
"""

from __future__ import annotations

import argparse
import json
import math
import subprocess
import sys
import tempfile
import time
from pathlib import Path

BANDS = (1.5, 2.0, 3.0, 4.0, 6.0, 10.0)
RULE = 5.0


def _record(records: list, counts: dict):
    """Wrap the build's judged runs and counts, appending what they saw to ``records`` / ``counts``."""
    import execir.construction.families as families
    import execir.construction.release as release
    import execir.construction.slow as slow

    real_judged, real_work = slow.judged_runs, slow.suite_work

    def suite_work(oracle, jobs, seconds, caps=None, traced_cap=slow.TRACED_CAP):
        out = real_work(oracle, jobs, seconds, caps, traced_cap)
        for (code, tests), w in zip(jobs, out):
            counts.setdefault((code, tuple(tests)), w)
        return out

    def judged_runs(oracle, tasks, mutants, task_limit, canonical_seconds, **kw):
        results, verdicts = real_judged(oracle, tasks, mutants, task_limit, canonical_seconds, **kw)
        if kw.get("ratio"):
            records.append((oracle, list(tasks), dict(mutants), dict(task_limit),
                            dict(canonical_seconds), results, set(verdicts)))
        return results, verdicts

    slow.suite_work = suite_work
    release.judged_runs = families.judged_runs = judged_runs


def _rows(records: list, counts: dict) -> list[dict]:
    """One row per judged Python mutant: ratio (untraced / canonical CPU seconds; inf for a
    time-out), work, budget, the build's verdict."""
    from execir.construction.slow import OVER_BUDGET, suite_seconds
    from execir.construction.verify import language_of
    from execir.execution.outcomes import TIMEOUT

    rows, rerun = [], []
    for oracle, tasks, mutants, limits, canon_s, results, verdicts in records:
        for t in tasks:
            if language_of(t) != "python":
                continue
            cw = counts.get((t.canonical, tuple(t.tests)))
            for i, m in enumerate(mutants[t.task_id]):
                res = results[t.task_id][i]
                row = {"task": t.task_id, "work": counts.get((m.code, tuple(t.tests))),
                       "budget": None if cw is None else int(RULE * cw), "canon_s": canon_s[t.task_id],
                       "slow": (t.task_id, i) in verdicts, "skipped": OVER_BUDGET in res.outcomes}
                if row["skipped"]:
                    rerun.append((row, oracle, limits[t.task_id], (m.code, t.tests)))
                else:
                    row["seconds"] = math.inf if TIMEOUT in res.outcomes else suite_seconds(res)
                rows.append(row)
    by_limit: dict = {}
    for item in rerun:
        by_limit.setdefault((id(item[1]), item[2]), []).append(item)
    for batch in by_limit.values():  # the over-budget ones, untraced, under their task's limit
        oracle, limit = batch[0][1], batch[0][2]
        results = oracle.without_cache().with_limits(timeout=limit).run([job for *_, job in batch])
        for (row, *_), res in zip(batch, results):
            row["seconds"] = math.inf if TIMEOUT in res.outcomes else suite_seconds(res)
    return rows


def _bands(rows: list[dict]) -> list[dict]:
    out = []
    for band in BANDS:
        decided = disagree = timeouts = 0
        for r in rows:
            ratio = r["seconds"] / r["canon_s"] if r["canon_s"] > 0 else math.inf
            timeouts += ratio == math.inf
            if ratio < RULE / band:
                clock = False
            elif ratio > RULE * band:
                clock = True
            else:
                continue
            decided += 1
            disagree += clock != r["slow"]
        out.append({"band": band, "suites": len(rows), "clock_decided": decided,
                    "disagree": disagree, "untraced_timeouts": timeouts})
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--dataset", default="humaneval")
    ap.add_argument("--hogs", type=int, default=0, help="busy loops beside the build")
    ap.add_argument("--json", type=Path, help="write the rows and the band table here")
    args = ap.parse_args()

    from execir.execution import Oracle
    from execir.workflow.pipeline import build_dataset

    records: list = []
    counts: dict = {}
    _record(records, counts)
    hogs = [subprocess.Popen([sys.executable, "-c", "while True: pass"]) for _ in range(args.hogs)]
    start = time.monotonic()
    try:
        with tempfile.TemporaryDirectory() as tmp:
            build_dataset(args.dataset, None, Path(tmp) / "rel",
                          oracle=Oracle(workers=2, cache=None, build_cache=None), log=lambda _m: None)
    finally:
        for h in hogs:
            h.kill()
            h.wait()
    built = time.monotonic() - start
    rows = _rows(records, counts)
    table = _bands(rows)
    print(f"{args.dataset}: build {built:.0f} s with {args.hogs} hogs; "
          f"{len(rows)} judged Python mutant suites, {sum(r['slow'] for r in rows)} slow by count")
    print("band  clock-decided  disagree-with-count  untraced-time-outs")
    for t in table:
        print(f"{t['band']:>4}  {t['clock_decided']:>13}  {t['disagree']:>19}  {t['untraced_timeouts']:>18}")
    if args.json:
        args.json.write_text(json.dumps({"table": table, "rows": [
            {k: (None if isinstance(v, float) and math.isinf(v) else v) for k, v in r.items()}
            for r in rows]}, indent=1))


if __name__ == "__main__":
    main()
