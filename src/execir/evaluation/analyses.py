"""The analyses of ExecRetrieval §5 and appendices C and G, computed from an :class:`Evaluation`.

Each function returns one JSON-ready dict (written to ``analyses/<name>.json``) with an
``available`` flag; when an analysis cannot be computed its ``reason`` says why.

Scores: the canonical's and each paired distractor's score for a query are read from the run (the
ranked list); a snippet missing from a list (cut off by the run's depth) has no score, and the
query or triple is left out and counted.
"""

from __future__ import annotations

from statistics import median
from typing import Any, Mapping, Sequence

import numpy as np
from scipy.stats import spearmanr

from execir.evaluation.density import expected_exec1
from execir.evaluation.metrics import metric_key
from execir.evaluation.rerank_delta import rerank_deltas
from execir.evaluation.stats import (DEFAULT_LEVEL, DEFAULT_REPLICATES, bootstrap_counts, bootstrap_means,
                                     mean_included, percentile_ci)
from execir.records import SIX_TYPES

EDIT_SIZE_BUCKETS: tuple[tuple[str, int, float], ...] = (
    ("1", 1, 1), ("2-5", 2, 5), ("6-20", 6, 20), ("21+", 21, float("inf")))
DENSITY_LEVELS = (0, 1, 2, 3, 4)
#: File stems of ``analyses/<name>.json``: the keys of :func:`run_analyses`, in its order.
ANALYSIS_NAMES = ("rank1_misses", "canonical_gap", "deception_by_type", "pool_density", "per_domain",
                  "difficulty", "edit_size", "stacked", "rerank")


def _rate(deceived: int, n: int) -> dict[str, Any]:
    return {"n": n, "deceived": deceived, "rate": (deceived / n) if n else None}


def _scores(ev) -> dict[str, list[dict[str, float]]]:
    """system -> per query -> {snippet_id: score} for the query's canonical and paired snippets."""
    out = {}
    for s in ev.systems:
        rows = []
        for i, qid in enumerate(ev.index.query_ids):
            wanted = ev.index.canonical[i] | ev.index.paired[i]
            rows.append({sid: sc for sid, sc in ev.runs[s].get(qid, ()) if sid in wanted})
        out[s] = rows
    return out


def _triples(ev, scores) -> list[tuple[str, int, str, bool]]:
    """(system, query index, distractor id, deceived) for every evaluable triple."""
    out = []
    for s in ev.systems:
        for i in range(len(ev.index.query_ids)):
            row = scores[s][i]
            canon = [row[c] for c in ev.index.canonical[i] if c in row]
            if not canon:
                continue
            c_score = max(canon)
            for sid in sorted(ev.index.paired[i]):
                if sid in row:
                    out.append((s, i, sid, row[sid] >= c_score))
    return out


def rank1_misses(ev) -> dict[str, Any]:
    """§5.2 / Table 3: queries whose rank-1 snippet fails, and how many of those rank-1 snippets are
    the query's own paired distractors (the rest: another query's snippet, or an empty list)."""
    k1 = metric_key("exec", 1)
    if k1 not in ev.keys:
        return {"available": False, "reason": "exec@1 was not computed (k=1 not in ks)"}
    systems = {}
    for s in ev.systems:
        j = ev.judged[s]
        miss = ev.per_query[s][k1] == 0
        paired = miss & j.paired[:, 0]
        empty = miss & ~j.filled[:, 0]
        n_miss = int(miss.sum())
        systems[s] = {"miss_at_1": n_miss, "paired_distractor_at_1": int(paired.sum()),
                      "share_paired": (int(paired.sum()) / n_miss) if n_miss else None,
                      "other_snippet_at_1": int((miss & ~j.paired[:, 0] & j.filled[:, 0]).sum()),
                      "empty_ranking": int(empty.sum())}
    return {"available": True, "n_queries": len(ev.index.query_ids), "systems": systems}


def canonical_gap(ev, scores=None) -> dict[str, Any]:
    """§5.4 / Figure 4: per query, canonical score minus the best paired distractor's score."""
    scores = scores or _scores(ev)
    systems = {}
    for s in ev.systems:
        gaps, missing = [], 0
        for i, qid in enumerate(ev.index.query_ids):
            if not ev.index.paired[i]:
                continue
            row = scores[s][i]
            canon = [row[c] for c in ev.index.canonical[i] if c in row]
            dist = [row[d] for d in ev.index.paired[i] if d in row]
            if not canon or not dist:
                missing += 1
                continue
            gaps.append((qid, max(canon) - max(dist)))
        vals = [g for _, g in gaps]
        systems[s] = {
            "n": len(vals), "missing_scores": missing,
            "fraction_canonical_loses": (sum(v < 0 for v in vals) / len(vals)) if vals else None,
            "fraction_tied": (sum(v == 0 for v in vals) / len(vals)) if vals else None,
            "median_gap": float(median(vals)) if vals else None,
            "mean_gap": float(np.mean(vals)) if vals else None,
            "gaps": {q: g for q, g in gaps},
        }
    return {"available": True, "definition": "gap = canonical score - max paired distractor score; "
            "< 0: the canonical loses", "systems": systems}


def deception_by_type(ev, triples=None) -> dict[str, Any]:
    """§5.5 / Figure 5: a (query, paired distractor, system) triple is deceived when the distractor's
    score is >= the canonical's (a tie counts as deceived); rates per mutation type."""
    triples = _triples(ev, _scores(ev)) if triples is None else triples
    if not triples:
        return {"available": False, "reason": "no (query, paired distractor) pair has both scores in any run"}
    corpus = ev.benchmark.corpus
    per_type: dict[str, list[int]] = {}
    per_sys: dict[str, dict[str, list[int]]] = {}
    for s, _, sid, dec in triples:
        mtype = str((corpus[sid].mutation or {}).get("mutation_type", "unknown"))
        for bucket in (per_type.setdefault(mtype, [0, 0]), per_sys.setdefault(s, {}).setdefault(mtype, [0, 0])):
            bucket[0] += int(dec)
            bucket[1] += 1
    paper = [t for t in triples
             if (corpus[t[2]].mutation or {}).get("mutation_type") in SIX_TYPES]
    return {"available": True, "tie_rule": "distractor score >= canonical score counts as deceived",
            "overall_scope": "the six mutation types of ExecRetrieval §3.2; extended (top-up) "
                             "distractors are in by_type and overall_all_types only",
            "overall": _rate(sum(int(t[3]) for t in paper), len(paper)),
            "overall_all_types": _rate(sum(int(t[3]) for t in triples), len(triples)),
            "by_type": {t: _rate(*v) for t, v in sorted(per_type.items())},
            "systems": {s: {t: _rate(*v) for t, v in sorted(d.items())} for s, d in per_sys.items()}}


def pool_density(ev) -> dict[str, Any]:
    """§5.3 / Table 4: exact expected exec@1 when each query keeps d = 0..4 paired distractors."""
    k1 = metric_key("exec", 1)
    if k1 not in ev.keys:
        return {"available": False, "reason": "exec@1 was not computed (k=1 not in ks)"}
    n_paired = np.array([len(p) for p in ev.index.paired])
    max_d = max(DENSITY_LEVELS[-1], int(n_paired.max()) if n_paired.size else 0)
    levels = list(range(0, max_d + 1))
    systems = {}
    for s in ev.systems:
        try:
            per_d = {str(d): mean_included(expected_exec1(ev.judged[s], n_paired, d)) for d in levels}
        except ValueError as exc:
            return {"available": False, "reason": str(exc)}
        systems[s] = {"expected_exec_at_1": per_d, "exec_at_1": mean_included(ev.per_query[s][k1])}
    return {"available": True, "levels": levels,
            "note": "d >= a query's own distractor count keeps its shipped configuration; the last "
                    "level reproduces exec@1 exactly",
            "paired_distractor_counts": {str(m): int((n_paired == m).sum()) for m in sorted(set(n_paired.tolist()))},
            "systems": systems}


def _domains(ev) -> list[str | None]:
    out = []
    for qid in ev.index.query_ids:
        q = ev.benchmark.queries[qid]
        task = ev.benchmark.tasks.get(q.task_id)
        out.append(q.domain or (task.domain if task is not None else None))
    return out


def per_domain(ev) -> dict[str, Any]:
    """Appendix C, Figure 6b: exec@1 per query domain."""
    k1 = metric_key("exec", 1)
    domains = _domains(ev)
    if k1 not in ev.keys or all(d is None for d in domains):
        return {"available": False, "reason": "queries carry no domain" if k1 in ev.keys else
                "exec@1 was not computed"}
    names = sorted({d or "unknown" for d in domains})
    arr = np.array([d or "unknown" for d in domains])
    systems = {s: {d: mean_included(ev.per_query[s][k1][arr == d]) for d in names} for s in ev.systems}
    mean_all = {d: float(np.mean([systems[s][d] for s in ev.systems])) for d in names}
    return {"available": True, "domains": names, "n_queries": {d: int((arr == d).sum()) for d in names},
            "systems": systems, "mean_over_systems": mean_all}


def difficulty(ev) -> dict[str, Any]:
    """Appendix C, Figure 6a: per query, how many systems place a passing snippet at rank 1."""
    k1 = metric_key("exec", 1)
    if k1 not in ev.keys:
        return {"available": False, "reason": "exec@1 was not computed"}
    solved = np.sum([ev.per_query[s][k1] for s in ev.systems], axis=0).astype(int)
    n_sys = len(ev.systems)
    return {"available": True, "n_systems": n_sys,
            "histogram": {str(c): int((solved == c).sum()) for c in range(n_sys + 1)},
            "median": float(np.median(solved)), "mean": float(np.mean(solved)),
            "solved_by_none": int((solved == 0).sum()), "solved_by_all": int((solved == n_sys).sum()),
            "per_query": {q: int(c) for q, c in zip(ev.index.query_ids, solved)}}


def edit_size(ev, triples=None) -> dict[str, Any]:
    """Appendix G.1 / Table 8: deception by edit-size bucket (1, 2-5, 6-20, 21+ characters) and the
    tie-aware (average-rank) Spearman correlation between edit size and per-pair deception."""
    triples = _triples(ev, _scores(ev)) if triples is None else triples
    corpus = ev.benchmark.corpus
    per_pair: dict[tuple[int, str], list[int]] = {}
    for _, i, sid, dec in triples:
        per_pair.setdefault((i, sid), []).append(int(dec))
    sizes, rel_sizes, rates = [], [], []
    buckets = {name: [0, 0, 0] for name, _, _ in EDIT_SIZE_BUCKETS}  # pairs, deceived, triples
    for (i, sid), decs in sorted(per_pair.items()):
        size = (corpus[sid].mutation or {}).get("edit_size")
        if not isinstance(size, (int, float)) or isinstance(size, bool):
            continue
        canon_len = max((len(corpus[c].code) for c in ev.index.canonical[i] if c in corpus), default=0)
        sizes.append(float(size))
        rel_sizes.append(float(size) / canon_len if canon_len else float("nan"))
        rates.append(float(np.mean(decs)))
        for name, lo, hi in EDIT_SIZE_BUCKETS:
            if lo <= size <= hi:
                buckets[name][0] += 1
                buckets[name][1] += sum(decs)
                buckets[name][2] += len(decs)
    if len(sizes) < 3:
        return {"available": False, "reason": f"only {len(sizes)} distractor(s) with edit_size and scores"}

    def rho(x: list[float]) -> float | None:
        xs, ys = np.array(x), np.array(rates)
        ok = ~np.isnan(xs)
        if ok.sum() < 3 or np.all(xs[ok] == xs[ok][0]) or np.all(ys[ok] == ys[ok][0]):
            return None
        return float(spearmanr(xs[ok], ys[ok]).statistic)

    return {"available": True, "n_pairs": len(sizes),
            "buckets": {n: {"pairs": b[0], **_rate(b[1], b[2])} for n, b in buckets.items()},
            "bucket_order": [name for name, _, _ in EDIT_SIZE_BUCKETS],
            "spearman_absolute": rho(sizes), "spearman_relative": rho(rel_sizes),
            "note": "per-pair deception = share of systems deceived; Spearman uses average ranks for ties"}


def stacked_deception(ev, stacked: Mapping[str, Any] | None, *, seed: int = 0, replicates: int = DEFAULT_REPLICATES,
                      level: float = DEFAULT_LEVEL, scores=None, missing: str | None = None) -> dict[str, Any]:
    """Appendix G.2 / Table 9: deception of stacked (multi-mutation) variants vs single mutants.

    ``stacked`` maps system -> query_id -> the query's execution-verified stacked variants scored
    by that system, in one of two forms:

    * a list of ``{"n_mutations": int, "score": float}``: variant scores comparable with the run's
      scores (e.g. a dense model's cosine); the canonical and single mutants (n = 1, the query's
      paired distractors) are scored from the run;
    * ``{"canonical": [float, ...], "singles": [float, ...], "variants": [...list as above]}``:
      every score from one and the same ranking (how ``execir run``/``evaluate`` score a release's
      ``stacked.jsonl``: the corpus plus the variants, ranked in full, so corpus-dependent scores
      such as BM25 stay comparable).

    A variant or single mutant deceives when its score is >= the best canonical score.  Deception
    is averaged per query, then over systems, on the queries that have variants at every count;
    each count's difference to n = 1 gets a query-level bootstrap CI (``replicates``, ``seed``).
    ``missing`` is the reason reported when ``stacked`` is None.
    """
    if not stacked:
        return {"available": False, "reason": missing or "no stacked-mutant variants were supplied "
                "to evaluate() (pass stacked={system: {query_id: [{'n_mutations': n, 'score': s}, ...]}})"}
    scores = scores or _scores(ev)
    systems = [s for s in ev.systems if s in stacked]
    per = _stacked_rates(ev, stacked, systems, scores)
    counts = sorted(per)
    if len(counts) < 2:
        return {"available": False, "reason": "stacked variants supplied but no count other than 1 is scorable"}
    matched = sorted(set.intersection(*(set(per[n]) for n in counts)))
    if not matched:
        return {"available": False, "reason": "no query has variants at every mutation count"}
    table = np.array([[float(np.mean(list(per[n][q].values()))) for n in counts] for q in matched])
    boot = bootstrap_counts(len(matched), replicates, seed)
    rows = {}
    for j, n in enumerate(counts):
        row = {"deception": float(table[:, j].mean())}
        if n != counts[0]:
            diff = table[:, j] - table[:, 0]
            lo, hi = percentile_ci(bootstrap_means(diff, boot), level)
            row.update({"delta_vs_1": float(diff.mean()), "delta_ci_low": float(lo[0]),
                        "delta_ci_high": float(hi[0])})
        rows[str(n)] = row
    return {"available": True, "matched_queries": len(matched), "systems": systems, "by_count": rows}


def _stacked_scores(ev, entry: Any, system_scores: Sequence[Mapping[str, float]], i: int
                    ) -> tuple[list[float], list[float], Sequence[Mapping[str, Any]]]:
    """``(canonical scores, single-mutant scores, variants)`` of query ``i``'s stacked entry
    (either form of :func:`stacked_deception`; ``system_scores``: the system's run scores per query)."""
    if isinstance(entry, Mapping):
        return ([float(x) for x in entry.get("canonical", ())], [float(x) for x in entry.get("singles", ())],
                entry.get("variants", ()))
    row = system_scores[i]
    return ([row[c] for c in ev.index.canonical[i] if c in row],
            [row[d] for d in sorted(ev.index.paired[i]) if d in row], entry)


def _stacked_rates(ev, stacked: Mapping[str, Any], systems: Sequence[str], scores: Any
                   ) -> dict[int, dict[str, dict[str, float]]]:
    """mutation count -> query -> system -> share of that count's variants (count 1: the
    single mutants) scored >= the best canonical; queries without a canonical score are left out."""
    qpos = {q: i for i, q in enumerate(ev.index.query_ids)}
    per: dict[int, dict[str, dict[str, float]]] = {}
    for s in systems:
        for qid, entry in stacked[s].items():
            i = qpos.get(qid)
            if i is None:
                continue
            canon, singles, variants = _stacked_scores(ev, entry, scores[s], i)
            if not canon:
                continue
            c_score = max(canon)
            groups: dict[int, list[int]] = {1: [int(x >= c_score) for x in singles]}
            for v in variants:
                groups.setdefault(int(v["n_mutations"]), []).append(int(float(v["score"]) >= c_score))
            for n, decs in groups.items():
                if decs:
                    per.setdefault(n, {}).setdefault(qid, {})[s] = float(np.mean(decs))
    return per


def run_analyses(ev, *, seed: int = 0, replicates: int = DEFAULT_REPLICATES, level: float = DEFAULT_LEVEL,
                 stacked: Mapping[str, Any] | None = None, stacked_missing: str | None = None
                 ) -> dict[str, dict[str, Any]]:
    """Every analysis, keyed by file stem (``stacked_missing``: see :func:`stacked_deception`)."""
    scores = _scores(ev)
    triples = _triples(ev, scores)
    return {
        "rank1_misses": rank1_misses(ev),
        "canonical_gap": canonical_gap(ev, scores),
        "deception_by_type": deception_by_type(ev, triples),
        "pool_density": pool_density(ev),
        "per_domain": per_domain(ev),
        "difficulty": difficulty(ev),
        "edit_size": edit_size(ev, triples),
        "stacked": stacked_deception(ev, stacked, seed=seed, replicates=replicates, level=level,
                                     scores=scores, missing=stacked_missing),
        "rerank": rerank_deltas(ev, seed=seed, replicates=replicates, level=level),
    }
