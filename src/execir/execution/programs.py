"""Worker side of the non-Python runners: compile a program and run its tests in the sandbox.

The calling process turns a (code, tests) pair into a *plan* (:mod:`execir.execution.languages`):
a prelude (the harness and stand-in libraries of the language, built once per worker), builds
(source files plus a compiler command, or just files for an interpreter) and one run per test
(an argv, its stdin, the expected output of a stdin/stdout test). :func:`run_program` executes a
plan in the worker that received it. Every compiler and every test is a separate child of the
worker, made like the Python runner's children (own session, unprivileged uid, rlimits, a fresh
working folder, every descendant killed afterwards; see :mod:`execir.execution.sandbox`) but
which ``execve``\\ s a prepared argv with a prepared stdin instead of running Python in-process:

* fd 0: a file holding exactly the test's input (empty for function-level tests), so reading
  stdin ends at once; fd 1 and fd 2: files bounded by ``RLIMIT_FSIZE``; fd 3: a private pipe on
  which the harness writes nonce-tagged records (``T``, ``R <code>``, ``F <name>``,
  ``E <name>``; :mod:`execir.execution.shims`); nothing else is open.
* A compiler's artefact (binary, ``.class`` files) is copied into a folder the worker owns,
  which the tests can read and execute but not change; each test runs in a fresh working folder.
* Time: the worker charges each child ``max(CPU time of it and every process it started, wall
  time since the fork - run-queue delay summed over its threads)`` (CPU plus sleeping/blocked
  time, not time spent waiting for a core, as for Python; see :class:`_ProgramClock`), checked
  every 50 ms; ``RLIMIT_CPU`` is the hard
  backstop and the suite's wall clock (``Limits.wall``, counted over the tests only, not the
  compiles) the last one. Compiles have their own limit (``Limits.compile_timeout``).

Outcomes (see :mod:`execir.execution.outcomes` for the vocabulary) are decided here, in the
worker, from the wait status, the records and -- for stdin/stdout tests -- the output, compared
by :func:`outputs_match`.
"""

from __future__ import annotations

import math
import os
import resource
import shutil
import signal
import time

from execir.execution import artefacts
from execir.execution.outcomes import (COMPILE_ERROR, COMPILE_TIMEOUT, FAIL, PASS, TIMEOUT,
                                       TOOLCHAIN_MISSING)
from execir.execution.program_child import _Child, _signal_name, _spawn
from execir.execution.program_files import (_chown_tree, _collect, _expand, _first_lines,
                                            _fresh_dir, _read_head, _rmtree, _write_files)

#: float tolerance of the ``"tokens"`` comparison (CoREB's harness: absolute, 1e-6)
TOKEN_TOLERANCE = 1e-6
_PANIC_NAMES = {"go": {2: "Panic"}, "rust": {101: "Panic"}}


# ---- the comparison rule ---------------------------------------------------------------------

def normalise_output(text: str) -> str:
    r"""The form in which stdin/stdout outputs are compared (``"exact"`` rule).

    ``\r\n`` becomes ``\n``; trailing whitespace (spaces, tabs, ``\r``...) is removed from every
    line; blank lines at the end are dropped. Leading whitespace, blank lines inside the output
    and everything else must match exactly.
    """
    lines = [line.rstrip() for line in text.replace("\r\n", "\n").split("\n")]
    while lines and not lines[-1]:
        lines.pop()
    return "\n".join(lines)


def _number(token: str) -> float | None:
    try:
        return float(token)
    except (ValueError, OverflowError):
        return None


def outputs_match(actual: str, expected: str, compare: str = "exact") -> bool:
    """Whether a program's stdout ``actual`` passes against ``expected``.

    ``"exact"``: equal after :func:`normalise_output` on both. ``"tokens"`` (CoREB's harness):
    that, or the same number of whitespace-separated tokens, each pair either equal or both
    numbers (as Python's ``float`` reads them) at most :data:`TOKEN_TOLERANCE` apart (absolute);
    ``nan`` equals only the identical token.
    """
    a, e = normalise_output(actual), normalise_output(expected)
    if a == e:
        return True
    if compare != "tokens":
        return False
    at, et = a.split(), e.split()
    if len(at) != len(et):
        return False
    for x, y in zip(at, et):
        if x == y:
            continue
        fx, fy = _number(x), _number(y)
        if fx is None or fy is None:
            return False
        if not (fx == fy or abs(fx - fy) <= TOKEN_TOLERANCE):
            return False
    return True


# ---- the plan --------------------------------------------------------------------------------

def _compile_rlimits(plan: dict, limit: float):
    c = plan["compile"]
    cpu = int(math.ceil(limit)) + 1
    return ((resource.RLIMIT_CPU, (cpu, cpu + 1)),
            (resource.RLIMIT_AS, (c["memory_mb"] * 2**20,) * 2),
            (resource.RLIMIT_NOFILE, (c["nofile"], c["nofile"])),
            (resource.RLIMIT_FSIZE, (c["fsize_mb"] * 2**20,) * 2),
            (resource.RLIMIT_CORE, (0, 0)),
            (resource.RLIMIT_NPROC, (c["nproc"], c["nproc"])))


class _Runner:
    """State of one plan in one worker (see :func:`run_program`)."""

    def __init__(self, sb, plan: dict, limits, capture: bool):
        self.sb = sb
        self.plan = plan
        self.limits = limits
        self.capture = capture
        self.scratch = sb.scratch
        self.work = os.path.join(sb.scratch, "w")
        self.stdin_path = os.path.join(sb.scratch, "in")
        self.out_path = os.path.join(sb.scratch, "pout")
        self.err_path = os.path.join(sb.scratch, "perr")
        self.messages: list[str] = []
        self.captured: list[bytes] = []
        self.captured_size = 0
        self.built: dict[str, bytes] = {}
        self.build_dirs: list[str] = []
        self.base_env = dict(os.environ)

    # -- folders
    def fresh_work(self) -> None:
        _fresh_dir(self.work, 0o700)
        if self.sb.uid is not None:
            os.chown(self.work, self.sb.uid, self.sb.uid)

    def write_work(self, files: dict[str, bytes]) -> None:
        """Write source files into the work folder, owned by the sandbox uid (compilers write
        next to them)."""
        _write_files(self.work, files)
        if self.sb.uid is not None:
            _chown_tree(self.work, self.sb.uid)

    def set_stdin(self, data: bytes) -> None:
        with open(self.stdin_path, "wb") as fh:
            fh.write(data)
        os.chmod(self.stdin_path, 0o644)

    def dirs(self, build_dir: str = "", prelude_dir: str = "") -> dict[str, str]:
        return {"work": self.work, "build": build_dir, "prelude": prelude_dir}

    # -- compile steps (prelude and builds)
    def compile_step(self, argv: list[str], env: dict[str, str], dirs: dict[str, str]
                     ) -> tuple[str | None, bytes]:
        """Run one compiler command in the work folder: ``(None | COMPILE_TIMEOUT |
        COMPILE_ERROR, its output)``."""
        limit = self.limits.compile_timeout
        full_env = dict(self.base_env)
        full_env.update({k: _expand(v, dirs) for k, v in env.items()})
        self.set_stdin(b"")
        deadline = time.monotonic() + self.limits.wall_factor * limit + self.limits.wall_slack
        child = _spawn(self.sb, [_expand(a, dirs) for a in argv], full_env, self.work,
                       self.stdin_path, self.out_path, self.err_path,
                       _compile_rlimits(self.plan, limit), limit, deadline)
        message = _read_head(self.out_path, 16384) + _read_head(self.err_path, 16384)
        if child.why is not None:
            return COMPILE_TIMEOUT, message
        if os.WIFSIGNALED(child.status) and os.WTERMSIG(child.status) == signal.SIGXCPU:
            return COMPILE_TIMEOUT, message
        if not (os.WIFEXITED(child.status) and os.WEXITSTATUS(child.status) == 0):
            return COMPILE_ERROR, message
        return None, message

    def prelude(self) -> tuple[str, str | None]:
        """The language's prelude folder, built on first use in this worker: ``(folder,
        None)`` or ``(folder, error message)``."""
        spec = self.plan.get("prelude")
        if not spec:
            return "", None
        cache = self.sb.__dict__.setdefault("preludes", {})
        if spec["key"] in cache:
            return cache[spec["key"]]
        folder = os.path.join(self.scratch, "p-" + spec["key"][:16])
        _fresh_dir(folder, 0o755)
        _write_files(folder, spec.get("install", {}))
        error = None
        if spec.get("steps"):
            self.fresh_work()
            try:
                self.write_work(spec.get("files", {}))
                dirs = self.dirs(prelude_dir=folder)
                for argv in spec["steps"]:
                    outcome, message = self.compile_step(argv, spec.get("env", {}), dirs)
                    if outcome is not None:
                        error = (f"execir: the {self.plan['lang']} toolchain could not build its "
                                 f"harness ({outcome}):\n{_first_lines(message)}")
                        break
                if error is None:
                    for name, mode, data in _collect(self.work, spec.get("keep", []),
                                                     artefacts.MAX_ARCHIVE_BYTES):
                        _write_files(folder, {name: data}, mode)
            except OSError as exc:
                error = f"execir: the {self.plan['lang']} prelude failed: {exc}"
            finally:
                _rmtree(self.work)
        cache[spec["key"]] = (folder, error)
        return folder, error

    def build(self, index: int, prelude_dir: str) -> tuple[str | None, str]:
        """Materialise build ``index``: ``(None, folder)`` or ``(outcome, message)``."""
        spec = self.plan["builds"][index]
        folder = os.path.join(self.scratch, f"b{index}")
        _fresh_dir(folder, 0o755)
        self.build_dirs.append(folder)
        if spec.get("argv") is None:
            _write_files(folder, spec["files"])
            return None, folder
        blob = spec.get("artefact")
        if blob:
            try:
                artefacts.extract(blob, folder)
                return None, folder
            except (artefacts.ArchiveError, OSError, UnicodeDecodeError):
                _fresh_dir(folder, 0o755)
        self.fresh_work()
        try:
            self.write_work(spec["files"])
            for name in spec.get("copy", []):
                src = os.path.join(prelude_dir, name)
                dst = os.path.join(self.work, name)
                if os.path.isdir(src):
                    shutil.copytree(src, dst, symlinks=True)
                    if self.sb.uid is not None:
                        _chown_tree(dst, self.sb.uid)
            dirs = self.dirs(folder, prelude_dir)
            outcome, message = self.compile_step(spec["argv"], spec.get("env", {}), dirs)
            if outcome is None:
                try:
                    entries = _collect(self.work, spec["outputs"], artefacts.MAX_ARCHIVE_BYTES)
                except OSError as exc:
                    return COMPILE_ERROR, f"execir: no compiled program: {exc}"
                blob = artefacts.pack(entries)
                artefacts.extract(blob, folder)
                self.built[spec["key"]] = blob
                return None, folder
            return outcome, _first_lines(message)
        finally:
            _rmtree(self.work)

    # -- one test
    def run_test(self, run: dict, build_dir: str, prelude_dir: str, limit: float,
                 deadline: float) -> tuple[str, float]:
        limits = self.limits
        dirs = self.dirs(build_dir, prelude_dir)
        self.fresh_work()
        self.set_stdin(run.get("stdin", b""))
        env = dict(self.base_env)
        env.update({k: _expand(v, dirs) for k, v in run.get("env", {}).items()})
        cpu = int(math.ceil(limit)) + 1
        rlimits = ((resource.RLIMIT_CPU, (cpu, cpu + 1)),
                   (resource.RLIMIT_AS, (run["memory_mb"] * 2**20,) * 2),
                   (resource.RLIMIT_NOFILE, (limits.nofile, limits.nofile)),
                   (resource.RLIMIT_FSIZE, (limits.fsize_mb * 2**20,) * 2),
                   (resource.RLIMIT_CORE, (0, 0)),
                   (resource.RLIMIT_NPROC, (limits.nproc, limits.nproc)))
        try:
            child = _spawn(self.sb, [_expand(a, dirs) for a in run["argv"]], env, self.work,
                           self.stdin_path, self.out_path, self.err_path, rlimits, limit, deadline)
        finally:
            _rmtree(self.work)
        outcome = self.classify(run, child, limit)
        if self.capture:
            room = limits.output_kb * 1024 - self.captured_size
            if room > 0:
                data = (_read_head(self.out_path, room) + _read_head(self.err_path, room))[:room]
                self.captured.append(data)
                self.captured_size += len(data)
        return outcome, child.spent

    def classify(self, run: dict, child: _Child, limit: float) -> str:
        status, records = child.status, child.records
        if child.why is not None:
            return TIMEOUT
        if os.WIFSIGNALED(status):
            sig = os.WTERMSIG(status)
            if sig == signal.SIGXCPU or (sig == signal.SIGKILL and child.spent >= limit):
                return TIMEOUT
        if "E" in records:
            return "ERROR:" + _clean(records["E"])
        if "F" in records:
            return FAIL if records["F"] == "-" else "FAIL:" + _clean(records["F"])
        started = "T" in records or not run.get("t_record", False)
        prefix = "FAIL:" if started else "ERROR:"
        if os.WIFSIGNALED(status):
            return prefix + _signal_name(os.WTERMSIG(status))
        code = os.WEXITSTATUS(status)
        names = _PANIC_NAMES.get(self.plan["lang"], {})
        exit_name = names.get(code, f"Exit{code}")
        if run.get("expected") is not None:  # a stdin/stdout test
            if code != 0:
                return prefix + exit_name
            size = self.limits.fsize_mb * 2**20
            actual = _read_head(self.out_path, size).decode("utf-8", "replace")
            return PASS if outputs_match(actual, run["expected"], self.plan["compare"]) else FAIL
        if run.get("libtest"):  # Rust's test harness: exit status and its summary line
            head = _read_head(self.out_path, 1 << 20).decode("utf-8", "replace")
            if code == 0:
                return PASS if "\ntest result: ok." in "\n" + head else prefix + "Exit0"
            if code == 101 and "panicked at" in head:
                after = head.split("panicked at", 1)[1]
                lines = after.split("\n", 2)
                message = lines[1] if len(lines) > 1 else ""
                return FAIL if ("assertion" in lines[0] or message.startswith("assertion")) \
                    else "FAIL:Panic"
            return prefix + exit_name
        if "R" in records:
            if records["R"] != "0":
                return FAIL
            return PASS if code == 0 else prefix + exit_name
        if not run.get("need_r", True) and code == 0:
            return PASS
        return prefix + exit_name

    # -- the whole plan
    def execute(self) -> tuple[list[str], list[float]]:
        runs = self.plan["runs"]
        n = len(runs)
        outcomes: list[str | None] = [None] * n
        durations = [0.0] * n
        if not n:
            return [], []
        prelude_dir, error = self.prelude()
        if error is not None:
            self.messages.append(error)
            return [TOOLCHAIN_MISSING] * n, durations
        builds: dict[int, tuple[str | None, str]] = {}
        left = self.limits.timeout
        wall_left = self.limits.wall
        for i, run in enumerate(runs):
            b = run["build"]
            if b not in builds:
                builds[b] = self.build(b, prelude_dir)
                if builds[b][0] is not None and builds[b][1]:
                    self.messages.append(builds[b][1])
            failed, folder = builds[b]
            if failed is not None:
                outcomes[i] = failed
                continue
            if left <= 0 or wall_left <= 0:
                outcomes[i] = TIMEOUT
                continue
            limit = min(self.limits.per_test, left)
            start = time.monotonic()
            outcome, spent = self.run_test(run, folder, prelude_dir, limit, start + wall_left)
            wall_left -= time.monotonic() - start
            outcomes[i], durations[i] = outcome, round(spent, 6) if outcome != TIMEOUT else 0.0
            if outcome == TIMEOUT:
                left -= self.limits.per_test  # charged its whole limit, as in the Python runner
                if wall_left <= 0:
                    left = 0.0
            else:
                left -= spent
        return [o or TIMEOUT for o in outcomes], durations

    def cleanup(self) -> None:
        for folder in self.build_dirs:
            _rmtree(folder)
        for path in (self.work, self.stdin_path, self.out_path, self.err_path):
            if os.path.lexists(path):
                _rmtree(path)

    def output(self) -> str:
        parts = list(self.messages)
        if self.captured:
            parts.append(b"".join(self.captured).decode("utf-8", "replace"))
        return "\n".join(parts)


def _clean(name: str) -> str:
    clean = "".join(c if (c.isalnum() or c in "_.") and c.isascii() else "_" for c in name)[:80]
    return clean or "Exception"


def run_program(sb, plan: dict, limits, capture: bool):
    """Run one plan in sandbox ``sb``; returns ``(outcomes, durations, output, built)`` where
    ``built`` maps build keys to the archives compiled here (for the caller's build cache)."""
    runner = _Runner(sb, plan, limits, capture)
    try:
        outcomes, durations = runner.execute()
    finally:
        runner.cleanup()
    return outcomes, durations, runner.output(), runner.built
