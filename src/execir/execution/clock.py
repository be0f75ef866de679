"""Charged-time clock of a sandboxed child (:class:`_Clock`) and the supervision helpers.

Used by :meth:`execir.execution.sandbox.Sandbox._supervise`: ``poll`` timeouts of at most one
slice (:func:`_poll_ms`), draining a child's result pipe (:func:`_drain`), and the clock that
charges a child its CPU time plus the time it slept or blocked, not the time it waited for a core.
Imported by :mod:`execir.execution.sandbox` at worker start-up, before ``/tmp`` is covered.
"""

from __future__ import annotations

import os
import time

_SLICE_MS = 50  # how often a long-running child is looked at (pipe drained, time read)


def _poll_ms(wait: float) -> int:
    """``poll`` timeout for waking ``wait`` seconds from now (not earlier), at most one slice."""
    if wait <= 0:
        return 0
    ms = int(wait * 1000) + 1
    return ms if ms < _SLICE_MS else _SLICE_MS


def _drain(fd: int, buf: bytearray) -> None:
    """Append everything readable now from the non-blocking ``fd`` to ``buf``."""
    while True:
        try:
            chunk = os.read(fd, 1 << 16)
        except BlockingIOError:
            return
        if not chunk:
            return
        buf += chunk


class _Clock:
    """Charged time of one child, and which of its tests is running.

    Charged time = wall time since the fork - run-queue delay of the child's main thread
    (field 2 of ``/proc/<pid>/task/<pid>/schedstat``, in ns) = CPU time of the main thread plus
    the time it slept or blocked (``time.sleep``, ``select``, reads, ``join``, waiting for a forked
    process), minus nothing for waiting on a busy machine. Only the main thread counts: other
    threads' CPU time is bounded by the process-wide CPU limits (``ITIMER_PROF``,
    ``RLIMIT_CPU``), and their sleeping does not matter while the main thread runs. With
    ``measure`` false (no schedstat) nothing is read and ``ok`` is false.

    ``starts[i]`` is the charged time when test ``i`` began (from its ``L`` record: the main
    thread's CPU time then, or its wall clock then minus the delay read after it, whichever is
    larger; a lower bound off by at most the delay accrued within one slice).
    """

    def __init__(self, pid: int, t0: float, tag: bytes, measure: bool):
        self.t0 = t0
        self.tag = tag + b" "
        self.delay = 0.0
        self.fd = -1
        self.stat_fd = -1
        self.ok = measure
        self.pos = 0
        self.mark = 0.0  # charged time at the last scan
        self.starts: dict[int, float] = {}
        self.running: int | None = None
        self.base = 0.0  # exact charged time at the last look while not runnable ...
        self.base_cpu = 0.0  # ... and the main thread's CPU time then
        if measure:
            try:
                self.fd = os.open(f"/proc/{pid}/task/{pid}/schedstat", os.O_RDONLY)
                self.stat_fd = os.open(f"/proc/{pid}/task/{pid}/stat", os.O_RDONLY)
            except OSError:
                self.ok = False

    def read(self) -> float:
        """Read the run-queue delay; return the charged time now (wall time when not ``ok``).

        The kernel adds a wait on the run queue to the delay only when the thread gets a core,
        so while it is runnable (state ``R``) ``wall - delay`` may still hold a wait that is not
        over yet.  Then the charged time is taken as the exact value at the last look while it
        slept, plus the CPU time it used since: a lower bound, so a busy machine never makes a
        child look over its limit (the sleep just before that stretch is charged at the next look
        while it sleeps, at most one slice later)."""
        exact = time.monotonic() - self.t0
        if not self.ok:
            return exact - self.delay
        try:
            fields = os.pread(self.fd, 128, 0).split()
            cpu, self.delay = int(fields[0]) / 1e9, int(fields[1]) / 1e9
            state = os.pread(self.stat_fd, 512, 0).rsplit(b")", 1)[1].split()[0]
        except (OSError, IndexError, ValueError):
            self.ok = False
            return exact - self.delay
        exact -= self.delay
        if state != b"R":
            self.base, self.base_cpu = exact, cpu
            return exact
        return min(exact, self.base + cpu - self.base_cpu)

    def running_start(self) -> float:
        """Charged time at the start of the running test; when none is known, at the last scan
        (a test whose ``L`` record was not there yet started after it)."""
        return self.starts.get(self.running, self.mark) if self.running is not None else self.mark

    def scan(self, buf: bytearray, charged: float) -> None:
        """Follow the complete ``L``/``O`` records added to ``buf`` since the last scan."""
        self.mark = charged
        end = buf.rfind(b"\n") + 1
        if end <= self.pos:
            return
        lines = bytes(buf[self.pos:end]).split(b"\n")
        self.pos = end
        for line in lines:
            if not line.startswith(self.tag):
                continue
            parts = line[len(self.tag):].split(b" ")
            try:
                if parts[0] == b"L" and len(parts) == 4:
                    i, cpu, clock = int(parts[1]), float(parts[2]), float(parts[3])
                    start = clock - self.t0 - self.delay if self.ok else 0.0
                    if cpu > start:  # false for nan
                        start = cpu
                    self.starts[i] = max(0.0, min(start, charged))
                    self.running = i
                elif parts[0] == b"O" and int(parts[1]) == self.running:
                    self.running = None
            except (ValueError, IndexError):
                continue

    def close(self) -> None:
        for name in ("fd", "stat_fd"):
            fd = getattr(self, name)
            if fd >= 0:
                os.close(fd)
                setattr(self, name, -1)
