"""execir.evaluation: execution labels, metrics of both papers, statistics and analyses.

Public names: :func:`evaluate` (the whole step, writes a results directory), :func:`score_runs`,
:func:`compute_tables`, :data:`METRICS`, :func:`per_query_metrics`, :class:`ExecutionLabel`.
"""

from execir.evaluation.evaluate import Evaluation, compute_tables, evaluate, score_runs
from execir.evaluation.labels import ExecutionLabel
from execir.evaluation.metrics import METRICS, per_query_metrics

__all__ = ["METRICS", "Evaluation", "ExecutionLabel", "compute_tables", "evaluate",
           "per_query_metrics", "score_runs"]
