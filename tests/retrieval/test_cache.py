import numpy as np
import pytest

from execir.retrieval.embedding_cache import EmbeddingCache, EmbeddingCacheWarning, EmbeddingError
from execir.retrieval.dense import DenseRetriever

from .conftest import RecordingEncoder, text_vector

SETTINGS = {"model_id": "test/m", "revision": "r1", "role": "document", "template": "{text}"}


def _encode_counter(calls):
    def encode(texts):
        calls.append(list(texts))
        return np.stack([text_vector(t) for t in texts])
    return encode


def test_second_run_encodes_nothing_and_returns_same_vectors(tmp_path):
    calls = []
    cache = EmbeddingCache(tmp_path)
    first = cache.embed(SETTINGS, ["a", "b", "a"], _encode_counter(calls))
    assert calls == [["a", "b"]]          # duplicates encoded once
    again = EmbeddingCache(tmp_path)
    second = again.embed(SETTINGS, ["b", "a"], _encode_counter(calls))
    assert len(calls) == 1 and again.encoded == 0
    np.testing.assert_array_equal(second, first[[1, 0]])
    np.testing.assert_array_equal(first[0], text_vector("a"))


def test_interrupted_run_resumes_where_it_stopped(tmp_path):
    texts = [f"t{i}" for i in range(10)]
    done = []

    def failing(chunk):
        if done:
            raise KeyboardInterrupt
        done.append(list(chunk))
        return np.stack([text_vector(t) for t in chunk])

    cache = EmbeddingCache(tmp_path, chunk_size=4)
    with pytest.raises(KeyboardInterrupt):
        cache.embed(SETTINGS, texts, failing)
    calls = []
    out = EmbeddingCache(tmp_path, chunk_size=4).embed(SETTINGS, texts, _encode_counter(calls))
    assert done == [texts[:4]]
    assert calls == [texts[4:8], texts[8:]]
    np.testing.assert_array_equal(out, np.stack([text_vector(t) for t in texts]))


@pytest.mark.parametrize("damage", ["garbage", "nan", "zero"])
def test_corrupt_cache_file_is_reported_and_recomputed(tmp_path, damage):
    cache = EmbeddingCache(tmp_path)
    cache.embed(SETTINGS, ["a", "b"], _encode_counter([]))
    (part,) = cache.folder(SETTINGS).glob("part-*.npz")
    if damage == "garbage":
        part.write_bytes(b"not a zip file")
    else:
        with np.load(part) as data:
            hashes, vectors = data["hashes"], data["vectors"].copy()
        vectors[1] = np.nan if damage == "nan" else 0.0
        np.savez(part.with_suffix(""), hashes=hashes, vectors=vectors)
    calls = []
    with pytest.warns(EmbeddingCacheWarning, match=r"part-.*(unreadable|non-finite|zero vector)"):
        out = EmbeddingCache(tmp_path).embed(SETTINGS, ["a", "b"], _encode_counter(calls))
    assert calls == [["a", "b"]]
    np.testing.assert_array_equal(out, np.stack([text_vector("a"), text_vector("b")]))


def test_wrong_dimension_in_cache_is_rejected(tmp_path):
    EmbeddingCache(tmp_path).embed(SETTINGS, ["a"], _encode_counter([]))
    calls = []
    with pytest.warns(EmbeddingCacheWarning, match="dimension 8, expected 4"):
        EmbeddingCache(tmp_path).embed(SETTINGS, ["a"], lambda t: calls.append(t) or np.ones((len(t), 4)), dims=4)
    assert calls == [["a"]]


def test_bad_encoder_output_raises(tmp_path):
    cache = EmbeddingCache(tmp_path)
    with pytest.raises(EmbeddingError, match="non-finite"):
        cache.embed(SETTINGS, ["a"], lambda t: np.full((1, 3), np.nan))
    with pytest.raises(EmbeddingError, match="zero vector"):
        cache.embed(SETTINGS, ["a"], lambda t: np.zeros((1, 3)))
    with pytest.raises(EmbeddingError, match="shape"):
        cache.embed(SETTINGS, ["a", "b"], lambda t: np.ones((1, 3)))


def test_query_equal_to_document_text_gets_its_own_embedding(tmp_path, prefixed_entry):
    encoder = RecordingEncoder(prefixed_entry)
    retriever = DenseRetriever("fake", encoder, cache=EmbeddingCache(tmp_path))
    text = "def f(x): return x"
    retriever.search({"q": text}, {"s": text}, 1)
    assert encoder.calls == [("document", ["passage: " + text]), ("query", ["query: " + text])]
    q = retriever.embed([text], "query")
    d = retriever.embed([text], "document")
    assert len(encoder.calls) == 2          # both now cached, under separate keys
    assert not np.allclose(q, d)
    assert len({p.parent for p in tmp_path.rglob("part-*.npz")}) == 2
