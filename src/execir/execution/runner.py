"""Child-side test runner: the code that runs *inside* the sandboxed child process.

It is imported once by every long-lived worker (so forking a child costs no import) and is
entered only in a freshly forked child via :func:`run_tests`, which never returns.

Semantics (ExecRetrieval §3.3): for each test a fresh namespace (with a fresh copy of the
builtins) in which the code is executed and then the single test; the ``random`` module is
reseeded with 0 before each test, so a test that draws random inputs (HumanEval/50's) gives the
same outcome on every run. A *source test* (its first line starts with :data:`SOURCE_TEST`)
binds the snippet itself: the code is not executed first, its text is in the test's namespace as
``__snippet_source__`` (a repository's pytest node id run with the function swapped in,
:mod:`execir.repo.harness`). Every record goes to a private
pipe (fd ``RESULT_FD``) tagged with a per-child random nonce; stdout/stderr go elsewhere, so
printing can never forge a result. Records are text lines ``<nonce> <kind> <index> [<outcome>
<seconds>]`` with kind ``L`` (loading the code), ``T`` (running the test), ``O`` (outcome) and a
final ``E`` (runner finished). ``L`` also carries the main thread's CPU seconds and the monotonic
clock at the test's start (``L <index> <cpu> <clock>``), from which the supervising worker charges
each test its time (see :meth:`execir.execution.sandbox.Sandbox.run_pair`).
"""

from __future__ import annotations

import builtins
import io
import os
import random
import signal
import sys
import time
import types

RESULT_FD = 3
EXIT_DONE = 0
EXIT_BUDGET = 97
EXIT_SETUP = 98
EXIT_CHANNEL = 96
#: first line of a test that binds the snippet's source itself (module docstring)
SOURCE_TEST = "# execir: source-test"

_ORIG_BUILTINS = dict(vars(builtins))
_AssertionError = AssertionError
_BaseException = BaseException
_write = os.write
_getpid = os.getpid
_exit = os._exit
# CPU seconds, independent of machine load like the limits. The process clock becomes tick-grained
# (milliseconds) while a process CPU timer is armed, as it always is here, so a test's duration is
# read from the (main) thread's clock, which stays precise; the suite budget uses the process clock.
_cpu = time.process_time
_perf = time.thread_time
_mono = time.monotonic
_setitimer = signal.setitimer
_ITIMER_PROF = signal.ITIMER_PROF
_seed = random.seed  # reseeded before every test: tests that draw random inputs are reproducible
_type = type
_str = str
_abs = abs


class _Raises:
    """Context manager behind the ``pytest.raises`` shim."""

    def __init__(self, expected, match=None):
        self.expected = expected
        self.match = match
        self.value = None
        self.type = None

    def __enter__(self):
        return self

    def __exit__(self, exc_type, exc, tb):
        if exc_type is None:
            raise AssertionError(f"DID NOT RAISE {self.expected!r}")
        if not issubclass(exc_type, self.expected):
            return False
        self.value, self.type = exc, exc_type
        if self.match is not None:
            import re

            if not re.search(self.match, str(exc)):
                raise AssertionError(f"pattern {self.match!r} not found in {str(exc)!r}")
        return True


def _pytest_shim() -> types.ModuleType:
    """A minimal ``pytest`` module offering ``raises`` (as a context manager or a call)."""
    mod = types.ModuleType("pytest")

    def raises(expected, *args, match=None, **kwargs):
        if args:
            func, rest = args[0], args[1:]
            with _Raises(expected) as ctx:
                func(*rest, **kwargs)
            return ctx
        return _Raises(expected, match=match)

    def approx(expected, rel=1e-6, abs=1e-12):  # noqa: A002 - pytest's own keyword names
        tolerance = max(rel * _abs(expected), abs)

        class _Approx:
            def __eq__(self, other):
                return _abs(other - expected) <= tolerance

            def __repr__(self):
                return f"approx({expected!r})"

        return _Approx()

    mod.raises = raises
    mod.approx = approx
    return mod


class _CappedStream(io.TextIOBase):
    """Text stream writing to an fd until ``cap`` bytes, then silently dropping the rest."""

    def __init__(self, fd: int, cap: int):
        self._fd = fd
        self._left = cap

    def writable(self) -> bool:
        return True

    def write(self, text) -> int:
        data = _str(text).encode("utf-8", "replace")
        if self._left > 0:
            chunk = data[: self._left]
            self._left -= len(chunk)
            try:
                _write(self._fd, chunk)
            except OSError:
                self._left = 0
        return len(text)

    def flush(self) -> None:
        return None


_PYTEST = _pytest_shim()
_EMPTY_STDIN = io.TextIOWrapper(io.BytesIO(b""))


def _name(exc: BaseException) -> str:
    try:
        raw = _str(_type(exc).__name__)
    except _BaseException:  # a hostile metaclass
        raw = "Exception"
    clean = "".join(c if (c.isalnum() or c in "_.") and c.isascii() else "_" for c in raw)[:80]
    return clean or "Exception"


_STDOUT = _CappedStream(1, 0)  # made once per worker; a child only sets its cap
_STDERR = _CappedStream(2, 0)

# Fresh builtins for test i are the worker's i-th copy. A child cannot change the worker's memory,
# so every child sees pristine copies, and no child pays for copying ~150 entries per test (each
# copy touches every builtin object, one copy-on-write fault per page). Beyond the pool's size a
# child copies as before.
_BUILTINS_POOL: list[dict] = []
POOL_LIMIT = 256


def prepare(n_tests: int) -> None:
    """In the worker, before forking: make sure fresh builtins exist for ``n_tests`` tests."""
    while len(_BUILTINS_POOL) < min(n_tests, POOL_LIMIT):
        _BUILTINS_POOL.append(dict(_ORIG_BUILTINS))


def _fresh_builtins(i: int) -> dict:
    return _BUILTINS_POOL[i] if i < len(_BUILTINS_POOL) else dict(_ORIG_BUILTINS)


def run_tests(code: str, tests: list[str], indices: list[int], nonce: str,
              per_test: float, cpu_budget: float, output_cap: int) -> None:
    """Run ``tests[i]`` for ``i`` in ``indices`` against ``code``; report on ``RESULT_FD``; exit.

    ``per_test``: seconds per test; ``cpu_budget``: seconds left for the whole suite. The child
    enforces only their CPU side (``ITIMER_PROF``, whose default action kills it; between tests it
    exits with ``EXIT_BUDGET`` once ``cpu_budget`` CPU seconds are spent); the worker charges
    sleeping and blocked time too and kills the child when either runs out. Never returns.
    Every object this touches costs the child a copy-on-write page, so it does as little as it
    can between tests.
    """
    prefix = nonce.encode() + b" "
    me = _getpid()

    def emit(line: bytes) -> None:
        if _getpid() != me:  # a process the snippet forked is running on in runner code
            _exit(0)
        try:
            _write(RESULT_FD, prefix + line)
        except _BaseException:  # the snippet closed or replaced the result channel
            _exit(EXIT_CHANNEL)

    try:
        _STDOUT._left = _STDERR._left = output_cap
        sys.stdout, sys.stderr, sys.stdin = _STDOUT, _STDERR, _EMPTY_STDIN
        sys.modules["pytest"] = _PYTEST  # SIGPROF's default action (kill) is set by the worker
        start = _cpu()
        try:
            code_obj = compile(code, "<snippet>", "exec")
        except _BaseException as exc:  # SyntaxError, ValueError (null bytes), RecursionError...
            failed = ("ERROR:" + _name(exc)).encode()
            for i in indices:
                emit(b"O %d %s 0\n" % (i, failed))
            emit(b"E 0\n")
            _exit(EXIT_DONE)
        for i in indices:
            left = cpu_budget - (_cpu() - start)
            if left <= 0:
                _exit(EXIT_BUDGET)
            emit(b"L %d %.6f %.6f\n" % (i, _perf(), _mono()))
            _setitimer(_ITIMER_PROF, min(per_test, left))
            t0 = _perf()
            outcome = "pass"
            ns = {"__name__": "__snippet__", "__builtins__": _fresh_builtins(i)}
            _seed(0)
            try:
                if tests[i].startswith(SOURCE_TEST):  # the test binds the snippet's source itself
                    ns["__snippet_source__"] = code
                else:
                    exec(code_obj, ns)
            except _BaseException as exc:
                outcome = "ERROR:" + _name(exc)
            else:
                emit(b"T %d\n" % i)
                try:
                    exec(compile(tests[i], "<test>", "exec"), ns)
                except _BaseException as exc:
                    outcome = "FAIL" if _type(exc) is _AssertionError else "FAIL:" + _name(exc)
            _setitimer(_ITIMER_PROF, 0)
            emit(b"O %d %s %.6f\n" % (i, outcome.encode(), _perf() - t0))
        emit(b"E 0\n")
    except _BaseException:
        _exit(EXIT_SETUP)
    _exit(EXIT_DONE)
