import numpy as np
import pytest

from execir.errors import UsageError
from execir.retrieval import make_retriever
from execir.retrieval.embedding_cache import EmbeddingCache
from execir.retrieval.dense import DenseRetriever, SentenceTransformerEncoder, resolve_device
from execir.retrieval.registry import ModelEntry

from .conftest import RecordingEncoder, text_vector

CORPUS = {
    "s_add": "def add(a, b):\n    return a + b",
    "s_rev": "def reverse(s):\n    return s[::-1]",
    "s_max": "def largest(xs):\n    return max(xs)",
}
QUERIES = {"q_add": "Add two numbers.", "q_rev": "Reverse a string."}


def test_templates_apply_to_their_role_only(prefixed_entry):
    encoder = RecordingEncoder(prefixed_entry)
    retriever = DenseRetriever("fake", encoder)
    run = retriever.search(QUERIES, CORPUS, 3)
    docs = dict(encoder.calls)["document"]
    queries = dict(encoder.calls)["query"]
    assert docs == ["passage: " + CORPUS[s] for s in sorted(CORPUS)]
    assert queries == ["query: " + QUERIES[q] for q in sorted(QUERIES)]
    # scores are cosines of the templated texts' vectors
    qv = text_vector("query: " + QUERIES["q_add"])
    dv = text_vector("passage: " + CORPUS["s_add"])
    expected = float(qv @ dv / np.linalg.norm(qv) / np.linalg.norm(dv))
    assert dict(run["q_add"])["s_add"] == pytest.approx(expected, abs=1e-6)


def test_dot_similarity_is_not_normalised():
    entry = ModelEntry(name="dot", model_id="test/dot", provider="local", dims=8, similarity="dot")
    run = DenseRetriever("dot", RecordingEncoder(entry)).search({"q": "x"}, {"a": "y"}, 1)
    assert run["q"][0][1] == pytest.approx(float(text_vector("x") @ text_vector("y")), abs=1e-6)


def test_device_resolution():
    assert resolve_device("cpu") == "cpu"
    assert resolve_device("auto") in ("cpu", "cuda")
    with pytest.raises(UsageError, match="auto, cpu or cuda"):
        resolve_device("tpu")


@pytest.mark.slow
def test_minilm_matches_sentence_transformers_and_ranks_sensibly(tmp_path, minilm_model):
    retriever = make_retriever("minilm", device="cpu", cache_dir=tmp_path, quiet=True)
    run = retriever.search(QUERIES, CORPUS, 3)
    assert run["q_add"][0][0] == "s_add" and run["q_rev"][0][0] == "s_rev"
    direct_q = minilm_model.encode([QUERIES["q_add"]], normalize_embeddings=True)
    direct_d = minilm_model.encode([CORPUS["s_add"]], normalize_embeddings=True)
    assert dict(run["q_add"])["s_add"] == pytest.approx(float(direct_q[0] @ direct_d[0]), abs=1e-5)
    # second run: nothing encoded, same run
    again = make_retriever("minilm", device="cpu", cache_dir=tmp_path, quiet=True)
    assert again.search(QUERIES, CORPUS, 3) == run
    assert again.cache.encoded == 0 and again.encoder._model is None


@pytest.mark.slow
def test_minilm_with_prefixes_encodes_prefixed_query_only(tmp_path, minilm_path, minilm_model):
    entry = ModelEntry(name="minilm-e5ish", model_id="sentence-transformers/all-MiniLM-L6-v2", provider="local",
                       dims=384, query_template="query: {text}", revision="t")
    enc = SentenceTransformerEncoder(entry, minilm_path, device="cpu", quiet=True)
    enc._model = minilm_model
    retriever = DenseRetriever("p", enc, cache=EmbeddingCache(tmp_path))
    q = retriever.embed(["sort a list"], "query")
    d = retriever.embed(["sort a list"], "document")
    want_q = minilm_model.encode(["query: sort a list"], normalize_embeddings=True)
    want_d = minilm_model.encode(["sort a list"], normalize_embeddings=True)
    np.testing.assert_allclose(q, want_q, atol=1e-5)
    np.testing.assert_allclose(d, want_d, atol=1e-5)


@pytest.mark.slow
def test_local_folder_spec_and_faiss_index(tmp_path, minilm_path):
    exact = make_retriever("minilm", device="cpu", cache_dir=tmp_path, quiet=True).search(QUERIES, CORPUS, 3)
    folder = make_retriever(str(minilm_path), device="cpu", cache_dir=tmp_path, quiet=True, index="faiss-flat")
    assert folder.name == minilm_path.name and folder.encoder.revision.startswith("sha256:")
    assert folder.search(QUERIES, CORPUS, 3) == exact


@pytest.mark.slow
def test_half_precision_checkpoint_runs_in_the_dtype_its_settings_name(tmp_path, minilm_path):
    """A folder whose weights are stored in fp16 must still run (and be cached) as fp32 on a CPU."""
    import shutil

    import torch
    from safetensors.torch import load_file, save_file

    folder = tmp_path / "minilm-fp16"
    shutil.copytree(minilm_path, folder)
    weights = load_file(folder / "model.safetensors")
    save_file({k: v.half().contiguous() for k, v in weights.items()}, folder / "model.safetensors",
              metadata={"format": "pt"})
    retriever = make_retriever(str(folder), device="cpu", quiet=True, use_cache=False)
    assert retriever.encoder.settings("document")["dtype"] == "fp32"
    assert {p.dtype for p in retriever.encoder.model.parameters()} == {torch.float32}
    full = make_retriever("minilm", device="cpu", quiet=True, use_cache=False)
    cos = (retriever.embed(list(CORPUS.values()), "document")
           * full.embed(list(CORPUS.values()), "document")).sum(axis=1)
    assert cos.min() > 0.999  # only the fp16 rounding of the stored weights differs
