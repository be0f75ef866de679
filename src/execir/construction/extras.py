"""The optional outputs of a build (:func:`execir.construction.build_release`): test
amplification (``amplify=True``, :mod:`execir.mutation.amplify`) and stacked mutants
(``stacked=True``, ExecRetrieval appendix G.2, written to ``stacked.jsonl``, never planted)."""

from __future__ import annotations

import dataclasses
from typing import Any, Sequence

from execir.construction.syntax import PYTHON
from execir.construction.verify import amplify_survivors, language_of, verify_stacks
from execir.execution import Oracle
from execir.execution.outcomes import PASS
from execir.formats.files import STACKED_FILE
from execir.mutation.select import KILLED_WRONG_OUTPUT, SURVIVED, VerifiedMutant, classify
from execir.mutation.stack import stack_mutants
from execir.records import Task


def amplified(oracle: Oracle, released: list[Task], verified: dict[str, list[VerifiedMutant]]
             ) -> tuple[list[Task], dict[str, Any]]:
    """Test amplification (Python tasks only): tasks with the asserts that kill survivors in
    their metadata, and the report section."""
    python = [t for t in released if language_of(t) == PYTHON]
    survivors = {t.task_id: [v.mutant for v in verified[t.task_id] if v.status == SURVIVED]
                 for t in python}
    results = amplify_survivors(oracle, python, survivors)
    released = [dataclasses.replace(t, metadata={**t.metadata, "amplified_tests":
                                                 list(results[t.task_id].amplified_tests)})
                if t.task_id in results and results[t.task_id].amplified_tests else t
                for t in released]
    return released, amplification_summary(results)


def amplification_summary(results: dict) -> dict[str, Any]:
    """Report section of test amplification: counts plus the likely-equivalent survivors."""
    likely = [{"task_id": tid, **m.to_dict()} for tid, r in results.items()
              for m in r.likely_equivalent]
    return {"tasks_with_survivors": sum(1 for r in results.values() if r.survivors),
            "survivors": sum(r.survivors for r in results.values()),
            "inputs_tried": sum(r.inputs for r in results.values()),
            "killed": sum(r.killed for r in results.values()),
            "amplified_tests": sum(len(r.amplified_tests) for r in results.values()),
            "tasks_amplified": sum(1 for r in results.values() if r.amplified_tests),
            "likely_equivalent": {"count": len(likely), "items": likely}}


def stacked_rows(oracle: Oracle, released: Sequence[Task], verified: dict[str, list[VerifiedMutant]],
             *, seed: int) -> list[dict[str, Any]]:
    """Verified stacked mutants of every released task (rows of ``stacked.jsonl``), built from
    each task's wrong-output-killed single mutants; stacks passing every test are dropped."""
    jobs, owners, langs = [], [], []
    for task in released:
        killed = [v.mutant for v in verified[task.task_id] if v.status == KILLED_WRONG_OUTPUT]
        for s in stack_mutants(task.canonical, killed, seed=seed, key=task.task_id):
            jobs.append((s, task.tests))
            owners.append(task.task_id)
            langs.append(language_of(task))
    kept = verify_stacks(oracle, jobs, langs)
    owner = {id(s): tid for (s, _), tid in zip(jobs, owners)}
    return [{"task_id": owner[id(s)], "code": s.code, **s.to_dict(), "status": classify(outcomes),
             "failing_tests": [i for i, o in enumerate(outcomes) if o != PASS]}
            for s, outcomes in kept]


def stack_summary(rows: Sequence[dict[str, Any]]) -> dict[str, Any]:
    sizes = sorted({r["stack"] for r in rows})
    return {"file": STACKED_FILE, "verified": len(rows),
            "tasks": len({r["task_id"] for r in rows}),
            "by_size": {str(k): sum(1 for r in rows if r["stack"] == k) for k in sizes}}
