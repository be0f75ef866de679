"""The pool of sandbox workers that :class:`execir.execution.Oracle` runs pairs on.

:func:`run_suite` and :func:`run_many` live in :mod:`execir.execution` as thin conveniences over
:class:`execir.execution.Oracle`.  Workers are long-lived ``python -s -P`` processes started with a minimal environment
(``PYTHONHASHSEED=0``, no caller variables) that import the runner once and fork one sandboxed
child per (code, tests) pair (see :mod:`execir.execution.sandbox`). One pool is shared by every
call in a process (started lazily, grown on demand, shut down at exit).
"""

from __future__ import annotations

import atexit
import os
import pickle
import selectors
import subprocess
import sys
import threading
from collections import deque
from collections.abc import Callable, Iterable, Sequence
from pathlib import Path

from execir.execution.languages import ProgramJob, toolchain_dirs
from execir.execution.limits import Limits
from execir.execution.outcomes import WORKER_CRASH, SuiteResult
from execir.execution.worker import _HEADER

# Stub parent packages so the worker imports only the sandbox modules (not execir/__init__, which
# pulls in numpy): a small worker forks faster.
# Not -I/-E: those would ignore PYTHONHASHSEED; the environment is built from scratch instead.
_BOOTSTRAP = ("import sys, types\n"
              "for name, sub in (('execir', 'execir'), ('execir.execution', 'execir/execution')):\n"
              "    m = types.ModuleType(name); m.__path__ = [{path!r} + '/' + sub]; sys.modules[name] = m\n"
              "from execir.execution.worker import main\n"
              "main(isolate={isolate!r}, expose={expose!r}, mounts={mounts!r})\n")
_MAX_RETRIES = 2
_IN_FLIGHT = 2


class WorkerError(RuntimeError):
    """A worker process failed to start or answered something unreadable."""


class _Worker:
    def __init__(self, isolate: bool, mounts: tuple[str, ...] = ()):
        src = str(Path(__file__).resolve().parents[2])
        env = {"PATH": "/usr/local/bin:/usr/bin:/bin", "LANG": "C.UTF-8", "PYTHONHASHSEED": "0",
               "OPENBLAS_NUM_THREADS": "1", "OMP_NUM_THREADS": "1", "MKL_NUM_THREADS": "1"}
        self.proc = subprocess.Popen(
            [sys.executable, "-s", "-P", "-c",
             _BOOTSTRAP.format(path=src, isolate=isolate, expose=tuple(toolchain_dirs()),
                               mounts=tuple(mounts))],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, env=env, cwd="/", bufsize=0,
            close_fds=True, start_new_session=True)  # a terminal's Ctrl-C is ours to handle
        self.fd_out = self.proc.stdout.fileno()
        self.buf = bytearray()
        self.ready = False
        self.features: dict = {}
        self.outstanding: deque[int] = deque()
        self.write_lock = threading.Lock()

    def send(self, obj: object, background: bool = False) -> None:
        """Write one request. ``background``: from a thread, for requests that may exceed a
        pipe's buffer (program jobs carry compiled archives): the calling thread must keep
        reading responses meanwhile, or worker and caller would block writing to each other."""
        data = pickle.dumps(obj, protocol=pickle.HIGHEST_PROTOCOL)
        if not background:
            self.proc.stdin.write(_HEADER.pack(len(data)) + data)
            return
        threading.Thread(target=self._write, args=(_HEADER.pack(len(data)) + data,),
                         daemon=True).start()

    def _write(self, blob: bytes) -> None:
        with self.write_lock:  # one message at a time on the pipe
            view = memoryview(blob)
            try:
                while view:
                    view = view[self.proc.stdin.write(view):]
            except (OSError, ValueError):  # the worker died (its EOF re-queues the job)
                return

    def messages(self) -> list | None:
        """Read what is available; return complete messages, or None on EOF."""
        chunk = os.read(self.fd_out, 1 << 16)
        if not chunk:
            return None
        self.buf += chunk
        out = []
        while len(self.buf) >= _HEADER.size:
            size = _HEADER.unpack_from(self.buf)[0]
            if len(self.buf) < _HEADER.size + size:
                break
            out.append(pickle.loads(bytes(self.buf[_HEADER.size:_HEADER.size + size])))
            del self.buf[:_HEADER.size + size]
        return out

    def close(self) -> None:
        try:
            self.proc.stdin.close()
        except OSError:
            pass
        try:
            self.proc.wait(timeout=5)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()
        self.proc.stdout.close()


class WorkerPool:
    """A set of sandbox workers. ``map`` runs pairs on the first ``n`` of them."""

    def __init__(self, isolate: bool = True):
        self.isolate = isolate
        self.mounts: tuple[str, ...] = ()
        self.workers: list[_Worker] = []
        self.lock = threading.Lock()

    def add_mounts(self, paths: Iterable[str]) -> None:
        """Make every worker mount the folders ``paths`` read-only at their own path (a
        repository's tree that its tests read, :mod:`execir.repo`); workers started without
        one of them are stopped and start again with them (and the earlier folders that still
        exist) on their next job."""
        with self.lock:
            needed = {os.path.realpath(p) for p in paths}
            if needed <= set(self.mounts) and all(os.path.isdir(p) for p in self.mounts):
                return
            new = tuple(sorted(needed | {p for p in self.mounts if os.path.isdir(p)}))
            self.mounts = new
            for w in self.workers:
                w.close()
            self.workers.clear()

    def features(self) -> dict:
        """Isolation features reported by the first worker (starting one if needed)."""
        with self.lock:
            self._grow(1)
            self._wait_ready(self.workers[:1])
            return dict(self.workers[0].features)

    def _grow(self, n: int) -> None:
        for w in [w for w in self.workers if w.proc.poll() is not None]:
            w.close()
            self.workers.remove(w)
        while len(self.workers) < n:
            self.workers.append(_Worker(self.isolate, self.mounts))

    def _wait_ready(self, workers: list[_Worker]) -> None:
        for w in workers:
            while not w.ready:
                msgs = w.messages()
                if msgs is None:
                    raise WorkerError("an execution worker exited while starting")
                for msg in msgs:
                    if msg[0] == "ready":
                        w.ready, w.features = True, msg[1]

    def map(self, jobs: Sequence[tuple[str, Sequence[str]] | ProgramJob], limits: Limits, n: int,
            on_result: Callable[[int, SuiteResult], None], capture: bool = False) -> None:
        """Run every job; call ``on_result(index, result)`` in the calling thread as each ends.

        A job is a Python ``(code, tests)`` pair or a :class:`ProgramJob` (another language)."""
        if not jobs:
            return
        with self.lock:
            self._grow(n)
            active = self.workers[:n]
            queue = deque(range(len(jobs)))
            retries: dict[int, int] = {}
            left = len(jobs)
            sel = selectors.DefaultSelector()
            for w in active:
                sel.register(w.fd_out, selectors.EVENT_READ, w)
            try:
                for w in active:
                    self._feed(w, jobs, queue, limits, capture)
                while left:
                    for key, _ in sel.select():
                        w = key.data
                        msgs = w.messages()
                        if msgs is None:
                            left -= self._replace(w, sel, active, queue, retries, jobs, on_result)
                            continue
                        for msg in msgs:
                            if msg[0] == "ready":
                                w.ready, w.features = True, msg[1]
                                continue
                            job_id, outcomes, durations, output = msg[:4]
                            if len(msg) > 4:  # a program job: keep what the worker compiled
                                jobs[job_id].store(msg[4])
                            w.outstanding.remove(job_id)
                            left -= 1
                            on_result(job_id, SuiteResult(tuple(outcomes), tuple(durations), output))
                        self._feed(w, jobs, queue, limits, capture)
            finally:
                sel.close()
                if any(w.outstanding for w in active):  # interrupted: discard busy workers
                    for w in [w for w in active if w.outstanding]:
                        w.proc.kill()
                        w.close()
                        self.workers.remove(w)

    @staticmethod
    def _feed(w: _Worker, jobs, queue: deque, limits: Limits, capture: bool) -> None:
        while queue and len(w.outstanding) < _IN_FLIGHT:
            i = queue.popleft()
            job = jobs[i]
            w.outstanding.append(i)
            try:
                if isinstance(job, ProgramJob):
                    w.send(("program", i, job.request(), limits, capture), background=True)
                else:
                    code, tests = job
                    w.send((i, code, list(tests), limits, capture))
            except BrokenPipeError:  # the worker died; its EOF re-queues the job
                return

    def _replace(self, w, sel, active, queue, retries, jobs, on_result) -> int:
        """A worker died: restart it, re-queue its jobs (giving up after retries)."""
        sel.unregister(w.fd_out)
        w.proc.kill()
        w.close()
        idx = self.workers.index(w)
        fresh = _Worker(self.isolate, self.mounts)
        self.workers[idx] = fresh
        active[active.index(w)] = fresh
        sel.register(fresh.fd_out, selectors.EVENT_READ, fresh)
        failed = 0
        for i in w.outstanding:
            retries[i] = retries.get(i, 0) + 1
            if retries[i] > _MAX_RETRIES:
                failed += 1
                n = jobs[i].n_tests if isinstance(jobs[i], ProgramJob) else len(jobs[i][1])
                on_result(i, SuiteResult((WORKER_CRASH,) * n, (0.0,) * n))
            else:
                queue.appendleft(i)
        return failed

    def close(self) -> None:
        """Stop every worker."""
        with self.lock:
            for w in self.workers:
                w.close()
            self.workers.clear()


_POOL: WorkerPool | None = None
_POOL_LOCK = threading.Lock()


def shared_pool() -> WorkerPool:
    """The process-wide pool (created on first use, closed at interpreter exit)."""
    global _POOL
    with _POOL_LOCK:
        if _POOL is None:
            _POOL = WorkerPool()
            atexit.register(_POOL.close)
        return _POOL


def check_pair(i: int, job: object) -> tuple[str, object]:
    """``(code, tests)`` of job ``i``; ``TypeError`` naming it when it is not a pair with str code."""
    if not (isinstance(job, (tuple, list)) and len(job) == 2):
        raise TypeError(f"job {i}: expected a (code, tests) pair, got {type(job).__name__}")
    code, tests = job
    if not isinstance(code, str):
        raise TypeError(f"job {i}: code must be str, got {type(code).__name__}")
    return code, tests


def check_jobs(jobs: Sequence[tuple[str, Sequence[str]]]) -> None:
    """Raise ``TypeError`` naming the first job that is not a ``(code: str, tests: [str])`` pair."""
    for i, job in enumerate(jobs):
        _code, tests = check_pair(i, job)
        if isinstance(tests, (str, bytes)) or not all(isinstance(t, str) for t in tests):
            raise TypeError(f"job {i}: tests must be a sequence of str")
