"""SQLite (WAL) cache of execution outcomes, one row per distinct (code, tests, runner, limits).

Safe with several processes writing at once (WAL + busy timeout; rows are immutable facts, so
``INSERT OR IGNORE`` never loses information) and with a writer killed by ``kill -9``: every
committed row survives and SQLite rolls back the unfinished transaction on next open.
"""

from __future__ import annotations

import hashlib
import json
import os
import sqlite3
import threading
import time
from collections.abc import Iterable, Sequence
from pathlib import Path

from execir.execution.limits import Limits
from execir.execution.outcomes import RUNNER_VERSION, SuiteResult
from execir.paths import exec_cache_path

_SCHEMA = """
CREATE TABLE IF NOT EXISTS outcomes (
    code_sha256 TEXT NOT NULL,
    tests_sha256 TEXT NOT NULL,
    runner TEXT NOT NULL,
    limits TEXT NOT NULL,
    outcomes TEXT NOT NULL,
    durations TEXT NOT NULL,
    created REAL NOT NULL,
    PRIMARY KEY (code_sha256, tests_sha256, runner, limits)
) WITHOUT ROWID
"""

CacheKey = tuple[str, str, str, str]


def pair_key(code: str, tests: Sequence[str], limits: Limits) -> CacheKey:
    """Cache key of one pair: (sha256 of code, sha256 of the JSON test list, runner, limits)."""
    code_sha = hashlib.sha256(code.encode("utf-8", "surrogatepass")).hexdigest()
    tests_json = json.dumps(list(tests), ensure_ascii=False, separators=(",", ":"))
    tests_sha = hashlib.sha256(tests_json.encode("utf-8", "surrogatepass")).hexdigest()
    return code_sha, tests_sha, RUNNER_VERSION, limits.key()


class ExecutionCache:
    """Persistent outcome cache at ``path`` (a SQLite file; parent folders are created).

    ``get_many(keys)`` returns ``{key: SuiteResult}`` for the keys present; ``put_many(items)``
    stores ``(key, SuiteResult)`` pairs and commits; ``stats()`` and ``clear()`` serve the CLI.
    Thread-safe (one connection guarded by a lock). Raises ``sqlite3.Error`` on a corrupt file.
    """

    def __init__(self, path: str | os.PathLike[str]):
        self.path = Path(path)
        self.path.parent.mkdir(parents=True, exist_ok=True)
        self._lock = threading.Lock()
        self._conn = sqlite3.connect(str(self.path), timeout=60.0, check_same_thread=False,
                                     isolation_level=None)
        self._conn.execute("PRAGMA journal_mode=WAL")
        self._conn.execute("PRAGMA synchronous=NORMAL")
        self._conn.execute("PRAGMA busy_timeout=60000")
        self._conn.execute(_SCHEMA)

    def get_many(self, keys: Iterable[CacheKey]) -> dict[CacheKey, SuiteResult]:
        """Cached results for those of ``keys`` that are present."""
        found: dict[CacheKey, SuiteResult] = {}
        with self._lock:
            for key in keys:
                row = self._conn.execute(
                    "SELECT outcomes, durations FROM outcomes WHERE code_sha256=? AND "
                    "tests_sha256=? AND runner=? AND limits=?", key).fetchone()
                if row is not None:
                    found[key] = SuiteResult(tuple(json.loads(row[0])), tuple(json.loads(row[1])))
        return found

    def get(self, key: CacheKey) -> SuiteResult | None:
        """Cached result for ``key`` or ``None``."""
        return self.get_many([key]).get(key)

    def put_many(self, items: Iterable[tuple[CacheKey, SuiteResult]]) -> None:
        """Store results (one transaction, committed before returning)."""
        rows = [(*key, json.dumps(list(res.outcomes)), json.dumps(list(res.durations)), time.time())
                for key, res in items]
        if not rows:
            return
        with self._lock:
            self._conn.execute("BEGIN IMMEDIATE")
            try:
                self._conn.executemany(
                    "INSERT OR IGNORE INTO outcomes VALUES (?, ?, ?, ?, ?, ?, ?)", rows)
            except BaseException:
                self._conn.execute("ROLLBACK")
                raise
            self._conn.execute("COMMIT")

    def stats(self) -> dict:
        """``{"path", "rows", "bytes", "passed_rows", "runners"}`` of this cache."""
        with self._lock:
            rows = self._conn.execute("SELECT COUNT(*) FROM outcomes").fetchone()[0]
            runners = dict(self._conn.execute(
                "SELECT runner, COUNT(*) FROM outcomes GROUP BY runner").fetchall())
            passed = self._conn.execute(
                "SELECT COUNT(*) FROM outcomes WHERE outcomes NOT LIKE '%\"FAIL%' AND "
                "outcomes NOT LIKE '%\"ERROR%' AND outcomes NOT LIKE '%\"TIMEOUT%' "
                "AND outcomes != '[]'").fetchone()[0]
        size = sum(p.stat().st_size for p in (self.path, Path(f"{self.path}-wal")) if p.exists())
        return {"path": str(self.path), "rows": rows, "passed_rows": passed, "bytes": size,
                "runners": runners}

    def clear(self) -> int:
        """Delete every row; returns how many were deleted."""
        with self._lock:
            n = self._conn.execute("DELETE FROM outcomes").rowcount
            self._conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
            self._conn.execute("VACUUM")
        return n

    def close(self) -> None:
        """Close the connection (the object must not be used afterwards)."""
        with self._lock:
            self._conn.close()

    def __enter__(self) -> "ExecutionCache":
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def default_cache_path(cache_dir: str | os.PathLike[str] | None = None) -> Path:
    """The execution cache file: ``<cache root>/exec.sqlite3`` (:func:`execir.paths.cache_root`)."""
    return exec_cache_path(cache_dir)


def default_cache(cache_dir: str | os.PathLike[str] | None = None) -> ExecutionCache:
    """The :class:`ExecutionCache` under the cache root (``cache_dir``, else
    ``$EXECIR_CACHE_DIR``, else ``~/.cache/execir``; see :mod:`execir.paths`)."""
    return ExecutionCache(default_cache_path(cache_dir))
