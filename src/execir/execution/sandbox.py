"""Worker-side sandbox: isolate the worker once, then fork one child per (code, tests) pair.

Runs inside a long-lived worker process (see :mod:`execir.execution.worker`), never in the
caller's process. Once per worker, :func:`setup_worker` makes it a child subreaper and, where the
kernel allows, moves it into fresh network and mount namespaces (private tmpfs over ``/tmp``,
``/var/tmp`` and ``/dev/shm``, every other mount remounted read-only). Per pair,
:func:`run_pair` forks a child that drops to a unique unprivileged uid (when the worker is
root), applies rlimits, works in a fresh empty directory (always the same path, so the
environment is set once per worker) and runs :func:`execir.execution.runner.run_tests`; afterwards
every descendant is killed (including ``setsid`` escapers, which the subreaper adopts) and the
directory is removed. Each page a child writes costs a copy-on-write fault, so the child does as
little as it can: whatever it inherits unchanged is prepared by the worker.

Time limits charge a child its CPU time plus the time it slept or blocked, but not the time it
waited for a core (see :class:`_Clock`), so they hold for sleeping snippets and do not tighten on
a busy machine; a test that runs out of time is charged its whole limit (see :meth:`run_pair`).
Isolation set-up lives in :mod:`execir.execution.isolation`, the charged-time clock in
:mod:`execir.execution.clock`. See ``docs/threat-model.md``.
"""

from __future__ import annotations

import os
import resource
import select
import signal
import time
from dataclasses import dataclass

from execir.execution import runner
# Imported here, at worker start-up (never lazily): the worker may not read its source folder
# once its sandbox covers /tmp.
from execir.execution.clock import _SLICE_MS, _Clock, _drain, _poll_ms
from execir.execution.isolation import (
    _PR_SET_CHILD_SUBREAPER, _PR_SET_NO_NEW_PRIVS, _PR_SET_PDEATHSIG, Features, SandboxError,
    _blocking_ancestor, _check_schedstat, _drop_capabilities, _enter_namespaces, _expose_python,
    _libc, _make_private_dir, _python_paths, enter_limits)
from execir.execution.limits import Limits
from execir.execution.outcomes import TIMEOUT

_TIMEOUT_SIGNALS = {signal.SIGPROF, signal.SIGXCPU, signal.SIGVTALRM, signal.SIGALRM}
_PAGE = os.sysconf("SC_PAGE_SIZE")


def setup_worker(isolate: bool = True, expose: tuple[str, ...] = (),
                 mounts: tuple[str, ...] = ()) -> "Sandbox":
    """Prepare this (worker) process; returns the :class:`Sandbox` used for every pair.

    ``expose``: toolchain folders the sandbox uid must be able to read (see :func:`_expose_python`);
    ``mounts``: folders snippets read at their own path, read-only, also under ``/tmp`` (a
    repository's tree; see :func:`~execir.execution.isolation._mount_through`).
    """
    features = Features()
    features.subreaper = _libc.prctl(_PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0) == 0
    features.uid_switch = os.geteuid() == 0
    if features.uid_switch and not _uid_mapped(sandbox_uid()):
        features.uid_switch = False  # root of a user namespace that maps few uids (rootless)
        features.notes.append(f"uid {sandbox_uid()} not mapped in this user namespace: no uid switch")
    if isolate:
        try:
            _enter_namespaces(features, tuple(expose), tuple(mounts))
        except OSError as exc:
            features.notes.append(f"namespace setup failed: {exc}")
    features.pidfd = hasattr(os, "pidfd_open")
    features.schedstat = _check_schedstat(features)
    if features.uid_switch and not features.mountns and any(
            _blocking_ancestor(p) for p in _python_paths()):
        features.uid_switch = False  # the sandbox uid could not even import the stdlib
        features.notes.append("python not readable by other users: no uid switch")
    base = "/tmp" if features.mountns else (os.environ.get("TMPDIR") or "/tmp")
    scratch = _make_private_dir(base, "execir-sandbox-")
    os.chmod(scratch, 0o711)
    _libc.prctl(_PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0)  # inherited by every child
    # Everything a child inherits unchanged is set here once, not after each fork: every page a
    # child writes costs a copy-on-write fault, the main cost of a pair.
    work = os.path.join(scratch, "w")
    os.environ.clear()
    os.environ.update({"PATH": "/usr/local/bin:/usr/bin:/bin", "HOME": work, "TMPDIR": work,
                       "LANG": "C.UTF-8", "PYTHONHASHSEED": "0"})
    for sig in (signal.SIGPIPE, signal.SIGXFSZ):
        signal.signal(sig, signal.SIG_IGN)
    signal.signal(signal.SIGPROF, signal.SIG_DFL)  # the per-test CPU limit kills by default
    if not features.uid_switch:
        _drop_capabilities()  # no per-child uid: the worker needs no capability from here on
    return Sandbox(features=features, scratch=scratch)


def sandbox_uid() -> int:
    """The unprivileged uid this worker's children run as (unique per worker pid)."""
    return 2_000_000_000 + os.getpid() % 100_000_000


def _uid_mapped(uid: int, uid_map: str = "/proc/self/uid_map") -> bool:
    """Whether ``uid`` exists in this process's user namespace (``uid_map``: lines of
    ``inside outside count``); ``True`` when the map cannot be read (no user namespaces)."""
    try:
        with open(uid_map) as fh:
            ranges = [tuple(int(v) for v in line.split()) for line in fh if line.strip()]
    except OSError:
        return True
    return any(start <= uid < start + count for start, _, count in ranges)


@dataclass
class PairRun:
    """Result of :meth:`Sandbox.run_pair`: per-test outcomes, durations and captured output."""

    outcomes: list[str]
    durations: list[float]
    output: str


class Sandbox:
    """One worker's sandbox: a scratch folder plus the per-pair fork/supervise/clean-up cycle.

    Every pair gets the same path, ``<scratch>/w``, created empty before the fork and removed
    after it, so the child's environment (``HOME``/``TMPDIR``) is set once per worker.
    """

    _VM_REFRESH = 64  # pairs between two readings of the worker's address-space size

    def __init__(self, features: Features, scratch: str):
        self.features = features
        self.scratch = scratch
        self.work = os.path.join(scratch, "w")
        self.out_path = os.path.join(scratch, "out")
        self.uid = sandbox_uid() if features.uid_switch else None
        self._counter = 0
        self._vm_bytes = 0
        self._measure = features.schedstat  # charged time can be measured

    # ---- per pair -------------------------------------------------------------------------
    def run_pair(self, code: str, tests: list[str], limits: Limits, capture: bool) -> PairRun:
        """Run every test of the pair in forked children; never raises for snippet behaviour.

        The suite budget (``limits.timeout``) and the per-test limit (``limits.per_test``) count
        charged time (CPU plus sleeping/blocked time, see :class:`_Clock`). A child that dies
        while a test runs is replaced by a fresh one for the tests it had not finished. A test
        that runs out of time is ``TIMEOUT`` and is charged its whole limit, not what was
        measured when it was stopped (that depends on timer ticks, kill latency and load): the
        suite goes on with ``left - (charged time before the test) - per_test``, and when that is
        not positive -- always with the default ``per_test == timeout`` -- every later test is
        ``TIMEOUT`` without running. So the outcomes after a timeout do not depend on load.
        """
        n = len(tests)
        outcomes: list[str | None] = [None] * n
        durations = [0.0] * n
        if self._counter % self._VM_REFRESH == 0:
            with open("/proc/self/statm", "rb") as fh:
                self._vm_bytes = int(fh.read().split()[0]) * _PAGE
        self._counter += 1
        runner.prepare(n)
        self._fresh_workdir()
        pending = list(range(n))
        left = limits.timeout  # suite budget left, charged seconds
        deadline = time.monotonic() + limits.wall
        output = b""
        try:
            while pending:
                if left <= 0 or time.monotonic() >= deadline:
                    break
                status, spent, records, finished, why, starts = self._one_child(
                    code, tests, pending, limits, left, deadline)
                for i, (outcome, dur) in records.items():
                    outcomes[i], durations[i] = outcome, dur
                pending = [i for i in pending if outcomes[i] is None]
                if not pending:
                    break
                j = pending[0]
                if why == "wall" or (os.WIFEXITED(status)
                                     and os.WEXITSTATUS(status) == runner.EXIT_BUDGET):
                    break  # wall backstop or suite CPU budget: the rest are TIMEOUT
                outcomes[j] = self._classify(status, finished.get(j, "L"),
                                             out_of_time=why == "time" or left - spent <= 0,
                                             done=finished.get("E") is not None)
                pending = pending[1:]
                if outcomes[j] == TIMEOUT:  # charged its whole limit (see the docstring)
                    start = starts.get(j) if starts else None
                    left = 0.0 if start is None else left - start - limits.per_test
                else:
                    left -= spent
            for i in pending:
                if outcomes[i] is None:
                    outcomes[i] = TIMEOUT
            if capture and os.path.exists(self.out_path):
                with open(self.out_path, "rb") as fh:
                    output = fh.read(limits.output_kb * 1024)
        finally:
            self._remove()
        return PairRun([o or TIMEOUT for o in outcomes], durations, output.decode("utf-8", "replace"))

    def _fresh_workdir(self) -> None:
        try:
            os.mkdir(self.work, 0o700)
        except FileExistsError:  # left over by an interrupted pair
            self._remove()
            os.mkdir(self.work, 0o700)
        if self.uid is not None:
            os.chown(self.work, self.uid, self.uid)

    @staticmethod
    def _classify(status: int, phase: str, out_of_time: bool, done: bool) -> str:
        prefix = "ERROR:" if phase == "L" else "FAIL:"
        if done:
            return "FAIL:Unrecorded"
        if os.WIFSIGNALED(status):
            sig = os.WTERMSIG(status)
            if sig in _TIMEOUT_SIGNALS or (sig == signal.SIGKILL and out_of_time):
                return TIMEOUT
            try:
                return prefix + signal.Signals(sig).name
            except ValueError:
                return f"{prefix}SIG{sig}"
        if os.WIFEXITED(status) and os.WEXITSTATUS(status) == runner.EXIT_SETUP:
            return prefix + "SandboxSetup"
        if os.WIFEXITED(status) and os.WEXITSTATUS(status) == runner.EXIT_CHANNEL:
            return "FAIL:Unrecorded"
        return prefix + "SystemExit"

    def _one_child(self, code, tests, pending, limits, left, deadline):
        """Fork one child for the ``pending`` tests with ``left`` seconds of suite budget.

        Returns ``(status, spent, records, finished, why, starts)``: its wait status, the time it
        was charged (CPU time of all its threads or its main thread's charged time, whichever is
        larger), ``records[i] = (outcome, seconds)``, the phase each test reached, why the
        worker killed it (``"time"``, ``"wall"`` or ``None``) and, for the tests it began, the
        time it had been charged when each started (``None`` when it finished every test).
        """
        rlimits = self._rlimits(limits, left)
        # Always a real file, captured or not: its size limit is part of the outcome (an output
        # flood ends in OSError), and outcomes must not depend on ``capture``.
        out = os.open(self.out_path, os.O_WRONLY | os.O_CREAT | os.O_APPEND, 0o600)
        r, w = os.pipe()
        nonce = os.urandom(12).hex()
        try:
            pid = os.fork()
        except BaseException:
            for fd in (r, w, out):
                os.close(fd)
            raise
        if pid == 0:  # pragma: no cover - runs in the child, reported through the pipe
            try:
                self._child_setup(w, out, rlimits)
                runner.run_tests(code, tests, pending, nonce, limits.per_test, left,
                                 limits.output_kb * 1024)
            finally:
                os._exit(runner.EXIT_SETUP)
        t0 = time.monotonic()
        os.close(w)
        os.close(out)
        tag = nonce.encode()
        try:
            data, why, clock = self._supervise(pid, r, tag, t0, deadline, left, limits.per_test)
        finally:
            os.close(r)
        records, finished = _read_records(data, tag, pending)
        starts = None
        charged = None
        if clock is not None or "E" not in finished:  # tests may be left: measure the zombie
            starts, charged = self._charged_at_end(clock, pid, t0, tag, data)
        _, status, usage = os.wait4(pid, 0)
        self._kill_descendants(pid)
        spent = usage.ru_utime + usage.ru_stime
        if charged is not None:
            spent = max(spent, charged)
        return status, spent, records, finished, why, starts

    def _rlimits(self, limits, left: float) -> tuple:
        """The (resource, (soft, hard)) limits of one child with ``left`` seconds of suite budget:
        CPU ``int(left) + 2`` s, address space the worker's own plus ``limits.memory_mb``, and
        ``limits``' files, file size, processes; no core files."""
        cpu_hard = int(left) + 2
        return ((resource.RLIMIT_CPU, (cpu_hard, cpu_hard)),
                (resource.RLIMIT_AS, (self._vm_bytes + limits.memory_mb * 2**20,) * 2),
                (resource.RLIMIT_NOFILE, (limits.nofile, limits.nofile)),
                (resource.RLIMIT_FSIZE, (limits.fsize_mb * 2**20,) * 2),
                (resource.RLIMIT_CORE, (0, 0)),
                (resource.RLIMIT_NPROC, (limits.nproc, limits.nproc)))

    def _charged_at_end(self, clock, pid: int, t0: float, tag: bytes, data: bytes):
        """Read the (zombie) child's clock once more (a new :class:`_Clock` when supervision
        made none) and scan ``data`` for test starts.  Returns (the charged time when each begun
        test started, the charged seconds or None when the clock could not be read)."""
        if clock is None:
            clock = _Clock(pid, t0, tag, self._measure)
        try:
            now_charged = clock.read()
            clock.scan(data, now_charged)
        finally:
            clock.close()
        return clock.starts, (now_charged if clock.ok else None)

    def _child_setup(self, w: int, out: int, rlimits) -> None:
        """In the child: own session, result pipe on fd 3, output to ``out``, limits, uid, and
        killed when its worker dies (a worker killed by an interrupted command would otherwise
        leave it running until its CPU limit: a repository's discovery has 900 s)."""
        worker = os.getppid()
        os.setsid()
        os.dup2(out, 1)  # output first: ``out`` may itself be fd 3, which the pipe takes next
        os.dup2(out, 2)
        os.dup2(w, runner.RESULT_FD)
        os.close(0)
        os.closerange(runner.RESULT_FD + 1, 1 << 16)
        os.chdir(self.work)
        enter_limits(rlimits, self.uid)
        # after the uid change, which clears the setting; a worker already gone: stop now
        _libc.prctl(_PR_SET_PDEATHSIG, signal.SIGKILL, 0, 0, 0)
        if os.getppid() != worker:
            os._exit(runner.EXIT_SETUP)

    def _supervise(self, pid: int, r: int, tag: bytes, t0: float, deadline: float,
                   budget: float, per_test: float):
        """Wait for the child to exit or run out of time; return ``(data, why, clock)``.

        Only the child's exit wakes the worker, not each record it writes: a worker that runs
        Python while the child lives copies every page it touches, so the common case, a child
        that exits within its first slice (``_SLICE_MS``), costs one ``poll``. A child still
        running after that is looked at once per slice, and exactly when a limit could run out
        (charged time grows at most as fast as the wall clock): its pipe is drained, so it never
        blocks on a full pipe for long, its ``L``/``O`` records say which test runs, and its
        :class:`_Clock` (then returned, still open) says how much time it has been charged. It
        is killed (``why = "time"``) when its charged time reaches ``budget`` or the running
        test's reaches ``per_test``, and (``why = "wall"``) at the wall-clock ``deadline``, which
        is only a backstop. ``why`` is ``None`` when it exited by itself.
        """
        buf = bytearray()
        os.set_blocking(r, False)
        pidfd = os.pidfd_open(pid)
        poller = select.poll()
        poller.register(pidfd, select.POLLIN)
        why = None
        clock = None
        measure = self._measure
        try:
            # nothing is charged yet, and charged time grows at most as fast as the wall clock
            wait = min(deadline - t0, budget, per_test) if measure else deadline - t0
            while not poller.poll(_poll_ms(wait)):
                _drain(r, buf)
                if clock is None:  # the child outlived its first slice
                    clock = _Clock(pid, t0, tag, measure)
                charged = clock.read()
                clock.scan(buf, charged)
                if clock.ok and (charged >= budget or clock.running is not None
                                 and charged - clock.running_start() >= per_test):
                    why = "time"
                elif time.monotonic() >= deadline:
                    why = "wall"
                if why is not None:
                    os.kill(pid, signal.SIGKILL)
                    break
                wait = deadline - time.monotonic()
                if clock.ok:  # until a limit could run out at the earliest
                    wait = min(wait, budget - charged, per_test - charged + clock.running_start())
        except BaseException:
            if clock is not None:
                clock.close()
            raise
        finally:
            os.close(pidfd)
        _drain(r, buf)
        return bytes(buf), why, clock

    def _kill_descendants(self, pid: int) -> None:
        """Kill every process left from this pair (process group, adopted orphans)."""
        try:
            os.killpg(pid, signal.SIGKILL)
        except (ProcessLookupError, PermissionError):
            pass
        for _round in range(1000):
            try:
                got, _ = os.waitpid(-1, os.WNOHANG)
            except ChildProcessError:
                return
            if got:
                continue
            if self.uid is not None:
                self._kill_uid()
            for child in self._children():
                try:
                    os.killpg(child, signal.SIGKILL)
                except (ProcessLookupError, PermissionError):
                    pass
                try:
                    os.kill(child, signal.SIGKILL)
                except ProcessLookupError:
                    pass
            time.sleep(0.001)
        raise SandboxError("could not reap the sandbox's processes")

    def _kill_uid(self) -> None:
        """Kill every process of the sandbox uid (from a helper running as that uid)."""
        helper = os.fork()
        if helper == 0:  # pragma: no cover - tiny helper process
            try:
                os.setgid(self.uid)
                os.setuid(self.uid)
                os.kill(-1, signal.SIGKILL)
            finally:
                os._exit(0)
        os.waitpid(helper, 0)

    @staticmethod
    def _children() -> list[int]:
        me = os.getpid()
        try:
            with open(f"/proc/{me}/task/{me}/children") as fh:
                return [int(x) for x in fh.read().split()]
        except FileNotFoundError:
            found = []
            for name in os.listdir("/proc"):
                if name.isdigit():
                    try:
                        with open(f"/proc/{name}/stat") as fh:
                            if int(fh.read().rsplit(")", 1)[1].split()[1]) == me:
                                found.append(int(name))
                    except (FileNotFoundError, ProcessLookupError, IndexError, ValueError):
                        continue
            return found

    def _remove(self) -> None:
        """Delete the pair's folder and output file; the common case costs one or two calls."""
        try:
            os.unlink(self.out_path)
        except FileNotFoundError:
            pass
        try:
            os.rmdir(self.work)
            return
        except FileNotFoundError:
            return
        except OSError:
            import shutil  # something was left behind: remove the whole tree

        def fix(func, path, exc_info):
            if isinstance(exc_info[1], PermissionError):
                os.chmod(os.path.dirname(path), 0o700)
                func(path)
            elif not isinstance(exc_info[1], FileNotFoundError):
                raise exc_info[1]

        shutil.rmtree(self.work, onerror=fix)


def _read_records(data: bytes, tag: bytes, pending) -> tuple[dict[int, tuple[str, float]], dict]:
    """A child's records among the lines of ``data`` tagged ``tag``: ``records[i] = (outcome,
    seconds)`` for the first ``O`` line of each pending test ``i``, and ``finished`` (test index ->
    the last phase it reached, ``"L"`` or ``"T"``; ``"E"`` -> True when the child finished every
    test).  Lines that are not ASCII or malformed are skipped."""
    records: dict[int, tuple[str, float]] = {}
    finished: dict = {}
    for line in data.split(b"\n"):
        parts = line.split(b" ")
        if len(parts) < 2 or parts[0] != tag:
            continue
        try:
            text = [p.decode("ascii") for p in parts[1:]]
        except UnicodeDecodeError:
            continue
        if text[0] == "E":
            finished["E"] = True
        elif len(text) >= 2 and text[1].isdigit():
            i = int(text[1])
            if text[0] in ("L", "T"):
                finished[i] = text[0]
            elif text[0] == "O" and len(text) == 4 and i in pending and i not in records:
                try:
                    records[i] = (text[2], float(text[3]))
                except ValueError:
                    continue
    return records, finished
