"""On-disk embedding cache: ``.npz`` chunks per (model, revision, invocation, role) and text hash.

Layout::

    <root>/<model slug>/<invocation key>/key.json      the settings the key was made from
    <root>/<model slug>/<invocation key>/part-<h>.npz  arrays ``hashes`` (n,) and ``vectors`` (n, d)

The invocation key hashes the model id, its revision (package version or weight-file hash), the
role (``query`` / ``document``), the template or task type, dtype and sequence length — so a
query and a document with the same text never share a vector.  Texts are keyed by the SHA-256 of
the raw (untemplated) text.  Missing texts are encoded longest first, in chunks (one encoder
batch each when the caller passes its batch size, as :class:`~execir.retrieval.dense.DenseRetriever`
does), and each chunk is written atomically as soon as it is done, so an interrupted run resumes
where it stopped and, its chunks being the same slices of the same texts, gives the same bits as
an uninterrupted one.  When a call finishes, its small chunks are merged into parts of up to
``chunk_size`` texts (the merged file is written before the small ones are deleted).  Every chunk
is checked on load (readable, shapes agree, finite, no zero vectors); a bad chunk is reported with an
:class:`EmbeddingCacheWarning`, deleted and its texts re-encoded.
"""

from __future__ import annotations

import hashlib
import io as _io
import json
import os
import warnings
import zipfile
from pathlib import Path
from typing import Any, Callable, Iterable, Mapping, Sequence

import numpy as np

from execir.paths import touch
from execir.formats.files import atomic_write_bytes, atomic_write_text, dumps_json
from execir.paths import EMBEDDINGS_DIR, cache_root, embeddings_dir
from execir.records import sha256_text, slug


def cache_root_of(cache: Any) -> Path:
    """The cache root an embedding cache lives in (the parent of its ``embeddings/`` folder, so
    ``--cache-dir`` moves what is kept beside it: ONNX exports, unpacked models), else
    :func:`execir.paths.cache_root`."""
    root = getattr(cache, "root", None)
    if root is not None and Path(root).name == EMBEDDINGS_DIR:
        return Path(root).parent
    return cache_root()


class EmbeddingCacheWarning(UserWarning):
    """A cache file was unusable (corrupt, wrong shape, non-finite or zero vectors) and is rebuilt."""


class EmbeddingError(ValueError):
    """An encoder returned vectors of the wrong shape, non-finite values or a zero vector."""


def default_cache_root() -> Path:
    """The embedding cache under the cache root (:func:`execir.paths.embeddings_dir`)."""
    return embeddings_dir()


def invocation_key(settings: Mapping[str, Any]) -> str:
    """Stable 24-hex-digit hash of the settings (canonical JSON)."""
    return hashlib.sha256(json.dumps(settings, sort_keys=True).encode("utf-8")).hexdigest()[:24]


def check_vectors(vectors: np.ndarray, n: int, dims: int | None, what: str) -> str | None:
    """Why ``vectors`` is unusable as ``n`` embeddings of ``dims`` (None = any), or None if fine."""
    if vectors.ndim != 2 or vectors.shape[0] != n:
        return f"{what}: shape {vectors.shape}, expected ({n}, {dims if dims else 'd'})"
    if dims is not None and vectors.shape[1] != dims:
        return f"{what}: dimension {vectors.shape[1]}, expected {dims}"
    if not np.isfinite(vectors).all():
        return f"{what}: non-finite values"
    norms = np.linalg.norm(vectors, axis=1)
    if n and (norms == 0).any():
        return f"{what}: zero vector at row {int(np.flatnonzero(norms == 0)[0])}"
    return None


class EmbeddingCache:
    """Embedding store under ``root`` (see module docstring).

    Attributes:
        encoded: number of texts actually sent to an encoder by this object (0 on a fully cached
            rerun) — for tests and reports.
    """

    def __init__(self, root: str | os.PathLike[str] | None = None, *, chunk_size: int = 1024):
        self.root = Path(root) if root is not None else default_cache_root()
        self.chunk_size = int(chunk_size)
        self.encoded = 0

    def folder(self, settings: Mapping[str, Any]) -> Path:
        """The folder for one (model, invocation, role) setting."""
        model = slug(str(settings.get("model_id", "model")))[:80] or "model"
        return self.root / model / invocation_key(settings)

    def _load(self, folder: Path, dims: int | None) -> dict[str, np.ndarray]:
        found: dict[str, np.ndarray] = {}
        for part in sorted(folder.glob("part-*.npz")):
            problem = None
            try:
                with np.load(part, allow_pickle=False) as data:
                    hashes = data["hashes"]
                    vectors = data["vectors"]
                problem = check_vectors(vectors, len(hashes), dims, str(part))
            except FileNotFoundError:  # merged into a bigger part by another process meanwhile
                continue
            except (OSError, ValueError, KeyError, EOFError, zipfile.BadZipFile) as exc:
                problem = f"{part}: unreadable ({type(exc).__name__}: {exc})"
            if problem is not None:
                warnings.warn(f"embedding cache: {problem}; deleting it and re-encoding",
                              EmbeddingCacheWarning, stacklevel=3)
                part.unlink(missing_ok=True)
                continue
            if dims is None and len(hashes):
                dims = int(vectors.shape[1])
            for h, row in zip(hashes.tolist(), vectors):
                found[h] = row
        if found:
            touch(folder)  # its last use, for `execir cache prune`
        return found

    def _write_part(self, folder: Path, hashes: list[str], vectors: np.ndarray) -> Path:
        """Write one chunk atomically; its name hashes its text hashes."""
        buf = _io.BytesIO()
        np.savez(buf, hashes=np.array(hashes), vectors=vectors)
        name = hashlib.sha256("".join(hashes).encode()).hexdigest()[:20]
        path = folder / f"part-{name}.npz"
        atomic_write_bytes(path, buf.getvalue())
        return path

    def _compact(self, folder: Path, parts: list[tuple[Path, list[str]]],
                 found: Mapping[str, np.ndarray]) -> None:
        """Merge consecutive small ``parts`` (written by this call) into parts of up to
        ``chunk_size`` texts; each merged file is written before its members are deleted, so a
        kill in between only leaves duplicates (identical vectors)."""
        groups: list[list[tuple[Path, list[str]]]] = [[]]
        for part in parts:
            if groups[-1] and sum(len(h) for _, h in groups[-1]) + len(part[1]) > self.chunk_size:
                groups.append([])
            groups[-1].append(part)
        for group in groups:
            if len(group) < 2:
                continue
            hashes = [h for _, chunk in group for h in chunk]
            merged = self._write_part(folder, hashes, np.stack([found[h] for h in hashes]))
            for path, _ in group:
                if path != merged:
                    path.unlink(missing_ok=True)

    def embed(self, settings: Mapping[str, Any], texts: Sequence[str],
              encode: Callable[[list[str]], np.ndarray], *, dims: int | None = None,
              chunk_size: int | None = None,
              progress: Callable[[int, int], None] | None = None,
              encode_many: Callable[[list[list[str]]], Iterable[np.ndarray]] | None = None
              ) -> np.ndarray:
        """Vectors for ``texts`` in order, shape ``(len(texts), d)`` float32, encoding only the
        texts not yet cached (each distinct text once).

        Args:
            settings: the invocation (must include ``model_id``, ``revision``, ``role``).
            texts: raw texts (the encoder applies templates).
            encode: raw texts -> ``(n, d)`` array.
            dims: expected dimension, or None to accept the first one seen.
            chunk_size: texts per ``encode`` call, each call's vectors written as one chunk as
                soon as it returns (default: the cache's ``chunk_size``).  Pass the encoder's
                batch size so that a killed run loses at most one batch.
            progress: called as ``progress(done, total)`` with the counts of texts to encode,
                before the first ``encode`` call and after each chunk is written.
            encode_many: instead of ``encode``, the same chunks at once -> their arrays in chunk
                order (e.g. :meth:`execir.scale.RayEncoder.encode_chunks`, which encodes them in
                parallel); every chunk is still checked and written as it arrives.

        Raises:
            EmbeddingError: the encoder returned a bad array (shape, non-finite, zero vector).
        """
        folder = self.folder(settings)
        found = self._load(folder, dims) if folder.is_dir() else {}
        hashes = [sha256_text(t) for t in texts]
        missing: dict[str, str] = {}
        for h, t in zip(hashes, texts):
            if h not in found and h not in missing:
                missing[h] = t
        if missing:
            dims = self._encode_missing(folder, settings, missing, found, encode, dims=dims,
                                        step=max(1, int(chunk_size or self.chunk_size)),
                                        progress=progress, encode_many=encode_many)
        if not hashes:
            return np.zeros((0, dims or 0), dtype=np.float32)
        return np.stack([found[h] for h in hashes]).astype(np.float32, copy=False)

    def _encode_missing(self, folder: Path, settings: Mapping[str, Any], missing: Mapping[str, str],
                        found: dict[str, np.ndarray], encode: Callable[[list[str]], np.ndarray], *,
                        dims: int | None, step: int, progress: Callable[[int, int], None] | None,
                        encode_many: Callable[[list[list[str]]], Iterable[np.ndarray]] | None
                        ) -> int | None:
        """Encode the ``missing`` texts (hash -> text) in chunks of ``step``, longest first,
        checking and writing each chunk as it arrives and adding its rows to ``found``; merges
        small chunks afterwards.  Returns the dimension (``dims``, or the first one seen).

        Raises:
            EmbeddingError: the encoder returned a bad array (shape, non-finite, zero vector).
        """
        folder.mkdir(parents=True, exist_ok=True)
        key_file = folder / "key.json"
        if not key_file.exists():
            atomic_write_text(key_file, dumps_json(dict(settings)))
        # longest first (stable), so a batch holds texts of similar length, as
        # sentence-transformers sorts inside one call; a rerun's missing texts are a suffix
        # of this order, so it cuts the same chunks
        todo = sorted(missing.items(), key=lambda item: -len(item[1]))
        written: list[tuple[Path, list[str]]] = []
        if progress is not None:
            progress(0, len(todo))
        chunks = [todo[start:start + step] for start in range(0, len(todo), step)]
        texts_of = [[t for _, t in chunk] for chunk in chunks]
        outputs = (encode_many(texts_of) if encode_many is not None
                   else (encode(texts) for texts in texts_of))
        for start, chunk, output in zip(range(0, len(todo), step), chunks, outputs):
            vectors = np.asarray(output, dtype=np.float32)
            problem = check_vectors(vectors, len(chunk), dims, f"encoder output for {settings.get('model_id')}")
            if problem is not None:
                raise EmbeddingError(problem)
            dims = int(vectors.shape[1])
            self.encoded += len(chunk)
            chunk_hashes = [h for h, _ in chunk]
            written.append((self._write_part(folder, chunk_hashes, vectors), chunk_hashes))
            for h, row in zip(chunk_hashes, vectors):
                found[h] = row
            if progress is not None:
                progress(start + len(chunk), len(todo))
        if len(written) > 1 and step < self.chunk_size:
            self._compact(folder, written, found)
        return dims
