"""The slow-suite decision of a build, made as robust to machine load as a CPU clock allows.

A mutant whose suite is slow is never planted and counts as killed by a time-out
(:class:`~execir.mutation.select.VerifiedMutant`): a slightly slower run would time out, and a
release must not depend on the machine's speed.  One CPU measurement of a suite varies between
runs (0.5x to 1.7x its idle value between an idle and a fully loaded HumanEval build;
``benchmarks/README.md``, "Load and the slow-suite decision"), and a sustained load inflates
every measurement alike (about 1.5x with every core busy here).

Two rules (:func:`slow_threshold`): the star design keeps v1's -- a quarter of the task's time
limit, which a ladder of steps picks from the canonical's time, so an absolute threshold that a
sustained load moves a suite across -- so v1 releases rebuild byte for byte; the centred design
compares a suite with its own canonical's time (5x), both measured under the same load.  Both
take a measurement within a factor :data:`GREY` of its threshold :data:`REPEATS` more times
without the execution cache and let the least decide (a load only adds CPU time), while a clear
case costs no extra run.  A suite within a few per cent of its threshold can still fall either
side (HumanEval/75 has mutants at 4.8x and 5.1x its canonical): no rule on a clock removes that.
So the ratio rule decides every Python suite by *counted work* instead
(:mod:`execir.construction.work`: the snippet lines its tests execute, the same on any machine):
slow when it executes more than :data:`RATIO_RULE` x its canonical's lines, each test cut off at
that line budget so a runaway loop is over it after the same number of lines everywhere; a suite
that timed out but is within its budget (its time spent in C) runs again under :data:`PATIENCE`
x its limit (:func:`settle_timeouts`), so its outcomes are its tests' verdicts.  Where every
suite is counted, the count comes first (:func:`judged_runs`), so a runaway loop is over its
budget after a fixed number of lines and never spends its time limit untraced.  What still rests
on a clock: a suite whose traced run or longer re-run runs out of time, a canonical's (the
mutants' time limit, not a verdict), and every suite of a program language.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Mapping, Sequence

from execir.construction.syntax import PYTHON
from execir.construction.verify import (PYTHON_FACTOR, ladder_factor, language_of,
                                        run_by_language, run_mutants)
from execir.construction.work import TRACED_CAP, suite_work
from execir.execution import Oracle, SuiteResult
from execir.execution.outcomes import TIMEOUT
from execir.mutation.select import KILLED_WRONG_OUTPUT, classify
from execir.records import Task

#: share of its time limit a planted distractor's suite may use
SLOW_SHARE = 0.25
#: the star rule: a mutant suite at most this many times its canonical's is never slow
SLOW_RATIO = 2.0
#: the ratio rule: a mutant suite over this many times its canonical's is slow (the limit is at
#: least 10 times it, so a slow suite is still at most half its limit)
RATIO_RULE = 5.0
#: the ratio rule's cap: a suite over this share of its limit is slow whatever its canonical
LIMIT_SHARE = 0.5
#: a measurement within this factor of its threshold is measured again
GREY = 2.0
#: further measurements of a grey one (the least of 1 + REPEATS decides)
REPEATS = 2
#: a Python suite that timed out but is not slow by its work runs again under this x its limit
PATIENCE = 4.0
#: the outcome of each test of a mutant not run untraced because its counted work is over the
#: ratio rule's budget (:func:`judged_runs`): slow whatever a clock would say, so its status is
#: killed_crash_only (:class:`~execir.mutation.select.VerifiedMutant`) as with any outcome
OVER_BUDGET = "FAIL:OverBudget"


@dataclass(frozen=True)
class Counting:
    """How much of a build the ratio rule counts (:func:`slow_mutants`): a build cost a caller
    may set, recorded in the build report's policy (:meth:`policy`).

    Attributes:
        traced_cap: the most seconds of a counting run
            (:func:`~execir.construction.work.traced_limit`): a suite whose runaway is in C
            runs this long before it is slow.
        plantable_only: count only the suites that could be planted -- killed with a wrong
            output and no time-out (:func:`~execir.mutation.select.eligible`); any other suite is
            slow exactly when it timed out and is never run again.  Such a suite is not planted
            either way, so the distractors are as the full rule picks them but for a suite that
            timed out and would have settled (its time in C, :func:`settle_timeouts`); what
            changes is the report's statistics: a survivor over its budget stays ``survived``
            instead of "killed by a time-out".  A repository build sets it
            (:mod:`execir.repo.repo_release`): there counting every suite under a tracer was over half
            the build.
    """

    traced_cap: float = TRACED_CAP
    plantable_only: bool = False

    def policy(self) -> dict[str, Any]:
        """The build report's policy entries: ``traced_cap``, and ``count`` when not every suite is."""
        return {"traced_cap": self.traced_cap, **({"count": "plantable_only"} if self.plantable_only else {})}


def judged_runs(oracle: Oracle, tasks: Sequence[Task], mutants: Mapping[str, Sequence],
                task_limit: Mapping[str, float], canonical_seconds: Mapping[str, float], *,
                ratio: bool = False, counting: Counting = Counting(),
                progress: str = "executing mutants"
                ) -> tuple[dict[str, list[SuiteResult]], set[tuple[str, int]]]:
    """Execute each task's mutants under its time limit (:func:`~execir.construction.verify.run_mutants`)
    and decide the slow ones (:func:`slow_mutants`; with ``ratio``, time-outs settled by
    :func:`settle_timeouts`).

    With the ratio rule counting every suite, each Python mutant's work is counted *first*,
    under the traced time limit of a suite :data:`RATIO_RULE` x its canonical's time -- the least
    limit the count after an untraced run would get.  A mutant over its budget is slow by that
    count whatever its untraced run shows, so it is not run untraced (a runaway loop would spend
    its task's whole time limit there) and each of its tests gets :data:`OVER_BUDGET`; every
    other count is kept, and one that ran out of time is made again after the untraced run under
    that run's limit, as before.  The decisions are the ones counting after the untraced run
    gives, so the release is the same.

    Returns:
        ``(results, slow)``: task id -> one :class:`SuiteResult` per mutant in the order of
        ``mutants[task id]``, and the ``(task id, index)`` of the slow ones.
    """
    canon: dict[str, int] = {}
    known: dict[tuple[str, int], int] = {}
    over: set[tuple[str, int]] = set()
    if ratio and not counting.plantable_only:
        canon, known, over = _count_first(oracle, tasks, mutants, canonical_seconds,
                                          counting.traced_cap)
    todo = {t.task_id: [m for i, m in enumerate(mutants[t.task_id]) if (t.task_id, i) not in over]
            for t in tasks}
    ran = run_mutants(oracle, tasks, todo, task_limit, progress=progress)
    results: dict[str, list[SuiteResult]] = {}
    for t in tasks:
        runs = iter(ran[t.task_id])
        skipped = SuiteResult((OVER_BUDGET,) * len(t.tests), (0.0,) * len(t.tests))
        results[t.task_id] = [skipped if (t.task_id, i) in over else next(runs)
                              for i in range(len(mutants[t.task_id]))]
    slow = slow_mutants(oracle, tasks, mutants, results, task_limit, canonical_seconds,
                        ratio=ratio, counting=counting, known=known, canon=canon)
    if ratio:
        results, still = settle_timeouts(oracle, tasks, mutants, results, task_limit, slow)
        slow |= still
    return results, slow


def _count_first(oracle: Oracle, tasks: Sequence[Task], mutants: Mapping[str, Sequence],
                 canonical_seconds: Mapping[str, float], traced_cap: float
                 ) -> tuple[dict[str, int], dict[tuple[str, int], int], set[tuple[str, int]]]:
    """:func:`judged_runs`' first count: ``(canon, known, over)``, the work of each Python
    canonical whose traced run finished, by task id, the same of each of their mutants, by
    ``(task id, index)``, and the mutants over their task's budget."""
    python = [t for t in tasks if language_of(t) == PYTHON and mutants[t.task_id]]
    canon = suite_work(oracle, [(t.canonical, t.tests) for t in python],
                       [canonical_seconds[t.task_id] for t in python], traced_cap=traced_cap)
    counted = {t.task_id: w for t, w in zip(python, canon) if w is not None}
    budget = {tid: int(RATIO_RULE * w) for tid, w in counted.items()}
    owners = [(t, i) for t in python if t.task_id in budget for i in range(len(mutants[t.task_id]))]
    counts = suite_work(oracle, [(mutants[t.task_id][i].code, t.tests) for t, i in owners],
                        [RATIO_RULE * canonical_seconds[t.task_id] for t, _ in owners],
                        [budget[t.task_id] for t, _ in owners], traced_cap=traced_cap)
    known = {(t.task_id, i): w for (t, i), w in zip(owners, counts) if w is not None}
    return counted, known, {key for key, w in known.items() if w > budget[key[0]]}


def plantable(result: SuiteResult) -> bool:
    """A suite that could be planted, slowness aside: killed with a wrong output, no time-out."""
    return classify(result.outcomes) == KILLED_WRONG_OUTPUT and TIMEOUT not in result.outcomes


def suite_seconds(result: SuiteResult) -> float:
    """CPU seconds a suite was charged (its tests' durations summed; a time-out counts 0)."""
    return sum(result.durations)


def is_grey(seconds: float, threshold: float) -> bool:
    """``seconds`` lies within a factor :data:`GREY` of ``threshold`` (either side)."""
    return threshold / GREY <= seconds <= threshold * GREY


def least_seconds(oracle: Oracle, jobs: Sequence[tuple[str, Sequence]], langs: Sequence[str],
                  results: Sequence[SuiteResult], thresholds: Sequence[float], *,
                  limits: Sequence[float] | None = None) -> list[float]:
    """The least CPU seconds of each job, measured again where it matters.

    Args:
        jobs: ``(code, tests)`` pairs, already run once (``results[i]`` is ``jobs[i]``'s run).
        langs: the oracle's language of each job.
        thresholds: the seconds each job is compared with; a job within :data:`GREY` of its
            threshold and without a ``TIMEOUT`` (a time-out is slow whatever the clock says) runs
            :data:`REPEATS` more times, uncached.
        limits: the per-suite time limit each job ran under (default: the oracle's).

    Returns:
        seconds per job, in input order: the first measurement, or the least of all of them.
    """
    seconds = [suite_seconds(r) for r in results]
    grey = [i for i, (r, s, t) in enumerate(zip(results, seconds, thresholds))
            if TIMEOUT not in r.outcomes and is_grey(s, t)]
    uncached = oracle.without_cache()
    for _ in range(REPEATS):
        by_limit: dict[float, list[int]] = {}
        for i in grey:
            by_limit.setdefault(limits[i] if limits is not None else oracle.limits.timeout,
                                []).append(i)
        for limit, idx in sorted(by_limit.items()):
            again = run_by_language(uncached.with_limits(timeout=limit), [jobs[i] for i in idx],
                                    [langs[i] for i in idx],
                                    progress="timing suites near a threshold again")
            for i, res in zip(idx, again):
                if TIMEOUT not in res.outcomes:
                    seconds[i] = min(seconds[i], suite_seconds(res))
    return seconds


def slow_threshold(limit: float, canonical_seconds: float, *, ratio: bool = False,
                   factor: float = PYTHON_FACTOR) -> float:
    """Seconds over which a mutant suite is slow.

    ``ratio=False`` (the star design's rule, kept so that v1 releases rebuild byte for byte):
    ``SLOW_SHARE`` of its time limit, and at least :data:`SLOW_RATIO` x its canonical's.  The
    second part matters where the limit is capped (the oracle's timeout) below the ladder's
    factor x the canonical: a Java suite that starts one JVM per test takes about 1.3 s, a
    quarter of a 5 s cap, whatever its code does.

    ``ratio=True`` (the centred design): :data:`RATIO_RULE` x its canonical's time (for a
    program language, ``factor / PYTHON_FACTOR`` times that), at most :data:`LIMIT_SHARE` of the
    limit.  Both times are
    measured on the same machine, so a load that slows every run alike moves neither side; the
    ladder's steps and the absolute floor of the first rule, which a sustained load moves a
    suite across (HumanEval/75: its mutants at 0.9 s of a 1.25 s threshold idle, 1.3 s with
    every core busy), play no part.
    """
    if ratio:
        return min(RATIO_RULE * factor / PYTHON_FACTOR * canonical_seconds, LIMIT_SHARE * limit)
    return max(SLOW_SHARE * limit, SLOW_RATIO * canonical_seconds)


def is_slow(result: SuiteResult, seconds: float, threshold: float, *, ratio: bool = False
            ) -> bool:
    """A suite too slow to plant: ``seconds`` (its least measured CPU time) over ``threshold``
    (:func:`slow_threshold`), or, with the ratio rule, any ``TIMEOUT`` (so that a ``FAIL``
    beside a test that a load pushed past its limit does not make the status depend on the
    load; the star rule leaves that to the never-planted-with-a-time-out rule of
    :func:`~execir.mutation.select.select_distractors`, as v1 was built)."""
    return (ratio and TIMEOUT in result.outcomes) or seconds > threshold


def slow_mutants(oracle: Oracle, tasks: Sequence[Task], mutants: Mapping[str, Sequence],
                 results: Mapping[str, Sequence[SuiteResult]], task_limit: Mapping[str, float],
                 canonical_seconds: Mapping[str, float], *, ratio: bool = False,
                 counting: Counting = Counting(),
                 known: Mapping[tuple[str, int], int] | None = None,
                 canon: Mapping[str, int] | None = None) -> set[tuple[str, int]]:
    """(task id, index into ``mutants[task id]``) of every mutant too slow to plant
    (:func:`is_slow` against :func:`slow_threshold` with ``ratio``; grey ones measured again).
    ``canonical_seconds``: task id -> its canonical's least measured CPU seconds;
    ``counting``: what the ratio rule counts (:class:`Counting`); ``known``: (task id, index)
    -> work already counted (:func:`judged_runs`), and ``canon``: task id -> its canonical's,
    neither counted again."""
    owners = [(t, i) for t in tasks for i in range(len(mutants[t.task_id]))]
    runs = [results[t.task_id][i] for t, i in owners]
    thresholds = [slow_threshold(task_limit[t.task_id], canonical_seconds[t.task_id], ratio=ratio,
                                 factor=ladder_factor(t))
                  for t, _ in owners]
    decided: dict[int, bool] = {}
    if ratio and counting.plantable_only:  # the rest are never planted: slow when they timed out
        decided = {k: TIMEOUT in run.outcomes for k, run in enumerate(runs) if not plantable(run)}
    if ratio:
        decided.update(_by_work(oracle, owners, mutants, runs, canonical_seconds, task_limit,
                                counting.traced_cap, skip=decided, known=known, canon=canon))
    rest = [k for k in range(len(owners)) if k not in decided]
    seconds = least_seconds(oracle, [(mutants[owners[k][0].task_id][owners[k][1]].code,
                                      owners[k][0].tests) for k in rest],
                            [language_of(owners[k][0]) for k in rest], [runs[k] for k in rest],
                            [thresholds[k] for k in rest],
                            limits=[task_limit[owners[k][0].task_id] for k in rest])
    slow = {k for k, s in zip(rest, seconds) if is_slow(runs[k], s, thresholds[k], ratio=ratio)}
    slow |= {k for k, verdict in decided.items() if verdict}
    return {(owners[k][0].task_id, owners[k][1]) for k in slow}


def _by_work(oracle: Oracle, owners: Sequence[tuple[Task, int]], mutants: Mapping[str, Sequence],
             runs: Sequence[SuiteResult], canonical_seconds: Mapping[str, float],
             task_limit: Mapping[str, float], traced_cap: float = TRACED_CAP,
             skip: Mapping[int, bool] | None = None,
             known: Mapping[tuple[str, int], int] | None = None,
             canon: Mapping[str, int] | None = None) -> dict[int, bool]:
    """The ratio rule decided by counted work (:mod:`execir.construction.work`) for every Python
    mutant: owner index -> slow, i.e. over :data:`RATIO_RULE` x its canonical's work, or, for a
    suite that timed out, no count (its traced run ran out of time as well,
    :func:`~execir.construction.work.traced_limit`).  Each test is cut off at the rule's line
    budget, so a runaway loop is over it after a fixed number of lines on every machine.  A
    suite that did not time out and has no count, and every mutant of a task whose canonical has
    no count, are left to the clock.  No clock reading picks which suites are counted: under a
    millisecond a suite's time is mostly noise (HumanEval/25: mutants at 5x its canonical's lines
    read as faster than it on one run and slower on the next).  ``skip``: owner indices already
    decided, not counted (a task none of whose mutants is left is not counted either);
    ``known``: (task id, index) -> work counted before, and ``canon``: task id -> its canonical's
    work counted before, taken as they are."""
    near = [k for k, (t, _) in enumerate(owners) if language_of(t) == PYTHON and k not in (skip or {})]
    if not near:
        return {}
    tasks = {owners[k][0].task_id: owners[k][0] for k in near}
    work: dict[str, int | None] = {tid: w for tid, w in (canon or {}).items() if tid in tasks}
    uncounted = [t for tid, t in tasks.items() if tid not in work]
    work.update(zip((t.task_id for t in uncounted),
                    suite_work(oracle, [(t.canonical, t.tests) for t in uncounted],
                               [canonical_seconds[t.task_id] for t in uncounted],
                               traced_cap=traced_cap)))
    near = [k for k in near if work[owners[k][0].task_id] is not None]
    budget = {tid: int(RATIO_RULE * w) for tid, w in work.items() if w is not None}
    known = known or {}
    todo = [k for k in near if (owners[k][0].task_id, owners[k][1]) not in known]
    seconds = [max(suite_seconds(runs[k]), RATIO_RULE * canonical_seconds[owners[k][0].task_id],
                   task_limit[owners[k][0].task_id] if TIMEOUT in runs[k].outcomes else 0.0)
               for k in todo]
    counted = dict(zip(todo, suite_work(oracle, [(mutants[owners[k][0].task_id][owners[k][1]].code,
                                                  owners[k][0].tests) for k in todo], seconds,
                                        [budget[owners[k][0].task_id] for k in todo],
                                        traced_cap=traced_cap)))
    counted.update((k, known[owners[k][0].task_id, owners[k][1]]) for k in near if k not in counted)
    return {k: (w is None) or w > budget[owners[k][0].task_id] for k, w in counted.items()
            if w is not None or TIMEOUT in runs[k].outcomes}


def settle_timeouts(oracle: Oracle, tasks: Sequence[Task], mutants: Mapping[str, Sequence],
                    results: Mapping[str, Sequence[SuiteResult]], task_limit: Mapping[str, float],
                    slow: set[tuple[str, int]]
                    ) -> tuple[dict[str, list[SuiteResult]], set[tuple[str, int]]]:
    """The ratio rule's second look at a Python suite that timed out but is not slow by its
    work (:func:`slow_mutants`: few lines, time spent in C): it runs again under
    :data:`PATIENCE` x its task's limit, so its outcomes are its tests' verdicts, not where a
    load put the clock.

    Returns:
        ``(results, still)``: ``results`` with each such suite's re-run in place of its first
        run (the rest as given, a new mapping), and the ``(task id, index)`` of those that timed
        out again (slow by the clock, far past their limit).
    """
    out = {tid: list(rs) for tid, rs in results.items()}
    again = {t.task_id: [i for i, r in enumerate(results[t.task_id])
                         if TIMEOUT in r.outcomes and (t.task_id, i) not in slow]
             for t in tasks if language_of(t) == PYTHON}
    late = [t for t in tasks if again.get(t.task_id)]
    rerun = run_mutants(oracle, late, {t.task_id: [mutants[t.task_id][i] for i in again[t.task_id]]
                                       for t in late},
                        {t.task_id: PATIENCE * task_limit[t.task_id] for t in late},
                        progress="running time-outs again under a longer limit")
    still: set[tuple[str, int]] = set()
    for t in late:
        for i, res in zip(again[t.task_id], rerun[t.task_id]):
            out[t.task_id][i] = res
            if TIMEOUT in res.outcomes:
                still.add((t.task_id, i))
    return out, still
