"""The execution oracle as one object: sandbox workers, :class:`Limits`, cache and progress.

An :class:`Oracle` is built once at the top (CLI command or Python API) and handed to every stage
that runs code: the release build (verification, gates, amplification, stacking), labelling of
retrieved snippets, and reranking.  No stage below the top has its own limits, worker count or
cache; a stage that needs other limits (the build's per-task mutant time ladder) derives them from
the oracle's with :meth:`Oracle.with_limits`, which shares the workers and the cache.

Semantics and outcome strings: ExecRetrieval §3.3, see :mod:`execir.execution.outcomes`. Every
running method takes ``language`` (default ``"python"``: today's runner, unchanged) and, for
stdin/stdout tests, ``compare``; see :mod:`execir.execution.languages` for the languages and
the test formats.
"""

from __future__ import annotations

import copy
import dataclasses
import json
import os
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from execir.errors import UsageError
from execir.execution import languages
from execir.execution.artefacts import BuildCache, build_cache_dir
from execir.execution.cache import ExecutionCache, default_cache, pair_key
from execir.execution.limits import DEFAULT_TIMEOUT, Limits
from execir.execution.outcomes import TOOLCHAIN_MISSING, WORKER_CRASH, SuiteResult
from execir.execution.pool import check_jobs, check_pair, shared_pool
from execir.execution.runner import SOURCE_TEST
from execir.progress import Stage, active, command_display


class Oracle:
    """Runs (code, tests) pairs in the sandbox under fixed limits, through an optional cache.

    Args:
        limits: resource limits of every pair (default :class:`Limits`).
        workers: concurrent sandbox workers (default: every core; must be >= 1).
        cache: an :class:`ExecutionCache`, a path to its SQLite file, ``None`` for no cache, or
            ``"default"`` for the cache under the cache root (``cache_dir``,
            ``$EXECIR_CACHE_DIR``, ``~/.cache/execir``).
        cache_dir: the cache root used when ``cache == "default"``, and for ``build_cache``.
        quiet: never report to the progress display.
        build_cache: where compiled programs of the other languages are kept: ``"default"``
            (``<cache root>/build``, :mod:`execir.execution.artefacts`), a folder, or ``None``
            (compile every time).
        executor: where the pairs still to run go: ``None`` (default) for this machine's shared
            pool of sandbox workers, or an object with the pool's ``map(jobs, limits, n,
            on_result, capture)`` and a ``toolchain(language)`` method, e.g.
            :class:`execir.scale.RayExecutor` (a Ray cluster).  Cache keys, cache reads and
            writes and progress stay here, in the calling process.

    Raises:
        ValueError: ``workers`` < 1.
    """

    def __init__(self, *, limits: Limits | None = None, workers: int | None = None,
                 cache: ExecutionCache | str | os.PathLike[str] | None = None,
                 cache_dir: str | os.PathLike[str] | None = None, quiet: bool = True,
                 build_cache: BuildCache | str | os.PathLike[str] | None = "default",
                 executor: Any = None):
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
        if build_cache == "default":
            build_cache = BuildCache(build_cache_dir(cache_dir))
        elif isinstance(build_cache, (str, os.PathLike)):
            build_cache = BuildCache(build_cache)
        self.build_cache: BuildCache | None = build_cache
        self.executor = executor

    # ---- derived oracles ----------------------------------------------------------------------
    def with_limits(self, **changes: Any) -> "Oracle":
        """The same oracle (workers, cache, progress) with some :class:`Limits` fields changed,
        e.g. ``oracle.with_limits(timeout=0.5)``.  Raises ValueError for an invalid limit."""
        other = copy.copy(self)
        other.limits = dataclasses.replace(self.limits, **changes)
        return other

    def without_cache(self) -> "Oracle":
        """The same oracle reading and writing no cache (e.g. re-running to check stability)."""
        other = copy.copy(self)
        other.cache = None
        return other

    @property
    def n_workers(self) -> int:
        """The number of workers a large batch uses."""
        return max(1, self.workers if self.workers is not None else (os.cpu_count() or 1))

    # ---- running --------------------------------------------------------------------------------
    def run(self, jobs: Sequence[tuple[str, Sequence]], *, progress: str | Stage | None = None,
            language: str = "python", compare: str = "exact") -> list[SuiteResult]:
        """Run many (code, tests) pairs; results in input order.

        Cached pairs are read, not run; identical pairs run once; each finished pair is written
        to the cache as it ends (a pair whose worker kept crashing, :data:`WORKER_CRASH`, or
        whose toolchain is missing, is not).

        Args:
            jobs: ``(code, tests)`` pairs; ``tests`` a sequence of test strings (function-level
                tests) or of ``{"input", "output"}`` mappings (stdin/stdout tests).
            progress: the stage name shown in the command's progress display
                (:mod:`execir.progress`; nothing is shown when None, quiet, or no display is open),
                or a line of :meth:`stage` shared with other calls.
            language: ``"python"`` (default), ``"cpp"``, ``"java"``, ``"go"``, ``"ruby"``,
                ``"javascript"`` or ``"rust"`` (:mod:`execir.execution.languages`).
            compare: how stdin/stdout outputs are compared: ``"exact"`` or ``"tokens"``
                (:func:`execir.execution.programs.outputs_match`).

        Raises:
            TypeError: a malformed job.  ValueError: an unknown language or compare mode.
            WorkerError: workers cannot start.
        """
        if (language != "python" and languages.canonical(language) != "python") \
                or _has_io_tests(jobs):
            return self._run_programs(jobs, progress, language, compare)
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
        line = self._line(progress, len(jobs), len(todo))

        def on_result(j: int, res: SuiteResult) -> None:
            results[todo_keys[j]] = res
            if self.cache is not None and WORKER_CRASH not in res.outcomes:
                self.cache.put_many([(todo_keys[j], res)])
            line.advance()

        self._map(todo, limits, min(self.n_workers, max(1, len(todo))), on_result)
        return [results[k] for k in keys]

    def run_suite(self, code: str, tests: Sequence, *, capture: bool = False,
                  language: str = "python", compare: str = "exact") -> SuiteResult:
        """Run one (code, tests) pair, never cached; ``capture`` keeps the snippet's stdout and
        stderr (capped at ``limits.output_kb``) in ``SuiteResult.output``; ``language`` and
        ``compare`` as for :meth:`run` (a compile error's first lines are always in ``output``).

        Raises:
            TypeError: malformed input.  ValueError: an unknown language or compare mode.
        """
        if (language != "python" and languages.canonical(language) != "python") \
                or _has_io_tests([(code, tests)]):
            return self.without_cache()._run_programs([(code, tests)], None, language, compare,
                                                      capture)[0]
        check_jobs([(code, tests)])
        out: list[SuiteResult] = []
        self._map([(code, list(tests))], self.limits, 1, lambda _i, r: out.append(r), capture)
        return out[0]

    def probe(self, jobs: Sequence[tuple[str, Sequence]], *, progress: str | None = None,
              language: str = "python") -> list[SuiteResult]:
        """Run many (code, tests) pairs with their output captured (``SuiteResult.output``,
        capped at ``limits.output_kb``), on every worker, never through the cache (captured
        output is not cached); results in input order.  What the rerank stage uses to read the
        values candidates return (:mod:`execir.rerank.consensus`).

        Raises:
            TypeError: a malformed job.  ValueError: an unknown language.  WorkerError: workers
            cannot start.
        """
        if (language != "python" and languages.canonical(language) != "python") \
                or _has_io_tests(jobs):
            return self.without_cache()._run_programs(jobs, progress, language, "exact", True)
        check_jobs(jobs)
        todo = [(code, list(tests)) for code, tests in jobs]
        out: list[SuiteResult | None] = [None] * len(todo)
        line = self._line(progress, len(todo), len(todo))

        def on_result(j: int, res: SuiteResult) -> None:
            out[j] = res
            line.advance()

        self._map(todo, self.limits, min(self.n_workers, max(1, len(todo))), on_result, True)
        return [r for r in out if r is not None]

    def _run_programs(self, jobs, progress, language, compare, capture=False) -> list[SuiteResult]:
        """:meth:`run` for another language or for stdin/stdout tests (program runner)."""
        lang = languages.canonical(language)
        if compare not in languages.COMPARE_MODES:
            raise ValueError(f"compare must be one of {languages.COMPARE_MODES}, got {compare!r}")
        _check_program_jobs(jobs, lang)
        tc = languages.toolchain(lang) if self.executor is None else self.executor.toolchain(lang)
        if tc is None:
            self._line(progress, len(jobs), 0)
            return [SuiteResult((TOOLCHAIN_MISSING,) * len(t), (0.0,) * len(t)) for _, t in jobs]
        limits = self.limits
        keys = [pair_key(code, tests, limits, lang, tc.version, compare) for code, tests in jobs]
        results: dict = {}
        if self.cache is not None:
            results.update(self.cache.get_many(set(keys)))
        first: dict = {}
        for i, key in enumerate(keys):
            if key not in results and key not in first:
                first[key] = i
        todo_keys = list(first)
        todo = []
        for k in todo_keys:
            code, tests = jobs[first[k]]
            plan = languages.plan(lang, code, list(tests), limits, tc, compare=compare)
            todo.append(languages.ProgramJob(lang, plan, len(tests), self.build_cache))
        line = self._line(progress, len(jobs), len(todo))

        def on_result(j: int, res: SuiteResult) -> None:
            results[todo_keys[j]] = res
            if (self.cache is not None and WORKER_CRASH not in res.outcomes
                    and TOOLCHAIN_MISSING not in res.outcomes):
                self.cache.put_many([(todo_keys[j], res)])
            line.advance()

        self._map(todo, limits, min(self.n_workers, max(1, len(todo))), on_result, capture)
        return [results[k] for k in keys]

    def stage(self, name: str, total: int) -> Stage:
        """One progress line for pairs run over several calls (batches under different time
        limits): pass it as each call's ``progress``; ``total``: the pairs of every call together
        (a cached or repeated pair counts as done at once).  Shows nothing when ``quiet``."""
        shown = not self.quiet
        return Stage(f"{name} ({_pairs(total)})" if shown else "", total if shown else 0)

    def _line(self, progress: str | Stage | None, total: int, todo: int) -> Stage:
        """The progress line of one call of ``total`` pairs, ``todo`` of them to run: a new one
        named ``progress``, or the shared :meth:`stage` given, advanced past the rest."""
        if isinstance(progress, Stage):
            progress.advance(total - todo)
            return progress
        shown = progress is not None and not self.quiet
        return Stage(f"{progress} ({_pairs(todo)})" if shown else "", todo if shown else 0)

    def _map(self, todo, limits, n, on_result, capture=False) -> None:
        """Run ``todo`` on the executor (default: this machine's shared pool), its workers
        mounting the folders that source tests name (:func:`source_mounts`).

        Raises:
            UsageError: source tests name a folder missing here, or the executor cannot mount one.
        """
        executor = shared_pool() if self.executor is None else self.executor
        mounts = source_mounts(todo)
        if mounts:
            if not hasattr(executor, "add_mounts"):
                raise UsageError(f"these tests read {', '.join(mounts)} on this machine; "
                                 "run them here, not on a Ray cluster")
            executor.add_mounts(mounts)
        executor.map(todo, limits, n, on_result, capture)

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
        out = {"limits": dataclasses.asdict(self.limits), "workers": self.workers,
               "cache": None if self.cache is None else str(self.cache.path)}
        if self.executor is not None:
            out["ray"] = self.executor.describe()
        return out


# ---- conveniences (same signatures as before the Oracle existed) ------------------------------

def run_many(jobs: Sequence[tuple[str, Sequence]], *, workers: int | None = None,
             timeout: float = DEFAULT_TIMEOUT, cache: ExecutionCache | None = None,
             progress: bool = False, limits: Limits | None = None, language: str = "python",
             compare: str = "exact") -> list[SuiteResult]:
    """Run many (code, tests) pairs in the sandbox; results in input order.

    A one-off :class:`Oracle` with ``Limits(timeout=timeout)`` (or ``limits``), ``workers``
    (default every core) and ``cache``; ``progress`` shows a progress display; ``language`` and
    ``compare`` as for :meth:`Oracle.run`.

    Raises:
        TypeError: malformed jobs.  ValueError: ``workers`` < 1, an invalid limit, an unknown
        language or compare mode.  WorkerError: workers cannot start.
    """
    oracle = Oracle(limits=limits or Limits(timeout=timeout), workers=workers, cache=cache,
                    quiet=not progress)
    if progress and not active():  # called on its own: open a display for this call
        with command_display(quiet=False):
            return oracle.run(jobs, progress="executing", language=language, compare=compare)
    return oracle.run(jobs, progress="executing" if progress else None, language=language,
                      compare=compare)


def run_suite(code: str, tests: Sequence, *, timeout: float = DEFAULT_TIMEOUT,
              limits: Limits | None = None, capture: bool = False, language: str = "python",
              compare: str = "exact") -> SuiteResult:
    """Run one (code, tests) pair in the sandbox (ExecRetrieval §3.3) and return its outcomes.

    ``timeout``: per-suite budget in seconds (ignored when ``limits`` is given); ``capture``:
    keep the snippet's stdout/stderr (capped) in ``SuiteResult.output``; ``language``: the
    snippet's language (``"python"``, ``"cpp"``, ``"java"``, ``"go"``, ``"ruby"``,
    ``"javascript"``, ``"rust"``); ``compare``: ``"exact"`` or ``"tokens"`` for stdin/stdout
    tests (:mod:`execir.execution.languages`), e.g.
    ``run_suite(code, [{"input": "1 2", "output": "3"}], language="cpp", timeout=10.0)``.

    Raises:
        TypeError: malformed input.  ValueError: an invalid limit, language or compare mode.
    """
    return Oracle(limits=limits or Limits(timeout=timeout)).run_suite(
        code, tests, capture=capture, language=language, compare=compare)


def source_mounts(jobs) -> list[str]:
    """Folders named by the source tests of ``jobs`` (a first line ``# execir: source-test
    mounts=["PATH", ...]``, :data:`~execir.execution.runner.SOURCE_TEST`), sorted, each once.

    Raises:
        UsageError: a named folder is not on this machine (a release of a repository evaluated
            where the repository is not).
    """
    found: set[str] = set()
    for job in jobs:
        tests = job[1] if isinstance(job, tuple) and len(job) > 1 else ()
        for test in tests[:1]:
            if isinstance(test, str) and test.startswith(SOURCE_TEST + " mounts="):
                try:
                    paths = json.loads(test.split("\n", 1)[0][len(SOURCE_TEST) + 8:])
                except ValueError:
                    continue  # a malformed header mounts nothing; the test itself then fails
                found.update(p for p in paths if isinstance(p, str))
    missing = sorted(p for p in found if not os.path.isdir(p))
    if missing:
        raise UsageError(f"these tests run in {', '.join(missing)}, which is not a folder on this machine "
                         "(a release built from a repository is evaluated where the repository is)")
    return sorted(found)


def _has_io_tests(jobs) -> bool:
    """Whether any job has a stdin/stdout (mapping) test; False for malformed jobs, which
    ``check_jobs`` then names."""
    try:
        return any(isinstance(t, Mapping) for job in jobs
                   if isinstance(job, (tuple, list)) and len(job) == 2
                   and not isinstance(job[1], (str, bytes)) for t in job[1])
    except TypeError:
        return False


def _check_program_jobs(jobs, language: str) -> list[str]:
    """Raise ``TypeError`` for a malformed job; the test style of each job."""
    styles = []
    for i, job in enumerate(jobs):
        _code, tests = check_pair(i, job)
        try:
            style = languages.test_style(tests)
        except TypeError as exc:
            raise TypeError(f"job {i}: {exc}") from None
        if language == "python" and style == "function":
            raise TypeError(f"job {i}: Python test statements run in the in-process runner and "
                            "cannot be mixed with stdin/stdout tests in one call")
        styles.append(style)
    return styles


def _pairs(n: int) -> str:
    """A stage's size: ``"1 pair"``, ``"2,634 pairs"``."""
    return f"{n:,} pair" if n == 1 else f"{n:,} pairs"
