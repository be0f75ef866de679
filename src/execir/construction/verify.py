"""Verification of mutants by execution: every place the build runs code, through one :class:`Oracle`.

Mutation (:mod:`execir.mutation`) only generates code; this module executes it, every pair in
its task's language (:func:`run_by_language`: one oracle call per language, so a build of
Python tasks makes exactly the calls the Python-only builder made):

* :func:`run_mutants` -- each task's mutants against its tests, under the per-task time limit of
  the mutant time ladder (:func:`mutant_time_limit`);
* :func:`sanity_sweep` -- planted distractors re-run without the cache (sweep 1);
* :func:`cross_task_sweep` -- snippets that define another task's entry point run against that
  task's tests (sweep 2);
* :func:`verify_stacks` -- stacked mutants (ExecRetrieval appendix G.2) that pass every test are
  dropped;
* :func:`canonical_outputs` / :func:`amplify_survivors` -- test amplification
  (:mod:`execir.mutation.amplify` derives the inputs and asserts).
"""

from __future__ import annotations

import ast
import math
from typing import Any, Mapping, Sequence

from execir.construction.gates import defined_functions
from execir.construction.syntax import PYTHON, canonical_language, defined_names
from execir.execution import Oracle, SuiteResult
from execir.execution.outcomes import PASS, TIMEOUT
from execir.mutation.amplify import (MAX_INPUTS, AmplifyResult, assert_for, derive_inputs,
                                     probe_test, read_probe_output)
from execir.mutation.mutant import Mutant
from execir.mutation.select import KILLED_WRONG_OUTPUT, classify
from execir.mutation.stack import StackedMutant
from execir.progress import Stage
from execir.records import REL_CANONICAL, Qrels, Snippet, Task

#: Time limits (seconds) a mutant suite may get; see :func:`mutant_time_limit`.
MUTANT_LIMITS = (0.25, 0.5, 1.0, 2.0, 5.0)


#: Ladder factor of a task in another language than Python: its suite time is mostly the start of
#: one process per test (an interpreter, the JVM), which varies with machine load, so its mutants
#: get 40× the canonical's time (the build's slow-mutant share of that is still 10× it).
PROGRAM_FACTOR = 40.0


#: Ladder factor of a Python task (see :func:`mutant_time_limit`).
PYTHON_FACTOR = 10.0


def mutant_time_limit(canonical_seconds: float, timeout: float,
                      factor: float = PYTHON_FACTOR) -> float:
    """Per-suite time limit for a task's mutants: the smallest of :data:`MUTANT_LIMITS` that is at
    least ``factor`` (10; :data:`PROGRAM_FACTOR` for other languages) × the canonical's measured
    suite time, capped at ``timeout`` (the oracle's budget).  Mutants that loop forever are the
    costliest jobs of a build; a mutant 10× slower than its canonical is recorded as ``TIMEOUT``
    (killed, crash-only: never planted)."""
    for level in MUTANT_LIMITS:
        if level >= factor * canonical_seconds:
            return min(level, timeout)
    return timeout


def ladder_step(canonical_seconds: float, timeout: float, factor: float = PYTHON_FACTOR) -> float:
    """The canonical's time at the step of the ladder nearest to it (in ratio): the value its
    measurement is compared with (:func:`execir.construction.slow.least_seconds` measures it
    again when it lies near one).  Below the first step the comparison is with that step;
    above the cap with the cap."""
    steps = [level for level in MUTANT_LIMITS if level < timeout] + [timeout]
    scaled = factor * canonical_seconds
    if scaled <= 0:
        return steps[0] / factor
    nearest = min(steps, key=lambda level: abs(math.log(scaled / level)))
    return nearest / factor


def ladder_factor(task: Task) -> float:
    """The ladder factor of a task's mutant time limit: :data:`PYTHON_FACTOR` for Python,
    :data:`PROGRAM_FACTOR` for every other language."""
    return PYTHON_FACTOR if language_of(task) == PYTHON else PROGRAM_FACTOR


def language_of(task: Task) -> str:
    """The oracle's name of a task's language (``"c++"`` -> ``"cpp"``); gate 1 has rejected
    tasks in a language the oracle does not run."""
    return canonical_language(task.language) or task.language


def run_by_language(oracle: Oracle, jobs: Sequence[tuple[str, Sequence]], langs: Sequence[str],
                    *, progress: str | Stage | None = None) -> list[SuiteResult]:
    """Run ``(code, tests)`` pairs, pair ``i`` in language ``langs[i]``; results in input order.

    When every pair is Python this is one ``oracle.run(jobs, progress=progress)`` call, as it was
    before other languages; otherwise one call per language, in order of first appearance (the
    progress line of another language says which: ``"executing mutants (cpp)"``; a shared
    :meth:`~execir.execution.Oracle.stage` line is passed on as it is).
    """
    if all(lang == PYTHON for lang in langs):
        return oracle.run(jobs, progress=progress)
    out: list[SuiteResult | None] = [None] * len(jobs)
    order: dict[str, list[int]] = {}
    for i, lang in enumerate(langs):
        order.setdefault(lang, []).append(i)
    for lang, idx in order.items():
        shown = progress if progress is None or lang == PYTHON or not isinstance(progress, str) \
            else f"{progress} ({lang})"
        for i, res in zip(idx, oracle.run([jobs[i] for i in idx], progress=shown, language=lang)):
            out[i] = res
    return out  # type: ignore[return-value]


def run_mutants(oracle: Oracle, tasks: Sequence[Task], mutants: Mapping[str, Sequence[Mutant]],
                task_limit: Mapping[str, float], *, progress: str | None = "executing mutants"
                ) -> dict[str, list[SuiteResult]]:
    """Execute each task's mutants against its tests, one batch per time limit, under one
    progress line named ``progress``.

    Returns:
        task id -> one :class:`SuiteResult` per mutant, in the order of ``mutants[task_id]``.
    """
    out: dict[str, list[SuiteResult]] = {}
    line = None if progress is None else oracle.stage(progress, sum(len(mutants[t.task_id]) for t in tasks))
    for level in sorted({task_limit[t.task_id] for t in tasks}):
        group = [t for t in tasks if task_limit[t.task_id] == level]
        batch = [(m.code, t.tests) for t in group for m in mutants[t.task_id]]
        langs = [language_of(t) for t in group for _ in mutants[t.task_id]]
        res = run_by_language(oracle.with_limits(timeout=level), batch, langs, progress=line)
        pos = 0
        for t in group:
            n = len(mutants[t.task_id])
            out[t.task_id] = res[pos:pos + n]
            pos += n
    return out


def sanity_sweep(oracle: Oracle, tasks: Sequence[Task], chosen: Mapping[str, Sequence[Any]],
                 task_limit: Mapping[str, float], *, patience: float | None = None
                 ) -> dict[str, list[tuple[Any, tuple[str, ...]]]]:
    """Sweep 1: re-run every planted distractor (``chosen[task_id]``: objects with a ``mutant``)
    without the cache, under its build-time limit.  ``patience``: a re-run that times out runs
    once more under this x the limit before it is judged (the centred design, whose slow rule
    counts work: :func:`execir.construction.slow.settle_timeouts`), so that a load does not
    drop a distractor; ``None``: judged as it is (v1).

    Returns:
        task id -> ``(distractor, outcomes)`` for each distractor whose re-run is *not* killed by
        a wrong output any more (the build drops those), in ``chosen`` order.
    """
    bad: dict[str, list[tuple[Any, tuple[str, ...]]]] = {t.task_id: [] for t in tasks}
    uncached = oracle.without_cache()
    line = uncached.stage("running the planted distractors again, uncached",
                          sum(len(chosen[t.task_id]) for t in tasks))
    for level in sorted({task_limit[t.task_id] for t in tasks}):
        group = [t for t in tasks if task_limit[t.task_id] == level]
        batch = [(v.mutant.code, t.tests) for t in group for v in chosen[t.task_id]]
        langs = [language_of(t) for t in group for _ in chosen[t.task_id]]
        results = run_by_language(uncached.with_limits(timeout=level), batch, langs, progress=line)
        late = [i for i, r in enumerate(results) if patience and TIMEOUT in r.outcomes]
        if late:
            again = run_by_language(uncached.with_limits(timeout=patience * level),
                                    [batch[i] for i in late], [langs[i] for i in late])
            for i, r in zip(late, again):
                results[i] = r
        rerun = iter(results)
        for task in group:
            for v in chosen[task.task_id]:
                outcomes = next(rerun).outcomes
                if classify(outcomes) != KILLED_WRONG_OUTPUT:
                    bad[task.task_id].append((v, outcomes))
    return bad


def cross_task_sweep(oracle: Oracle, released: Sequence[Task], corpus: Sequence[Snippet],
                     qrels: Qrels, labels: dict | None = None) -> dict[str, Any]:
    """Sweep 2: run every snippet defining another task's entry point against that task's tests;
    add passing ones to that task's qrels at level 2 (``qrels`` is updated in place, and
    ``labels[(query_id, snippet_id)]`` gets their outcomes when ``labels`` is given).  Only
    tasks of the snippet's own language are considered (a C++ snippet never runs against Java
    tests); Python snippets are read with :mod:`ast`, others with tree-sitter.

    Returns:
        ``{"checked": n_pairs, "passes": [{"snippet_id", "snippet_task", "kind", "passes_task",
        "action"}, ...]}``.
    """
    by_entry: dict[tuple[str, str], list[Task]] = {}
    for task in released:
        by_entry.setdefault((language_of(task), task.entry_point), []).append(task)
    pairs: list[tuple[Snippet, Task]] = []
    for snip in corpus:
        lang = canonical_language(snip.language) or snip.language
        if lang == PYTHON:
            try:
                names = defined_functions(ast.parse(snip.code))
            except SyntaxError:
                continue
        else:
            names = defined_names(snip.code, lang) or set()
        for fname in sorted(names):
            for other in by_entry.get((lang, fname), ()):
                if other.task_id != snip.task_id:
                    pairs.append((snip, other))
    results = run_by_language(oracle, [(s.code, t.tests) for s, t in pairs], [language_of(t) for _, t in pairs],
                              progress="running snippets against other tasks of their name") if pairs else []
    passes = []
    for (snip, other), result in zip(pairs, results):
        if result.passed:
            qrels[other.query_id][snip.snippet_id] = REL_CANONICAL
            if labels is not None:
                labels[(other.query_id, snip.snippet_id)] = result.outcomes
            passes.append({"snippet_id": snip.snippet_id, "snippet_task": snip.task_id,
                           "kind": snip.kind, "passes_task": other.task_id,
                           "action": "added to qrels at level 2"})
    return {"checked": len(pairs), "passes": passes}


def verify_stacks(oracle: Oracle, jobs: Sequence[tuple[StackedMutant, Sequence[str]]],
                  langs: Sequence[str] | None = None
                  ) -> list[tuple[StackedMutant, tuple[str, ...]]]:
    """Run ``(stack, its task's tests)`` pairs in one batch (pair ``i`` in ``langs[i]``, default
    Python); stacks passing every test are dropped (appendix G.2).  Returns ``(stack, outcomes)``
    for each kept stack, input order."""
    langs = [PYTHON] * len(jobs) if langs is None else langs
    results = run_by_language(oracle, [(s.code, tests) for s, tests in jobs], langs) \
        if jobs else []
    return [(s, r.outcomes) for (s, _), r in zip(jobs, results) if not r.passed]


def canonical_outputs(oracle: Oracle, code: str, entry_point: str, calls: Sequence[str]
                      ) -> dict[int, Any]:
    """Run ``code`` on each argument list (``calls``: source of the arguments) in the sandbox;
    ``{index: returned value}`` for the calls that returned a value with a literal ``repr``."""
    if not calls:
        return {}
    result = oracle.run_suite(code, [probe_test(entry_point, i, c) for i, c in enumerate(calls)],
                              capture=True)
    return read_probe_output(result.output, result.outcomes, len(calls))


def amplify_survivors(oracle: Oracle, tasks: Sequence[Task],
                      survivors: Mapping[str, Sequence[Mutant]], *,
                      max_inputs: int = MAX_INPUTS) -> dict[str, AmplifyResult]:
    """Amplify the tests of every task that has survivors (see :mod:`execir.mutation.amplify`).
    Python only: the inputs are derived from Python asserts (the build passes only its Python
    tasks).

    Args:
        oracle: runs the probes and the candidate asserts.
        tasks: :class:`~execir.records.Task` records.
        survivors: task id → its surviving mutants (tasks missing or with none get an empty
            result).
        max_inputs: most derived inputs per task.

    Returns:
        task id → :class:`AmplifyResult` for every task in ``tasks``.
    """
    empty = AmplifyResult(0, 0, 0, (), ())
    plans: dict[str, tuple[Task, list[str], list[Mutant]]] = {}
    for task in tasks:
        muts = list(survivors.get(task.task_id, ()))
        if not muts:
            continue
        calls = derive_inputs(task.tests, task.entry_point, limit=max_inputs)
        values = canonical_outputs(oracle, task.canonical, task.entry_point, calls)
        asserts = [a for i in sorted(values)
                   if (a := assert_for(task.entry_point, calls[i], values[i])) is not None]
        plans[task.task_id] = (task, asserts, muts)
    jobs: list[tuple[str, list[str]]] = []
    for task, asserts, muts in plans.values():
        if asserts:
            jobs.append((task.canonical, asserts))
            jobs.extend((m.code, asserts) for m in muts)
    results = iter(oracle.run(jobs) if jobs else [])
    out: dict[str, AmplifyResult] = {}
    for task in tasks:
        if task.task_id not in plans:
            out[task.task_id] = empty
            continue
        _, asserts, muts = plans[task.task_id]
        if not asserts:
            out[task.task_id] = AmplifyResult(len(muts), 0, 0, (), tuple(muts))
            continue
        valid = [o == PASS for o in next(results).outcomes]
        kept: list[int] = []
        killed = 0
        equivalent: list[Mutant] = []
        for m in muts:
            outcomes = next(results).outcomes
            kills = [i for i, o in enumerate(outcomes) if valid[i] and o not in (PASS, TIMEOUT)]
            if not kills:
                equivalent.append(m)
                continue
            killed += 1
            if not any(i in kept for i in kills):
                kept.append(kills[0])
        out[task.task_id] = AmplifyResult(len(muts), sum(valid), killed,
                                          tuple(asserts[i] for i in sorted(kept)),
                                          tuple(equivalent))
    return out
