"""A deterministic work measure of a Python suite: the lines of the snippet it executes.

The centred design's slow rule compares a mutant suite with its canonical's (5x, module
:mod:`execir.construction.slow`).  On a clock that comparison is a coin toss wherever a suite
sits near it: HumanEval/63's canonical runs in under a millisecond and two of its mutants at
3.2x-5.4x of it from one run to the next on an idle machine, so two idle builds planted different
distractors.  Counting instead of timing removes the toss: the same program on the same tests
executes the same lines, whatever the machine is doing.

:func:`work_tests` rewrites each test so that, in the sandbox, it runs the original test under a
line tracer that counts the ``line`` events of frames compiled from the snippet (file name
``<snippet>``, the runner's) and then raises an exception whose class name carries the count;
the oracle reports it as the outcome ``FAIL:WORK_<n>`` (:func:`work_of`).  Nothing new runs in
the evaluating process and the runner's protocol is unchanged.  The tracer is in C
(``execir/execution/_linecount.c``, about 2.3x cheaper a line) where that extension is built, and the
Python tracer of :mod:`execir.execution.worktracer` otherwise (both loaded by the worker before its
sandbox starts: a counted test's text only imports and calls them, so compiling it costs half
what it did when it defined the tracer, issue 51); the C one does around each event what
CPython 3.11's ``sys.settrace`` does around the Python one (the frames it traces, their ``f_locals`` copies,
the recursion depth the tracer's frame takes), so counts and outcomes are the same, recursion
bombs included (``tests/execution/test_linecount.py``).  Work done in C (a ``sorted`` of a
long list) or in library code is not counted: it is a measure of the snippet's own control flow,
which is where a single-edit mutant's extra cost comes from (a loop bound, a recursion).
"""

from __future__ import annotations

import os
import re
from typing import Sequence

from execir.execution import Oracle, SuiteResult
from execir.execution.runner import SOURCE_TEST

#: the C line counter (``execir/execution/_linecount.c``): a counted test counts with it where the
#: sandbox's worker has imported it (:mod:`execir.execution.worker`; the child finds it in
#: ``sys.modules``), else with the Python tracer; the counts and outcomes are the same
COUNTER_MODULE = "execir.execution._linecount"
#: set to "1": counted tests run the Python tracer even where the C counter is built (to compare)
PY_TRACER_VARIABLE = "EXECIR_PY_TRACER"
#: the outcome prefix a counted test reports
WORK_OUTCOME = "FAIL:WORK_"
_WORK_RE = re.compile(r"^FAIL:WORK_(\d+)$")
#: a traced run's time limit: this many times the untraced CPU seconds ...
TRACED_FACTOR = 40.0
#: ... but at least this many seconds ...
TRACED_FLOOR = 2.0
#: ... and at most this many
TRACED_CAP = 60.0

#: the module a counted test imports its tracer from; the worker loads it before the sandbox
#: starts (:mod:`execir.execution.worker`), so the child finds it in ``sys.modules``.  The test's
#: text keeps its frames as they were (the original test runs in an ``exec`` at the test's module
#: level), so a recursion bomb stops at the same depth after the same count
TRACER_MODULE = "execir.execution.worktracer"

_TEMPLATE = """\
from execir.execution.worktracer import _execir_tracer
import sys as _execir_sys
_execir_total = _execir_sys.__dict__.setdefault('_execir_suite_lines', [0])
_execir_counter = {counter}
_execir_call, _execir_lines = _execir_tracer({cap} - _execir_total[0], _execir_counter, __name__)
if _execir_counter is None:
    _execir_sys.settrace(_execir_call)
else:
    _execir_call.start()
try:
    exec(compile({test!r}, '<test>', 'exec'), globals())
except BaseException:
    pass
finally:
    _execir_sys.settrace(None)
_execir_total[0] += _execir_lines()
raise type('WORK_%d' % _execir_lines(), (Exception,), {{}})()
"""


def work_tests(tests: Sequence[str], cap: int | None = None,
               python_tracer: bool | None = None) -> list[str]:
    """Each test rewritten to report the snippet lines it executes (module docstring).

    ``cap``: the suite's line budget: once its tests have executed more than this many lines
    together (counted across the tests one sandbox child runs, in order), the tracer stops the
    running test at its next line (it raises a ``BaseException`` in the snippet and stops
    tracing), and every later test at its first.  A runaway loop is cut off after a fixed
    number of lines, not seconds, so whether a suite is over its budget does not depend on the
    machine, and the counts then sum to more than ``cap``.  ``None``: no cap.

    ``python_tracer``: count with the Python tracer even where the C counter
    (:data:`COUNTER_MODULE`) is there; ``None``: when ``$EXECIR_PY_TRACER`` is ``"1"``.  The
    counts are the same either way; the tests' text (so their cache key) is not."""
    bound = repr(cap) if cap is not None else "float('inf')"  # read once, at the test's start
    if python_tracer is None:
        python_tracer = os.environ.get(PY_TRACER_VARIABLE) == "1"
    counter = "None" if python_tracer else f"_execir_sys.modules.get({COUNTER_MODULE!r})"
    return [_keep_source_header(t) + _TEMPLATE.format(test=t, cap=bound, counter=counter)
            for t in tests]


def _keep_source_header(test: str) -> str:
    """A source test's first line (:data:`~execir.execution.runner.SOURCE_TEST`: the runner then
    hands the counted test the snippet's text, and the oracle mounts its folders), else ``""``."""
    return test.split("\n", 1)[0] + "\n" if test.startswith(SOURCE_TEST) else ""


def work_of(result: SuiteResult) -> int | None:
    """Lines of the snippet a counted suite executed, summed over its tests; ``None`` when a
    test did not report a count (it ran out of time under the tracer, or the snippet itself
    does not load)."""
    total = 0
    for outcome in result.outcomes:
        found = _WORK_RE.match(outcome)
        if found is None:
            return None
        total += int(found.group(1))
    return total


def traced_limit(seconds: float, cap: float = TRACED_CAP) -> float:
    """The time limit of a traced run whose untraced CPU seconds are ``seconds`` (at most ``cap``)."""
    return min(cap, max(TRACED_FLOOR, round(TRACED_FACTOR * seconds, 1)))


def suite_work(oracle: Oracle, jobs: Sequence[tuple[str, Sequence[str]]],
               seconds: Sequence[float], caps: Sequence[int | None] | None = None,
               traced_cap: float = TRACED_CAP) -> list[int | None]:
    """The work (:func:`work_of`) of each Python ``(code, tests)`` job, counted in the sandbox.

    A tracer costs several times the untraced run, so each job runs under a time limit of
    :data:`TRACED_FACTOR` times its untraced CPU seconds (``seconds``), at least
    :data:`TRACED_FLOOR` and at most :data:`TRACED_CAP` seconds.  Counts are deterministic, so
    the oracle's cache may keep them.  ``caps``: each job's line cap per test
    (:func:`work_tests`), default none; ``traced_cap``: the most seconds of any traced run.
    """
    out: list[int | None] = [None] * len(jobs)
    caps = list(caps) if caps is not None else [None] * len(jobs)
    by_limit: dict[float, list[int]] = {}
    for i, s in enumerate(seconds):
        by_limit.setdefault(traced_limit(s, traced_cap), []).append(i)
    line = oracle.stage("counting the work of Python suites", len(jobs))
    for limit, idx in sorted(by_limit.items()):
        results = oracle.with_limits(timeout=limit).run(
            [(jobs[i][0], work_tests(jobs[i][1], caps[i])) for i in idx], progress=line)
        for i, res in zip(idx, results):
            out[i] = work_of(res)
    return out

