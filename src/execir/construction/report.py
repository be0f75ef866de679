"""``build_report.json``: what the builder did, in numbers (ExecRetrieval table 2, appendix G.1).

Contents: counts per gate, every rejection with gate and reason, mutant counts per status and per
mutation type, planted distractors per type (count and percent, like ExecRetrieval table 2),
distractors per task, the mutation-score distribution, the edit-size distribution (appendix G.1
buckets), surviving mutants, the two integrity sweeps and one row per released task.
No timings: the report is part of the byte-identical release.
"""

from __future__ import annotations

import os
import statistics
from collections import Counter
from typing import Any, Mapping, Sequence

from execir.construction.gates import GATES, Rejection
from execir.mutation.mutant import EXTENDED, SIX_TYPES
from execir.mutation.select import (INVALID, KILLED_CRASH_ONLY, KILLED_WRONG_OUTPUT, STATUSES,
                                    SURVIVED, VerifiedMutant, identical_failing_subsets)
from execir.formats.files import REPORT_FILE
from execir.records import Task


def keep_build_report(source: str | os.PathLike[str] | None, copy: str | os.PathLike[str]) -> None:
    """Copy ``source``'s build report (its probe card, issue 23) into ``copy``, a results
    folder's copy of that release, unless it is there already.  A source without a report (a
    BEIR or CoREB folder, a release of an older builder) is left as it is."""
    import shutil
    from pathlib import Path

    if source is None:
        return
    found, dest = Path(source) / REPORT_FILE, Path(copy) / REPORT_FILE
    if found.is_file() and not dest.exists():
        shutil.copyfile(found, dest)


#: Edit-size buckets of ExecRetrieval appendix G.1 (characters).
EDIT_BUCKETS = (("1", 1, 1), ("2-5", 2, 5), ("6-20", 6, 20), ("21+", 21, None))
#: Mutation-score histogram buckets: [lo, hi) except the last, which is [0.9, 1.0].
SCORE_BUCKETS = tuple((f"{i / 10:.1f}-{(i + 1) / 10:.1f}", i / 10, (i + 1) / 10) for i in range(10))


def mutation_score(vms: Sequence[VerifiedMutant]) -> float | None:
    """killed / (killed + survived) over valid mutants; ``None`` when there are none.

    Killed = wrong-output or crash-only.  Invalid mutants are left out.
    """
    killed = sum(1 for v in vms if v.status in (KILLED_WRONG_OUTPUT, KILLED_CRASH_ONLY))
    survived = sum(1 for v in vms if v.status == SURVIVED)
    return killed / (killed + survived) if killed + survived else None


def edit_histogram(sizes: Sequence[int]) -> dict[str, int]:
    """Counts per appendix-G.1 bucket (1, 2–5, 6–20, 21+ characters)."""
    out = {}
    for label, lo, hi in EDIT_BUCKETS:
        out[label] = sum(1 for s in sizes if s >= lo and (hi is None or s <= hi))
    return out


def _distribution(values: Sequence[float]) -> dict[str, Any]:
    if not values:
        return {"n": 0, "mean": None, "median": None, "min": None, "max": None, "p25": None,
                "p75": None}
    qs = statistics.quantiles(values, n=4, method="inclusive") if len(values) > 1 else [values[0]] * 3
    return {"n": len(values), "mean": round(statistics.fmean(values), 6),
            "median": round(statistics.median(values), 6), "min": round(min(values), 6),
            "max": round(max(values), 6), "p25": round(qs[0], 6), "p75": round(qs[2], 6)}


def make_report(*, name: str, seed: int, tasks: Sequence[Task], released: Sequence[Task],
                verified: Mapping[str, Sequence[VerifiedMutant]],
                chosen: Mapping[str, Sequence[VerifiedMutant]], rejections: Sequence[Rejection],
                sanity: Mapping[str, int], cross: Mapping[str, Any], extended: bool,
                fallback: Mapping[str, Sequence[VerifiedMutant]] | None = None,
                policy: Mapping[str, int] | None = None,
                amplification: Mapping[str, Any] | None = None,
                stacked: Mapping[str, Any] | None = None) -> dict[str, Any]:
    """Assemble the build report (a JSON-ready dict) from the builder's intermediate results.

    ``verified`` holds the mutants every statistic (mutation score, survivors, per-type counts)
    is computed over; ``fallback`` the ``extended`` mutants run only to top short tasks up (counted
    in their own ``fallback`` section, never in the mutation score).  ``policy`` (distractor
    limits), ``amplification`` and ``stacked`` are copied into sections of the same names.
    """
    fallback = fallback or {}
    released_ids = [t.task_id for t in released]
    rejected_tasks = [r for r in rejections if r.snippet_id is None]

    types = list(SIX_TYPES) + [EXTENDED]
    by_type, by_status, survivors, per_task, scores = _mutant_tables(released, verified, chosen, types)
    planted_total = sum(row["planted"] for row in by_type.values())
    per_task_counts = Counter(len(chosen.get(t, [])) for t in released_ids)
    n = len(released_ids)
    return {
        "name": name,
        "seed": seed,
        "extended_planted": extended,
        "tasks": {"input": len(tasks), "released": n, "rejected": len(rejected_tasks)},
        "gates": _gate_counts(rejections),
        "rejections": [r.to_dict() for r in rejections],
        "mutants": {"total": sum(by_status.values()),
                    "by_status": {s: by_status.get(s, 0) for s in STATUSES},
                    "by_type": by_type},
        "planted": {"total": planted_total, "by_type": _planted_by_type(by_type, types, extended, planted_total)},
        "distractors_per_task": {str(k): per_task_counts.get(k, 0)
                                 for k in range(0, max(per_task_counts, default=0) + 1)},
        "tasks_with_at_least": {str(k): sum(c for j, c in per_task_counts.items() if j >= k)
                                for k in (1, 2, 3, 4)},
        "mutation_score": {**_distribution(scores), "histogram": _score_histogram(scores),
                           "tasks_without_valid_mutants": n - len(scores)},
        "edit_size": _edit_sizes(released_ids, chosen, verified),
        "survivors": {"count": len(survivors), "items": survivors},
        "fallback": _fallback_section(released_ids, fallback, chosen),
        "sweeps": {"distractor_sanity": dict(sanity), "cross_task": dict(cross)},
        "identical_failing_subsets": [row["task_id"] for row in per_task
                                      if row["identical_failing_subsets"]],
        "per_task": per_task,
        "invalid_mutants": by_status.get(INVALID, 0),
        "policy": dict(policy or {}),
        **({"amplification": dict(amplification)} if amplification is not None else {}),
        **({"stacked": dict(stacked)} if stacked is not None else {}),
    }


def _gate_counts(rejections: Sequence[Rejection]) -> dict[str, dict[str, int]]:
    """Gate -> rejected tasks (distinct ids) and rejected snippets; :data:`GATES` first, then any other gate, sorted."""
    return {g: {"rejected_tasks": len({r.task_id for r in rejections if r.gate == g and r.snippet_id is None}),
                "rejected_snippets": sum(1 for r in rejections if r.gate == g and r.snippet_id is not None)}
            for g in GATES + tuple(sorted({r.gate for r in rejections} - set(GATES)))}


def _planted_by_type(by_type: Mapping[str, Mapping[str, int]], types: Sequence[str], extended: bool,
                     total: int) -> dict[str, dict[str, Any]]:
    """Mutation type -> planted ``count`` and ``percent`` of ``total`` (one decimal); ``extended``
    only when planted or allowed."""
    return {t: {"count": by_type[t]["planted"],
                "percent": round(100.0 * by_type[t]["planted"] / total, 1) if total else 0.0}
            for t in types if t != EXTENDED or extended or by_type[t]["planted"]}


def _score_histogram(scores: Sequence[float]) -> dict[str, int]:
    """Tasks per :data:`SCORE_BUCKETS` bucket of mutation score (the last bucket holds 1.0)."""
    return {label: sum(1 for s in scores if lo <= s < hi or (hi == 1.0 and s == 1.0))
            for label, lo, hi in SCORE_BUCKETS}


def _edit_sizes(released_ids: Sequence[str], chosen: Mapping[str, Sequence[VerifiedMutant]],
                verified: Mapping[str, Sequence[VerifiedMutant]]) -> dict[str, Any]:
    """The ``edit_size`` section: distribution and buckets of the planted and of all verified mutants."""
    planted = [v.mutant.edit_size for t in released_ids for v in chosen.get(t, [])]
    every = [v.mutant.edit_size for t in released_ids for v in verified.get(t, [])]
    return {"planted": {**_distribution(planted), "buckets": edit_histogram(planted),
                        "bucket_order": [b[0] for b in EDIT_BUCKETS]},
            "all_mutants": {**_distribution(every), "buckets": edit_histogram(every)}}


def _mutant_tables(released: Sequence[Task], verified: Mapping[str, Sequence[VerifiedMutant]],
                   chosen: Mapping[str, Sequence[VerifiedMutant]], types: Sequence[str]
                   ) -> tuple[dict, Counter, list, list, list]:
    """Per mutation type and status counts, the survivors, one row per released task and the
    tasks' mutation scores (the report's ``mutants``, ``survivors``, ``per_task`` sections)."""
    by_type = {t: {s: 0 for s in ("enumerated", *STATUSES, "planted")} for t in types}
    by_status: Counter[str] = Counter()
    survivors: list[dict[str, Any]] = []
    per_task: list[dict[str, Any]] = []
    scores: list[float] = []
    for task in released:
        vms = verified.get(task.task_id, [])
        planted = chosen.get(task.task_id, [])
        for v in vms:
            row = by_type[v.mutant.mutation_type]
            row["enumerated"] += 1
            row[v.status] += 1
            by_status[v.status] += 1
            if v.status == SURVIVED:
                survivors.append({"task_id": task.task_id, "operator": v.mutant.operator,
                                  "mutation_type": v.mutant.mutation_type,
                                  "span": list(v.mutant.span), "before": v.mutant.before,
                                  "after": v.mutant.after,
                                  "bug_description": v.mutant.bug_description})
        for v in planted:
            by_type[v.mutant.mutation_type]["planted"] += 1
        score = mutation_score(vms)
        if score is not None:
            scores.append(score)
        per_task.append({
            "task_id": task.task_id, "mutants": len(vms),
            **{s: sum(1 for v in vms if v.status == s) for s in STATUSES},
            "mutation_score": None if score is None else round(score, 6),
            "planted": len(planted),
            "planted_types": [v.mutant.mutation_type for v in planted],
            "planted_operators": [v.mutant.operator for v in planted],
            "identical_failing_subsets": identical_failing_subsets(planted),
        })
    return by_type, by_status, survivors, per_task, scores


def _fallback_section(released_ids: Sequence[str], fallback: Mapping[str, Sequence[VerifiedMutant]],
                      chosen: Mapping[str, Sequence[VerifiedMutant]]) -> dict[str, Any]:
    """Extended mutants executed to top short tasks up, and how many of them were planted."""
    ids = [t for t in released_ids if t in fallback]
    statuses: Counter[str] = Counter(v.status for t in ids for v in fallback[t])
    planted = [v for t in ids for v in chosen.get(t, ()) if v.mutant.mutation_type == EXTENDED]
    return {"tasks": len(ids), "executed": sum(statuses.values()),
            "by_status": {s: statuses.get(s, 0) for s in STATUSES},
            "planted": len(planted),
            "planted_by_operator": dict(sorted(Counter(v.mutant.operator for v in planted).items())),
            "tasks_with_extended_planted": len({t for t in ids for v in chosen.get(t, ())
                                                if v.mutant.mutation_type == EXTENDED})}


def rejected_tasks_lines(report: Mapping[str, Any], limit: int = 3,
                         where: str | os.PathLike[str] = REPORT_FILE) -> list[str]:
    """Console lines about the tasks a build rejected (empty when none was): a count, then the
    first ``limit`` reasons as ``task: gate: reason``, and where (``where``) the rest are."""
    rows = [r for r in report.get("rejections", ()) if r.get("snippet_id") is None]
    if not rows:
        return []
    lines = [f"{len(rows)} task(s) rejected by the gates:"]
    lines += [f"  {r['task_id']}: {r['gate']}: {r['reason']}" for r in rows[:limit]]
    if len(rows) > limit:
        lines.append(f"  ... and {len(rows) - limit} more in {where}")
    return lines


def language_section(tasks: Sequence[Task], released: Sequence[Task],
                     verified: Mapping[str, Sequence[VerifiedMutant]],
                     chosen: Mapping[str, Sequence[VerifiedMutant]],
                     rejections: Sequence[Rejection], language_of: Any) -> dict[str, Any]:
    """Per-language counts of a build with a task in a language other than Python (the
    ``languages`` section; a Python-only report has none, so it keeps its bytes).

    Returns:
        ``{language: {"tasks": {"input", "released", "rejected"}, "mutants": {"total",
        "by_status"}, "planted": {"total", "by_type"}, "survivors", "mutation_score_median",
        "tasks_with_at_least": {"1", "3"}}}``, languages sorted; ``language_of(task)`` names a
        task's language.  Mutants are those of the main enumeration (the ``mutants`` section's);
        ``rejected`` counts tasks with a task-level rejection.
    """
    rejected = {r.task_id for r in rejections if r.snippet_id is None}
    inputs: dict[str, list[Task]] = {}
    seen: set[str] = set()
    for task in tasks:
        if task.task_id not in seen:
            seen.add(task.task_id)
            inputs.setdefault(language_of(task), []).append(task)
    released_ids = {t.task_id for t in released}
    out: dict[str, Any] = {}
    for lang in sorted(inputs):
        group = inputs[lang]
        kept = [t for t in group if t.task_id in released_ids]
        vms = [v for t in group for v in verified.get(t.task_id, ())]
        statuses = Counter(v.status for v in vms)
        planted = [v for t in kept for v in chosen.get(t.task_id, ())]
        types = Counter(v.mutant.mutation_type for v in planted)
        scores = [s for t in kept if (s := mutation_score(verified.get(t.task_id, ()))) is not None]
        per_task = [len(chosen.get(t.task_id, ())) for t in kept]
        out[lang] = {
            "tasks": {"input": len(group), "released": len(kept),
                      "rejected": sum(1 for t in group if t.task_id in rejected)},
            "mutants": {"total": len(vms), "by_status": {s: statuses.get(s, 0) for s in STATUSES}},
            "planted": {"total": len(planted), "by_type": dict(sorted(types.items()))},
            "survivors": statuses.get(SURVIVED, 0),
            "mutation_score_median": round(statistics.median(scores), 6) if scores else None,
            "tasks_with_at_least": {str(k): sum(1 for n in per_task if n >= k) for k in (1, 3)},
        }
    return out
