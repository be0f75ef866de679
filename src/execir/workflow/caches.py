"""Every cache under the cache root (:mod:`execir.paths`): its size, its entries, and pruning by
last use (``execir cache stats`` / ``execir cache prune``).

:data:`CACHES` lists them.  An *entry* is what pruning removes as a whole: a file of the
compiled-program cache (one archive), a folder of the embedding cache (one model and invocation),
of the releases built at run time, of the unpacked shipped releases, of the assembled models and
of the ONNX exports.  An entry's *last use* is the newest modification time of it and anything in
it; the compiled-program and embedding caches touch an entry whenever they read it, so that time
is the last read as well as the last write.

Three caches are listed but never pruned: the execution cache (one SQLite file of outcomes;
``execir cache clear`` empties it), trained rerankers (outputs a user asked for, not copies
that can be remade) and LLM answers (:mod:`execir.generate.response_cache`: what makes an LLM-built
release rebuildable offline, and what may have cost money).  Everything pruning removes is made again on the next command that needs
it (compiled again, encoded again, unpacked again).  A folder is renamed to a hidden name before
it is deleted, so a reader sees a whole entry or none.
"""

from __future__ import annotations

import os
import re
import shutil
import time
from dataclasses import dataclass
from pathlib import Path
from stat import S_ISDIR
from typing import Iterator, Sequence

from execir.errors import UsageError
from execir.paths import (EMBEDDINGS_DIR, EXEC_CACHE_FILE, LLM_DIR, RELEASES_DIR, RERANKERS_DIR,
                          cache_root)

_PRUNED_PREFIX = ".execir-pruned-"


@dataclass(frozen=True)
class CacheKind:
    """One cache below the root.

    Attributes:
        name: what ``execir cache stats`` calls it.
        path: its file or folder below the cache root.
        depth: entries are the files or folders this many levels below ``path`` (0: ``path``
            itself is the one entry).
        files: entries are files (else folders).
        prunable: ``execir cache prune`` may remove its entries.
        unit: what ``execir cache stats`` counts: ``entries`` (files or folders), or ``rows``
            (the execution cache: one row per judged (program, tests) pair, not its one file).
    """

    name: str
    path: str
    depth: int
    files: bool = False
    prunable: bool = True
    unit: str = "entries"


CACHES: tuple[CacheKind, ...] = (
    CacheKind("execution outcomes", EXEC_CACHE_FILE, 0, files=True, prunable=False, unit="rows"),
    CacheKind("embeddings", EMBEDDINGS_DIR, 2),
    CacheKind("compiled programs", "build", 3, files=True),
    CacheKind("releases built at run time", RELEASES_DIR, 1),
    CacheKind("shipped releases (unpacked)", f"{RELEASES_DIR}/shipped", 1),
    CacheKind("models", "models", 1),
    CacheKind("ONNX exports", "onnx", 1),
    CacheKind("trained rerankers", RERANKERS_DIR, 1, prunable=False),
    CacheKind("LLM answers", LLM_DIR, 2, files=True, prunable=False),
)


@dataclass(frozen=True)
class Entry:
    """One entry: its cache, path, size in bytes and last use (seconds since the epoch)."""

    cache: str
    path: Path
    bytes: int
    last_use: float


def _walk(path: Path) -> Iterator[os.stat_result]:
    """The stat of ``path`` and of everything below it (links not followed)."""
    st = path.lstat()
    yield st
    if path.is_dir() and not path.is_symlink():
        for sub, dirs, names in os.walk(path):
            for name in dirs + names:
                try:
                    yield Path(sub, name).lstat()
                except FileNotFoundError:
                    continue  # removed by another process while we walked


def _entry(kind: CacheKind, path: Path) -> Entry | None:
    try:
        stats = list(_walk(path))
    except FileNotFoundError:
        return None
    return Entry(kind.name, path, sum(s.st_size for s in stats if not S_ISDIR(s.st_mode)),
                 max(s.st_mtime for s in stats))


def entries(kind: CacheKind, root: Path) -> list[Entry]:
    """The entries of ``kind`` under ``root``, by path (hidden names and, for the releases, the
    ``shipped`` folder, which is a cache of its own, are left out)."""
    top = root / kind.path
    level = [top] if top.exists() else []
    for _ in range(kind.depth):
        level = sorted(p for d in level if d.is_dir() and not d.is_symlink()
                       for p in d.iterdir() if not p.name.startswith("."))
    if kind.path == RELEASES_DIR:
        level = [p for p in level if p.name != "shipped"]
    level = [p for p in level if p.is_file() == kind.files]
    return [e for e in (_entry(kind, p) for p in level) if e is not None]


def stats(cache_dir: str | os.PathLike[str] | None = None) -> list[dict]:
    """One row per cache of :data:`CACHES`: ``{"cache", "path", "entries", "unit", "bytes",
    "prunable"}``, paths absolute; ``entries`` counts the kind's ``unit`` (the execution cache's
    rows, else files or folders); a cache that was never written has 0 entries."""
    root = cache_root(cache_dir)
    rows = []
    for kind in CACHES:
        found = entries(kind, root)
        count, extra = len(found), 0
        if kind.path == EXEC_CACHE_FILE:
            wal = root / f"{EXEC_CACHE_FILE}-wal"
            extra = wal.stat().st_size if wal.exists() else 0
            count = _exec_rows(root / EXEC_CACHE_FILE) if found else 0
        rows.append({"cache": kind.name, "path": str(root / kind.path), "entries": count, "unit": kind.unit,
                     "bytes": sum(e.bytes for e in found) + extra, "prunable": kind.prunable})
    return rows


def _exec_rows(path: Path) -> int:
    """Rows of the execution cache file at ``path`` (:meth:`ExecutionCache.stats`)."""
    from execir.execution.cache import ExecutionCache

    with ExecutionCache(path) as cache:
        return cache.stats()["rows"]


def prune(cache_dir: str | os.PathLike[str] | None = None, *, max_size: int | None = None,
          older_than: float | None = None, now: float | None = None) -> list[Entry]:
    """Remove entries of the prunable caches (module docstring): every entry last used more than
    ``older_than`` seconds ago, then the least recently used (ties: by path) until the prunable
    caches hold at most ``max_size`` bytes.  Returns the removed entries, in removal order.

    Raises:
        UsageError: neither limit given, or a negative one.
    """
    if max_size is None and older_than is None:
        raise UsageError("cache prune: give --max-size, --older-than or both")
    if (max_size is not None and max_size < 0) or (older_than is not None and older_than < 0):
        raise UsageError("cache prune: --max-size and --older-than must be >= 0")
    root = cache_root(cache_dir)
    now = time.time() if now is None else now
    pool = sorted((e for k in CACHES if k.prunable for e in entries(k, root)),
                  key=lambda e: (e.last_use, str(e.path)))
    stale = [older_than is not None and now - e.last_use > older_than for e in pool]
    removed = [e for e, old in zip(pool, stale) if old]
    kept = [e for e, old in zip(pool, stale) if not old]  # least recently used first
    total = sum(e.bytes for e in kept)
    for e in kept:
        if max_size is None or total <= max_size:
            break
        removed.append(e)
        total -= e.bytes
    for e in removed:
        _remove(e.path)
    return removed


def _remove(path: Path) -> None:
    """Delete a file, or a folder after renaming it to a hidden name (a reader sees all of it
    or none)."""
    if path.is_file() or path.is_symlink():
        path.unlink(missing_ok=True)
        return
    hidden = path.with_name(f"{_PRUNED_PREFIX}{path.name}.{os.getpid()}")
    try:
        path.rename(hidden)
    except FileNotFoundError:
        return
    shutil.rmtree(hidden)


_SIZE = re.compile(r"^\s*(\d+(?:\.\d+)?)\s*([kmgt]?)(i?b?)\s*$", re.IGNORECASE)
_AGE = re.compile(r"^\s*(\d+(?:\.\d+)?)\s*([smhdw])\s*$", re.IGNORECASE)
_AGE_UNIT = {"s": 1, "m": 60, "h": 3600, "d": 86400, "w": 7 * 86400}


def parse_size(text: str, option: str = "--max-size") -> int:
    """Bytes of ``text``: a number with an optional unit ``K``, ``M``, ``G`` or ``T`` (powers of
    1024; ``MB``, ``MiB`` alike).  Raises UsageError naming ``option`` otherwise."""
    m = _SIZE.match(text)
    if not m:
        raise UsageError(f"{option}: not a size: {text!r} (e.g. 500M, 2G, 1048576)")
    scale = 1024 ** " kmgt".index((m.group(2) or " ").lower())
    return int(float(m.group(1)) * scale)


def parse_age(text: str, option: str = "--older-than") -> float:
    """Seconds of ``text``: a number and a unit ``s``, ``m``, ``h``, ``d`` or ``w``.  Raises
    UsageError naming ``option`` otherwise."""
    m = _AGE.match(text)
    if not m:
        raise UsageError(f"{option}: not an age: {text!r} (e.g. 12h, 30d, 2w)")
    return float(m.group(1)) * _AGE_UNIT[m.group(2).lower()]


def human(n: int) -> str:
    """``n`` bytes for people: ``512 B``, ``3.4 MiB``..."""
    size = float(n)
    for unit in ("B", "KiB", "MiB", "GiB"):
        if size < 1024 or unit == "GiB":
            return f"{n} B" if unit == "B" else f"{size:.1f} {unit}"
        size /= 1024
    raise AssertionError("unreachable")


def table(rows: Sequence[dict]) -> list[str]:
    """The lines ``execir cache stats`` prints for :func:`stats` rows."""
    width = max(len(r["cache"]) for r in rows)
    out = []
    for r in rows:
        mark = "" if r["prunable"] else "  (not pruned)"
        out.append(f"{r['cache']:<{width}}  {r['entries']:>7,} {r['unit']:<7}  {human(r['bytes']):>10}  "
                   f"{r['path']}{mark}")
    return out
