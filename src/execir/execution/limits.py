"""Resource limits of the execution oracle: one home for every default (time budget, memory,
processes, files, output) and the range each limit accepts.

Time limits are in *charged* seconds: CPU time plus time spent sleeping or blocked (``sleep``,
``select``, reads, waiting for a thread or a forked process), but not time spent waiting for a
core, so they hold for snippets that sleep and do not tighten on a busy machine. The sandbox
measures a child as wall time since its fork minus its main thread's run-queue delay
(``/proc/<pid>/task/<pid>/schedstat``); see ``docs/threat-model.md``.

A :class:`Limits` is built once at the top (from ``--timeout`` / ``--memory``) and travels inside
:class:`execir.execution.Oracle`; no stage below the top has its own default.  Limits are part of
the execution cache key (:meth:`Limits.key`).
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from execir.errors import UsageError

#: default per-suite time budget, charged seconds (see the module docstring)
DEFAULT_TIMEOUT = 5.0
#: default time a compiler of the non-Python runners may take, charged seconds
DEFAULT_COMPILE_TIMEOUT = 60.0
#: default address space above the child's usage at start, MiB
DEFAULT_MEMORY_MB = 1024
#: accepted ``--timeout`` range, seconds: above a day the rlimit/itimer arithmetic overflows
TIMEOUT_RANGE = (0.001, 86_400.0)
#: accepted ``--memory`` range, MiB
MEMORY_RANGE_MB = (16, 1 << 20)


@dataclass(frozen=True)
class Limits:
    """Resource limits for one (code, tests) pair; part of the cache key.

    ``timeout``: per-suite time budget in charged seconds (all tests together, see the module
    docstring); ``test_timeout``: per-test limit in charged seconds (``None`` = ``timeout``). A
    test that runs out of time is ``TIMEOUT`` and is charged its whole per-test limit; the tests
    after it run only on what is left after that charge, so with the default ``test_timeout``
    every later test is ``TIMEOUT`` without running. The process-wide CPU time of the child (all
    threads) is bounded by the same limits. The wall-clock backstop is
    ``wall_factor * timeout + wall_slack`` seconds, for when charged time cannot be measured (no
    schedstat) or the machine is so loaded that a child mostly waits for a core.
    ``memory_mb``: address space allowed above the child's usage at start; ``nproc``: processes
    the sandbox user may own; ``nofile``: open files; ``fsize_mb``: largest file it may write;
    ``output_kb``: stdout/stderr kept per pair. ``compile_timeout``: charged seconds allowed to
    each compiler run of the non-Python runners (not part of the suite budget; only in
    :meth:`program_key`).
    """

    timeout: float = DEFAULT_TIMEOUT
    test_timeout: float | None = None
    memory_mb: int = DEFAULT_MEMORY_MB
    nproc: int = 64
    nofile: int = 256
    fsize_mb: int = 16
    output_kb: int = 64
    wall_factor: float = 3.0
    wall_slack: float = 2.0
    compile_timeout: float = DEFAULT_COMPILE_TIMEOUT

    def __post_init__(self) -> None:
        if not self.timeout > 0:
            raise ValueError(f"timeout must be > 0 seconds, got {self.timeout!r}")
        if not self.compile_timeout > 0:
            raise ValueError(f"compile_timeout must be > 0 seconds, got {self.compile_timeout!r}")
        if self.test_timeout is not None and not self.test_timeout > 0:
            raise ValueError(f"test_timeout must be > 0 seconds, got {self.test_timeout!r}")
        for name in ("memory_mb", "nproc", "nofile", "fsize_mb", "output_kb"):
            if getattr(self, name) <= 0:
                raise ValueError(f"{name} must be > 0, got {getattr(self, name)!r}")

    @property
    def per_test(self) -> float:
        """Per-test limit in charged seconds."""
        return self.test_timeout if self.test_timeout is not None else self.timeout

    @property
    def wall(self) -> float:
        """Wall-clock backstop for the whole suite, in seconds."""
        return self.wall_factor * self.timeout + self.wall_slack

    def key(self) -> str:
        """Stable text form used in the cache key (every field that can change an outcome)."""
        return (f"t={self.timeout:g};tt={self.per_test:g};wall={self.wall:g};mem={self.memory_mb};"
                f"nproc={self.nproc};nofile={self.nofile};fsize={self.fsize_mb}")

    def program_key(self) -> str:
        """:meth:`key` plus the compile limit: the limits part of a non-Python cache key."""
        return f"{self.key()};ct={self.compile_timeout:g}"


def check_timeout(timeout: float, *, option: str = "--timeout") -> float:
    """``timeout`` (seconds) when inside :data:`TIMEOUT_RANGE`.

    Raises:
        UsageError: not a finite number in that range (``inf``, ``nan``, 0, negative, 1e12).
    """
    lo, hi = TIMEOUT_RANGE
    if not isinstance(timeout, (int, float)) or not math.isfinite(timeout) or not lo <= timeout <= hi:
        raise UsageError(f"{option} must be a number of seconds from {lo:g} to {hi:g}, got {timeout}")
    return float(timeout)


def check_memory(memory_mb: int, *, option: str = "--memory") -> int:
    """``memory_mb`` (MiB) when inside :data:`MEMORY_RANGE_MB`.

    Raises:
        UsageError: outside that range.
    """
    lo, hi = MEMORY_RANGE_MB
    if not lo <= memory_mb <= hi:
        raise UsageError(f"{option} must be from {lo} to {hi} MiB, got {memory_mb}")
    return int(memory_mb)


def make_limits(*, timeout: float | None = None, memory_mb: int | None = None) -> Limits:
    """:class:`Limits` with the given ``timeout`` / ``memory_mb`` (checked), defaults otherwise.

    Raises:
        UsageError: a value out of range.
    """
    changes: dict = {}
    if timeout is not None:
        changes["timeout"] = check_timeout(timeout)
    if memory_mb is not None:
        changes["memory_mb"] = check_memory(memory_mb)
    return Limits(**changes)
