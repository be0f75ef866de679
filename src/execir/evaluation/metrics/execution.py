"""Execution-grounded metrics (ExecRetrieval §4.1).

For a query ``q`` with ranking ``r_1, r_2, ...`` and ``PASS(c, T_q)`` = "snippet ``c`` passes
every test of q's oracle":

* ``exec@k(q)`` = 1 if some ``r_i`` with ``i <= k`` passes, else 0;
* ``execution_precision@k(q)`` = (number of passing ``r_i``, ``i <= k``) / ``k`` (a list shorter
  than ``k`` still divides by ``k``).

Every query counts (no exclusions).  Inputs are the ``(n_queries, depth)`` boolean ``passed``
array of :class:`execir.evaluation.judged.JudgedRun`; outputs are ``(n_queries,)`` float arrays.
"""

from __future__ import annotations

import numpy as np


def exec_at_k(passed: np.ndarray, k: int) -> np.ndarray:
    """Per-query exec@k as 0.0/1.0 floats.  Raises ValueError if ``k`` exceeds the labelled depth."""
    _check(passed, k)
    return passed[:, :k].any(axis=1).astype(np.float64)


def execution_precision_at_k(passed: np.ndarray, k: int) -> np.ndarray:
    """Per-query execution_precision@k (fraction of the top ``k`` that pass)."""
    _check(passed, k)
    return passed[:, :k].sum(axis=1, dtype=np.float64) / float(k)


def _check(passed: np.ndarray, k: int) -> None:
    if k < 1 or k > passed.shape[1]:
        raise ValueError(f"k={k} outside 1..{passed.shape[1]}")
