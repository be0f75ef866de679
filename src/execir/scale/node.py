"""What runs on each Ray node: the execution actor (:class:`NodeRunner`) around execir's own
sandbox worker pool.

One :class:`NodeRunner` lives on every node of the cluster (pinned there by
:mod:`execir.scale.cluster`).  It owns a :class:`execir.execution.pool.WorkerPool` -- the same
long-lived, isolated ``python -s -P`` sandbox workers, limits and outcome vocabulary as a local
run -- with one worker per CPU the node offers to Ray, and runs one batch of pairs per call.  It
never touches the execution cache or the build cache: compiled archives it makes come back with
the results, and the driver stores them.  Stdlib and execir only at import time (Ray imports this
module on the node to build the actor).
"""

from __future__ import annotations

import dataclasses
import os
import platform
from typing import Any

from execir._version import __version__
from execir.execution import languages
from execir.execution.languages import ProgramJob
from execir.execution.limits import Limits
from execir.execution.outcomes import RUNNER_VERSION


class BatchBuildCache:
    """The build cache a node's program jobs see during one batch: the archives the driver sent
    (already inside each plan) plus those compiled earlier in the batch; :attr:`new` collects what
    was compiled, for the driver's build cache."""

    def __init__(self) -> None:
        self.new: dict[tuple[str, str], bytes] = {}

    def get(self, language: str, key: str) -> bytes | None:
        """An archive compiled earlier in this batch, else None."""
        return self.new.get((language, key))

    def put(self, language: str, key: str, blob: bytes) -> None:
        """Keep an archive a worker compiled (sent back with the batch's results)."""
        self.new[(language, key)] = blob


def normal_priority() -> str | None:
    """Put this process back at niceness 0 (Ray starts its workers at 15, so on a busy node their
    sandbox children would get a fraction of the CPU a local run gets); a note when not allowed
    (lowering niceness needs root or CAP_SYS_NICE), else None."""
    if os.getpriority(os.PRIO_PROCESS, 0) <= 0:
        return None
    try:
        os.setpriority(os.PRIO_PROCESS, 0, 0)
    except PermissionError:
        return (f"niceness {os.getpriority(os.PRIO_PROCESS, 0)} kept (Ray's worker niceness; "
                "lowering it needs CAP_SYS_NICE)")
    return None


def versions() -> dict[str, str]:
    """What must agree between the driver and every node: execir, its runner and Python."""
    return {"execir": __version__, "runner": RUNNER_VERSION, "python": platform.python_version()}


class NodeRunner:
    """The execution actor of one node (see the module docstring).

    Args:
        workers: sandbox workers of this node (its CPUs as Ray counts them; >= 1).
    """

    def __init__(self, workers: int):
        from execir.execution.pool import WorkerPool

        self.priority_note = normal_priority()  # before any sandbox worker inherits it
        self.workers = max(1, int(workers))
        self.pool = WorkerPool()

    def probe(self) -> dict[str, Any]:
        """``{"versions", "workers", "features"}``: this node's versions (:func:`versions`), its
        worker count and the isolation features its sandbox workers got (with a note when the
        actor could not leave Ray's worker niceness, :func:`normal_priority`)."""
        features = self.pool.features()
        if self.priority_note:
            features["notes"] = [*features.get("notes", []), self.priority_note]
        return {"versions": versions(), "workers": self.workers, "features": features}

    def toolchain(self, language: str) -> dict[str, Any] | None:
        """This node's toolchain for ``language`` as ``{"language", "version", "tools"}``, or None
        when it has none."""
        tc = languages.toolchain(language)
        return None if tc is None else dataclasses.asdict(tc)

    def run(self, batch: list, limits: Limits, capture: bool = False) -> tuple[list, dict, str]:
        """Run one batch on this node's workers.

        Args:
            batch: Python ``(code, tests)`` pairs, or ``("program", language, plan, n_tests)``
                entries (a planned non-Python pair, archives already filled in by the driver).
            limits: the oracle's :class:`Limits`.
            capture: keep each pair's stdout/stderr.

        Returns:
            ``(results, built, node_id)``: ``results[i] = (outcomes, durations, output)`` of
            ``batch[i]``; ``built``: ``{(language, key): archive}`` compiled during the batch;
            the id of the node that ran it.

        Raises:
            UsageError: the batch's source tests read a folder this node does not have (a
                repository's release, :mod:`execir.repo`, needs it at the same path on every node).
        """
        cache = BatchBuildCache()
        jobs: list = []
        for item in batch:
            if len(item) == 4 and item[0] == "program":
                _, lang, plan, n_tests = item
                jobs.append(ProgramJob(lang, plan, n_tests, cache))
            else:
                jobs.append(item)
        results: list = [None] * len(jobs)
        from execir.execution.oracle import source_mounts

        mounts = source_mounts([j for j in jobs if isinstance(j, tuple)])  # a repository's tests
        if mounts:
            self.pool.add_mounts(mounts)

        def keep(i: int, res: Any) -> None:
            results[i] = (res.outcomes, res.durations, res.output)

        self.pool.map(jobs, limits, min(self.workers, len(jobs)), keep, capture)
        return results, cache.new, self.node_id()

    @staticmethod
    def node_id() -> str:
        """Ray's id of the node this actor runs on."""
        import ray

        return ray.get_runtime_context().get_node_id()

    def close(self) -> None:
        """Stop this node's sandbox workers."""
        self.pool.close()
