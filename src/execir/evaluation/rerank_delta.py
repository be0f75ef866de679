"""Δ of every ``retriever>reranker`` system against its retriever alone and against the best
probe on the same first stage (``analyses/rerank.json``).

For each reranked system whose first stage is in the same results (the pipeline adds it:
:func:`execir.rerank.stage.with_baselines`), per metric: both values, the difference with its
paired-bootstrap interval and p-value, and for binary metrics (exec@k) the exact McNemar test on
the discordant queries (:func:`execir.evaluation.stats.paired_tests`, the same resamples as the
leaderboard's); then Δ exec@1 per query group -- the domain (execir-py), else the task's language
when the release has several -- with the group's query count (CoREB §4.3 reports the rerank
stage per task).  A method's row also holds ``best_probe``: the same paired tests against the
probe system on its first stage (``<retriever>>medoid``, :func:`execir.retrieval.spec.is_probe`,
added by the pipeline) with the highest exec@1 -- what re-ordering the same candidates without
reading the query gets (issue 25 item 4).
"""

from __future__ import annotations

from typing import Any

import numpy as np

from execir.evaluation.metrics import SPECS, metric_key
from execir.evaluation.stats import (DEFAULT_LEVEL, DEFAULT_REPLICATES, bootstrap_counts,
                                     bootstrap_means, mean_included, paired_tests)
from execir.retrieval.spec import first_stage_key, is_probe


def reranked_pairs(systems: tuple[str, ...]) -> list[tuple[str, str]]:
    """``(reranked system, its retriever)`` for every ``a>b`` in ``systems`` whose first stage is
    there too, under any spelling of it (:func:`~execir.retrieval.spec.first_stage_key`), in
    ``systems`` order."""
    plain = {}
    for s in systems:
        if ">" not in s:
            plain.setdefault(first_stage_key(s), s)
    out = []
    for s in systems:
        base = plain.get(first_stage_key(s)) if ">" in s else None
        if base is not None:
            out.append((s, base))
    return out


def _groups(ev) -> tuple[str, list[str]] | None:
    """How queries are grouped for the per-group Δ: ``("domain", labels)``, ``("language",
    labels)`` or None when every query is in one group."""
    domains, langs = [], []
    for qid in ev.index.query_ids:
        q = ev.benchmark.queries[qid]
        task = ev.benchmark.tasks.get(q.task_id)
        domains.append(q.domain or (task.domain if task is not None else None) or "unknown")
        langs.append(task.language if task is not None else "unknown")
    if len(set(domains)) > 1:
        return "domain", domains
    if len(set(langs)) > 1:
        return "language", langs
    return None


def rerank_deltas(ev, *, seed: int = 0, replicates: int = DEFAULT_REPLICATES,
                  level: float = DEFAULT_LEVEL) -> dict[str, Any]:
    """The payload of ``analyses/rerank.json`` (see the module docstring) for an
    :class:`~execir.evaluation.evaluate.Evaluation`."""
    pairs = reranked_pairs(ev.systems)
    if not pairs:
        return {"available": False,
                "reason": "no retriever>reranker system with its retriever in these results"}
    counts = bootstrap_counts(len(ev.index.query_ids), replicates, seed)
    grouping = _groups(ev)
    k1 = metric_key("exec", ev.exec_ks[0])
    out: dict[str, Any] = {}
    for system, base in pairs:
        row: dict[str, Any] = {"retriever": base, "metrics": _paired(ev, system, base, counts, level,
                                                                     ("reranked", "retriever"))}
        probe = None if is_probe(system) else best_probe(ev, base, k1)
        if probe is not None:
            row["best_probe"] = {"probe": probe, "metrics": _paired(ev, system, probe, counts, level,
                                                                    ("reranked", "probe"))}
        if grouping is not None:
            kind, labels = grouping
            arr = np.array(labels)
            a, b = ev.per_query[system][k1], ev.per_query[base][k1]
            row["by_group"] = {"kind": kind, "metric": k1, "groups": {
                g: {"n": int((arr == g).sum()), "reranked": _num(mean_included(a[arr == g])),
                    "retriever": _num(mean_included(b[arr == g])),
                    "delta": _num(mean_included(a[arr == g]) - mean_included(b[arr == g]))}
                for g in sorted(set(labels))}}
        out[system] = row
    return {"available": True, "bootstrap": {"replicates": replicates, "seed": seed,
                                             "level": level}, "systems": out}


def best_probe(ev, base: str, key: str) -> str | None:
    """The probe system on first stage ``base`` (``base>probe``, any spelling of ``base``) with
    the highest mean ``key``, ties by name; None when the results hold none."""
    stage = first_stage_key(base)
    probes = [s for s in ev.systems if is_probe(s) and first_stage_key(s) == stage]
    scored = [(-mean_included(ev.per_query[s][key]), s) for s in probes]
    return min(scored)[1] if scored else None


def _paired(ev, a: str, b: str, counts: np.ndarray, level: float, names: tuple[str, str]
            ) -> dict[str, dict[str, Any]]:
    """Per metric: the two systems' means (under ``names``) and the paired test of ``a`` - ``b``."""
    metrics = {}
    for key in ev.keys:
        name = key.rpartition("@")[0]
        values = np.column_stack([ev.per_query[a][key], ev.per_query[b][key]])
        reps = bootstrap_means(values, counts)
        test = paired_tests(values, reps, [(0, 1)], binary=SPECS[name].binary, level=level,
                            counts=counts)[0]
        metrics[key] = {names[0]: _num(mean_included(values[:, 0])),
                        names[1]: _num(mean_included(values[:, 1])),
                        **{f: (_num(v) if isinstance(v, float) else v) for f, v in test.items()}}
    return metrics


def _num(x: float) -> float | None:
    return None if x != x else float(x)
