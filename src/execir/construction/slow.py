"""The slow-suite decision of a build, made so that machine load does not move it.

A mutant whose suite uses more than ``SLOW_SHARE`` of its time limit is never planted and counts
as killed by a time-out (:class:`~execir.mutation.select.VerifiedMutant`): a slightly slower run
would time out, and a release must not depend on the machine's speed.  One CPU measurement of a
suite varies between runs (0.5x to 1.7x its idle value measured between an idle and a fully
loaded HumanEval build; ``benchmarks/README.md``, "Load and the slow-suite decision"), so a
single comparison flips for a suite near the threshold, and the task's time limit, chosen from
the canonical's measured time on a ladder of steps (:func:`~execir.construction.verify.
mutant_time_limit`), moves the threshold by a factor of two when the canonical sits near a step.

The rule here: a measurement within a factor :data:`GREY` of the value it is compared with is
taken :data:`REPEATS` more times without the execution cache, and the least of the measurements
decides.  Load only adds CPU time to a run (cache misses, a slower shared core), so the least of
three is close to the idle cost on any machine, while a clear case costs no extra run.
"""

from __future__ import annotations

from typing import Sequence

from execir.construction.verify import run_by_language
from execir.execution import Oracle, SuiteResult
from execir.execution.outcomes import TIMEOUT

#: share of its time limit a planted distractor's suite may use
SLOW_SHARE = 0.25
#: a measurement within this factor of its threshold is measured again
GREY = 2.0
#: further measurements of a grey one (the least of 1 + REPEATS decides)
REPEATS = 2


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
                                    [langs[i] for i in idx])
            for i, res in zip(idx, again):
                if TIMEOUT not in res.outcomes:
                    seconds[i] = min(seconds[i], suite_seconds(res))
    return seconds


def is_slow(result: SuiteResult, seconds: float, limit: float) -> bool:
    """A suite too slow to plant: a ``TIMEOUT``, or ``seconds`` (its least measured CPU time)
    over ``SLOW_SHARE`` of its time limit ``limit``."""
    return TIMEOUT in result.outcomes or seconds > SLOW_SHARE * limit
