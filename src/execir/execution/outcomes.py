"""Outcome records of the execution oracle (ExecRetrieval §3.3) and the limits they were run under.

Outcome strings, one per test:

* ``pass`` -- the runner recorded that the code loaded and the test ran to completion;
* ``FAIL`` -- the test raised a plain :class:`AssertionError`;
* ``FAIL:<ExceptionType>`` -- the test raised another exception (``FAIL:IndexError``), or the
  process died while the test ran (``FAIL:SystemExit`` for ``os._exit``, ``FAIL:SIGSEGV`` for a
  crash by signal, ``FAIL:Unrecorded`` when the snippet destroyed the runner's result channel);
* ``TIMEOUT`` -- the test ran out of time: the per-test limit or the per-suite budget (both
  count CPU time plus time spent sleeping or blocked, not time spent waiting for a core; see
  :class:`execir.execution.limits.Limits`) or the wall-clock backstop ran out. A ``TIMEOUT`` test
  is charged its whole per-test limit; when that leaves nothing of the suite budget (always so
  by default, where the per-test limit is the suite budget) every later test is ``TIMEOUT``
  without running, so what follows a timeout does not depend on machine load;
* ``ERROR:<ExceptionType>`` -- the code itself failed to load (``ERROR:SyntaxError``,
  ``ERROR:NameError``), including dying while loading (``ERROR:SIGSEGV``, ``ERROR:SystemExit``);
* ``FAIL:EntryPointUndefined`` -- recorded *without running*: a Python snippet that provably
  cannot bind the name every test calls (it never spells it, imports nothing with ``*`` and uses
  no reflection; :mod:`execir.execution.static_outcomes`), so each test would stop at a ``NameError``.

The other languages (:mod:`execir.execution.languages`) use the same words, with "loading" being
compiling the program and starting it (its static initialisers, package ``init``, the top level of
a script) up to the moment the harness records that the test starts:

* ``pass`` -- a function-level test: the harness recorded that the test ran to completion and the
  process exited 0 (Rust: libtest's ``test result: ok.``); a stdin/stdout test: the program exited
  0 and its stdout matched (:func:`execir.execution.programs.outputs_match`);
* ``FAIL`` -- a wrong answer: output that does not match, a failed assertion (C/C++ ``assert``,
  Java ``AssertionError``, ``console.assert``/node's ``assert``, testify, Rust's ``assert*!``, the
  Ruby harness's ``assert``), or a test ``main`` that returned non-zero;
* ``FAIL:<Name>`` -- the test ended otherwise: an uncaught exception (``FAIL:std.out_of_range``,
  ``FAIL:NullPointerException``, ``FAIL:TypeError``, ``FAIL:String`` for a thrown string), a
  Rust/Go panic (``FAIL:Panic``), a signal (``FAIL:SIGSEGV``, ``FAIL:SIGABRT``), or an exit
  without the harness's record (``FAIL:Exit<code>``, e.g. ``FAIL:Exit0`` for ``exit(0)``
  inside the function under test; for a stdin/stdout program any non-zero exit, so a program that
  prints the right answer and then crashes does not pass);
* ``TIMEOUT`` -- as for Python (compile time is not counted);
* ``ERROR:<Name>`` -- the program did not load: ``ERROR:CompileError`` (the compiler's first
  lines are kept in ``SuiteResult.output``), ``ERROR:CompileTimeout``, a script's syntax error
  (``ERROR:SyntaxError``), an exception, signal or exit before the test started;
  ``ERROR:ToolchainMissing`` when the language's toolchain is not installed or cannot build its
  harness here (never cached).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

PASS = "pass"
FAIL = "FAIL"
TIMEOUT = "TIMEOUT"
FAIL_PREFIX = "FAIL:"
ERROR_PREFIX = "ERROR:"
#: a suite whose worker died more often than the pool retries (never cached)
WORKER_CRASH = ERROR_PREFIX + "WorkerCrash"
#: the snippet destroyed the runner's result channel
UNRECORDED = FAIL_PREFIX + "Unrecorded"
#: a program that does not compile / whose compiler ran out of time (other languages)
COMPILE_ERROR = ERROR_PREFIX + "CompileError"
COMPILE_TIMEOUT = ERROR_PREFIX + "CompileTimeout"
#: the language's toolchain is missing or broken here (never cached)
TOOLCHAIN_MISSING = ERROR_PREFIX + "ToolchainMissing"
#: the outcome of every test of a pair proven failing without running it (execution.static)
ENTRY_POINT_UNDEFINED = FAIL_PREFIX + "EntryPointUndefined"
RUNNER_VERSION = "execir-runner-6"

_OUTCOME_RE = re.compile(r"^(pass|FAIL|TIMEOUT|FAIL:[A-Za-z0-9_.]{1,80}|ERROR:[A-Za-z0-9_.]{1,80})$")


def is_outcome(text: str) -> bool:
    """True when ``text`` is a well-formed outcome string (see module docstring)."""
    return bool(_OUTCOME_RE.match(text))


@dataclass(frozen=True)
class SuiteResult:
    """Per-test outcomes of one (code, tests) pair.

    ``outcomes[i]`` is the outcome string of ``tests[i]``; ``durations[i]`` is its CPU time in
    seconds (loading the code plus running the test, measured in the child with
    ``time.process_time`` so it does not grow with machine load; 0.0 when it never ran). ``output`` is the
    captured stdout/stderr (capped, only filled when capture was asked for; never cached and
    ignored by ``==``).
    """

    outcomes: tuple[str, ...]
    durations: tuple[float, ...]
    output: str = field(default="", compare=False, repr=False)

    @property
    def passed(self) -> bool:
        """True when there is at least one test and every outcome is ``pass``."""
        return bool(self.outcomes) and all(o == PASS for o in self.outcomes)

    @property
    def failing_tests(self) -> tuple[int, ...]:
        """Indices of the tests whose outcome is not ``pass``."""
        return tuple(i for i, o in enumerate(self.outcomes) if o != PASS)

    def to_dict(self) -> dict:
        """JSON-ready form: ``{"outcomes": [...], "durations": [...], "passed": bool}``."""
        return {"outcomes": list(self.outcomes), "durations": list(self.durations),
                "passed": self.passed}
