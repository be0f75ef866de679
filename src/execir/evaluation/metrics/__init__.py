"""Per-query metrics of both papers over one shared ranking.

:data:`METRICS` lists every metric family; :func:`per_query_metrics` computes all of them for one
judged run and returns ``{"<name>@<k>": (n_queries,) float array}`` with NaN for a query that is
excluded from that metric (no relevant item, or outside the intrusion denominator).

Families (``binary`` ones get the exact McNemar test in pairwise comparisons):

==========================  =========================================================  ========
name                        definition                                                 source
==========================  =========================================================  ========
``exec``                    >= 1 passing snippet in the top k                          ER §4.1
``execution_precision``     passing snippets in the top k / k                          ER §4.1
``canonical_ndcg``          nDCG@k, binary gain on the query's canonical snippet id    ER §4.1
``ndcg``                    graded nDCG@k, relevance_level = 2 (hard negatives gain 0) CoREB B.4
``recall``                  Recall@k (level >= 2 relevant)                              CoREB B.4
``mrr``                     MRR@k                                                       CoREB B.4
``map``                     MAP@k (trec_eval map_cut)                                   trec_eval
``precision``               P@k                                                         trec_eval
``hn_intrusion``            hard-negative intrusion rate in the top k                   CoREB §4.2
==========================  =========================================================  ========
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

import numpy as np

from execir.evaluation.judged import BenchmarkIndex, JudgedRun
from execir.evaluation.metrics.execution import exec_at_k, execution_precision_at_k
from execir.evaluation.metrics.intrusion import intrusion_at_k
from execir.evaluation.metrics.ir import map_at_k, mrr_at_k, ndcg_at_k, precision_at_k, recall_at_k
from execir.records import REL_CANONICAL

#: default cut-offs of the execution metrics (ExecRetrieval §4.1); ranking metrics add 100.
DEFAULT_KS = (1, 3, 5, 10)

__all__ = [
    "DEFAULT_KS", "METRICS", "MetricSpec", "QrelsArrays", "metric_key", "parse_metric_key", "per_query_metrics",
    "exec_at_k", "execution_precision_at_k", "intrusion_at_k", "map_at_k", "mrr_at_k",
    "ndcg_at_k", "precision_at_k", "recall_at_k",
]


@dataclass(frozen=True)
class MetricSpec:
    """One metric family.

    Attributes:
        name: key prefix (``exec`` -> ``exec@1``).
        title: human-readable name.
        binary: per-query values are 0/1 (exact McNemar applies).
        execution: needs execution labels (computed only at the execution cut-offs).
        min_k: smallest meaningful cut-off.
    """

    name: str
    title: str
    binary: bool
    execution: bool
    min_k: int = 1


METRICS: tuple[MetricSpec, ...] = (
    MetricSpec("exec", "exec@k", True, True),
    MetricSpec("execution_precision", "execution_precision@k", False, True),
    MetricSpec("canonical_ndcg", "canonical-ID nDCG@k", False, False),
    MetricSpec("ndcg", "nDCG@k (graded, relevance_level=2)", False, False),
    MetricSpec("recall", "Recall@k", False, False),
    MetricSpec("mrr", "MRR@k", False, False),
    MetricSpec("map", "MAP@k", False, False),
    MetricSpec("precision", "P@k", False, False),
    MetricSpec("hn_intrusion", "hard-negative intrusion rate@k", False, False, min_k=2),
)
SPECS = {m.name: m for m in METRICS}


def metric_key(name: str, k: int) -> str:
    """``"exec", 1 -> "exec@1"``."""
    return f"{name}@{k}"


def parse_metric_key(key: str) -> tuple[str, int]:
    """``"exec@1" -> ("exec", 1)``; raises ValueError on a malformed key."""
    name, _, k = key.rpartition("@")
    if not name or not k.isdigit():
        raise ValueError(f"not a metric key: {key!r}")
    return name, int(k)


@dataclass(frozen=True)
class QrelsArrays:
    """Benchmark-level arrays derived from the qrels, shared by every system.

    Attributes:
        n_relevant: ``(n_queries,)`` count of qrels entries with level >= relevance_level.
        ideal: ``(n_queries, depth)`` positive gains sorted descending (zero padded).
        n_canonical: ``(n_queries,)`` number of canonical snippets of each query.
        relevance_level: the level from which an item counts as relevant.
    """

    n_relevant: np.ndarray
    ideal: np.ndarray
    n_canonical: np.ndarray
    relevance_level: int

    @classmethod
    def build(cls, index: BenchmarkIndex, depth: int, relevance_level: int = REL_CANONICAL
              ) -> "QrelsArrays":
        n_q = len(index.query_ids)
        ideal = np.zeros((n_q, depth), dtype=np.float64)
        n_rel = np.zeros(n_q, dtype=np.int64)
        for i, qr in enumerate(index.qrels):
            gains = sorted((lvl for lvl in qr.values() if lvl >= relevance_level), reverse=True)
            n_rel[i] = len(gains)
            gains = gains[:depth]
            ideal[i, : len(gains)] = gains
        n_canon = np.fromiter((len(c) for c in index.canonical), dtype=np.int64, count=n_q)
        return cls(n_relevant=n_rel, ideal=ideal, n_canonical=n_canon, relevance_level=relevance_level)


def cutoffs(spec: MetricSpec, exec_ks: Sequence[int], ir_ks: Sequence[int]) -> list[int]:
    """Cut-offs at which ``spec`` is reported."""
    ks = exec_ks if spec.execution else ir_ks
    return [k for k in ks if k >= spec.min_k]


def per_query_metrics(judged: JudgedRun, qa: QrelsArrays, exec_ks: Sequence[int],
                      ir_ks: Sequence[int]) -> dict[str, np.ndarray]:
    """Every metric of :data:`METRICS` for one judged run.

    Args:
        judged: the run's arrays; ``judged.label_depth`` must cover ``max(exec_ks)`` and the
            array depth must cover ``max(ir_ks)``.
        qa: the benchmark's qrels arrays (same depth).
        exec_ks: cut-offs for the execution metrics.
        ir_ks: cut-offs for the ranking metrics.

    Returns:
        ``{"name@k": (n_queries,) float64}``; NaN marks an excluded query.
    """
    level = qa.relevance_level
    rel = judged.rel
    relevant = rel >= level
    gains = np.where(relevant, rel, 0).astype(np.float64)
    canon_gain = judged.canonical.astype(np.float64)
    n_canon = qa.n_canonical
    canon_ideal = (np.arange(qa.ideal.shape[1])[None, :] < n_canon[:, None]).astype(np.float64)
    out: dict[str, np.ndarray] = {}
    for spec in METRICS:
        for k in cutoffs(spec, exec_ks, ir_ks):
            if spec.execution and k > judged.label_depth:
                raise ValueError(f"{spec.name}@{k} needs labels to depth {k}, have {judged.label_depth}")
            key = metric_key(spec.name, k)
            if spec.name == "exec":
                out[key] = exec_at_k(judged.passed, k)
            elif spec.name == "execution_precision":
                out[key] = execution_precision_at_k(judged.passed, k)
            elif spec.name == "canonical_ndcg":
                out[key] = ndcg_at_k(canon_gain, canon_ideal, k)
            elif spec.name == "ndcg":
                out[key] = ndcg_at_k(gains, qa.ideal, k)
            elif spec.name == "recall":
                out[key] = recall_at_k(relevant, qa.n_relevant, k)
            elif spec.name == "mrr":
                out[key] = mrr_at_k(relevant, qa.n_relevant, k)
            elif spec.name == "map":
                out[key] = map_at_k(relevant, qa.n_relevant, k)
            elif spec.name == "precision":
                out[key] = precision_at_k(relevant, qa.n_relevant, k)
            elif spec.name == "hn_intrusion":
                out[key] = intrusion_at_k(rel, k, positive_level=level)
    return out
