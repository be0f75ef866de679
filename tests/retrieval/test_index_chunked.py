"""The chunked exact search and the batched FAISS search against brute-force float64 references:
same ids, same order, same rounded scores, whatever the chunk size or query block, with exact
ties, duplicate vectors (more copies than the candidate margin) and near-ties that float32 cannot
order."""

import numpy as np
import pytest

from execir.ranking import top_k_matrix
from execir.retrieval import index as index_mod
from execir.retrieval.index import (MARGIN, SCORE_DECIMALS, exact_scores, exact_search,
                                    faiss_search, l2_normalize, search)

CHUNKS = [1, 3, 7, 64, 1000, index_mod.DOC_CHUNK]


def previous_exact_search(queries, docs, doc_ids, k):
    """The implementation before chunking: one float64 score block per 1024 queries."""
    out = []
    docs64 = np.asarray(docs, dtype=np.float32).astype(np.float64)
    for start in range(0, len(queries), 1024):
        block = np.asarray(queries[start:start + 1024], dtype=np.float32).astype(np.float64)
        out.extend(top_k_matrix(np.round(block @ docs64.T, SCORE_DECIMALS), doc_ids, k))
    return out


def brute_force(queries, docs, doc_ids, k):
    """Every pair scored one at a time in float64, sorted by (score desc, id) in pure Python."""
    q64 = np.asarray(queries, dtype=np.float32).astype(np.float64)
    d64 = np.asarray(docs, dtype=np.float32).astype(np.float64)
    out = []
    for q in q64:
        scored = [(doc_ids[j], float(np.round(np.dot(d64[j], q), SCORE_DECIMALS)))
                  for j in range(len(d64))]
        out.append(sorted(scored, key=lambda p: (-p[1], p[0]))[:k])
    return out


def tied_corpus(seed=0, n=600, d=24):
    """Random unit vectors plus every kind of tie the tie rule has to settle.

    * 40 exact copies of doc 5 (more than k + MARGIN), scattered over the rows;
    * 30 near-copies of doc 11 (perturbed by ~1e-8: float32 cannot order them, rounding ties
      most of them);
    * queries equal to docs 5 and 11; ids shuffled so index order is not id order.
    """
    rng = np.random.default_rng(seed)
    docs = l2_normalize(rng.normal(size=(n, d)))
    copies = rng.choice(np.arange(20, n), size=70, replace=False)
    docs[copies[:40]] = docs[5]
    near = docs[11].astype(np.float64) + 1e-8 * rng.normal(size=(30, d))
    docs[copies[40:]] = (near / np.linalg.norm(near, axis=1, keepdims=True)).astype(np.float32)
    queries = l2_normalize(rng.normal(size=(25, d)))
    queries[0], queries[1] = docs[5], docs[11]
    queries[2] = l2_normalize(docs[5:6] + docs[11:12])[0]
    ids = [f"s{i:05d}" for i in rng.permutation(n)]
    return queries, docs, ids


def integer_corpus(seed=1, n=500, d=8):
    """Small-integer vectors (not normalised): scores are exact integers in any summation order,
    so most docs tie with many others."""
    rng = np.random.default_rng(seed)
    docs = rng.integers(-2, 3, size=(n, d)).astype(np.float32)
    docs[docs.sum(axis=1) == 0, 0] = 1.0
    queries = rng.integers(-2, 3, size=(12, d)).astype(np.float32)
    ids = [f"d{i:04d}" for i in rng.permutation(n)]
    return queries, docs, ids


@pytest.fixture(params=["tied", "integer"])
def corpus(request):
    return tied_corpus() if request.param == "tied" else integer_corpus()


@pytest.mark.parametrize("chunk_rows", CHUNKS)
@pytest.mark.parametrize("k", [1, 10, 50])
def test_chunked_exact_equals_references(corpus, chunk_rows, k):
    queries, docs, ids = corpus
    got = exact_search(queries, docs, ids, k, chunk_rows=chunk_rows)
    assert got == previous_exact_search(queries, docs, ids, k)
    assert got == brute_force(queries, docs, ids, k)


def test_duplicates_beyond_the_margin_are_ordered_by_id():
    queries, docs, ids = tied_corpus()
    copies = [ids[j] for j in range(len(docs)) if np.array_equal(docs[j], docs[5])]
    assert len(copies) > 10 + MARGIN
    for chunk_rows in (1, 7, 64):
        top = exact_search(queries[:1], docs, ids, 10, chunk_rows=chunk_rows)[0]
        assert [sid for sid, _ in top] == sorted(copies)[:10]
        assert {s for _, s in top} == {1.0}


def test_query_blocks_do_not_change_results(monkeypatch):
    queries, docs, ids = tied_corpus(seed=3)
    whole = exact_search(queries, docs, ids, 10, chunk_rows=50)
    monkeypatch.setattr(index_mod, "QUERY_BLOCK", 4)
    assert exact_search(queries, docs, ids, 10, chunk_rows=50) == whole
    assert [exact_search(q[None], docs, ids, 10, chunk_rows=13)[0] for q in queries] == whole


def test_unnormalised_and_float64_inputs():
    rng = np.random.default_rng(4)
    docs = rng.normal(scale=30.0, size=(400, 16))             # float64, large norms
    docs[100:130] = docs[7]
    queries = rng.normal(scale=5.0, size=(9, 16))
    queries[0] = docs[7]
    ids = [f"x{i:03d}" for i in range(400)][::-1]
    for chunk_rows in (1, 33, 400):
        assert exact_search(queries, docs, ids, 20, chunk_rows=chunk_rows) == \
            brute_force(queries, docs, ids, 20)


def test_k_at_least_corpus_and_tiny_corpora():
    queries, docs, ids = integer_corpus(n=30)
    for chunk_rows in (1, 4, 100):
        assert exact_search(queries, docs, ids, 100, chunk_rows=chunk_rows) == \
            brute_force(queries, docs, ids, 30)
    one = (queries[:2], docs[:1], ids[:1], 5)
    assert exact_search(*one) == brute_force(*one)
    assert exact_search(queries[:0], docs, ids, 5) == []


def test_memmap_corpus(tmp_path):
    queries, docs, ids = tied_corpus(seed=5)
    mm = np.lib.format.open_memmap(tmp_path / "docs.npy", mode="w+", dtype=np.float32, shape=docs.shape)
    mm[:] = docs
    mm.flush()
    ro = np.load(tmp_path / "docs.npy", mmap_mode="r")
    assert exact_search(queries, ro, ids, 10, chunk_rows=100) == exact_search(queries, docs, ids, 10)


def test_exact_scores_depend_on_the_pair_only():
    queries, docs, _ = tied_corpus(seed=6)
    rows = np.arange(len(docs))
    together = exact_scores(queries[0], docs, rows, chunk_rows=1000)
    alone = np.array([exact_scores(queries[0], docs, [j])[0] for j in rows])
    assert np.array_equal(together, alone)
    assert np.array_equal(exact_scores(queries[0], docs, rows[::-1], chunk_rows=7), together[::-1])


def test_errors():
    queries, docs, ids = integer_corpus(n=20)
    with pytest.raises(ValueError, match="k must be"):
        exact_search(queries, docs, ids, 0)
    with pytest.raises(ValueError, match="chunk_rows"):
        exact_search(queries, docs, ids, 3, chunk_rows=0)
    with pytest.raises(ValueError, match="same d"):
        exact_search(queries[:, :4], docs, ids, 3)
    with pytest.raises(ValueError, match="ids"):
        exact_search(queries, docs, ids[:-1], 3)
    with pytest.raises(ValueError, match="empty corpus"):
        exact_search(queries, docs[:0], [], 3)
    bad = docs.copy()
    bad[13, 2] = np.nan
    with pytest.raises(ValueError, match="NaN"):
        exact_search(queries, bad, ids, 3, chunk_rows=4)
    with pytest.raises(ValueError, match="NaN"):
        exact_search(np.full_like(queries, np.inf), docs, ids, 3)
    with pytest.raises(ValueError, match="unknown index kind"):
        search(queries, docs, ids, 3, kind="annoy")


@pytest.mark.parametrize("kind,options", [
    ("faiss-flat", {}),
    ("faiss-ivf", {"nlist": 6, "nprobe": 6}),
])
@pytest.mark.parametrize("k", [1, 10, 45])
def test_batched_faiss_equals_exact(corpus, kind, options, k):
    pytest.importorskip("faiss")
    queries, docs, ids = corpus
    expected = brute_force(queries, docs, ids, k)
    assert faiss_search(queries, docs, ids, k, kind=kind, **options) == expected
    assert search(queries, docs, ids, k, kind=kind, **options) == expected


def test_faiss_prebuilt_index_and_query_batches():
    pytest.importorskip("faiss")
    queries, docs, ids = tied_corpus(seed=7)
    index = index_mod.build_faiss_index(docs, "faiss-flat")
    together = faiss_search(queries, docs, ids, 10, index=index)
    assert together == [faiss_search(q[None], docs, ids, 10, index=index)[0] for q in queries]
    assert together == exact_search(queries, docs, ids, 10)


def test_hnsw_returns_the_exact_ranking_of_what_it_finds():
    pytest.importorskip("faiss")
    queries, docs, ids = tied_corpus(seed=8)
    exact = exact_search(queries, docs, ids, 10)
    got = search(queries, docs, ids, 10, kind="faiss-hnsw", hnsw_m=16, ef_search=200)
    by_id = {sid: j for j, sid in enumerate(ids)}
    for q, row in zip(queries, got):
        assert row == sorted(row, key=lambda p: (-p[1], p[0]))
        assert [s for _, s in row] == exact_scores(q, docs, [by_id[sid] for sid, _ in row]).tolist()
    recall = np.mean([len({s for s, _ in a} & {s for s, _ in b}) / 10 for a, b in zip(got, exact)])
    assert recall >= 0.9
    assert {s for _, s in got[0]} == {1.0}     # copies of the query, widened past the margin
