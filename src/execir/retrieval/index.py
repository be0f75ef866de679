"""Top-k search over embedding matrices: exact (default), FAISS flat and FAISS IVF (approximate).

All three return the same format as :func:`execir.ranking.top_k_matrix`: per query a list of
``(snippet_id, score)`` in rank order (score descending, then snippet id).  Scores are inner
products of the given vectors — pass L2-normalised matrices for cosine similarity.  The FAISS
paths re-score their candidates exactly with numpy and widen the candidate list until the k-th
score is not tied with anything left out, so on a flat index (or an IVF index probing every list)
they return exactly what exact search returns.

Dense scores are inner products of the float32 vectors computed in float64 and rounded to
:data:`SCORE_DECIMALS` decimals: summation order (BLAS blocking, FAISS kernels) changes the last
bits of a float32 product, and without rounding two identical vectors could score 1 ulp apart and
escape the snippet-id tie rule.  In float64 the order noise (~1e-16) is far below the rounding
step, so every path gives the same rounded score.
"""

from __future__ import annotations

from typing import Mapping, Sequence

import numpy as np

from execir.ranking import rank, top_k_matrix

INDEX_KINDS = ("exact", "faiss-flat", "faiss-ivf")
_QUERY_BLOCK = 1024
SCORE_DECIMALS = 6


def ordered_ids(queries: Mapping[str, str], corpus: Mapping[str, str], k: int
                ) -> tuple[list[str], list[str]]:
    """Check a search request and fix its order: ``(sorted query ids, sorted snippet ids)``.

    Raises:
        ValueError: ``k`` < 1 or an empty corpus.
    """
    if k < 1:
        raise ValueError(f"k must be >= 1, got {k}")
    if not corpus:
        raise ValueError("empty corpus")
    return sorted(queries), sorted(corpus)


def l2_normalize(vectors: np.ndarray) -> np.ndarray:
    """Rows divided by their L2 norm (float32).  Raises ValueError on a zero row."""
    vectors = np.asarray(vectors, dtype=np.float32)
    norms = np.linalg.norm(vectors, axis=1, keepdims=True)
    if (norms == 0).any():
        raise ValueError(f"zero vector at row {int(np.flatnonzero(norms[:, 0] == 0)[0])}")
    return vectors / norms


def exact_search(queries: np.ndarray, docs: np.ndarray, doc_ids: Sequence[str], k: int
                 ) -> list[list[tuple[str, float]]]:
    """Exact top-``k`` by inner product; ``queries`` (nq, d), ``docs`` (nd, d), float32.

    Computed in fixed blocks of 1024 queries so memory stays bounded and results do not depend on
    how many queries are searched together.
    """
    out: list[list[tuple[str, float]]] = []
    docs64 = np.asarray(docs, dtype=np.float32).astype(np.float64)
    for start in range(0, len(queries), _QUERY_BLOCK):
        block = np.asarray(queries[start:start + _QUERY_BLOCK], dtype=np.float32).astype(np.float64)
        out.extend(top_k_matrix(np.round(block @ docs64.T, SCORE_DECIMALS), doc_ids, k))
    return out


def _build_faiss(docs: np.ndarray, kind: str, nlist: int | None, nprobe: int | None, seed: int):
    import faiss

    d = docs.shape[1]
    if kind == "faiss-flat":
        index = faiss.IndexFlatIP(d)
    else:
        n_lists = nlist or max(1, int(round(np.sqrt(len(docs)))))
        n_lists = min(n_lists, len(docs))
        quantizer = faiss.IndexFlatIP(d)
        index = faiss.IndexIVFFlat(quantizer, d, n_lists, faiss.METRIC_INNER_PRODUCT)
        index.cp.seed = seed
        index.cp.min_points_per_centroid = 1
        index.train(docs)
        index.nprobe = min(nprobe or max(1, n_lists // 8), n_lists)
    index.add(docs)
    return index


def faiss_search(queries: np.ndarray, docs: np.ndarray, doc_ids: Sequence[str], k: int, *,
                 kind: str = "faiss-flat", nlist: int | None = None, nprobe: int | None = None,
                 seed: int = 0) -> list[list[tuple[str, float]]]:
    """Top-``k`` through a FAISS index (``faiss-flat``: exhaustive; ``faiss-ivf``: inverted lists,
    approximate unless ``nprobe == nlist``).  Same output as :func:`exact_search`.

    Args:
        nlist: IVF lists (default ``round(sqrt(n_docs))``); nprobe: lists probed (default nlist/8).
        seed: k-means seed of the IVF training (results are deterministic for a given seed).

    Raises:
        ValueError: unknown ``kind``.
    """
    if kind not in ("faiss-flat", "faiss-ivf"):
        raise ValueError(f"unknown FAISS index kind {kind!r}")
    docs = np.ascontiguousarray(docs, dtype=np.float32)
    queries = np.ascontiguousarray(queries, dtype=np.float32)
    n_docs = len(docs)
    k = min(k, n_docs)
    index = _build_faiss(docs, kind, nlist, nprobe, seed)
    out: list[list[tuple[str, float]]] = []
    for qi, q in enumerate(queries):
        width = min(n_docs, max(2 * k, k + 16))
        while True:
            _, cand = index.search(q[None, :], width)
            cand = cand[0][cand[0] >= 0]
            exact = np.round(docs[cand].astype(np.float64) @ q.astype(np.float64), SCORE_DECIMALS)
            ranked = rank(((doc_ids[j], s) for j, s in zip(cand.tolist(), exact.tolist())), None)
            complete = len(cand) < width or width >= n_docs
            if complete or len(ranked) <= k or ranked[k - 1][1] > ranked[-1][1]:
                break
            width = min(n_docs, width * 2)
        out.append(ranked[:k])
    return out


def search(queries: np.ndarray, docs: np.ndarray, doc_ids: Sequence[str], k: int, *,
           kind: str = "exact", **options: int) -> list[list[tuple[str, float]]]:
    """Dispatch to :func:`exact_search` or :func:`faiss_search` by ``kind`` (:data:`INDEX_KINDS`)."""
    if kind == "exact":
        return exact_search(queries, docs, doc_ids, k)
    if kind in INDEX_KINDS:
        return faiss_search(queries, docs, doc_ids, k, kind=kind, **options)
    raise ValueError(f"unknown index kind {kind!r}; choose one of {INDEX_KINDS}")
