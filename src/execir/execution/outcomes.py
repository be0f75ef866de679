"""Outcome records of the execution oracle (ExecRetrieval §3.3) and the limits they were run under.

Outcome strings, one per test:

* ``pass`` -- the runner recorded that the code loaded and the test ran to completion;
* ``FAIL`` -- the test raised a plain :class:`AssertionError`;
* ``FAIL:<ExceptionType>`` -- the test raised another exception (``FAIL:IndexError``), or the
  process died while the test ran (``FAIL:SystemExit`` for ``os._exit``, ``FAIL:SIGSEGV`` for a
  crash by signal, ``FAIL:Unrecorded`` when the snippet destroyed the runner's result channel);
* ``TIMEOUT`` -- the per-test CPU limit, the per-suite CPU budget or the wall-clock backstop ran out;
* ``ERROR:<ExceptionType>`` -- the code itself failed to load (``ERROR:SyntaxError``,
  ``ERROR:NameError``), including dying while loading (``ERROR:SIGSEGV``, ``ERROR:SystemExit``).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

PASS = "pass"
FAIL = "FAIL"
TIMEOUT = "TIMEOUT"
RUNNER_VERSION = "execir-runner-3"

_OUTCOME_RE = re.compile(r"^(pass|FAIL|TIMEOUT|FAIL:[A-Za-z0-9_.]{1,80}|ERROR:[A-Za-z0-9_.]{1,80})$")


def is_outcome(text: str) -> bool:
    """True when ``text`` is a well-formed outcome string (see module docstring)."""
    return bool(_OUTCOME_RE.match(text))


@dataclass(frozen=True)
class SuiteResult:
    """Per-test outcomes of one (code, tests) pair.

    ``outcomes[i]`` is the outcome string of ``tests[i]``; ``durations[i]`` is its CPU time in
    seconds (loading the code plus running the test, measured in the child with
    ``time.process_time`` so it does not grow with machine load; 0.0 when it never ran). ``output`` is the
    captured stdout/stderr (capped, only filled when capture was asked for; never cached and
    ignored by ``==``).
    """

    outcomes: tuple[str, ...]
    durations: tuple[float, ...]
    output: str = field(default="", compare=False, repr=False)

    @property
    def passed(self) -> bool:
        """True when there is at least one test and every outcome is ``pass``."""
        return bool(self.outcomes) and all(o == PASS for o in self.outcomes)

    @property
    def failing_tests(self) -> tuple[int, ...]:
        """Indices of the tests whose outcome is not ``pass``."""
        return tuple(i for i, o in enumerate(self.outcomes) if o != PASS)

    def to_dict(self) -> dict:
        """JSON-ready form: ``{"outcomes": [...], "durations": [...], "passed": bool}``."""
        return {"outcomes": list(self.outcomes), "durations": list(self.durations),
                "passed": self.passed}


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

    timeout: float = 5.0
    test_timeout: float | None = None
    memory_mb: int = 1024
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
