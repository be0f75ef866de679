"""The held-out evaluation of a trained model (``execir train-reranker``, ``train-retriever``):
its first stage against the model on the held-out split only, beside the query-blind probe on
each first stage (issue 25 item 4), with paired tests; per CoREB task (t2c, c2t, c2c) as well on a
CoREB-format benchmark such as execir-poly.  Also the lines a model card and a training command
print from it."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any, Mapping, Sequence

from execir.evaluation.metrics.family import family_at_1
from execir.records import MULTITASK, SINGLE_TASK, Benchmark

#: metrics reported in the held-out comparison
REPORTED = ("exec@1", "exec@10", "canonical_ndcg@10", "ndcg@10")


def evaluate_held_out(benchmark: Benchmark, held: Benchmark, folder: Path, settings: Any,
                      *, oracle: Any, labels: Mapping[tuple[str, str], Any] | None,
                      cache_dir: str | os.PathLike[str] | None, base: str | None = None,
                      challenger: str | None = None) -> dict[str, Any]:
    """``base`` (default ``settings.retriever``) vs ``challenger`` (default
    ``<base>>cross:<folder>``) on the held-out split, beside the query-blind probe on each one's
    first stage (``<first stage>>medoid``, :mod:`execir.rerank.medoid`; issue 25 item 4).

    Returns:
        ``{"systems": {name: {metric: {value, ci_low, ci_high}}}, "probes": [probe names],
        "paired": {metric: {diff, diff_ci_low, diff_ci_high, p_bootstrap[, p_mcnemar]}},
        "best_probe": {"system": name, "paired": {...}}, "family@1": {name: {value, ci_low,
        ci_high}}, "rerank": usage, "n_queries", "depth"}`` for the metrics in :data:`REPORTED`
        (95% query-bootstrap CIs, seed = ``settings.seed``; ``family@1``: :func:`family_at_1`);
        ``paired`` is challenger - base, ``best_probe`` challenger - the probe with the highest
        exec@1 (ties: the first listed); a metric the held-out queries do not define (exec@k
        when none ranks code) is left out.  A CoREB-format benchmark is scored by CoREB's rules
        (c2t match negatives score 0) and adds ``by_task`` (:func:`by_task`).
    """
    from execir.evaluation.evaluate import compute_tables, score_runs
    from execir.evaluation.kinds import kind_of
    from execir.paths import embeddings_dir
    from execir.rerank.stage import make_system
    from execir.retrieval.runs import retrieve
    from execir.retrieval.spec import parse_system

    base = base or settings.retriever
    reranked = challenger or f"{base}>cross:{folder}"
    probes = list(dict.fromkeys(f"{name.partition('>')[0].strip()}>medoid" for name in (base, reranked)))
    depth = getattr(settings, "eval_depth", 32)
    names = [base, reranked, *probes]
    systems = {name: make_system(parse_system(name), device=settings.device, oracle=oracle,
                                 cache_dir=embeddings_dir(cache_dir), quiet=oracle.quiet,
                                 rerank_depth=depth)
               for name in names}
    runs, usage = retrieve(held, systems)
    known = {p: v for p, v in (labels or {}).items() if p[0] in held.queries and p[1] in held.corpus}
    ev = score_runs(held, runs, labels=known, oracle=oracle, match_negatives=kind_of(held).match_negatives)
    board, pairwise = compute_tables(ev, seed=settings.seed)
    rows = {r["system"]: r["metrics"] for r in board["systems"]}
    best = max(probes, key=lambda name: (rows[name]["exec@1"]["value"] or 0.0, -probes.index(name)))
    out = {"n_queries": board["n_queries"], "depth": depth, "rerank": usage.get(reranked, {}),
           "systems": {name: {k: {f: rows[name][k][f] for f in ("value", "ci_low", "ci_high")}
                              for k in REPORTED if k in rows[name]
                              and rows[name][k]["value"] is not None}  # exec@k: code queries
                       for name in names},
           "probes": probes,
           "paired": _paired(pairwise["comparisons"], reranked, base),
           "best_probe": {"system": best, "paired": _paired(pairwise["comparisons"], reranked, best)},
           # the scored lists: a c2c query's own program (its anchor) is not a hit
           "family@1": {name: family_at_1(held, ev.runs[name], seed=settings.seed) for name in names}}
    out.update(PER_TASK[held.kind](ev, names, reranked, base, probes, seed=settings.seed))
    return out


#: the keys of each CoREB task in a held-out evaluation (:func:`by_task`; exec@1 where the task
#: ranks code)
TASK_KEYS = ("ndcg@10", "exec@1", "precision@1")
#: the order of CoREB's tasks in a held-out evaluation (its table 3)
TASK_ORDER = ("t2c", "c2t", "c2c")


def by_task(ev: Any, names: Sequence[str], challenger: str, base: str, probes: Sequence[str], *,
            seed: int) -> dict[str, Any]:
    """A held-out evaluation per CoREB task (t2c, c2t, c2c; :func:`execir.evaluation.multitask.
    group_tables`, c2t match negatives scored 0 as CoREB A.6).

    Returns:
        ``{task: {"n_queries", "systems": {name: {key: {value, ci_low, ci_high}}}, "paired":
        {key: challenger - base}, "best_probe": {"system", "paired"}}}`` for the keys of
        :data:`TASK_KEYS` that the task defines; the best probe is the one with the highest
        nDCG@10 (CoREB's primary metric) on that task.
    """
    from execir.evaluation.multitask import group_tables

    board, pairwise = group_tables(ev, seed=seed)
    out: dict[str, Any] = {}
    groups = board["groups"]["task"]
    for task in sorted(groups, key=lambda t: (TASK_ORDER.index(t) if t in TASK_ORDER else 3, t)):
        group = groups[task]
        rows = group["systems"]
        keys = tuple(k for k in TASK_KEYS if rows[base][k]["value"] is not None)
        tests = [row for row in pairwise["comparisons"] if row["group"] == task]
        best = max(probes, key=lambda n: (rows[n]["ndcg@10"]["value"] or 0.0, -probes.index(n)))
        out[task] = {"n_queries": group["n_queries"],
                     "systems": {name: {k: {f: rows[name][k][f] for f in ("value", "ci_low", "ci_high")}
                                        for k in keys} for name in names},
                     "paired": _paired(tests, challenger, base, keys),
                     "best_probe": {"system": best, "paired": _paired(tests, challenger, best, keys)}}
    return out


def _no_tasks(ev: Any, names: Sequence[str], challenger: str, base: str, probes: Sequence[str], *,
              seed: int) -> dict[str, Any]:
    """Nothing: a single-task benchmark has no per-task breakdown."""
    return {}


def _by_task_section(ev: Any, names: Sequence[str], challenger: str, base: str, probes: Sequence[str], *,
                     seed: int) -> dict[str, Any]:
    """``{"by_task": by_task(...)}``: a multitask benchmark is also scored per CoREB task."""
    return {"by_task": by_task(ev, names, challenger, base, probes, seed=seed)}


#: what each kind of benchmark adds to a held-out evaluation (:attr:`execir.records.Benchmark.kind`)
PER_TASK = {SINGLE_TASK: _no_tasks, MULTITASK: _by_task_section}


def _paired(comparisons: Sequence[Mapping[str, Any]], a: str, b: str,
            keys: Sequence[str] = REPORTED) -> dict[str, Any]:
    """``a - b`` for every metric of ``keys`` from the pairwise rows (each holds one order of
    the pair): the difference, its interval and the p-values."""
    out: dict[str, Any] = {}
    for row in comparisons:
        if row["key"] in keys and row.get("diff") is not None and {row["a"], row["b"]} == {a, b}:
            sign = 1.0 if row["a"] == a else -1.0
            lo, hi = row["diff_ci_low"], row["diff_ci_high"]
            out[row["key"]] = {"diff": sign * row["diff"],
                               "diff_ci_low": lo if sign > 0 else -hi,
                               "diff_ci_high": hi if sign > 0 else -lo,
                               "p_bootstrap": row["p_bootstrap"],
                               **({"p_mcnemar": row["p_mcnemar"]} if "p_mcnemar" in row else {})}
    return out


def renamed(held: dict[str, Any], old: str, new: str) -> dict[str, Any]:
    """A held-out evaluation (:func:`evaluate_held_out`) with system ``old`` shown as ``new``
    (the staging folder's name replaced by the published one)."""
    def name_of(name: str) -> str:
        return new + name[len(old):] if name == old or name.startswith(old + ">") else name

    for part in ("systems", "family@1"):
        held[part] = {name_of(name): value for name, value in held[part].items()}
    held["probes"] = [name_of(name) for name in held.get("probes", [])]
    for block in [held, *held.get("by_task", {}).values()]:
        if block is not held:
            block["systems"] = {name_of(name): value for name, value in block["systems"].items()}
        if "best_probe" in block:
            block["best_probe"]["system"] = name_of(block["best_probe"]["system"])
    return held


def task_markdown(held: Mapping[str, Any]) -> list[str]:
    """Markdown lines of a held-out evaluation's per-task blocks (``by_task``, a CoREB-format
    benchmark's t2c / c2t / c2c): one table per task, then its paired differences; none for an
    execir release."""
    lines: list[str] = []
    for task, block in held.get("by_task", {}).items():
        keys = list(next(iter(block["systems"].values()), {}))
        lines += ["", f"### {task} ({block['n_queries']} queries)", "",
                  "| system | " + " | ".join(keys) + " |", "|---|" + "---|" * len(keys)]
        for name, metrics in block["systems"].items():
            cells = [f"{metrics[k]['value']:.3f} [{metrics[k]['ci_low']:.3f}, "
                     f"{metrics[k]['ci_high']:.3f}]" for k in keys]
            lines.append(f"| {probe_label(held, name)} | " + " | ".join(cells) + " |")
        lines += delta_lines(block)
    return lines


def probe_label(held: Mapping[str, Any], name: str) -> str:
    """A held-out system's name as a table shows it: probes marked as such."""
    return f"{name} (probe: reads neither the query nor the tests)" if name in held.get("probes", ()) else name


def delta_lines(held: Mapping[str, Any]) -> list[str]:
    """Markdown lines of a held-out evaluation's paired differences: against the first stage,
    then against the best probe."""
    best = held.get("best_probe") or {}
    parts = [("", held["paired"])] + ([(f" over the best probe {best['system']}", best["paired"])]
                                      if best else [])
    return [f"\nΔ {key}{over} = {p['diff']:+.3f} [{p['diff_ci_low']:+.3f}, {p['diff_ci_high']:+.3f}], "
            f"p_bootstrap {p['p_bootstrap']:.3g}"
            + (f", p_mcnemar {p['p_mcnemar']:.3g}" if "p_mcnemar" in p else "")
            for over, paired in parts for key, p in paired.items()]
