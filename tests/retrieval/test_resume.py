"""A run killed while encoding keeps every finished batch: the rerun encodes only the rest and
gives the same bits as a run that was never interrupted.  Damaged chunk files are re-encoded."""

from __future__ import annotations

import dataclasses
import os
import random
import signal
import subprocess
import sys
import time
import warnings
from pathlib import Path

import numpy as np
import pytest

from execir.retrieval.embedding_cache import EmbeddingCache, EmbeddingCacheWarning
from execir.retrieval.dense import DenseRetriever
from execir.retrieval.registry import ModelEntry

from .conftest import RecordingEncoder

SRC = str(Path(__file__).resolve().parents[2] / "src")
TESTS = str(Path(__file__).resolve().parents[2])


def corpus(n: int) -> dict[str, str]:
    """``n`` snippets of different lengths (so longest-first ordering matters)."""
    rng = random.Random(0)
    return {f"s{i:03d}": f"def f{i}(xs):\n" + "".join(f"    xs = [x + {j} for x in xs]\n"
                                                      for j in range(rng.randint(0, 6)))
            + "    return xs\n" for i in range(n)}


def parts(folder: Path) -> dict[Path, int]:
    """Chunk files of a cache folder -> number of texts in each."""
    out = {}
    for part in sorted(folder.rglob("part-*.npz")):
        with np.load(part) as data:
            out[part] = len(data["hashes"])
    return out


def kill_mid_encode(script: str, cache_dir: Path, after: int) -> None:
    """Run ``script`` (it prints ``batch`` after each encoder call) and SIGKILL it by PID once
    it has printed ``after`` of them."""
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([SRC, TESTS]), "HF_HUB_OFFLINE": "1",
           "TRANSFORMERS_OFFLINE": "1"}
    proc = subprocess.Popen([sys.executable, "-c", script, str(cache_dir)], stdout=subprocess.PIPE,
                            text=True, env=env)
    seen, deadline = 0, time.monotonic() + 120
    try:
        while seen < after and time.monotonic() < deadline:
            line = proc.stdout.readline()
            assert line, "the encoding process ended before it was killed"
            seen += line.startswith("batch")
        assert seen == after
    finally:
        os.kill(proc.pid, signal.SIGKILL)
        proc.wait()
        proc.stdout.close()
    assert proc.returncode == -signal.SIGKILL


SLOW_ENCODER_RUN = """
import sys, time
from execir.retrieval.embedding_cache import EmbeddingCache
from execir.retrieval.dense import DenseRetriever
from execir.retrieval.registry import ModelEntry
from tests.retrieval.conftest import RecordingEncoder
from tests.retrieval.test_resume import corpus

class Slow(RecordingEncoder):
    def encode(self, texts, role):
        out = super().encode(texts, role)
        print("batch", len(texts), flush=True)
        time.sleep(0.3)                      # the kill lands here, before this batch is stored
        return out

entry = ModelEntry(name="slow", model_id="test/slow", provider="local", dims=16, batch_size=8)
docs = corpus(96)
DenseRetriever("slow", Slow(entry, dims=16), cache=EmbeddingCache(sys.argv[1])).embed(
    [docs[d] for d in sorted(docs)], "document")
print("finished", flush=True)
"""


def test_a_killed_run_keeps_its_finished_batches(tmp_path):
    entry = ModelEntry(name="slow", model_id="test/slow", provider="local", dims=16, batch_size=8)
    docs = corpus(96)
    texts = [docs[d] for d in sorted(docs)]
    kill_mid_encode(SLOW_ENCODER_RUN, tmp_path / "resumed", after=5)
    stored = parts(tmp_path / "resumed")
    assert 4 <= len(stored) < 12 and set(stored.values()) == {8}   # one file per finished batch
    kept = sum(stored.values())

    encoder = RecordingEncoder(entry, dims=16)
    resumed = DenseRetriever("slow", encoder, cache=EmbeddingCache(tmp_path / "resumed"))
    vectors = resumed.embed(texts, "document")
    assert resumed.cache.encoded == len(texts) - kept                # only the rest
    assert all(len(shown) <= 8 for _, shown in encoder.calls)
    assert sum(len(shown) for _, shown in encoder.calls) == len(texts) - kept

    clean = DenseRetriever("slow", RecordingEncoder(entry, dims=16),
                           cache=EmbeddingCache(tmp_path / "clean"))
    expected = clean.embed(texts, "document")
    assert vectors.dtype == expected.dtype and vectors.tobytes() == expected.tobytes()
    queries = {"q1": "add one to every item", "q2": "return the list"}
    assert resumed.search(queries, docs, 10) == clean.search(queries, docs, 10)


MINILM_RUN = """
import dataclasses, sys, time
from execir.retrieval import make_retriever
from tests.retrieval.test_resume import corpus

retriever = make_retriever("minilm", device="cpu", cache_dir=sys.argv[1], quiet=True)
encoder = retriever.encoder
encoder.entry = dataclasses.replace(encoder.entry, batch_size=16)
inner = encoder.encode

def encode(texts, role):
    out = inner(texts, role)
    print("batch", len(texts), flush=True)
    time.sleep(0.3)
    return out

encoder.encode = encode
docs = corpus(160)
retriever.embed([docs[d] for d in sorted(docs)], "document")
print("finished", flush=True)
"""


def _minilm(cache_dir: Path):
    from execir.retrieval import make_retriever

    retriever = make_retriever("minilm", device="cpu", cache_dir=cache_dir, quiet=True)
    retriever.encoder.entry = dataclasses.replace(retriever.encoder.entry, batch_size=16)
    return retriever


@pytest.mark.slow
def test_minilm_killed_mid_encode_resumes_with_identical_embeddings(tmp_path, minilm_path):
    docs = corpus(160)
    texts = [docs[d] for d in sorted(docs)]
    kill_mid_encode(MINILM_RUN, tmp_path / "resumed", after=4)
    kept = sum(parts(tmp_path / "resumed").values())
    assert 48 <= kept < 160 and kept % 16 == 0

    resumed = _minilm(tmp_path / "resumed")
    seen: list[str] = []
    inner = resumed.encoder.encode
    resumed.encoder.encode = lambda batch, role: seen.extend(batch) or inner(batch, role)
    vectors = resumed.embed(texts, "document")
    assert resumed.cache.encoded == len(seen) == len(texts) - kept  # only the rest
    clean = _minilm(tmp_path / "clean")
    expected = clean.embed(texts, "document")
    assert vectors.shape == (160, 384) and vectors.tobytes() == expected.tobytes()
    queries = {"q1": "add a constant to every item of a list", "q2": "return the list unchanged"}
    assert resumed.search(queries, docs, 20) == clean.search(queries, docs, 20)


def test_batches_are_cut_longest_first_and_merged_when_done(tmp_path):
    entry = ModelEntry(name="fake", model_id="test/fake", provider="local", dims=16, batch_size=8)
    docs = corpus(100)
    texts = [docs[d] for d in sorted(docs)]
    encoder = RecordingEncoder(entry, dims=16)
    reports: list[tuple[int, int]] = []
    cache = EmbeddingCache(tmp_path, chunk_size=64)
    cache.embed(encoder.settings("document"), texts, lambda b: encoder.encode(b, "document"),
                chunk_size=8, progress=lambda done, total: reports.append((done, total)))
    sent = [t for _, shown in encoder.calls for t in shown]
    assert [len(shown) for _, shown in encoder.calls] == [8] * 12 + [4]
    assert sent == sorted(texts, key=len, reverse=True)              # stable: ties keep order
    assert reports == [(0, 100)] + [(min(8 * i, 100), 100) for i in range(1, 14)]
    assert sorted(parts(tmp_path).values()) == [36, 64]              # 13 batch files merged
    assert DenseRetriever("fake", encoder, cache=EmbeddingCache(tmp_path)).embed(
        texts, "document").shape == (100, 16) and len(encoder.calls) == 13


@pytest.mark.parametrize("how", ["truncate", "overwrite", "empty"])
def test_damaged_chunk_files_are_reported_and_reencoded(tmp_path, how):
    entry = ModelEntry(name="fake", model_id="test/fake", provider="local", dims=64, batch_size=32)
    docs = corpus(200)
    texts = [docs[d] for d in sorted(docs)]
    first = DenseRetriever("fake", RecordingEncoder(entry, dims=64),
                           cache=EmbeddingCache(tmp_path, chunk_size=64))
    expected = first.embed(texts, "document")
    files = parts(tmp_path)
    assert sorted(files.values()) == [8, 64, 64, 64]                 # merged 32-text batches
    damaged = [p for p in files if files[p] == 64][:2]
    assert all(p.stat().st_size > 16384 for p in damaged)
    for part in damaged:
        size = part.stat().st_size
        if how == "truncate":
            os.truncate(part, size // 2)
        elif how == "overwrite":  # 8 KB of random bytes in the middle
            with part.open("r+b") as fh:
                fh.seek(size // 2 - 4096)
                fh.write(random.Random(part.name).randbytes(8192))
        else:
            part.write_bytes(b"")
    encoder = RecordingEncoder(entry, dims=64)
    again = DenseRetriever("fake", encoder, cache=EmbeddingCache(tmp_path, chunk_size=64))
    with pytest.warns(EmbeddingCacheWarning) as record:
        vectors = again.embed(texts, "document")
    said = [str(w.message) for w in record if w.category is EmbeddingCacheWarning]
    assert len(said) == 2 and all("unreadable" in s and "re-encoding" in s for s in said)
    assert again.cache.encoded == sum(files[p] for p in damaged)     # only the damaged texts
    assert vectors.tobytes() == expected.tobytes()
    assert sum(parts(tmp_path).values()) == len(texts)              # every file sound again
    third = DenseRetriever("fake", encoder, cache=EmbeddingCache(tmp_path, chunk_size=64))
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        assert third.embed(texts, "document").tobytes() == expected.tobytes()
    assert third.cache.encoded == 0
