"""Where execir keeps its caches: one home for the cache root and every path below it.

The root is, in order: an explicit ``cache_dir`` (``--cache-dir``), ``$EXECIR_CACHE_DIR``, or
``~/.cache/execir``.  Below it:

* ``exec.sqlite3`` -- the execution cache (:class:`execir.execution.ExecutionCache`);
* ``embeddings/`` -- the embedding cache (:class:`execir.retrieval.embedding_cache.EmbeddingCache`);
* ``releases/`` -- releases built at run time (``<name>-<fingerprint>``);
* ``rerankers/`` -- rerankers trained by ``execir train-reranker`` (one folder each);
* ``llm/`` -- LLM answers by request (:class:`execir.generate.response_cache.ResponseCache`).

Nothing here creates a folder; the caches create what they write.
"""

from __future__ import annotations

import os
from pathlib import Path

CACHE_ENV = "EXECIR_CACHE_DIR"
EXEC_CACHE_FILE = "exec.sqlite3"
EMBEDDINGS_DIR = "embeddings"
RELEASES_DIR = "releases"
RERANKERS_DIR = "rerankers"
LLM_DIR = "llm"


def cache_root(cache_dir: str | os.PathLike[str] | None = None) -> Path:
    """The cache root: ``cache_dir`` when given, else ``$EXECIR_CACHE_DIR``, else
    ``~/.cache/execir`` (``~`` expanded in each)."""
    if cache_dir is not None:
        return Path(cache_dir).expanduser()
    env = os.environ.get(CACHE_ENV)
    return Path(env).expanduser() if env else Path.home() / ".cache" / "execir"


def exec_cache_path(cache_dir: str | os.PathLike[str] | None = None) -> Path:
    """The execution cache's SQLite file under :func:`cache_root`."""
    return cache_root(cache_dir) / EXEC_CACHE_FILE


def embeddings_dir(cache_dir: str | os.PathLike[str] | None = None) -> Path:
    """The embedding cache's folder under :func:`cache_root`."""
    return cache_root(cache_dir) / EMBEDDINGS_DIR


def releases_dir(cache_dir: str | os.PathLike[str] | None = None) -> Path:
    """The folder of releases built at run time under :func:`cache_root`."""
    return cache_root(cache_dir) / RELEASES_DIR


def rerankers_dir(cache_dir: str | os.PathLike[str] | None = None) -> Path:
    """The folder of trained rerankers under :func:`cache_root`."""
    return cache_root(cache_dir) / RERANKERS_DIR


def touch(path: Path) -> None:
    """Record a use of the entry ``path`` (its modification time becomes now); a cache that
    cannot be written only loses that record."""
    try:
        os.utime(path)
    except OSError:
        return
