"""``evaluate``: label runs by execution, score every metric, bootstrap, test pairs, write results.

Results directory written by :func:`evaluate` (all JSON canonical, all writes atomic):

* ``leaderboard.json`` / ``leaderboard.csv`` — one row per system, every metric with its 95%
  bootstrap CI, sorted by exec@1 (then system name);
* ``pairwise_tests.json`` — every pair of systems x metric x k (paired bootstrap, exact McNemar);
* ``runs/<system>.jsonl`` — the ranked lists that were scored;
* ``labels.jsonl`` — every execution label used (query, snippet, outcomes);
* ``analyses/*.json`` — the analyses of :mod:`execir.evaluation.analyses`;
* ``stacked_scores.json`` — only when stacked-mutant scores were supplied: the scores the
  stacking analysis used (so ``reproduce`` can recompute it);
* ``release/`` — the benchmark the runs were scored on, and ``evaluation.json`` — the parameters;
  with the two above these make the directory self-contained for ``reproduce`` and ``report``.
"""

from __future__ import annotations

import csv
import io as _io
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Mapping, Sequence

import numpy as np

from execir.evaluation.judged import (BenchmarkIndex, JudgedRun, LabelTable, judge_run, key_pairs, label_keys,
                                     ranked_run)
from execir.evaluation.labels import execute_labels, label_rows, recorded_labels
from execir.evaluation.metrics import DEFAULT_KS, METRICS, SPECS, QrelsArrays, cutoffs, metric_key, per_query_metrics
from execir.evaluation.metrics.hn_share import hn_share_at_k
from execir.evaluation.stats import (DEFAULT_LEVEL, DEFAULT_REPLICATES, bootstrap_counts, bootstrap_means,
                                     mean_included, paired_tests, percentile_ci)
from execir.evaluation.reference import reference_rows, references
from execir.evaluation.ties import top_ties
from execir.retrieval.spec import is_probe
from execir.errors import UsageError
from execir.execution import Oracle
from execir.formats.files import atomic_write_text, write_json, write_jsonl, write_release, write_run
from execir.progress import Stage
from execir.records import CODE, Benchmark, Run, run_file_name

#: extra cut-off reported for the ranking metrics (CoREB reports Recall@100).
EXTRA_IR_K = 100
#: stacked-mutant scores supplied to :func:`evaluate`, saved for ``reproduce``.
STACKED_SCORES_FILE = "stacked_scores.json"
#: how queries without a level-2 item (CoREB's c2t match negative pairs) count: ``keep`` scores
#: them 0 on every ranking metric (CoREB A.6, the reference evaluator), ``exclude`` leaves them out
#: of every mean (CoREB A.3); None leaves them out of the ranking metrics only (execution metrics
#: keep every query: ExecRetrieval's rule; a release has no such query).
MATCH_KEEP = "keep"
MATCH_EXCLUDE = "exclude"
MATCH_CHOICES = (MATCH_KEEP, MATCH_EXCLUDE)
#: the share of the top 10 that are hard negatives (CoREB figure 7), beside the metrics of METRICS
HN_SHARE = "hn_share@10"
#: the metrics of relevance ranking that ``match_negatives`` applies to (CoREB A.6)
RELEVANCE_METRICS = frozenset({"ndcg", "recall", "mrr", "map", "precision", "canonical_ndcg"})


@dataclass(frozen=True)
class Evaluation:
    """Everything computed before writing: ranked runs, labels and per-query metric values.

    Attributes:
        benchmark: the benchmark.
        index: its :class:`BenchmarkIndex`.
        systems: system names in the order given.
        runs: system -> run in the package's rank order.
        judged: system -> judged arrays.
        labels: (query_id, snippet_id) -> execution label.
        exec_ks: cut-offs of the execution metrics.
        ir_ks: cut-offs of the ranking metrics.
        per_query: system -> metric key -> ``(n_queries,)`` values (NaN = excluded): every key of
            ``keys`` plus :data:`HN_SHARE`.
        keys: metric keys in report order.
        match_negatives: the rule for queries without a level-2 item (:data:`MATCH_CHOICES`, or
            None).
        no_positive: ids of the queries without a level-2 item.
        anchors_removed: system -> how many c2c anchors were found in (and removed from) its run.
    """

    benchmark: Benchmark
    index: BenchmarkIndex
    systems: tuple[str, ...]
    runs: Mapping[str, Run]
    judged: Mapping[str, JudgedRun]
    labels: Mapping[tuple[str, str], Any]
    exec_ks: tuple[int, ...]
    ir_ks: tuple[int, ...]
    per_query: Mapping[str, Mapping[str, np.ndarray]]
    keys: tuple[str, ...]
    match_negatives: str | None = None
    no_positive: tuple[str, ...] = ()
    anchors_removed: Mapping[str, int] = field(default_factory=dict)

    @property
    def query_ids(self) -> tuple[str, ...]:
        """Query ids in benchmark order: the rows of every per-query array."""
        return self.index.query_ids


def _check_ks(ks: Sequence[int]) -> tuple[int, ...]:
    out = tuple(sorted(set(int(k) for k in ks)))
    if not out or out[0] < 1:
        raise UsageError(f"cut-offs must be positive integers, got {list(ks)}")
    return out


def exclude_anchors(benchmark: Benchmark, run: Run) -> tuple[Run, int]:
    """``run`` with each c2c query's anchor dropped from its list (CoREB B.9); also returns how
    many lists held their anchor."""
    anchors = benchmark.anchors()
    out: Run = {}
    removed = 0
    for qid, items in run.items():
        anchor = anchors.get(qid)
        if anchor is None:
            out[qid] = list(items)
            continue
        kept = [(d, s) for d, s in items if d != anchor]
        removed += len(kept) != len(items)
        out[qid] = kept
    return out, removed


def _check_targets(benchmark: Benchmark, system: str, run: Run) -> None:
    """Raise :class:`UsageError` for a query missing from the benchmark, or a document of the
    corpus the query does not rank (a code query given a description, or the reverse)."""
    for qid, items in run.items():
        q = benchmark.queries.get(qid)
        if q is None:
            raise UsageError(f"run '{system}': query '{qid}' is not in the benchmark")
        for did, _ in items:
            doc = benchmark.corpus.get(did)
            if doc is not None and doc.modality != q.target:
                raise UsageError(f"run '{system}': query '{qid}' ({q.direction}) ranks '{did}', which is in the "
                                 f"{doc.modality} corpus, not the {q.target} corpus")


def _labels(benchmark: Benchmark, needed: Sequence[tuple[str, str]], known: Mapping[tuple[str, str], Any],
            oracle: Oracle | None) -> tuple[dict[tuple[str, str], Any], dict[tuple[str, str], Any]]:
    """Every needed pair's label: ``(executed, recorded)``.  A pair whose query's task is in the
    benchmark (its tests are the oracle) is executed unless ``known``; any other pair takes the
    source's record (:func:`execir.evaluation.labels.recorded_labels`: a passing program of the
    query's own task)."""
    executed = {p: known[p] for p in needed if p in known}
    missing = [p for p in needed if p not in known and benchmark.queries[p[0]].task_id in benchmark.tasks]
    if missing:
        executed.update(execute_labels(benchmark, missing, oracle=oracle or Oracle()))
    recorded = recorded_labels(benchmark, [p for p in needed if p not in executed])
    return executed, recorded


def _apply_rules(values: dict[str, np.ndarray], keys: Sequence[str], *, is_code: np.ndarray,
                 no_pos: np.ndarray, match_negatives: str | None) -> None:
    """In place: execution keys are undefined (NaN) for a query that ranks text; queries
    without a level-2 item follow ``match_negatives`` (see :data:`MATCH_KEEP`)."""
    exec_keys = [k for k in keys if SPECS[k.rpartition("@")[0]].execution]
    for key in exec_keys:
        values[key][~is_code] = np.nan
    if match_negatives is None:
        return
    for key in keys:
        if key.rpartition("@")[0] in RELEVANCE_METRICS:
            values[key][no_pos] = 0.0 if match_negatives == MATCH_KEEP else np.nan
    if match_negatives == MATCH_EXCLUDE:
        for key in exec_keys + [k for k in keys if k.startswith("hn_")] + [HN_SHARE]:
            values[key][no_pos] = np.nan


def _check_scoring(runs: Mapping[str, Run], ks: Sequence[int],
                   match_negatives: str | None) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """``(execution cut-offs, ranking cut-offs)`` after checking the systems and options.

    Raises:
        UsageError: no systems, a bad cut-off or ``match_negatives``, two systems whose names
            map to one run file.
    """
    if not runs:
        raise UsageError("no systems to evaluate")
    if match_negatives is not None and match_negatives not in MATCH_CHOICES:
        raise UsageError(f"--match-negatives must be one of {list(MATCH_CHOICES)}, got {match_negatives!r}")
    exec_ks = _check_ks(ks)
    files = [run_file_name(s) for s in runs]
    if len(set(files)) != len(files):
        raise UsageError(f"system names map to the same run file: {sorted(runs)}")
    return exec_ks, _check_ks(tuple(exec_ks) + (EXTRA_IR_K,))


def _ranked_runs(benchmark: Benchmark, runs: Mapping[str, Run], index: BenchmarkIndex,
                 depth: int) -> tuple[dict[str, Any], dict[str, int]]:
    """``(system -> ranked run to ``depth``, system -> c2c anchors removed)``.

    Raises:
        UsageError: a run naming an unknown query or snippet, a snippet of the other corpus, a
            snippet twice or a NaN score.
    """
    ranked, removed = {}, {}
    for s in runs:
        _check_targets(benchmark, s, runs[s])
        clean, removed[s] = exclude_anchors(benchmark, runs[s])
        ranked[s] = ranked_run(clean, index, system=s, depth=depth)
    return ranked, removed


def score_runs(benchmark: Benchmark, runs: Mapping[str, Run], *, ks: Sequence[int] = DEFAULT_KS,
               labels: Mapping[tuple[str, str], Any] | None = None,
               oracle: Oracle | None = None, match_negatives: str | None = None) -> Evaluation:
    """Rank-check runs, label every top-``max(ks)`` snippet by execution, compute metrics: the
    one scoring path of every kind of benchmark.

    A c2c query's anchor is removed from its list first (CoREB B.9).  exec@k counts a snippet
    that passes the query's tests: executed by the oracle when the query's task is in
    ``benchmark.tasks`` (``labels`` already known are reused), else as the source records it (a
    passing program of the query's own task, CoREB's ``meta.passed``).  Execution metrics are
    undefined for queries that rank the text corpus.

    Args:
        benchmark: the benchmark the runs were produced on.
        runs: system -> run (query_id -> ``(snippet_id, score)`` list).
        ks: execution-metric cut-offs; ranking metrics use these plus 100.
        labels: labels already known (e.g. read back from ``labels.jsonl``); any pair still
            missing is executed.
        oracle: runs the missing labels (default :class:`Oracle`: default limits, no cache).
        match_negatives: how queries without a level-2 item count (:data:`MATCH_KEEP`).

    Raises:
        UsageError: no systems, a bad cut-off or ``match_negatives``, or a run naming an unknown
            query/snippet, a snippet of the other corpus, a snippet twice or a NaN score.
    """
    exec_ks, ir_ks = _check_scoring(runs, ks, match_negatives)
    index = BenchmarkIndex.from_benchmark(benchmark)
    systems = tuple(runs)
    depth, label_depth = max(ir_ks), max(exec_ks)
    ranked, removed = _ranked_runs(benchmark, runs, index, depth)
    needed_keys = label_keys(ranked, index, label_depth)
    needed = key_pairs(needed_keys, index)
    executed, recorded = _labels(benchmark, needed, labels or {}, oracle)
    qa = QrelsArrays.build(index, depth)
    table = LabelTable.from_keys(needed_keys, [executed.get(p) or recorded[p] for p in needed])
    keys = tuple(metric_key(spec.name, k) for spec in METRICS for k in cutoffs(spec, exec_ks, ir_ks))
    is_code = np.array([benchmark.queries[q].target == CODE for q in index.query_ids], dtype=bool)
    no_pos = qa.n_relevant == 0
    judged, per_query = {}, {}
    for s in systems:
        judged[s] = judge_run(s, ranked[s], index, table, label_depth=label_depth)
        values = per_query_metrics(judged[s], qa, exec_ks, ir_ks)
        values[HN_SHARE] = hn_share_at_k(judged[s].rel, 10)
        _apply_rules(values, keys, is_code=is_code, no_pos=no_pos, match_negatives=match_negatives)
        per_query[s] = values
    return Evaluation(benchmark=benchmark, index=index, systems=systems,
                      runs={s: ranked[s].run for s in systems}, judged=judged,
                      labels=executed, exec_ks=exec_ks, ir_ks=ir_ks, per_query=per_query, keys=keys,
                      match_negatives=match_negatives,
                      no_positive=tuple(q for q, n in zip(index.query_ids, no_pos.tolist()) if n),
                      anchors_removed=removed)


def _num(x: float) -> float | None:
    return None if x != x else float(x)


@dataclass(frozen=True)
class _Columns:
    """Every (system, metric key) column of an evaluation with its bootstrap: ``values`` and
    ``reps`` are ``(n_queries, S * K)`` and ``(replicates, S * K)``; ``col_of`` maps ``(system,
    key)`` to its column; ``point`` and ``n_incl`` are each column's mean and query count."""

    values: np.ndarray
    reps: np.ndarray
    lo: np.ndarray
    hi: np.ndarray
    counts: np.ndarray
    col_of: dict[tuple[str, str], int]
    point: dict[tuple[str, str], float]
    n_incl: dict[tuple[str, str], int]


def _columns(ev: Evaluation, *, seed: int, replicates: int, level: float) -> _Columns:
    """The columns of ``ev`` and one set of ``replicates`` query resamples (``seed``) for all."""
    n_q = len(ev.index.query_ids)
    counts = bootstrap_counts(n_q, replicates, seed)
    cols = [(s, key) for s in ev.systems for key in ev.keys]
    values = np.column_stack([ev.per_query[s][key] for s, key in cols]) if cols else np.zeros((n_q, 0))
    reps = bootstrap_means(values, counts)
    lo, hi = percentile_ci(reps, level)
    col_of = {c: i for i, c in enumerate(cols)}
    return _Columns(values=values, reps=reps, lo=lo, hi=hi, counts=counts, col_of=col_of,
                    point={c: mean_included(values[:, i]) for c, i in col_of.items()},
                    n_incl={c: int((~np.isnan(values[:, i])).sum()) for c, i in col_of.items()})


def _system_rows(ev: Evaluation, order: Sequence[str], c: _Columns, level: float) -> list[dict[str, Any]]:
    """One leaderboard row per system of ``order`` (rank, run file, every metric with its CI and
    n, the rank-1 ties; a probe unranked)."""
    rows = []
    for rank_no, s in enumerate(order, start=1):
        metrics = {}
        for key in ev.keys:
            i = c.col_of[(s, key)]
            metrics[key] = {"value": _num(c.point[(s, key)]), "ci_low": _num(round(float(c.lo[i]), 12)),
                            "ci_high": _num(round(float(c.hi[i]), 12)), "n": c.n_incl[(s, key)]}
        rows.append({"rank": None if is_probe(s) else rank_no, "system": s, "run_file": f"runs/{run_file_name(s)}",
                     "metrics": metrics, "top_ties": top_ties(ev, s, c.counts, level),
                     **({"probe": True} if is_probe(s) else {})})
    return rows


def _leaderboard(ev: Evaluation, rows: list[dict[str, Any]], *, primary: str, boot: dict[str, Any],
                 card: Mapping[str, Any] | None) -> dict[str, Any]:
    """The leaderboard dict around the system ``rows`` (metrics, exclusions, references)."""
    no_rel = [q for q, qr in zip(ev.index.query_ids, ev.index.qrels)
              if not any(lvl >= 2 for lvl in qr.values())]
    return {
        "benchmark": ev.benchmark.name,
        "release_version": ev.benchmark.manifest.get("version"),
        "n_queries": len(ev.index.query_ids),
        "ks": list(ev.exec_ks),
        "ir_ks": list(ev.ir_ks),
        "relevance_level": 2,
        "primary_metric": primary,
        "bootstrap": boot,
        "metrics": [{"key": key, "name": key.rpartition("@")[0], "k": int(key.rpartition("@")[2]),
                     "title": SPECS[key.rpartition("@")[0]].title,
                     "binary": SPECS[key.rpartition("@")[0]].binary} for key in ev.keys],
        "excluded": {"no_relevant_item": len(no_rel), "query_ids": no_rel,
                     "note": "queries without a level-2 qrels entry are left out of the ranking "
                             "metrics (execution metrics keep every query)"},
        "top_ties": "per system: share of queries whose rank-1 score is shared (tied), share where "
                    "the tie group holds passing and failing snippets so the id tie rule decided "
                    "exec@1 (decided_by_tie_rule), and exec@1 expected under random tie-breaking "
                    "(tie_aware_exec@1); see execir.evaluation.ties",
        "systems": rows,
        "references": references(ev.index.qrels, len(ev.benchmark.corpus), ev.exec_ks, card),
    }


def _comparisons(ev: Evaluation, order: Sequence[str], c: _Columns, level: float) -> list[dict[str, Any]]:
    """Every pair of systems (in ``order``) x metric key: values, paired bootstrap, McNemar."""
    pos = {s: order.index(s) for s in ev.systems}
    pair_idx = [(pos[a], pos[b]) for i, a in enumerate(order) for b in order[i + 1:]]
    comparisons = []
    done: dict[tuple[bytes, bool], list[dict]] = {}
    for key in ev.keys:
        name, k = key.rpartition("@")[0], int(key.rpartition("@")[2])
        idx = [c.col_of[(s, key)] for s in order]
        sig = (c.values[:, idx].tobytes(), SPECS[name].binary)
        if sig not in done:  # identical per-query values (e.g. exec@1 and nDCG@1): same tests
            done[sig] = paired_tests(c.values[:, idx], c.reps[:, idx], pair_idx, binary=SPECS[name].binary,
                                     level=level, counts=c.counts)
        for (a, b), t in zip(pair_idx, done[sig]):
            row = {"a": order[a], "b": order[b], "metric": name, "k": k, "key": key,
                   "a_value": _num(c.point[(order[a], key)]), "b_value": _num(c.point[(order[b], key)])}
            row.update({f: (_num(v) if isinstance(v, float) else v) for f, v in t.items()})
            comparisons.append(row)
    return comparisons


def compute_tables(ev: Evaluation, *, seed: int = 0, replicates: int = DEFAULT_REPLICATES,
                   level: float = DEFAULT_LEVEL, card: Mapping[str, Any] | None = None) -> tuple[dict, dict]:
    """Leaderboard and pairwise-test tables (both JSON-ready dicts) for an :class:`Evaluation`.

    The same bootstrap resamples (``replicates`` x n_queries, ``seed``) serve every system and
    metric, so the pairwise differences are paired.  The leaderboard's ``references`` (chance,
    the best probe of ``card``, the release's probe card, and the definitions) are never ranked
    (:mod:`execir.evaluation.reference`).
    """
    c = _columns(ev, seed=seed, replicates=replicates, level=level)
    primary = metric_key("exec", ev.exec_ks[0])
    # probes (minilm>medoid) are listed after the methods, unranked: they measure the release
    order = sorted(ev.systems, key=lambda s: (is_probe(s), -c.point[(s, primary)], s))
    boot = {"replicates": replicates, "seed": seed, "level": level, "method": "percentile",
            "unit": "query"}
    leaderboard = _leaderboard(ev, _system_rows(ev, order, c, level), primary=primary, boot=boot, card=card)
    pairwise = {"bootstrap": boot, "systems": order, "n_queries": len(ev.index.query_ids),
                "tests": {"binary": "exact McNemar (two-sided binomial on discordant counts) + "
                                    "paired bootstrap", "continuous": "paired bootstrap"},
                "comparisons": _comparisons(ev, order, c, level)}
    return leaderboard, pairwise


def leaderboard_csv(leaderboard: Mapping[str, Any]) -> str:
    """CSV text of a leaderboard: rank, system, then value / ci_low / ci_high per metric key, then
    exec@1 with rank-1 ties broken at random and the share of queries the tie rule decided
    (:mod:`execir.evaluation.ties`); the reference rows (:mod:`execir.evaluation.reference`)
    follow with rank ``reference`` and only the values they have."""
    keys = [m["key"] for m in leaderboard["metrics"]]
    buf = _io.StringIO()
    writer = csv.writer(buf, lineterminator="\n")
    writer.writerow(["rank", "system"] + [c for key in keys for c in (key, f"{key} ci_low", f"{key} ci_high")]
                    + ["tie_aware_exec@1", "decided_by_tie_rule"])
    for row in leaderboard["systems"]:
        cells: list[Any] = [row["rank"], row["system"]]
        for key in keys:
            m = row["metrics"][key]
            cells += ["" if m[f] is None else repr(m[f]) for f in ("value", "ci_low", "ci_high")]
        ties = row.get("top_ties") or {}
        aware, decided = (ties.get("tie_aware_exec@1") or {}).get("value"), ties.get("decided_by_tie_rule")
        writer.writerow(cells + ["" if aware is None else repr(aware), "" if decided is None else repr(decided)])
    for label, values in reference_rows(leaderboard.get("references")):
        writer.writerow(["reference", label] + [c for key in keys for c in (
            "" if values.get(key) is None else repr(values[key]),
            "" if values.get(f"{key} ci_low") is None else repr(values[f"{key} ci_low"]),
            "" if values.get(f"{key} ci_high") is None else repr(values[f"{key} ci_high"]))] + ["", ""])
    return buf.getvalue()


def compute_outputs(ev: Evaluation, *, seed: int, replicates: int, level: float,
                    stacked: Mapping[str, Any] | None = None, stacked_missing: str | None = None,
                    card: Mapping[str, Any] | None = None) -> tuple[dict, dict, dict]:
    """``(leaderboard, pairwise, analyses)`` of ``ev``: :func:`compute_tables` (``card``: the
    release's probe card) plus every analysis of :mod:`execir.evaluation.analyses` (name ->
    JSON-ready payload)."""
    from execir.evaluation.analyses import run_analyses

    leaderboard, pairwise = compute_tables(ev, seed=seed, replicates=replicates, level=level, card=card)
    analyses = run_analyses(ev, seed=seed, replicates=replicates, level=level, stacked=stacked,
                            stacked_missing=stacked_missing)
    return leaderboard, pairwise, dict(analyses)


def write_results(ev: Evaluation, out: Path, *, seed: int, replicates: int, level: float,
                  stacked: Mapping[str, Any] | None = None, stacked_missing: str | None = None,
                  write_inputs: bool = True,
                  outputs: tuple[dict, dict, dict] | None = None, card: Mapping[str, Any] | None = None) -> dict:
    """Write the results directory of ``ev``; returns the leaderboard.

    ``outputs``: what :func:`compute_outputs` returned for the same arguments (computed here when
    None).  ``stacked`` / ``stacked_missing`` / ``card``: see :func:`evaluate`."""
    out = Path(out)
    leaderboard, pairwise, analyses = outputs or compute_outputs(
        ev, seed=seed, replicates=replicates, level=level, stacked=stacked,
        stacked_missing=stacked_missing, card=card)
    write_json(out / "leaderboard.json", leaderboard)
    atomic_write_text(out / "leaderboard.csv", leaderboard_csv(leaderboard))
    write_json(out / "pairwise_tests.json", pairwise)
    for name, payload in analyses.items():
        write_json(out / "analyses" / f"{name}.json", payload)
    if write_inputs:
        for s in ev.systems:
            write_run(out / "runs" / run_file_name(s), ev.runs[s])
        write_jsonl(out / "labels.jsonl", label_rows(ev.labels))
        if stacked is not None:
            write_json(out / STACKED_SCORES_FILE, stacked)
        b = ev.benchmark
        extra = {k: v for k, v in dict(b.manifest).items()  # the copy holds no labels.jsonl of its own
                 if k not in ("counts", "sha256", "name", "format", "labels")}
        write_release(out / "release", name=b.name, queries=b.queries.values(), corpus=b.corpus.values(),
                      qrels=b.qrels, tasks=b.tasks.values(), manifest_extra=extra)
        write_json(out / "evaluation.json", {
            "format": "execir-evaluation/1", "ks": list(ev.exec_ks), "seed": seed,
            "replicates": replicates, "level": level,
            "systems": [{"system": s, "run_file": f"runs/{run_file_name(s)}"} for s in ev.systems],
            "stacked_supplied": stacked is not None,
            **({"stacked_file": STACKED_SCORES_FILE} if stacked is not None else {}),
            **({"stacked_missing": stacked_missing} if stacked is None and stacked_missing else {}),
        })
    return leaderboard


def evaluate(benchmark: Benchmark, runs: Mapping[str, Run], out: Path, *, ks: Sequence[int] = DEFAULT_KS,
             seed: int = 0, oracle: Oracle | None = None,
             labels: Mapping[tuple[str, str], Any] | None = None, replicates: int = DEFAULT_REPLICATES,
             level: float = DEFAULT_LEVEL,
             stacked: Mapping[str, Any] | None = None, stacked_missing: str | None = None,
             match_negatives: str | None = None, card: Mapping[str, Any] | None = None) -> dict:
    """Evaluate ``runs`` on ``benchmark`` and write the results directory ``out``.

    Pass/fail of every snippet in a run's top ``max(ks)`` comes from the oracle (executed through
    the cache, :mod:`execir.evaluation.labels`); metrics are those of
    :data:`execir.evaluation.metrics.METRICS` at ``ks`` (ranking metrics also at 100); intervals
    and pairwise tests follow ExecRetrieval §4.2 (``replicates`` query resamples, ``seed``).

    Args:
        benchmark: a loaded release (:func:`execir.formats.files.load_benchmark`).
        runs: system name -> run; lists are re-ranked with :func:`execir.ranking.rank` if needed.
        out: results directory (created).
        ks: cut-offs (default 1, 3, 5, 10).
        seed: bootstrap seed.
        oracle: runs the labels not already known (default :class:`Oracle`).
        labels: execution labels already known (pairs not covered are executed).
        replicates, level: bootstrap replicates and confidence level.
        stacked: optional stacked-mutant scores for the stacking analysis (see
            :func:`execir.evaluation.analyses.stacked_deception`); saved to
            ``stacked_scores.json``.
        stacked_missing: when ``stacked`` is None, why (reported in ``analyses/stacked.json``).
        match_negatives: see :func:`score_runs`.
        card: the release's probe card (:func:`execir.formats.build_report.release_card`): its
            best probe becomes the leaderboard's reference row.

    Returns:
        the leaderboard dict (as written to ``leaderboard.json``).

    Raises:
        UsageError: no runs, bad ``ks``, a run naming an unknown query or snippet.
    """
    ev = score_runs(benchmark, runs, ks=ks, labels=labels, oracle=oracle, match_negatives=match_negatives)
    line = Stage(f"scoring: metrics, {replicates:,} bootstraps, tests, analyses", 1)
    try:
        return write_results(ev, Path(out), seed=seed, replicates=replicates, level=level,
                             stacked=stacked, stacked_missing=stacked_missing, card=card)
    finally:
        line.advance()
