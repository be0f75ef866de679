"""Resource limits of the execution oracle: one home for every default (CPU budget, memory,
processes, files, output) and the range each limit accepts.

A :class:`Limits` is built once at the top (from ``--timeout`` / ``--memory``) and travels inside
:class:`execir.execution.Oracle`; no stage below the top has its own default.  Limits are part of
the execution cache key (:meth:`Limits.key`).
"""

from __future__ import annotations

from dataclasses import dataclass

#: default per-suite CPU budget, seconds
DEFAULT_TIMEOUT = 5.0
#: default address space above the child's usage at start, MiB
DEFAULT_MEMORY_MB = 1024
#: accepted ``--timeout`` range, seconds: above a day the rlimit/itimer arithmetic overflows
TIMEOUT_RANGE = (0.001, 86_400.0)
#: accepted ``--memory`` range, MiB
MEMORY_RANGE_MB = (16, 1 << 20)


@dataclass(frozen=True)
class Limits:
    """Resource limits for one (code, tests) pair; part of the cache key.

    ``timeout``: per-suite CPU budget in seconds (all tests together); ``test_timeout``: per-test
    CPU limit in seconds (``None`` = ``timeout``); the wall-clock backstop is
    ``wall_factor * timeout + wall_slack`` seconds and only catches snippets that sleep or block.
    ``memory_mb``: address space allowed above the child's usage at start; ``nproc``: processes
    the sandbox user may own; ``nofile``: open files; ``fsize_mb``: largest file it may write;
    ``output_kb``: stdout/stderr kept per pair.
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

    def __post_init__(self) -> None:
        if not self.timeout > 0:
            raise ValueError(f"timeout must be > 0 seconds, got {self.timeout!r}")
        if self.test_timeout is not None and not self.test_timeout > 0:
            raise ValueError(f"test_timeout must be > 0 seconds, got {self.test_timeout!r}")
        for name in ("memory_mb", "nproc", "nofile", "fsize_mb", "output_kb"):
            if getattr(self, name) <= 0:
                raise ValueError(f"{name} must be > 0, got {getattr(self, name)!r}")

    @property
    def per_test(self) -> float:
        """Per-test CPU limit in seconds."""
        return self.test_timeout if self.test_timeout is not None else self.timeout

    @property
    def wall(self) -> float:
        """Wall-clock backstop for the whole suite, in seconds."""
        return self.wall_factor * self.timeout + self.wall_slack

    def key(self) -> str:
        """Stable text form used in the cache key (every field that can change an outcome)."""
        return (f"t={self.timeout:g};tt={self.per_test:g};wall={self.wall:g};mem={self.memory_mb};"
                f"nproc={self.nproc};nofile={self.nofile};fsize={self.fsize_mb}")
