"""Child side of the program runner: one exec'd child (a compiler or a test) and its supervision.

:func:`_spawn` forks a child with a prepared stdin, bounded stdout/stderr files and a private
record pipe on fd 3 (see :mod:`execir.execution.programs`), drops it to the sandbox uid under
rlimits and ``execve``\\ s the argv; the worker then charges it by :class:`_ProgramClock`
every slice, kills it when its time is up, and reads its records. Imported by the worker at
start-up (through :mod:`execir.execution.programs`), before the sandbox may hide ``/tmp``.
"""

from __future__ import annotations

import os
import resource
import select
import signal
import time

from execir.execution.clock import _drain, _poll_ms
from execir.execution.isolation import enter_limits

_TICK = os.sysconf("SC_CLK_TCK")


class _RecordBuffer(bytearray):
    """The bytes read from a child's record pipe, kept to at most 1 MiB: records are a few
    lines; a flood is not (on overflow everything after the first 512 KiB is dropped)."""

    def __iadd__(self, chunk):
        super().__iadd__(chunk)
        if len(self) > 1 << 20:
            del self[1 << 19:]
        return self


# ---- charged time of an exec'd child -----------------------------------------------------------

class _ProgramClock:
    """Charged time of one exec'd child: ``max(cpu, wall - sum of its threads' run-queue delay)``.

    ``cpu`` is the user + system time of the child *and every process it started* (the live ones
    under it or adopted by the worker, a subreaper, from ``/proc/<pid>/stat``, plus what its
    reaped children used), so a fork bomb or a compiler's subprocesses are charged what they burn;
    the delays are field 2 of each of the child's threads' ``schedstat``. For a single-threaded
    program that does not fork this is the Python runner's rule (CPU plus sleeping/blocked time);
    for a runtime whose main thread only waits (the JVM launcher, Go's scheduler) the threads
    that work supply the delay. Without schedstat only CPU time is charged (sleeping is then
    caught by the wall backstop).
    """

    _MAX_PROCESSES = 512

    def __init__(self, pid: int, t0: float, measure: bool):
        self.pid = pid
        self.t0 = t0
        self.measure = measure
        self.charged = 0.0
        self.worker = os.getpid()

    @staticmethod
    def _children(pid: int) -> list[int]:
        found: list[int] = []
        try:
            tids = os.listdir(f"/proc/{pid}/task")
        except OSError:
            return found
        for tid in tids:
            try:
                with open(f"/proc/{pid}/task/{tid}/children", "rb") as fh:
                    found += [int(x) for x in fh.read().split()]
            except (OSError, ValueError):
                continue
        return found

    def _tree_cpu(self) -> float:
        try:
            with open(f"/proc/{self.worker}/task/{self.worker}/children", "rb") as fh:
                todo = [int(x) for x in fh.read().split()]
        except (OSError, ValueError):
            todo = []
        if self.pid not in todo:
            todo.append(self.pid)
        seen: set[int] = set()
        ticks = 0
        while todo and len(seen) < self._MAX_PROCESSES:
            pid = todo.pop()
            if pid in seen:
                continue
            seen.add(pid)
            try:
                with open(f"/proc/{pid}/stat", "rb") as fh:
                    fields = fh.read().rsplit(b")", 1)[1].split()
                ticks += int(fields[11]) + int(fields[12]) + int(fields[13]) + int(fields[14])
            except (OSError, IndexError, ValueError):
                continue
            todo += self._children(pid)
        return ticks / _TICK

    def read(self) -> float:
        wall = time.monotonic() - self.t0
        charged = self._tree_cpu()
        if self.measure:
            delay = 0.0
            try:
                tids = os.listdir(f"/proc/{self.pid}/task")
            except OSError:
                tids = []
            for tid in tids:
                try:
                    with open(f"/proc/{self.pid}/task/{tid}/schedstat", "rb") as fh:
                        delay += int(fh.read().split()[1]) / 1e9
                except (OSError, IndexError, ValueError):
                    continue
            if tids:
                charged = max(charged, wall - delay)
        self.charged = max(self.charged, charged)
        return self.charged


def _signal_name(sig: int) -> str:
    try:
        return signal.Signals(sig).name
    except ValueError:
        return f"SIG{sig}"


# ---- one child -------------------------------------------------------------------------------

class _Child:
    """The result of one exec'd child: wait status, why the worker killed it, charged seconds,
    its records (kind -> argument) and the paths of its stdout/stderr files."""

    def __init__(self, status: int, why: str | None, spent: float, records: dict[str, str]):
        self.status = status
        self.why = why
        self.spent = spent
        self.records = records


def _spawn(sb, argv: list[str], env: dict[str, str], cwd: str, stdin_path: str, out_path: str,
           err_path: str, rlimits, limit: float, deadline: float) -> _Child:
    """Fork a child that execs ``argv``; supervise it until it exits or runs out of time."""
    fd_in = os.open(stdin_path, os.O_RDONLY)
    fd_out = os.open(out_path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    fd_err = os.open(err_path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    r, w = os.pipe()
    nonce = os.urandom(12).hex()
    env = dict(env, EXECIR_NONCE=nonce)
    if sb.uid is not None:  # so the program may reopen them by /proc/self/fd/N (Java's fd 3)
        for fd in (w, fd_out, fd_err):
            os.fchown(fd, sb.uid, sb.uid)
    try:
        pid = os.fork()
    except BaseException:
        for fd in (fd_in, fd_out, fd_err, r, w):
            os.close(fd)
        raise
    if pid == 0:  # pragma: no cover - the child
        _exec_child(argv, env, cwd, (fd_in, fd_out, fd_err, w), rlimits, sb.uid)
    t0 = time.monotonic()
    for fd in (fd_in, fd_out, fd_err, w):
        os.close(fd)
    buf = _RecordBuffer()
    clock = _ProgramClock(pid, t0, sb._measure)
    try:
        why, status, usage, read_clock = _supervise(pid, r, buf, clock, t0, limit, deadline)
    finally:
        os.close(r)
    sb._kill_descendants(pid)
    spent = usage.ru_utime + usage.ru_stime
    if read_clock:
        spent = max(spent, clock.charged)
    return _Child(status, why, spent, _records(bytes(buf), nonce))


def _exec_child(argv: list[str], env: dict[str, str], cwd: str, fds: tuple[int, int, int, int],
                rlimits, uid: int | None) -> None:  # pragma: no cover - the child
    """In the forked child: a new session, ``fds`` (stdin, stdout, stderr, records) on 0-3 and
    nothing else open, ``cwd``, the limits, default SIGPIPE/SIGXFSZ/SIGPROF, then exec ``argv``.
    Never returns: a failure writes one line to stderr and exits 127."""
    fd_in, fd_out, fd_err, w = fds
    try:
        os.setsid()
        os.dup2(fd_in, 0)
        os.dup2(fd_out, 1)
        os.dup2(fd_err, 2)
        os.dup2(w, 3)
        os.closerange(4, 1 << 16)
        os.chdir(cwd)
        enter_limits(rlimits, uid)
        for sig in (signal.SIGPIPE, signal.SIGXFSZ, signal.SIGPROF):
            signal.signal(sig, signal.SIG_DFL)
        os.execve(argv[0], argv, env)
    except BaseException as exc:
        try:
            os.write(2, f"execir: cannot run {argv[0]}: {exc}\n".encode())
        except BaseException:
            pass
    finally:
        os._exit(127)


def _supervise(pid: int, r: int, buf: _RecordBuffer, clock: _ProgramClock, t0: float, limit: float,
               deadline: float) -> tuple[str | None, int, resource.struct_rusage, bool]:
    """Wait for child ``pid`` (started at monotonic ``t0``), draining its record pipe ``r`` into
    ``buf``, and SIGKILL it once ``clock`` charges ``limit`` seconds (``"time"``) or the monotonic
    ``deadline`` passes (``"wall"``).  Returns (why it was killed or None, wait status, its
    rusage, whether the clock was read)."""
    why = None
    read_clock = False
    os.set_blocking(r, False)
    pidfd = os.pidfd_open(pid)
    try:
        poller = select.poll()
        poller.register(pidfd, select.POLLIN)
        wait = min(deadline - t0, limit)
        while not poller.poll(_poll_ms(wait)):
            _drain(r, buf)
            charged = clock.read()
            read_clock = True
            if charged >= limit:
                why = "time"
            elif time.monotonic() >= deadline:
                why = "wall"
            if why is not None:
                os.kill(pid, signal.SIGKILL)
                break
            wait = min(deadline - time.monotonic(), limit - charged)
    finally:
        os.close(pidfd)
    _drain(r, buf)
    _, status, usage = os.wait4(pid, 0)
    _drain(r, buf)
    return why, status, usage, read_clock


def _records(data: bytes, nonce: str) -> dict[str, str]:
    """The child's records (kind -> argument, the first of each of ``T``, ``R``, ``F``, ``E``)
    among the lines of ``data`` tagged with ``nonce``."""
    records: dict[str, str] = {}
    tag = nonce.encode() + b" "
    for line in data.split(b"\n"):
        if not line.startswith(tag):
            continue
        parts = line[len(tag):].decode("ascii", "replace").split(" ", 1)
        kind = parts[0]
        if kind in ("T", "R", "F", "E") and kind not in records:
            records[kind] = parts[1].strip() if len(parts) > 1 else ""
    return records
