"""Top-k search over embedding matrices: exact (default), FAISS flat, and the approximate FAISS
IVF and HNSW indexes.

All four return the same format as :func:`execir.ranking.top_k_matrix`: per query a list of
``(snippet_id, score)`` in rank order (score descending, then snippet id).  Scores are inner
products of the given vectors — pass L2-normalised matrices for cosine similarity.

**One score, one tie rule.**  The score of a (query, snippet) pair is the inner product of the two
float32 vectors computed in float64 by :func:`exact_scores` (elementwise products, then numpy's
pairwise sum along the row) and rounded to :data:`SCORE_DECIMALS` decimals.  The computation
depends on the two vectors alone — never on which other snippets, chunk or query block they were
computed with — and rounding keeps two identical vectors from scoring 1 ulp apart and escaping the
snippet-id tie rule.  (float64 order noise, ~1e-16, is far below the rounding step, so a float64
matrix product gives the same rounded scores.)

**How the top k is found.**  Candidates are found in float32 (BLAS over chunks of documents, or a
FAISS index), then every candidate is re-scored exactly as above.  A float32 inner product of
length ``d`` is within ``err = γ_d · ‖q‖ · max‖x‖`` of the real one (``γ_d = d·u / (1 − d·u)``,
``u = 2**-24``: the standard forward error bound of a dot product in any summation order, with or
without FMA), so a snippet can round to the k-th exact score ``S_k`` or above only if its float32
score is at least ``S_k − ½·10**-SCORE_DECIMALS − err`` (:func:`_reach_floor`).  When a snippet
that was left out could have scored that much (its float32 score is above the floor — in practice
only with exact ties or duplicate vectors at the cut-off), the candidate list is widened: exact
search collects every snippet above the floor in one more pass, the FAISS paths ask the index for
twice as many.  So exact search and ``faiss-flat`` (or IVF probing every list) return exactly the
same ids, order and scores, and the approximate indexes return the exact ranking of what they find.

**Memory.**  :func:`exact_search` never copies the corpus: it reads ``docs`` in chunks of
``chunk_rows`` rows (default :data:`DOC_CHUNK`) and holds a float32 score block of
:data:`QUERY_BLOCK` × ``chunk_rows`` (64 MiB by default) plus a running top-(k + :data:`MARGIN`)
per query; 1,000 queries over 1M × 384 float32 vectors (1.5 GB) need about 0.3 GB beyond the
vectors.  The FAISS paths copy the corpus once into the index.
"""

from __future__ import annotations

from typing import Mapping, Sequence

import numpy as np

from execir.ranking import rank

INDEX_KINDS = ("exact", "faiss-flat", "faiss-ivf", "faiss-hnsw")
SCORE_DECIMALS = 6
DOC_CHUNK = 65536      # documents per float32 score block in exact search
QUERY_BLOCK = 256      # queries per float32 score block in exact search
MARGIN = 16            # candidates kept per query beyond k before exact re-scoring
_U32 = 2.0 ** -24      # unit roundoff of float32


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


def exact_scores(query: np.ndarray, docs: np.ndarray, rows: np.ndarray,
                 chunk_rows: int = DOC_CHUNK) -> np.ndarray:
    """The rounded exact scores of one query against ``docs[rows]``: ``(len(rows),)`` float64.

    ``query`` (d,) and the rows of ``docs`` (n, d) are taken as float32 (cast if not), widened to
    float64, multiplied and summed per row, then rounded to :data:`SCORE_DECIMALS`.  Each score
    depends only on its two vectors.  Rows are gathered ``chunk_rows`` at a time (bounded memory).
    """
    q64 = np.asarray(query, dtype=np.float32).astype(np.float64)
    rows = np.asarray(rows, dtype=np.int64)
    out = np.empty(len(rows), dtype=np.float64)
    for start in range(0, len(rows), chunk_rows):
        part = rows[start:start + chunk_rows]
        block = np.asarray(docs[part], dtype=np.float32).astype(np.float64)
        out[start:start + len(part)] = (block * q64).sum(axis=1)
    return np.round(out, SCORE_DECIMALS)


def _reach_floor(kth: float, err: float) -> float:
    """The lowest float32 score a snippet can have and still round to ``kth`` or above, given
    float32 scores within ``err`` of the real ones (a float64 ``x`` rounds to ``>= kth`` only if
    ``x >= kth − ½·10**-SCORE_DECIMALS``; the relative slack covers the float64 re-scoring and
    the rounding arithmetic)."""
    return kth - 0.5 * 10.0 ** -SCORE_DECIMALS - err - 1e-9 * (1.0 + abs(kth))


def _float32_error(queries: np.ndarray, max_doc_norm: float) -> np.ndarray:
    """Per query, the bound ``γ_d · ‖q‖ · max‖x‖`` on |float32 inner product − real one|
    (doubled, which also covers the float64 re-scoring and the norms' own rounding)."""
    d = queries.shape[1]
    gamma = d * _U32 / (1.0 - d * _U32)
    q_norms = np.linalg.norm(queries.astype(np.float64), axis=1)
    return 2.0 * gamma * q_norms * max_doc_norm


def _check(queries: np.ndarray, docs: np.ndarray, doc_ids: Sequence[str], k: int) -> np.ndarray:
    """Validate shapes and ``k``; return the queries as C-contiguous float32 (docs are read in
    chunks by the callers).  Raises ValueError."""
    if k < 1:
        raise ValueError(f"k must be >= 1, got {k}")
    queries = np.ascontiguousarray(queries, dtype=np.float32)
    if queries.ndim != 2 or np.ndim(docs) != 2 or queries.shape[1] != docs.shape[1]:
        raise ValueError(f"queries {queries.shape} and docs {np.shape(docs)} must be (n, d) "
                         "matrices of the same d")
    if len(docs) != len(doc_ids):
        raise ValueError(f"{len(docs)} document vectors but {len(doc_ids)} ids")
    if len(docs) == 0:
        raise ValueError("empty corpus")
    if not np.isfinite(queries).all():
        raise ValueError("query vectors contain NaN or infinity")
    return queries


def _doc_chunk(docs: np.ndarray, start: int, chunk_rows: int) -> np.ndarray:
    """Rows ``start:start+chunk_rows`` of ``docs`` as float32 (a view when already float32)."""
    chunk = np.ascontiguousarray(docs[start:start + chunk_rows], dtype=np.float32)
    if not np.isfinite(chunk).all():
        raise ValueError(f"document vectors {start}..{start + len(chunk) - 1} contain NaN or infinity")
    return chunk


def _max_norm(chunk: np.ndarray) -> float:
    """Largest L2 norm of the rows of ``chunk`` (computed in float64)."""
    return float(np.sqrt(np.einsum("ij,ij->i", chunk, chunk, dtype=np.float64).max()))


def _merge_top(top_s: np.ndarray, top_i: np.ndarray, rows: np.ndarray, scores: np.ndarray,
               idx: np.ndarray) -> None:
    """Merge new candidates ``(rows, scores, idx)`` (row = query within the block) into the
    running per-row top lists ``top_s`` / ``top_i`` (both (b, w), best first not required), in
    place, keeping the ``w`` highest float32 scores of each row (ties: any)."""
    b, w = top_s.shape
    all_rows = np.concatenate([np.repeat(np.arange(b), w), rows])
    all_s = np.concatenate([top_s.ravel(), scores])
    all_i = np.concatenate([top_i.ravel(), idx])
    order = np.lexsort((-all_s, all_rows))                  # by row, then score descending
    all_rows, all_s, all_i = all_rows[order], all_s[order], all_i[order]
    starts = np.searchsorted(all_rows, np.arange(b))
    pos = np.arange(len(all_rows)) - starts[all_rows]        # rank within its row
    keep = pos < w
    top_s[all_rows[keep], pos[keep]] = all_s[keep]
    top_i[all_rows[keep], pos[keep]] = all_i[keep]


def _scan_top(queries: np.ndarray, docs: np.ndarray, width: int, chunk_rows: int
              ) -> tuple[np.ndarray, np.ndarray, float]:
    """One float32 pass over ``docs``: per query the ``width`` highest float32 scores.

    Returns ``(top_i, top_s, max_doc_norm)``: ``top_i`` (nq, width) int64 row numbers into
    ``docs``, ``top_s`` (nq, width) float32 scores; every row left out scored at most
    ``top_s.min(axis=1)`` in float32.  Needs ``width <= len(docs)``.
    """
    nq = len(queries)
    top_s = np.full((nq, width), -np.inf, dtype=np.float32)
    top_i = np.full((nq, width), -1, dtype=np.int64)
    max_norm = 0.0
    for start in range(0, len(docs), chunk_rows):
        chunk = _doc_chunk(docs, start, chunk_rows)
        max_norm = max(max_norm, _max_norm(chunk))
        for q0 in range(0, nq, QUERY_BLOCK):
            s = queries[q0:q0 + QUERY_BLOCK] @ chunk.T          # (b, c) float32
            floor = top_s[q0:q0 + QUERY_BLOCK].min(axis=1)   # -inf: row not yet full
            full = np.isfinite(floor)
            # full rows: only scores above the current width-th best can enter; rows not yet
            # full take the chunk's own top `width` (ties at its cut-off included)
            cut = np.nextafter(floor, np.float32(np.inf))
            if not full.all():
                c = s.shape[1]
                chunk_cut = (np.partition(s[~full], c - width, axis=1)[:, c - width]
                             if c > width else np.full((~full).sum(), -np.inf, np.float32))
                cut[~full] = chunk_cut
            rows, cols = np.nonzero(s >= cut[:, None])
            if len(rows):
                _merge_top(top_s[q0:q0 + QUERY_BLOCK], top_i[q0:q0 + QUERY_BLOCK], rows,
                           s[rows, cols], cols.astype(np.int64) + start)
    return top_i, top_s, max_norm


def _scan_above(queries: np.ndarray, docs: np.ndarray, floors: np.ndarray, chunk_rows: int
                ) -> list[np.ndarray]:
    """One float32 pass over ``docs``: per query every row whose float32 score is at least its
    ``floors`` entry (int64 row numbers, ascending)."""
    found: list[list[np.ndarray]] = [[] for _ in range(len(queries))]
    for start in range(0, len(docs), chunk_rows):
        chunk = _doc_chunk(docs, start, chunk_rows)
        for q0 in range(0, len(queries), QUERY_BLOCK):
            s = queries[q0:q0 + QUERY_BLOCK] @ chunk.T
            rows, cols = np.nonzero(s >= floors[q0:q0 + QUERY_BLOCK, None])   # sorted by row
            hit_rows, first = np.unique(rows, return_index=True)
            for r, part in zip(hit_rows.tolist(), np.split(cols, first[1:])):
                found[q0 + r].append(part.astype(np.int64) + start)
    return [np.concatenate(parts) if parts else np.empty(0, np.int64) for parts in found]


def _ranked(query: np.ndarray, docs: np.ndarray, doc_ids: Sequence[str], rows: np.ndarray,
            k: int, chunk_rows: int) -> list[tuple[str, float]]:
    """Exact top-``k`` of ``docs[rows]`` for one query, in the rank order (all rows if fewer)."""
    rows = np.unique(rows[rows >= 0])
    scores = exact_scores(query, docs, rows, chunk_rows)
    if len(rows) > k:                      # shortlist: everything tied with the k-th stays in
        keep = scores >= np.partition(scores, len(rows) - k)[len(rows) - k]
        rows, scores = rows[keep], scores[keep]
    return rank(((doc_ids[j], s) for j, s in zip(rows.tolist(), scores.tolist())), k)


def exact_search(queries: np.ndarray, docs: np.ndarray, doc_ids: Sequence[str], k: int, *,
                 chunk_rows: int = DOC_CHUNK) -> list[list[tuple[str, float]]]:
    """Exact top-``k`` by inner product, in bounded memory.

    Args:
        queries: (nq, d) vectors; docs: (nd, d) vectors (float32; other dtypes are cast to float32
            chunk by chunk, so the scores are those of the float32 vectors).  ``docs`` may be any
            array that slices by rows, e.g. a read-only ``np.memmap``.
        doc_ids: ``nd`` snippet ids, ``doc_ids[j]`` naming row ``j``.
        k: results per query (at most ``nd``).
        chunk_rows: documents per float32 score block (memory: ``QUERY_BLOCK × chunk_rows × 4``
            bytes for scores); results do not depend on it.

    Returns:
        per query, ``min(k, nd)`` pairs ``(snippet_id, score)`` in the rank order.

    Raises:
        ValueError: ``k`` < 1, an empty corpus, mismatched shapes or ids, NaN or infinite vectors.
    """
    if chunk_rows < 1:
        raise ValueError(f"chunk_rows must be >= 1, got {chunk_rows}")
    queries = _check(queries, docs, doc_ids, k)
    n_docs = len(docs)
    k = min(k, n_docs)
    if not len(queries):
        return []
    width = min(n_docs, k + MARGIN)
    top_i, top_s, max_norm = _scan_top(queries, docs, width, chunk_rows)
    left_out = top_s.min(axis=1) if width < n_docs else np.full(len(queries), -np.inf)
    err = _float32_error(queries, max_norm)
    out, widen = [], []
    for qi in range(len(queries)):
        ranked = _ranked(queries[qi], docs, doc_ids, top_i[qi], k, chunk_rows)
        floor = _reach_floor(ranked[-1][1], err[qi])
        if left_out[qi] >= floor:          # something left out might tie with or beat the k-th
            widen.append((qi, floor))
        out.append(ranked)
    if widen:
        picked = np.array([qi for qi, _ in widen])
        floors = np.array([f for _, f in widen], dtype=np.float64)
        # float32 floors rounded down, so "score >= floor" in float32 loses nothing
        floors32 = np.nextafter(floors.astype(np.float32), np.float32(-np.inf))
        for qi, rows in zip(picked.tolist(), _scan_above(queries[picked], docs, floors32, chunk_rows)):
            out[qi] = _ranked(queries[qi], docs, doc_ids, np.concatenate([rows, top_i[qi]]), k,
                              chunk_rows)
    return out


def build_faiss_index(docs: np.ndarray, kind: str = "faiss-flat", *, nlist: int | None = None,
                      nprobe: int | None = None, seed: int = 0, hnsw_m: int | None = None,
                      ef_construction: int | None = None, ef_search: int | None = None):
    """A FAISS inner-product index of kind ``faiss-flat`` / ``faiss-ivf`` / ``faiss-hnsw`` holding
    ``docs`` ((n, d) C-contiguous float32, finite); options as in :func:`faiss_search`."""
    import faiss

    d = docs.shape[1]
    if kind == "faiss-flat":
        index = faiss.IndexFlatIP(d)
    elif kind == "faiss-hnsw":
        index = faiss.IndexHNSWFlat(d, hnsw_m or 32, faiss.METRIC_INNER_PRODUCT)
        index.hnsw.efConstruction = ef_construction or 40
        index.hnsw.efSearch = ef_search or 64
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
                 seed: int = 0, hnsw_m: int | None = None, ef_construction: int | None = None,
                 ef_search: int | None = None, index=None) -> list[list[tuple[str, float]]]:
    """Top-``k`` through a FAISS index; same arguments, output and errors as :func:`exact_search`.

    Kinds: ``faiss-flat`` (exhaustive: the same results as exact search), ``faiss-ivf``
    (inverted lists, approximate unless ``nprobe == nlist``), ``faiss-hnsw`` (graph, approximate).
    Queries are searched together; the candidates are re-scored exactly, and the queries whose
    k-th score could tie with something the index left out are searched again with twice the
    width, until none could (or the index has nothing more to give).

    Args:
        nlist: IVF lists (default ``round(sqrt(n_docs))``); nprobe: lists probed (default nlist/8).
        seed: k-means seed of the IVF training (results are deterministic for a given seed).
        hnsw_m: HNSW links per node (default 32); ef_construction (default 40) and ef_search
            (default 64): HNSW candidate-list sizes when building and searching.  HNSW is built
            by faiss's threads, so its graph (and its approximate results) may differ from build
            to build unless faiss runs one thread.
        index: an index already built on ``docs`` by :func:`build_faiss_index` (then the index
            options are ignored); lets a caller time building and searching apart.

    Raises:
        ValueError: unknown ``kind``, and those of :func:`exact_search`.
    """
    if kind not in ("faiss-flat", "faiss-ivf", "faiss-hnsw"):
        raise ValueError(f"unknown FAISS index kind {kind!r}")
    queries = _check(queries, docs, doc_ids, k)
    n_docs = len(docs)
    k = min(k, n_docs)
    if not len(queries):
        return []
    max_norm = max(_max_norm(_doc_chunk(docs, s, DOC_CHUNK)) for s in range(0, n_docs, DOC_CHUNK))
    err = _float32_error(queries, max_norm)
    if index is None:
        index = build_faiss_index(np.ascontiguousarray(docs, dtype=np.float32), kind, nlist=nlist,
                                  nprobe=nprobe, seed=seed, hnsw_m=hnsw_m,
                                  ef_construction=ef_construction, ef_search=ef_search)
    out: list[list[tuple[str, float]] | None] = [None] * len(queries)
    pending = np.arange(len(queries))
    width = min(n_docs, max(2 * k, k + MARGIN))
    while len(pending):
        scores32, found = index.search(queries[pending], width)     # (p, width) each
        again = []
        for row, qi in enumerate(pending.tolist()):
            ranked = _ranked(queries[qi], docs, doc_ids, found[row], k, DOC_CHUNK)
            out[qi] = ranked
            # every row the index left out scored at most its last returned score
            exhausted = width >= n_docs or found[row, -1] < 0
            if not exhausted and scores32[row, -1] >= _reach_floor(ranked[-1][1], err[qi]):
                again.append(qi)
        pending = np.array(again, dtype=np.int64)
        width = min(n_docs, 2 * width)
    return out  # type: ignore[return-value]


def search(queries: np.ndarray, docs: np.ndarray, doc_ids: Sequence[str], k: int, *,
           kind: str = "exact", **options: int) -> list[list[tuple[str, float]]]:
    """Dispatch to :func:`exact_search` or :func:`faiss_search` by ``kind`` (:data:`INDEX_KINDS`).

    ``options``: ``nlist`` / ``nprobe`` / ``seed`` / ``hnsw_m`` / ``ef_construction`` /
    ``ef_search`` for FAISS; exact search takes ``chunk_rows`` and ignores the FAISS options.
    """
    if kind == "exact":
        return exact_search(queries, docs, doc_ids, k, chunk_rows=options.get("chunk_rows", DOC_CHUNK))
    if kind in INDEX_KINDS:
        return faiss_search(queries, docs, doc_ids, k, kind=kind, **options)
    raise ValueError(f"unknown index kind {kind!r}; choose one of {INDEX_KINDS}")
