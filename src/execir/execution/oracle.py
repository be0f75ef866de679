"""The execution oracle as one object: sandbox workers, :class:`Limits`, cache and progress.

An :class:`Oracle` is built once at the top (CLI command or Python API) and handed to every stage
that runs code: the release build (verification, gates, amplification, stacking), labelling of
retrieved snippets, and reranking.  No stage below the top has its own limits, worker count or
cache; a stage that needs other limits (the build's per-task mutant time ladder) derives them from
the oracle's with :meth:`Oracle.with_limits`, which shares the workers and the cache.

Semantics and outcome strings: ExecRetrieval §3.3, see :mod:`execir.execution.outcomes`.
"""

from __future__ import annotations

import dataclasses
import os
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from execir.execution.cache import ExecutionCache, default_cache, pair_key
from execir.execution.limits import DEFAULT_TIMEOUT, Limits
from execir.execution.outcomes import WORKER_CRASH, SuiteResult
from execir.execution.pool import check_jobs, shared_pool
from execir.progress import Stage, active, command_display


class Oracle:
    """Runs (code, tests) pairs in the sandbox under fixed limits, through an optional cache.

    Args:
        limits: resource limits of every pair (default :class:`Limits`).
        workers: concurrent sandbox workers (default: every core; must be >= 1).
        cache: an :class:`ExecutionCache`, a path to its SQLite file, ``None`` for no cache, or
            ``"default"`` for the cache under the cache root (``cache_dir``,
            ``$EXECIR_CACHE_DIR``, ``~/.cache/execir``).
        cache_dir: the cache root used when ``cache == "default"``.
        quiet: never report to the progress display.

    Raises:
        ValueError: ``workers`` < 1.
    """

    def __init__(self, *, limits: Limits | None = None, workers: int | None = None,
                 cache: ExecutionCache | str | os.PathLike[str] | None = None,
                 cache_dir: str | os.PathLike[str] | None = None, quiet: bool = True):
        if workers is not None and workers < 1:
            raise ValueError(f"workers must be at least 1, got {workers}")
        self.limits = limits or Limits()
        self.workers = workers
        if cache == "default":
            cache = default_cache(cache_dir)
        elif isinstance(cache, (str, os.PathLike)):
            cache = ExecutionCache(Path(cache))
        self.cache: ExecutionCache | None = cache
        self.quiet = quiet

    # ---- derived oracles ----------------------------------------------------------------------
    def with_limits(self, **changes: Any) -> "Oracle":
        """The same oracle (workers, cache, progress) with some :class:`Limits` fields changed,
        e.g. ``oracle.with_limits(timeout=0.5)``.  Raises ValueError for an invalid limit."""
        other = object.__new__(Oracle)
        other.__dict__.update(self.__dict__)
        other.limits = dataclasses.replace(self.limits, **changes)
        return other

    def without_cache(self) -> "Oracle":
        """The same oracle reading and writing no cache (e.g. re-running to check stability)."""
        other = object.__new__(Oracle)
        other.__dict__.update(self.__dict__)
        other.cache = None
        return other

    @property
    def n_workers(self) -> int:
        """The number of workers a large batch uses."""
        return max(1, self.workers if self.workers is not None else (os.cpu_count() or 1))

    # ---- running --------------------------------------------------------------------------------
    def run(self, jobs: Sequence[tuple[str, Sequence[str]]], *, progress: str | None = None
            ) -> list[SuiteResult]:
        """Run many (code, tests) pairs; results in input order.

        Cached pairs are read, not run; identical pairs run once; each finished pair is written
        to the cache as it ends (a pair whose worker kept crashing, :data:`WORKER_CRASH`, is not).

        Args:
            jobs: ``(code, tests)`` pairs; ``tests`` a sequence of test strings.
            progress: the stage name shown in the command's progress display
                (:mod:`execir.progress`; nothing is shown when None, quiet, or no display is open).

        Raises:
            TypeError: a malformed job.  WorkerError: workers cannot start.
        """
        check_jobs(jobs)
        limits = self.limits
        keys = [pair_key(code, tests, limits) for code, tests in jobs]
        results: dict = {}
        if self.cache is not None:
            results.update(self.cache.get_many(set(keys)))
        todo_keys: list = []
        first: dict = {}
        for i, key in enumerate(keys):
            if key not in results and key not in first:
                first[key] = i
                todo_keys.append(key)
        todo = [(jobs[first[k]][0], list(jobs[first[k]][1])) for k in todo_keys]
        shown = progress is not None and not self.quiet
        line = Stage(f"{progress} ({len(todo):,} pairs)" if shown else "", len(todo) if shown else 0)

        def on_result(j: int, res: SuiteResult) -> None:
            results[todo_keys[j]] = res
            if self.cache is not None and WORKER_CRASH not in res.outcomes:
                self.cache.put_many([(todo_keys[j], res)])
            line.advance()

        shared_pool().map(todo, limits, min(self.n_workers, max(1, len(todo))), on_result)
        return [results[k] for k in keys]

    def run_suite(self, code: str, tests: Sequence[str], *, capture: bool = False) -> SuiteResult:
        """Run one (code, tests) pair, never cached; ``capture`` keeps the snippet's stdout and
        stderr (capped at ``limits.output_kb``) in ``SuiteResult.output``.

        Raises:
            TypeError: malformed input.
        """
        check_jobs([(code, tests)])
        out: list[SuiteResult] = []
        shared_pool().map([(code, list(tests))], self.limits, 1, lambda _i, r: out.append(r),
                          capture)
        return out[0]

    def close(self) -> None:
        """Close the cache connection (the sandbox workers are shared and stop at exit)."""
        if self.cache is not None:
            self.cache.close()

    def __enter__(self) -> "Oracle":
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def describe(self) -> dict[str, Any]:
        """JSON-ready settings for ``config.json``: limits (every field), workers, cache path."""
        return {"limits": dataclasses.asdict(self.limits), "workers": self.workers,
                "cache": None if self.cache is None else str(self.cache.path)}


# ---- conveniences (same signatures as before the Oracle existed) ------------------------------

def run_many(jobs: Sequence[tuple[str, Sequence[str]]], *, workers: int | None = None,
             timeout: float = DEFAULT_TIMEOUT, cache: ExecutionCache | None = None,
             progress: bool = False, limits: Limits | None = None) -> list[SuiteResult]:
    """Run many (code, tests) pairs in the sandbox; results in input order.

    A one-off :class:`Oracle` with ``Limits(timeout=timeout)`` (or ``limits``), ``workers``
    (default every core) and ``cache``; ``progress`` shows a progress display.

    Raises:
        TypeError: malformed jobs.  ValueError: ``workers`` < 1 or an invalid limit.
        WorkerError: workers cannot start.
    """
    oracle = Oracle(limits=limits or Limits(timeout=timeout), workers=workers, cache=cache,
                    quiet=not progress)
    if progress and not active():  # called on its own: open a display for this call
        with command_display(quiet=False):
            return oracle.run(jobs, progress="executing")
    return oracle.run(jobs, progress="executing" if progress else None)


def run_suite(code: str, tests: Sequence[str], *, timeout: float = DEFAULT_TIMEOUT,
              limits: Limits | None = None, capture: bool = False) -> SuiteResult:
    """Run one (code, tests) pair in the sandbox (ExecRetrieval §3.3) and return its outcomes.

    ``timeout``: per-suite budget in seconds (ignored when ``limits`` is given); ``capture``:
    keep the snippet's stdout/stderr (capped) in ``SuiteResult.output``.

    Raises:
        TypeError: malformed input.  ValueError: an invalid limit.
    """
    return Oracle(limits=limits or Limits(timeout=timeout)).run_suite(code, tests, capture=capture)
