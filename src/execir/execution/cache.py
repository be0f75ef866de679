"""SQLite (WAL) cache of execution outcomes, one row per distinct (code, tests, runner, limits).

Safe with several processes writing at once (WAL + busy timeout; rows are immutable facts, so
``INSERT OR IGNORE`` never loses information) and with a writer killed by ``kill -9``: every
committed row survives and SQLite rolls back the unfinished transaction on next open.

A damaged file (torn by a disk fault, truncated, overwritten) never stops a command: opening
runs ``PRAGMA quick_check`` (about 13 ms on a 30,000-row, 18 MB cache), and every later read or
write treats SQLite's "malformed" / "not a database" errors and undecodable rows the same way.
The damaged file and its ``-wal`` / ``-shm`` are moved aside to
``exec.sqlite3.damaged-<UTC time>`` (``-wal`` / ``-shm`` appended), one
:class:`ExecutionCacheWarning` says so, and the cache carries on empty (the lost rows are
re-executed).  Garbage that still decodes (a payload altered in place, which SQLite's checks do
not see) is caught by each row's checksum (:func:`row_checksum`, verified on every read): such a
row is deleted and executed again, with one warning.  A cache written before rows had checksums
gains the column on open, filled from its rows as they are.  A damaged file still open in
another process is left in place, and this object works as an empty cache that stores nothing,
until it finds itself the only holder (:mod:`execir.execution.cache_lock` says why).  A path
that cannot hold the cache (a directory, an unreadable file) raises
:class:`~execir.errors.DataError`.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import sqlite3
import threading
import time
import warnings
from collections.abc import Callable, Iterable, Sequence
from pathlib import Path
from typing import TypeVar

from execir.errors import DataError
from execir.execution import cache_lock
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
    checksum TEXT NOT NULL DEFAULT '',
    PRIMARY KEY (code_sha256, tests_sha256, runner, limits)
) WITHOUT ROWID
"""
_COLUMNS = "code_sha256, tests_sha256, runner, limits, outcomes, durations, created, checksum"

CacheKey = tuple[str, str, str, str]
_T = TypeVar("_T")
#: SQLite's primary result codes for a damaged file: SQLITE_CORRUPT, SQLITE_NOTADB
_DAMAGE_CODES = (11, 26)


class ExecutionCacheWarning(UserWarning):
    """The execution cache file was damaged; it was moved aside and a fresh cache started."""


class _Damaged(Exception):
    """A row that SQLite returned but that does not decode (torn payload)."""


def _is_damage(exc: BaseException) -> bool:
    """True for errors that mean the file itself is damaged (not "locked", "disk full"...)."""
    if isinstance(exc, _Damaged):
        return True
    if not isinstance(exc, sqlite3.DatabaseError):
        return False
    code = getattr(exc, "sqlite_errorcode", None)
    if code is not None:
        return code & 0xFF in _DAMAGE_CODES
    return type(exc) is sqlite3.DatabaseError


def _is_locked(exc: BaseException) -> bool:
    """True for SQLite's "locked" / "busy" answers (another connection holds the lock)."""
    code = getattr(exc, "sqlite_errorcode", None)
    if code is not None:
        return code & 0xFF in (sqlite3.SQLITE_BUSY, sqlite3.SQLITE_LOCKED)
    return "locked" in str(exc) or "busy" in str(exc)


def row_checksum(key: Sequence[str], outcomes: str, durations: str) -> str:
    """A row's checksum: the first 16 hex digits of the sha256 of its key and its two JSON
    columns, joined by U+001F."""
    text = "\x1f".join((*key, outcomes, durations))
    return hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest()[:16]


def _add_checksums(conn: sqlite3.Connection) -> None:
    """Give a cache written before rows had checksums its ``checksum`` column, filled from the
    rows as they are (several processes may race here: each step is idempotent)."""
    columns = [row[1] for row in conn.execute("PRAGMA table_info(outcomes)")]
    if "checksum" in columns:
        return
    try:
        conn.execute("ALTER TABLE outcomes ADD COLUMN checksum TEXT NOT NULL DEFAULT ''")
    except sqlite3.OperationalError as exc:
        if "duplicate column" not in str(exc):
            raise
    conn.create_function("execir_row_checksum", 6, lambda *v: row_checksum(v[:4], v[4], v[5]),
                         deterministic=True)
    conn.execute("UPDATE outcomes SET checksum = execir_row_checksum(code_sha256, tests_sha256, "
                 "runner, limits, outcomes, durations) WHERE checksum = ''")


def _write(conn: sqlite3.Connection, sql: str, rows: Sequence[tuple]) -> None:
    """``executemany(sql, rows)`` in one immediate transaction, rolled back on any error."""
    conn.execute("BEGIN IMMEDIATE")
    try:
        conn.executemany(sql, rows)
        conn.execute("COMMIT")
    except BaseException:
        if conn.in_transaction:
            with contextlib.suppress(sqlite3.Error):
                conn.execute("ROLLBACK")
        raise


def _decode_row(outcomes: bytes, durations: bytes) -> SuiteResult:
    """The stored JSON columns (read as bytes) -> SuiteResult; :class:`_Damaged` if torn."""
    try:
        out, dur = json.loads(outcomes.decode("utf-8")), json.loads(durations.decode("utf-8"))
    except (AttributeError, ValueError) as exc:  # UnicodeDecodeError, JSONDecodeError
        raise _Damaged(f"undecodable row ({type(exc).__name__})") from exc
    if not (isinstance(out, list) and isinstance(dur, list) and len(out) == len(dur)
            and all(isinstance(o, str) for o in out)
            and all(isinstance(d, (int, float)) and not isinstance(d, bool) for d in dur)):
        raise _Damaged("a row whose outcomes and durations do not match")
    return SuiteResult(tuple(out), tuple(dur))


def pair_key(code: str, tests: Sequence, limits: Limits, language: str = "python",
             toolchain: str | None = None, compare: str = "exact") -> CacheKey:
    """Cache key of one pair: (sha256 of code, sha256 of the JSON test list, runner, limits).

    For Python test statements (``language="python"``, no ``toolchain``) the runner is
    :data:`RUNNER_VERSION` and the limits :meth:`Limits.key`, as always. Every other pair -- another
    language, or Python stdin/stdout tests -- has the runner
    ``execir-program-<n>/<language>/<toolchain version>/<compare>`` and
    :meth:`Limits.program_key`, so rows of different languages or toolchains never collide.
    """
    code_sha = hashlib.sha256(code.encode("utf-8", "surrogatepass")).hexdigest()
    if language == "python" and toolchain is None:
        tests_json = json.dumps(list(tests), ensure_ascii=False, separators=(",", ":"))
        tests_sha = hashlib.sha256(tests_json.encode("utf-8", "surrogatepass")).hexdigest()
        return code_sha, tests_sha, RUNNER_VERSION, limits.key()
    from execir.execution.languages import PROGRAM_RUNNER_VERSION, canonical_tests

    tests_json = json.dumps(canonical_tests(tests), ensure_ascii=False, separators=(",", ":"),
                            sort_keys=True)
    tests_sha = hashlib.sha256(tests_json.encode("utf-8", "surrogatepass")).hexdigest()
    runner = f"{PROGRAM_RUNNER_VERSION}/{language}/{toolchain}/{compare}"
    return code_sha, tests_sha, runner, limits.program_key()


class ExecutionCache:
    """Persistent outcome cache at ``path`` (a SQLite file; parent folders are created).

    ``get_many(keys)`` returns ``{key: SuiteResult}`` for the keys present; ``put_many(items)``
    stores ``(key, SuiteResult)`` pairs and commits; ``stats()`` and ``clear()`` serve the CLI.
    Thread-safe (one connection guarded by a lock).  A damaged file is moved aside with an
    :class:`ExecutionCacheWarning` and replaced by a fresh one (module docstring), on open or on
    any later call.

    Raises:
        DataError: ``path`` cannot hold the cache (a directory, no permission, ...).
    """

    def __init__(self, path: str | os.PathLike[str]):
        self.path = Path(path)
        self._lock = threading.Lock()
        if self.path.is_dir():
            raise DataError(self.path, "is a directory, not the execution cache's SQLite file; "
                                       "move it away or choose another cache folder")
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise DataError(self.path.parent, f"cannot create the cache folder: {exc}") from None
        self._conn: sqlite3.Connection | None = None
        #: rows that failed their checksum on read, dropped (:meth:`get_many`)
        self.checksum_failures = 0
        self._identity: tuple[int, int] | None = None
        self._disabled = False  # damaged, and open in another process: used as if empty
        self._reason = ""
        self._holder = cache_lock.acquire(self.path)
        try:
            self._connect_when_free()
        except (sqlite3.DatabaseError, OSError) as exc:
            if not _is_damage(exc):
                self._drop()
                self._holder.release()
                raise DataError(self.path, f"cannot open the execution cache: {exc}") from None
            try:
                self._recover(exc, stacklevel=3)
            except DataError:
                if self._holder is not None:
                    self._holder.release()
                raise

    def _drop(self) -> None:
        """Close the connection, ignoring errors (a damaged file may fail its last checkpoint)."""
        if self._conn is not None:
            with contextlib.suppress(sqlite3.Error):
                self._conn.close()
            self._conn = None

    def _connect_when_free(self, attempts: int = 8) -> None:
        """:meth:`_connect`, tried again after a growing pause (0.1 s doubling, ~25 s in all)
        while the file is locked: processes opening a new cache at once contend for the lock
        that ``PRAGMA journal_mode=WAL`` takes, and SQLite may answer "database is locked"
        without waiting for the busy timeout there.  Other errors, and the last attempt's,
        propagate."""
        for attempt in range(attempts):
            try:
                self._connect()
                return
            except sqlite3.OperationalError as exc:
                if attempt == attempts - 1 or _is_damage(exc) or not _is_locked(exc):
                    raise
                self._drop()
                time.sleep(0.1 * 2 ** attempt)

    def _connect(self) -> None:
        """Open, configure and check the file (``PRAGMA quick_check``) as ``self._conn`` and
        remember the file's identity; on an error the connection is left open for the caller
        (:meth:`_recover` moves the files aside before closing it)."""
        self._conn = conn = sqlite3.connect(str(self.path), timeout=60.0, check_same_thread=False,
                                            isolation_level=None)
        stat = os.stat(self.path)
        self._identity = (stat.st_dev, stat.st_ino)
        conn.execute("PRAGMA journal_mode=WAL")
        conn.execute("PRAGMA synchronous=NORMAL")
        conn.execute("PRAGMA busy_timeout=60000")
        problems = conn.execute("PRAGMA quick_check").fetchall()
        if problems != [("ok",)]:
            raise sqlite3.DatabaseError(f"quick_check: {problems[0][0] if problems else 'no answer'}")
        conn.execute(_SCHEMA)
        _add_checksums(conn)

    def _recover(self, exc: BaseException, *, stacklevel: int) -> None:
        """Move the damaged file (and its -wal / -shm) aside, warn, and open a fresh file -- or,
        while another process or cache object holds it open, leave it in place and go on without
        a cache (:mod:`execir.execution.cache_lock`; every later call tries again).

        Called with the lock held (or from ``__init__``).  When the path no longer is the file
        this object opened (moved aside by something that does not take the lock), only reopen.
        The old connection is closed after the move, so its last checkpoint and its deletion of
        the ``-wal`` by name cannot touch the fresh file's.
        """
        self._reason = " ".join(str(exc).split())[:200]  # quick_check's answer may span lines
        if not self._holder.try_exclusive():
            self._drop()  # not the last connection: SQLite deletes nothing on this close
            self._holder.release()  # no longer holding it open: it must not wait for us
            self._holder = None
            if not self._disabled:
                warnings.warn(f"execution cache {self.path} is damaged ({self._reason}) and open in "
                              "another execir process: left in place, this command goes on without "
                              "it (outcomes are executed, not cached) until no other process holds "
                              "it open, then moves it aside", ExecutionCacheWarning,
                              stacklevel=stacklevel)
            self._disabled = True
            return
        try:
            self._replace(stacklevel=stacklevel + 1)
        finally:
            self._holder.shared()

    def _retry(self, *, stacklevel: int) -> bool:
        """While left aside: hold the lock again and, if no one else holds it, move the damaged
        file aside; if someone already replaced it, just reconnect.  True when the cache is in
        use again."""
        holder = cache_lock.acquire(self.path)  # waits only while someone moves it aside
        try:
            stat = os.stat(self.path)
            replaced = (stat.st_dev, stat.st_ino) != self._identity
        except FileNotFoundError:
            replaced = True
        if not replaced and not holder.try_exclusive():
            holder.release()
            return False
        self._holder = holder
        try:
            self._replace(stacklevel=stacklevel + 1)
        finally:
            if not replaced:
                holder.shared()
        return True

    def _replace(self, *, stacklevel: int) -> None:
        """With the lock file held exclusively: move the damaged files aside (unless they are
        gone already), warn, and connect to a fresh file."""
        try:
            stat = os.stat(self.path)
            same = (stat.st_dev, stat.st_ino) == self._identity
        except FileNotFoundError:
            same = False
        what = "moved aside by another process"
        if same:
            stamp = time.strftime("%Y%m%dT%H%M%SZ", time.gmtime())
            target = self.path.with_name(f"{self.path.name}.damaged-{stamp}")
            n = 1
            while target.exists() or Path(f"{target}-wal").exists():
                target, n = self.path.with_name(f"{self.path.name}.damaged-{stamp}-{n}"), n + 1
            try:  # the -wal first: a stale WAL next to a fresh file would be replayed into it
                for suffix in ("-wal", "-shm", ""):
                    with contextlib.suppress(FileNotFoundError):
                        os.replace(f"{self.path}{suffix}", f"{target}{suffix}")
            except OSError as move_exc:
                raise DataError(self.path, f"damaged execution cache ({self._reason}) that cannot "
                                           f"be moved aside ({move_exc}); delete it") from None
            what = f"moved it to {target}"
        self._drop()
        self._disabled = False
        warnings.warn(f"execution cache {self.path} is damaged ({self._reason}); {what} and started "
                      "a fresh cache", ExecutionCacheWarning, stacklevel=stacklevel)
        try:
            self._connect()
        except (sqlite3.DatabaseError, OSError) as again:
            self._drop()
            raise DataError(self.path, f"cannot open a fresh execution cache: {again}") from None

    def _guarded(self, op: Callable[[sqlite3.Connection], _T],
                 without: Callable[[], _T]) -> _T:
        """Run ``op(connection)`` under the lock; on damage recover once and rerun it.  While
        the cache is left aside (damaged and open elsewhere) each call first tries to recover
        again, and returns ``without()`` when it still cannot."""
        with self._lock:
            if self._disabled and not self._retry(stacklevel=4):
                return without()
            try:
                return op(self._conn)
            except (sqlite3.DatabaseError, _Damaged) as exc:
                if not _is_damage(exc):
                    raise
                self._recover(exc, stacklevel=4)
            return without() if self._disabled else op(self._conn)

    def get_many(self, keys: Iterable[CacheKey]) -> dict[CacheKey, SuiteResult]:
        """Cached results for those of ``keys`` that are present."""
        keys = list(keys)

        def op(conn: sqlite3.Connection) -> dict[CacheKey, SuiteResult]:
            found: dict[CacheKey, SuiteResult] = {}
            bad: list[CacheKey] = []
            for key in keys:  # read as bytes: a torn payload is _Damaged, not a decode error
                row = conn.execute(
                    "SELECT CAST(outcomes AS BLOB), CAST(durations AS BLOB), checksum FROM outcomes "
                    "WHERE code_sha256=? AND tests_sha256=? AND runner=? AND limits=?",
                    key).fetchone()
                if row is None:
                    continue
                result = _decode_row(row[0], row[1])
                if row_checksum(key, row[0].decode("utf-8"), row[1].decode("utf-8")) != row[2]:
                    bad.append(key)
                else:
                    found[key] = result
            if bad:
                self._drop_rows(conn, bad)
            return found

        return self._guarded(op, dict)

    def _drop_rows(self, conn: sqlite3.Connection, keys: list[CacheKey]) -> None:
        """Delete rows that failed their checksum (they are executed again); warn once per
        cache object."""
        _write(conn, "DELETE FROM outcomes WHERE code_sha256=? AND tests_sha256=? AND runner=? AND "
                     "limits=?", keys)
        self.checksum_failures += len(keys)
        if self.checksum_failures == len(keys):
            warnings.warn(f"execution cache {self.path}: {len(keys)} row(s) failed their checksum "
                          "(altered on disk); dropped, they are executed again",
                          ExecutionCacheWarning, stacklevel=5)

    def get(self, key: CacheKey) -> SuiteResult | None:
        """Cached result for ``key`` or ``None``."""
        return self.get_many([key]).get(key)

    def put_many(self, items: Iterable[tuple[CacheKey, SuiteResult]]) -> None:
        """Store results (one transaction, committed before returning)."""
        rows = []
        for key, res in items:
            outcomes, durations = json.dumps(list(res.outcomes)), json.dumps(list(res.durations))
            rows.append((*key, outcomes, durations, time.time(),
                         row_checksum(key, outcomes, durations)))
        if not rows:
            return

        insert = f"INSERT OR IGNORE INTO outcomes ({_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?)"
        self._guarded(lambda conn: _write(conn, insert, rows), lambda: None)

    def stats(self) -> dict:
        """``{"path", "rows", "bytes", "passed_rows", "runners"}`` of this cache."""
        def op(conn: sqlite3.Connection) -> tuple[int, dict[str, int], int]:
            rows = conn.execute("SELECT COUNT(*) FROM outcomes").fetchone()[0]
            runners = {}
            for runner, count in conn.execute(
                    "SELECT CAST(runner AS BLOB), COUNT(*) FROM outcomes GROUP BY runner"):
                try:
                    runners[runner.decode("utf-8")] = count
                except (AttributeError, ValueError) as exc:
                    raise _Damaged("undecodable runner name") from exc
            passed = conn.execute(
                "SELECT COUNT(*) FROM outcomes WHERE outcomes NOT LIKE '%\"FAIL%' AND "
                "outcomes NOT LIKE '%\"ERROR%' AND outcomes NOT LIKE '%\"TIMEOUT%' "
                "AND outcomes != '[]'").fetchone()[0]
            return rows, runners, passed

        rows, runners, passed = self._guarded(op, lambda: (0, {}, 0))
        size = sum(p.stat().st_size for p in (self.path, Path(f"{self.path}-wal")) if p.exists())
        return {"path": str(self.path), "rows": rows, "passed_rows": passed, "bytes": size,
                "runners": runners}

    def clear(self) -> int:
        """Delete every row; returns how many were deleted (0 when the file was damaged: it is
        moved aside and a fresh, empty cache started)."""
        def op(conn: sqlite3.Connection) -> int:
            n = conn.execute("DELETE FROM outcomes").rowcount
            conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
            conn.execute("VACUUM")
            return n

        def in_use() -> int:
            raise DataError(self.path, "is damaged and open in another execir process; run "
                                       "`execir cache clear` again once no other execir command runs")

        return self._guarded(op, in_use)

    def close(self) -> None:
        """Close the connection (the object must not be used afterwards)."""
        with self._lock:
            if self._conn is not None:
                self._conn.close()
                self._conn = None
            if self._holder is not None:
                self._holder.release()
                self._holder = None

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
