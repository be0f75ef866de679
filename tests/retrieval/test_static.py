"""The ``static`` system: tokenlearn-static-model's baked-in weights through StaticModelEncoder."""

import dataclasses
import importlib
import json
import sys
from importlib import metadata

import numpy as np
import pytest
from typer.testing import CliRunner

from execir.cli.commands import app
from execir.errors import UsageError
from execir.retrieval import make_retriever
from execir.retrieval.registry import default_registry
from execir.retrieval.static_embeddings import StaticModelEncoder

pytest.importorskip("static_model", reason="tokenlearn-static-model is not installed")

CORPUS = {
    "s_add": "def add(a, b):\n    return a + b",
    "s_rev": "def reverse(s):\n    return s[::-1]",
    "s_max": "def largest(xs):\n    return max(xs)",
    "s_join": "import os\n\ndef joined(a, b):\n    return os.path.join(a, b)",
    "s_fib": "def fib(n):\n    return n if n < 2 else fib(n - 1) + fib(n - 2)",
}


@pytest.fixture()
def encoder() -> StaticModelEncoder:
    return StaticModelEncoder(default_registry().get("static"))


def test_static_vectors_are_n_by_64_float32_unit_rows(encoder):
    texts = list(CORPUS.values())
    vectors = encoder.encode(texts, "document")
    assert vectors.shape == (len(texts), 64) == (len(texts), encoder.dims())
    assert vectors.dtype == np.float32
    np.testing.assert_allclose(np.linalg.norm(vectors, axis=1), 1.0, atol=1e-6)
    # the packaged 0.1.1 weights' vector for s_add, first four components
    np.testing.assert_allclose(vectors[0, :4], [-0.40375, -0.145379, -0.218579, -0.31952], atol=1e-5)
    assert float(vectors[0] @ vectors[1]) == pytest.approx(0.817807, abs=1e-5)
    assert encoder.encode([], "query").shape == (0, 64)


def test_static_encoding_is_deterministic_and_batch_independent(encoder):
    texts = list(CORPUS.values())
    first = encoder.encode(texts, "document")
    assert np.array_equal(first, encoder.encode(texts, "document"))
    assert np.array_equal(first, np.concatenate([encoder.encode([t], "document") for t in texts]))
    other = StaticModelEncoder(default_registry().get("static"))
    assert np.array_equal(first, other.encode(texts, "query"))   # raw templates: roles agree


def test_static_textless_inputs_get_the_unk_vector_not_zero(encoder):
    vectors = encoder.encode(["", "   ", "\u200b", "<unk>"], "document")
    assert np.count_nonzero(np.linalg.norm(vectors, axis=1)) == 4
    assert np.array_equal(vectors[0], vectors[3]) and np.array_equal(vectors[1], vectors[3])
    run = make_retriever("static", use_cache=False).search({"q": "add"}, {**CORPUS, "s_empty": ""}, 6)
    assert len(run["q"]) == 6


def test_static_cache_revision_names_the_package_version(encoder):
    version = metadata.version("tokenlearn-static-model")
    assert version == "0.1.1"
    for role in ("query", "document"):
        settings = encoder.settings(role)
        assert settings["revision"] == "tokenlearn-static-model==0.1.1"
        assert settings["role"] == role and settings["max_seq_length"] == 512


def test_static_query_identical_to_a_snippet_ranks_it_first(tmp_path):
    queries = {f"q_{sid}": code for sid, code in CORPUS.items()}
    run = make_retriever("static", cache_dir=tmp_path, quiet=True).search(queries, CORPUS, 3)
    for sid in CORPUS:
        top_id, top_score = run[f"q_{sid}"][0]
        assert top_id == sid and top_score == pytest.approx(1.0, abs=1e-5)


def test_make_retriever_static_search_returns_a_ranked_run_and_caches(tmp_path):
    queries = {"q_add": "Add two numbers a and b.", "q_fib": "nth Fibonacci number, recursively"}
    retriever = make_retriever("static", cache_dir=tmp_path, quiet=True)
    run = retriever.search(queries, CORPUS, 4)
    assert set(run) == set(queries)
    for ranked in run.values():
        assert len(ranked) == 4 and len({sid for sid, _ in ranked}) == 4
        assert all(sid in CORPUS for sid, _ in ranked)
        scores = [score for _, score in ranked]
        assert scores == sorted(scores, reverse=True) and all(-1.0 <= s <= 1.0 + 1e-6 for s in scores)
    assert retriever.settings["invocation"]["document"]["revision"] == "tokenlearn-static-model==0.1.1"
    assert retriever.cache.encoded == len(queries) + len(CORPUS)
    again = make_retriever("static", cache_dir=tmp_path, quiet=True)
    assert again.search(queries, CORPUS, 4) == run and again.cache.encoded == 0


def test_execir_models_lists_static_as_runnable():
    runner = CliRunner()
    result = runner.invoke(app, ["models", "--json"])
    assert result.exit_code == 0
    row = next(r for r in json.loads(result.stdout) if r["name"] == "static")
    assert (row["provider"], row["dims"], row["similarity"], row["normalize"]) == ("static", 64, "cosine", True)
    assert row["package"] == "static_model" and importlib.import_module(row["package"])
    assert row["max_seq_length"] == 512 and "model2vec" in row["aliases"]
    table = runner.invoke(app, ["models"])
    assert table.exit_code == 0 and "tokenlearn-static-model" in table.stdout
    # runnable: the listed name (and its alias) builds a retriever that answers a search
    for name in (row["name"], "model2vec"):
        run = make_retriever(name, use_cache=False, quiet=True).search({"q": CORPUS["s_rev"]}, CORPUS, 1)
        assert run == {"q": [("s_rev", pytest.approx(1.0, abs=1e-5))]}


def test_static_agrees_with_model2vec_loading_the_same_folder(encoder):
    model2vec = pytest.importorskip("model2vec")
    model = model2vec.StaticModel.from_pretrained(str(encoder.folder))
    texts = [CORPUS["s_add"], CORPUS["s_rev"], CORPUS["s_fib"]]  # no '.': see static.py
    ours = encoder.encode(texts, "document")
    theirs = model.encode(texts, use_multiprocessing=False)
    np.testing.assert_allclose(ours, theirs, atol=1e-6)


def test_static_usage_errors(monkeypatch):
    entry = default_registry().get("static")
    with pytest.raises(UsageError, match="truncates at 512 tokens"):
        StaticModelEncoder(dataclasses.replace(entry, max_seq_length=256))
    monkeypatch.setitem(sys.modules, "static_model", None)
    with pytest.raises(UsageError, match="pip install tokenlearn-static-model"):
        make_retriever("static", use_cache=False)
