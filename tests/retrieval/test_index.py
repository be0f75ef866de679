import numpy as np
import pytest

from execir.retrieval.index import exact_search, faiss_search, l2_normalize, search


@pytest.fixture
def vectors():
    rng = np.random.default_rng(0)
    docs = l2_normalize(rng.normal(size=(300, 16)))
    docs[7] = docs[3]            # exact duplicates must tie and be ordered by id
    docs[250] = docs[3]
    queries = l2_normalize(rng.normal(size=(20, 16)))
    queries[0] = docs[3]
    ids = [f"s{i:04d}" for i in range(300)][::-1]   # ids not in index order
    return queries, docs, ids


def test_exact_search_orders_by_score_then_id(vectors):
    queries, docs, ids = vectors
    top = exact_search(queries, docs, ids, 5)
    assert [sid for sid, _ in top[0][:3]] == sorted([ids[3], ids[7], ids[250]])
    assert top[0][0][1] == pytest.approx(1.0, abs=1e-6)
    brute = np.round((queries @ docs.T).astype(np.float64), 6)
    for qi, row in enumerate(top):
        best = sorted(range(300), key=lambda j: (-brute[qi, j], ids[j]))[:5]
        assert [sid for sid, _ in row] == [ids[j] for j in best]


@pytest.mark.parametrize("kind,options", [("faiss-flat", {}), ("faiss-ivf", {"nlist": 8, "nprobe": 8})])
def test_faiss_equals_exact(vectors, kind, options):
    pytest.importorskip("faiss")
    queries, docs, ids = vectors
    assert faiss_search(queries, docs, ids, 10, kind=kind, **options) == exact_search(queries, docs, ids, 10)


def test_faiss_ivf_approximate_is_deterministic_and_mostly_right(vectors):
    pytest.importorskip("faiss")
    queries, docs, ids = vectors
    a = faiss_search(queries, docs, ids, 10, kind="faiss-ivf", nlist=16, nprobe=2)
    b = faiss_search(queries, docs, ids, 10, kind="faiss-ivf", nlist=16, nprobe=2)
    assert a == b
    exact = exact_search(queries, docs, ids, 10)
    overlap = np.mean([len({s for s, _ in x} & {s for s, _ in y}) / 10 for x, y in zip(a, exact)])
    assert 0.2 < overlap <= 1.0


def test_unknown_kind_and_zero_vector():
    with pytest.raises(ValueError):
        search(np.ones((1, 2)), np.ones((1, 2)), ["a"], 1, kind="hnsw")
    with pytest.raises(ValueError, match="zero vector"):
        l2_normalize(np.zeros((1, 3)))
