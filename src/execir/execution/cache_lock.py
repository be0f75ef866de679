"""Who holds the execution cache open: a lock file beside it, so that a damaged cache is moved
aside only when no other process (and no other cache object here) has it open.

Why: SQLite deletes a database's ``-wal`` *by name* when its last connection closes.  A process
that still held a damaged ``exec.sqlite3`` open after another one had moved it aside and started
a fresh file would, on closing, delete the fresh file's ``-wal`` (committed rows lost, and a
writer still appending to the deleted file).  So every :class:`~execir.execution.ExecutionCache`
holds a shared POSIX record lock on ``exec.sqlite3.lock`` while it is open, and recovery
converts it to an exclusive one without waiting (:meth:`HolderLock.try_exclusive`); a POSIX
conversion either succeeds or leaves the shared lock as it was.

POSIX record locks belong to a process, and closing any descriptor of the file drops them all,
so each process opens the lock file once (:func:`acquire`, reference-counted per path) and a
second cache object on the same path counts as another holder.  A lock file that cannot be
opened (a read-only folder) gives a lock that never refuses, which is the behaviour without one.
"""

from __future__ import annotations

import fcntl
import os
import threading
from pathlib import Path

_REGISTRY: dict[str, "HolderLock"] = {}
_GUARD = threading.Lock()


class HolderLock:
    """This process's hold on one cache's lock file (from :func:`acquire`; :meth:`release` it)."""

    def __init__(self, path: str, fd: int | None):
        self.path, self.fd, self.count, self.pid = path, fd, 1, os.getpid()

    def try_exclusive(self) -> bool:
        """Whether this is the only holder anywhere: the lock is then exclusive until
        :meth:`shared` (``False``: another process or cache object holds it; nothing changed)."""
        with _GUARD:
            if self.fd is None:
                return True
            if self.count > 1:
                return False
            try:
                fcntl.lockf(self.fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            except OSError:  # EAGAIN / EACCES: held elsewhere; the shared lock is kept
                return False
            return True

    def shared(self) -> None:
        """Back to a shared hold (after :meth:`try_exclusive` succeeded)."""
        if self.fd is not None:
            fcntl.lockf(self.fd, fcntl.LOCK_SH)

    def release(self) -> None:
        """One holder less; the lock file is closed (the lock dropped) with the last."""
        with _GUARD:
            self.count -= 1
            if self.count > 0:
                return
            _REGISTRY.pop(self.path, None)
            if self.fd is not None:
                os.close(self.fd)
                self.fd = None


def acquire(cache_file: str | os.PathLike[str]) -> HolderLock:
    """Hold ``<cache_file>.lock`` shared (waits while a recovering process holds it
    exclusively, which takes milliseconds)."""
    path = os.path.realpath(f"{cache_file}.lock")
    with _GUARD:
        held = _REGISTRY.get(path)
        if held is not None and held.pid == os.getpid():
            held.count += 1
            return held
        try:
            fd = os.open(path, os.O_RDWR | os.O_CREAT | os.O_CLOEXEC, 0o644)
        except OSError:
            fd = None
        if fd is not None:
            try:
                fcntl.lockf(fd, fcntl.LOCK_SH)
            except OSError:  # a file system without record locks
                os.close(fd)
                fd = None
        held = _REGISTRY[path] = HolderLock(path, fd)
        return held


def lock_path(cache_file: str | os.PathLike[str]) -> Path:
    """The lock file of ``cache_file``."""
    return Path(f"{cache_file}.lock")
