"""The oracle on Ray: :class:`RayExecutor`, what :class:`execir.execution.Oracle` delegates to.

The Oracle keeps every decision it makes locally -- cache keys, reading the cache, running each
distinct pair once, the plans of the other languages, writing each result to the SQLite
execution cache as it arrives -- and hands only the pairs still to run to its executor's
:meth:`RayExecutor.map`.  That splits them into batches, sends each batch to the execution actor
of a node (:class:`~execir.scale.node.NodeRunner`: execir's own sandbox workers, one per CPU, the
same isolation, limits and outcome vocabulary as locally) and calls the Oracle back with every
pair's result, in the driver's thread.  So the driver alone writes the cache, results come back
in input order (the Oracle indexes them), and a batch whose node dies runs again on another node
(:func:`execir.scale.dispatch.dispatch`): nothing is lost, nothing is counted twice.

Other languages: a language's pairs go only to the nodes whose toolchain is the same (version
and paths) as the one the cache keys name -- the first node, in Ray's order, that has one; when
no node has one, :meth:`RayExecutor.toolchain` raises a one-line error naming the language.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from typing import Any

from execir.errors import UsageError
from execir.execution.languages import ProgramJob, Toolchain
from execir.execution.limits import Limits
from execir.execution.outcomes import SuiteResult
from execir.execution.toolchains import INSTALL_HINTS
from execir.scale.cluster import RayCluster
from execir.scale.dispatch import dispatch

#: most pairs in one batch; fewer when that would leave nodes idle (see :meth:`RayExecutor.batches`)
MAX_BATCH = 64
#: batches per worker the split aims at, so the last batches do not leave nodes idle for long
BATCHES_PER_WORKER = 3


class RayExecutor:
    """Runs the Oracle's pairs on a :class:`RayCluster` (see the module docstring).

    Args:
        cluster: from :func:`execir.scale.connect`.
        batch_size: pairs per batch (default: :meth:`batches` chooses).

    Raises:
        ValueError: ``batch_size`` < 1.
    """

    def __init__(self, cluster: RayCluster, *, batch_size: int | None = None):
        if batch_size is not None and batch_size < 1:
            raise ValueError(f"batch_size must be at least 1, got {batch_size}")
        self.cluster = cluster
        self.batch_size = batch_size
        self._toolchains: dict[str, tuple[Toolchain | None, list[Any]]] = {}
        #: batches that had to run again after their node died (for reports and tests)
        self.rerun = 0
        #: batches run per node id
        self.ran: dict[str, int] = {}

    def describe(self) -> dict[str, Any]:
        """JSON-ready settings for ``config.json``."""
        return {**self.cluster.describe(), "batch_size": self.batch_size}

    def batches(self, n: int) -> list[range]:
        """Index ranges of ``n`` pairs: ``batch_size`` each, or by default about
        :data:`BATCHES_PER_WORKER` batches per worker, at most :data:`MAX_BATCH` pairs each."""
        size = self.batch_size or max(1, min(MAX_BATCH, math.ceil(
            n / max(1, BATCHES_PER_WORKER * self.cluster.workers))))
        return [range(i, min(n, i + size)) for i in range(0, n, size)]

    def toolchain(self, language: str) -> Toolchain:
        """The toolchain the cache keys of ``language`` name: the first node's that has one.

        Raises:
            UsageError: no node of the cluster has a toolchain for ``language``.
        """
        return self._eligible(language)[0]

    def _eligible(self, language: str) -> tuple[Toolchain, list[Any]]:
        if language not in self._toolchains:
            import ray

            runners = list(self.cluster.runners)
            found = ray.get([r.toolchain.remote(language) for r in runners])
            chosen = next((t for t in found if t is not None), None)
            tc = None if chosen is None else Toolchain(**chosen)
            self._toolchains[language] = (tc, [r for r, t in zip(runners, found)
                                               if t is not None and t == chosen])
        tc, runners = self._toolchains[language]
        if tc is None:
            raise UsageError(f"--ray: no node of the Ray cluster can run {language}: none has "
                             f"{INSTALL_HINTS.get(language, 'its toolchain')}")
        return tc, runners

    def add_mounts(self, paths: Sequence[str]) -> None:
        """Nothing to do on the driver: each node mounts the folders its batch's source tests
        name (:meth:`execir.scale.node.NodeRunner.run`), which must exist there at the same path."""

    def map(self, jobs: Sequence[tuple[str, Sequence[str]] | ProgramJob], limits: Limits, n: int,
            on_result: Callable[[int, SuiteResult], None], capture: bool = False) -> None:
        """Run every job on the cluster; call ``on_result(index, result)`` in this thread as each
        batch comes back (the same contract as :meth:`execir.execution.pool.WorkerPool.map`;
        ``n``, the local worker count, is not used: every node uses all its CPUs).

        Raises:
            UsageError: no node can run the jobs' language, or every node died meanwhile.
        """
        if not jobs:
            return
        programs = isinstance(jobs[0], ProgramJob)
        if programs:
            runners = list(self._eligible(jobs[0].language)[1])
        else:
            runners = list(self.cluster.runners)
        spans = self.batches(len(jobs))

        def payload(span: range) -> list:
            # built when the batch is sent (as the local pool does), so the archives compiled
            # by earlier batches are in it and a large run never holds every archive at once
            return [("program", jobs[i].language, jobs[i].request(), jobs[i].n_tests)
                    if programs else (jobs[i][0], list(jobs[i][1])) for i in span]

        def done(b: int, value: tuple[list, dict, str]) -> None:
            results, built, node = value
            self.ran[node] = self.ran.get(node, 0) + 1
            if programs and built:
                jobs[spans[b][0]].store({key: blob for (_lang, key), blob in built.items()})
            for i, (outcomes, durations, output) in zip(spans[b], results):
                on_result(i, SuiteResult(tuple(outcomes), tuple(durations), output))

        def lost(runner: Any, held: int) -> None:
            self.rerun += held
            self.cluster.forget(runner)
            for _tc, eligible in self._toolchains.values():
                eligible[:] = [r for r in eligible if r is not runner]

        dispatch(spans, runners, lambda r, span: r.run.remote(payload(span), limits, capture), done,
                 on_lost=lost, what="execution batches")
