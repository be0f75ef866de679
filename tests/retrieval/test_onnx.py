"""minilm-onnx / minilm-onnx-int8: ONNX Runtime encoding of the bundled MiniLM weights, exported
once under the cache root (execir.retrieval.onnx)."""

import sys

import numpy as np
import pytest

from execir.datasets import load_dataset
from execir.errors import UsageError
from execir.retrieval import get_entry, make_retriever
from execir.retrieval import onnx as onnx_backend
from execir.retrieval.embedding_cache import EmbeddingCache, invocation_key

N_TEXTS = 24  # HumanEval canonicals and their queries: 48 real texts


@pytest.fixture(scope="module")
def texts():
    tasks = load_dataset("humaneval")[:N_TEXTS]
    return [t.canonical for t in tasks], [t.query for t in tasks]


@pytest.fixture(scope="module")
def cache_root(tmp_path_factory):
    """One cache root for the module: ``embeddings/`` and ``onnx/`` side by side, exports made once."""
    return tmp_path_factory.mktemp("execir-cache")


def _encoder(name, cache_root, **kw):
    return make_retriever(name, device="cpu", cache_dir=cache_root / "embeddings", quiet=True,
                          **kw).encoder


@pytest.fixture(scope="module")
def fp32_vectors(texts):
    docs, queries = texts
    encoder = make_retriever("minilm", device="cpu", quiet=True, use_cache=False).encoder
    return encoder.encode(docs, "document"), encoder.encode(queries, "query")


def _unit(v):
    return v / np.linalg.norm(v, axis=1, keepdims=True)


def _cosines(a, b):
    return (_unit(a) * _unit(b)).sum(axis=1)


def test_registry_names_are_their_own_systems():
    fp32, onnx, int8 = get_entry("minilm"), get_entry("minilm-onnx"), get_entry("minilm-onnx-int8")
    assert [onnx_backend.onnx_variant(e) for e in (fp32, onnx, int8)] == [None, "onnx", "onnx-int8"]
    assert len({fp32.model_id, onnx.model_id, int8.model_id}) == 3
    # the fp32 model's id still names the fp32 model, not an ONNX variant
    assert get_entry("sentence-transformers/all-MiniLM-L6-v2").name == "minilm"
    assert "offline" in onnx.papers and "execretrieval" not in onnx.papers + int8.papers


def test_missing_extra_is_one_line(monkeypatch, tmp_path):
    for module in ("onnxruntime", "onnx"):
        with monkeypatch.context() as m:
            m.setitem(sys.modules, module, None)  # `import module` now raises ImportError
            with pytest.raises(UsageError) as info:
                make_retriever("minilm-onnx-int8", device="cpu", cache_dir=tmp_path, quiet=True)
        message = str(info.value)
        assert "\n" not in message and module in message
        assert message.endswith("pip install 'execir[onnx]'")
        assert "'minilm-onnx-int8'" in message
    assert not any(tmp_path.iterdir())  # nothing exported, nothing cached


def test_unwritable_export_root_is_one_line(tmp_path):
    blocker = tmp_path / "onnx"
    blocker.write_text("a file where the exports' folder should be")
    encoder = make_retriever("minilm-onnx", device="cpu", cache_dir=tmp_path / "embeddings",
                             quiet=True).encoder
    assert encoder.root == blocker
    with pytest.raises(UsageError, match="cannot write the ONNX export") as info:
        encoder.ensure_export()
    assert "\n" not in str(info.value) and encoder._model is None


@pytest.mark.slow
def test_int8_isa_reads_the_cpu_flags(tmp_path, monkeypatch):
    import builtins
    real_open = builtins.open
    cpuinfo = tmp_path / "cpuinfo"

    def fake_open(path, *a, **k):
        return real_open(cpuinfo if path == "/proc/cpuinfo" else path, *a, **k)

    monkeypatch.setattr(builtins, "open", fake_open)
    for flags, isa in (("fpu sse2 avx2 avx512f avx512_vnni", "avx512_vnni"),
                       ("fpu avx2 avx_vnni", "avx_vnni"), ("fpu sse2 avx2", "avx2"), ("fpu", "other")):
        cpuinfo.write_text(f"processor\t: 0\nflags\t\t: {flags}\n")
        assert onnx_backend.int8_isa() == isa
    cpuinfo.unlink()
    assert onnx_backend.int8_isa() == "unknown"


def test_cache_settings_differ_from_the_fp32_model(cache_root):
    fp32 = make_retriever("minilm", device="cpu", quiet=True, use_cache=False).encoder
    onnx, int8 = _encoder("minilm-onnx", cache_root), _encoder("minilm-onnx-int8", cache_root)
    for role in ("query", "document"):
        settings = [e.settings(role) for e in (fp32, onnx, int8)]
        assert len({invocation_key(s) for s in settings}) == 3
        assert [s["backend"] for s in settings] == ["sentence-transformers", "onnxruntime", "onnxruntime"]
        assert [s["dtype"] for s in settings] == ["fp32", "fp32", "int8"]
        assert settings[1]["onnx"]["quantization"] is None
        assert settings[2]["onnx"]["quantization"]["weights"] == "QInt8"
        assert settings[2]["onnx"]["int8_isa"] == onnx_backend.int8_isa()
        assert "int8_isa" not in settings[1]["onnx"]  # fp32 kernels give the same vectors
    # the exports live under the cache root given (beside embeddings/), named by model and variant
    assert onnx.root == int8.root == cache_root / "onnx"
    assert onnx.export_dir().name.startswith("sentence_transformers_all_minilm_l6_v2-onnx-")
    assert int8.export_dir().name.startswith("sentence_transformers_all_minilm_l6_v2-onnx-int8-")


@pytest.mark.slow
def test_onnx_vectors_match_fp32(cache_root, texts, fp32_vectors):
    encoder = _encoder("minilm-onnx", cache_root)
    for role, batch, expected in zip(("document", "query"), texts, fp32_vectors):
        got = encoder.encode(batch, role)
        assert got.shape == expected.shape == (N_TEXTS, 384) and got.dtype == np.float32
        cos = _cosines(got, expected)
        assert cos.min() >= 1 - 1e-5, (role, cos.min())
        assert np.abs(_unit(got) - _unit(expected)).max() < 1e-4


@pytest.mark.slow
def test_int8_vectors_stay_close_to_fp32(cache_root, texts, fp32_vectors):
    encoder = _encoder("minilm-onnx-int8", cache_root)
    docs = encoder.encode(texts[0], "document")
    queries = encoder.encode(texts[1], "query")
    cos = np.concatenate([_cosines(docs, fp32_vectors[0]), _cosines(queries, fp32_vectors[1])])
    assert cos.mean() >= 0.98 and cos.min() >= 0.95, (cos.mean(), cos.min())
    assert cos.mean() < 0.99999  # really quantised, not the fp32 graph again
    fp32_file = _encoder("minilm-onnx", cache_root).export_dir() / onnx_backend.MODEL_FILE
    int8_file = encoder.export_dir() / onnx_backend.MODEL_FILE
    # MatMul weights at a quarter of their size (the fp32 word embeddings, 47 MB, stay as they are)
    assert int8_file.stat().st_size < 0.7 * fp32_file.stat().st_size
    # each query's nearest canonical is mostly the fp32 model's
    top_fp32 = (_unit(fp32_vectors[1]) @ _unit(fp32_vectors[0]).T).argmax(axis=1)
    top_int8 = (_unit(queries) @ _unit(docs).T).argmax(axis=1)
    assert (top_fp32 == top_int8).mean() >= 0.9


@pytest.mark.slow
def test_export_is_made_once_and_reused(cache_root, texts, monkeypatch):
    first = _encoder("minilm-onnx-int8", cache_root)
    first.encode(texts[1][:2], "query")  # exports if no earlier test did
    folders = [first.export_dir("onnx"), first.export_dir()]
    stamps = {p: p.stat().st_mtime_ns for f in folders for p in (f / onnx_backend.MARKER,
                                                                 f / onnx_backend.MODEL_FILE)}
    marker = onnx_backend.read_marker(folders[1])
    assert marker["export_id"] == first.export_id and marker["variant"] == "onnx-int8"

    def no_export(*args, **kwargs):
        raise AssertionError("exported again")

    monkeypatch.setattr(onnx_backend, "export_fp32", no_export)
    monkeypatch.setattr(onnx_backend, "quantize_int8", no_export)
    again = _encoder("minilm-onnx-int8", cache_root)
    assert again.export_dir() == folders[1]
    np.testing.assert_array_equal(again.encode(texts[1][:2], "query"),
                                  first.encode(texts[1][:2], "query"))
    assert {p: p.stat().st_mtime_ns for p in stamps} == stamps
    # no temporary folders left behind, one folder per variant
    assert sorted(p.name for p in (cache_root / "onnx").iterdir()) == sorted(f.name for f in folders)


@pytest.mark.slow
def test_cached_run_neither_loads_nor_exports(tmp_path, texts):
    queries = {f"q{i}": query for i, query in enumerate(texts[1][:4])}
    corpus = {f"s{i}": code for i, code in enumerate(texts[0][:6])}
    run = make_retriever("minilm-onnx", device="cpu", cache_dir=tmp_path / "embeddings",
                         quiet=True).search(queries, corpus, 3)
    assert (tmp_path / "onnx").is_dir()
    assert [run[f"q{i}"][0][0] for i in range(4)] == ["s0", "s1", "s2", "s3"]
    again = make_retriever("minilm-onnx", device="cpu", cache_dir=tmp_path / "embeddings", quiet=True)
    assert again.search(queries, corpus, 3) == run
    assert again.cache.encoded == 0 and again.encoder._model is None
    # the fp32 torch model does not read the ONNX system's vectors from the same cache
    fp32 = make_retriever("minilm", device="cpu", cache_dir=tmp_path / "embeddings", quiet=True)
    fp32.search(queries, corpus, 3)
    assert isinstance(fp32.cache, EmbeddingCache) and fp32.cache.encoded == len(queries) + len(corpus)
