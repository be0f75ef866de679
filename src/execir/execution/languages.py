"""The languages the oracle runs, their toolchains, and how a (code, tests) pair becomes a plan.

Languages: ``python`` (today's in-process runner for Python test statements; a program runner
for stdin/stdout tests), ``cpp`` (g++), ``java`` (javac/java), ``go``, ``ruby``, ``javascript``
(node) and ``rust`` (rustc). Aliases: ``c++``, ``js``, ``node``, ``golang``, ``py``, ``rb``,
``rs``. A language whose toolchain is not on ``PATH`` is reported once per process with a
:class:`ToolchainMissingWarning` and its pairs get ``ERROR:ToolchainMissing`` (never cached).

Two test styles, one per pair (mixing them in one pair is a ``TypeError``):

* **stdin/stdout** -- each test is a mapping ``{"input": str, "output": str}`` (a ``dict``, e.g.
  one object of a JSON list; a JSON *string* is not parsed). The code is a whole program; it
  reads the input on stdin and its stdout must match the output by
  :func:`execir.execution.programs.outputs_match` (``compare="exact"``: trailing whitespace of
  each line and blank lines at the end ignored; ``compare="tokens"``: also numbers within 1e-6).
* **function-level** (HumanEval-X / MBXP) -- each test is a string in the language that calls the
  snippet's function; the runner builds one program per (snippet, test):

  ============  ==============================================================================
  cpp           common headers + snippet + test, where the test has ``int main()`` (asserts or
                throws); the harness wraps ``main`` (``-Wl,--wrap=main``) and ``__assert_fail``
  java          test imports hoisted, snippet + test in one file; the test has a class ``Main``
                (the first class of the test) with ``main``, run by a harness class
  go            one ``_test.go`` file: ``package main``, the imports of snippet and test merged,
                the snippet's body, the test's ``func TestX(t *testing.T)`` (testify's
                ``assert``/``require`` come from a built-in stand-in module); a ``TestMain``
                records completion; run with ``go test -c``
  rust          snippet + test (a ``#[cfg(test)] mod tests``), ``rustc --test``; ``rand``,
                ``regex`` and ``md5`` resolve to small built-in stand-in crates
  javascript    snippet then test as two scripts of one context (``console.assert`` throws;
                ``lodash``/``js-md5`` stand-ins when not installed)
  ruby          snippet then test evaluated at top level (``assert``/``assert_equal`` helpers)
  python        not a program: Python test statements use the in-process runner
  ============  ==============================================================================

Compiled languages compile once per build (the snippet, plus the test for function-level
tests) and cache the archive under ``<cache root>/build`` (:mod:`execir.execution.artefacts`),
keyed by language, toolchain version, compiler command and source files.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Any
from dataclasses import dataclass

from execir.execution import shims
from execir.execution.builders import (  # noqa: F401  (public names re-exported from here)
    _GO_ENV, _GO_MOD, _GO_PLAIN_MOD, _GO_TMP, _JAVA_PACKAGE, CPP_PROLOGUE, GO_IMPORT_HELPER,
    PROGRAM_RUNNER_VERSION, _b, _build, _cpp_build, _cpp_prelude, _go_prelude, _go_testify,
    _java_build, _java_main_class, _java_prelude, _java_run, _rust_build, _rust_prelude,
    _script_prelude, go_function_source, go_split, java_function_source)
from execir.execution.toolchains import (  # noqa: F401  (public names re-exported from here)
    _TOOLCHAINS, ALIASES, LANGUAGES, Toolchain, ToolchainMissingWarning, available_languages,
    canonical, toolchain, toolchain_dirs)

COMPARE_MODES = ("exact", "tokens")
#: limits of every compiler run (its time limit is ``Limits.compile_timeout``)
COMPILE_LIMITS = {"memory_mb": 4096, "nproc": 512, "nofile": 1024, "fsize_mb": 512}
#: address space allowed above ``Limits.memory_mb`` for each runtime's own reservations (the
#: JVM, V8 and Go reserve hundreds of MiB before the program allocates anything)
MEMORY_OVERHEAD_MB = {"cpp": 64, "rust": 256, "python": 256, "ruby": 256, "javascript": 1024,
                      "go": 1024, "java": 1024}


# ---- tests ------------------------------------------------------------------------------------

def test_style(tests: Sequence) -> str:
    """``"io"`` when every test is an ``{"input", "output"}`` mapping, ``"function"`` when every
    test is a string (also for zero tests); TypeError otherwise."""
    if isinstance(tests, (str, bytes)):
        raise TypeError("tests must be a sequence of tests, not a single string")
    kinds = set()
    for i, test in enumerate(tests):
        if isinstance(test, str):
            kinds.add("function")
        elif isinstance(test, Mapping):
            keys = set(test)
            if keys != {"input", "output"}:
                raise TypeError(f"test {i}: a stdin/stdout test has exactly the keys 'input' and "
                                f"'output', got {sorted(map(str, keys))}")
            if not all(isinstance(test[k], str) for k in ("input", "output")):
                raise TypeError(f"test {i}: 'input' and 'output' must be strings")
            kinds.add("io")
        else:
            raise TypeError(f"test {i}: expected a str or an {{'input', 'output'}} mapping, "
                            f"got {type(test).__name__}")
    if len(kinds) > 1:
        raise TypeError("a pair's tests must all be strings or all be stdin/stdout mappings")
    return kinds.pop() if kinds else "function"


def canonical_tests(tests: Sequence) -> list:
    """Tests in the form that is hashed for the cache key (mappings as plain sorted dicts)."""
    return [t if isinstance(t, str) else {"input": t["input"], "output": t["output"]}
            for t in tests]


# ---- plans --------------------------------------------------------------------------------------

@dataclass
class ProgramJob:
    """A planned non-Python pair as the pool sends it: the plan (module docstring), where its
    compiled archives are cached, and how many tests it has."""

    language: str
    plan: dict
    n_tests: int
    build_cache: object | None = None

    def request(self) -> dict:
        """The plan with every cached archive filled in (read when the job is sent)."""
        if self.build_cache is None:
            return self.plan
        builds = []
        for spec in self.plan["builds"]:
            if spec.get("argv") is not None:
                blob = self.build_cache.get(self.language, spec["key"])
                if blob is not None:
                    spec = dict(spec, artefact=blob)
            builds.append(spec)
        return dict(self.plan, builds=builds)

    def store(self, built: dict[str, bytes]) -> None:
        """Keep the archives a worker compiled for this job."""
        if self.build_cache is not None:
            for key, blob in built.items():
                self.build_cache.put(self.language, key, blob)


def plan(language: str, code: str, tests: Sequence, limits, tc: Toolchain, *,
         compare: str = "exact") -> dict:
    """The worker's plan for one pair (see :mod:`execir.execution.programs`): its builds (each
    once, by key) and one run per test, made by the language's planner.

    Raises:
        ValueError: an unknown ``compare`` mode, or Python test statements (they run in the
            in-process runner, not as programs).
    """
    lang = canonical(language)
    if compare not in COMPARE_MODES:
        raise ValueError(f"compare must be one of {COMPARE_MODES}, got {compare!r}")
    p = _Plan(test_style(tests), limits.memory_mb + MEMORY_OVERHEAD_MB[lang])
    if lang in ("javascript", "ruby", "python"):
        prelude = _plan_script(p, lang, code, tests, limits, tc)
    else:
        prelude = _PLANNERS[lang](p, code, tests, limits, tc)
    return {"lang": lang, "prelude": prelude, "builds": p.builds, "runs": p.runs, "compare": compare,
            "compile": dict(COMPILE_LIMITS)}


class _Plan:
    """The builds (deduplicated by key) and runs a planner adds for one pair."""

    def __init__(self, style: str, memory: int) -> None:
        self.style, self.memory = style, memory
        self.builds: list[dict] = []
        self.index: dict[str, int] = {}
        self.runs: list[dict] = []

    def add(self, build: dict) -> int:
        if build["key"] not in self.index:
            self.index[build["key"]] = len(self.builds)
            self.builds.append(build)
        return self.index[build["key"]]

    def run(self, build: int, argv: list[str], test, **extra) -> None:
        entry = {"build": build, "argv": argv, "memory_mb": self.memory, "env": {}}
        if self.style == "io":
            entry["stdin"] = _b(test["input"])
            entry["expected"] = test["output"]
        entry.update(extra)
        entry["env"] = dict(entry.get("env") or {})
        self.runs.append(entry)


def _plan_cpp(p: _Plan, code: str, tests: Sequence, limits, tc: Toolchain) -> Any:
    prelude = _cpp_prelude(tc)
    if p.style == "io":
        b = p.add(_cpp_build(tc, prelude, code))
        for t in tests:
            p.run(b, ["{build}/prog"], t, t_record=True)
    else:
        for t in tests:
            b = p.add(_cpp_build(tc, prelude, CPP_PROLOGUE + code + "\n" + t))
            p.run(b, ["{build}/prog"], t, t_record=True)
    return prelude


def _plan_java(p: _Plan, code: str, tests: Sequence, limits, tc: Toolchain) -> Any:
    prelude = _java_prelude(tc)
    if p.style == "io":
        main = _java_main_class(code)
        b = p.add(_java_build(tc, prelude, _JAVA_PACKAGE.sub("", code)))
        for t in tests:
            p.run(b, **_java_run(tc, limits, main), test=t)
    else:
        for t in tests:
            source, main = java_function_source(code, t)
            b = p.add(_java_build(tc, prelude, source))
            p.run(b, **_java_run(tc, limits, main), test=t)
    return prelude


def _plan_go(p: _Plan, code: str, tests: Sequence, limits, tc: Toolchain) -> Any:
    prelude = _go_prelude(tc)
    go = tc.tools["go"]
    run_env = {"GOMEMLIMIT": f"{limits.memory_mb}MiB"}
    if p.style == "io":
        b = p.add(_build("go", tc, prelude, {"go.mod": _b(_GO_PLAIN_MOD), **_GO_TMP, "prog.go": _b(code)},
                         [go, "build", "-ldflags=-s -w", "-o", "prog", "."], ["prog"],
                         env=_GO_ENV, copy=[".gocache"]))
        for t in tests:
            p.run(b, ["{build}/prog"], t, env=run_env)
        return prelude
    for t in tests:
        own_main = re.search(r"\bfunc\s+TestMain\s*\(", code + "\n" + t) is not None
        files = {"go.mod": _b(_GO_MOD), **_GO_TMP, **_go_testify(),
                 "prog_test.go": _b(go_function_source(code, t))}
        if not own_main:
            files["execir_main_test.go"] = _b(shims.GO_TEST_MAIN)
        b = p.add(_build("go", tc, prelude, files,
                         [go, "test", "-c", "-ldflags=-s -w", "-o", "prog.test", "."],
                         ["prog.test"], env=_GO_ENV, copy=[".gocache"]))
        p.run(b, ["{build}/prog.test", "-test.count=1"], t,
              env=run_env, t_record=not own_main, need_r=not own_main)
    return prelude


def _plan_rust(p: _Plan, code: str, tests: Sequence, limits, tc: Toolchain) -> Any:
    prelude = _rust_prelude(tc)
    env = {"RUST_BACKTRACE": "0"}
    if p.style == "io":
        b = p.add(_rust_build(tc, prelude, code, test=False))
        for t in tests:
            p.run(b, ["{build}/prog"], t, env=env)
    else:
        for t in tests:
            b = p.add(_rust_build(tc, prelude, code + "\n" + t, test=True))
            p.run(b, ["{build}/prog", "--test-threads=1", "-q"], t, env=env, libtest=True)
    return prelude


def _plan_script(p: _Plan, lang: str, code: str, tests: Sequence, limits, tc: Toolchain) -> Any:
    """JavaScript, Ruby and Python programs: one harness runs each test against the script."""
    if lang == "python" and p.style != "io":
        raise ValueError("Python test statements run in the in-process runner, not as programs")
    ext, tool, text = {"javascript": ("js", "node", shims.JS_HARNESS),
                       "ruby": ("rb", "ruby", shims.RUBY_HARNESS),
                       "python": ("py", "python", shims.PYTHON_HARNESS)}[lang]
    exe = tc.tools[tool]
    check = {"javascript": [exe, "-e", "0"], "ruby": [exe, "-e", "0"],
             "python": [exe, "-s", "-P", "-c", "pass"]}[lang]
    prelude = _script_prelude(lang, tc, f"harness.{ext}", text, check)
    head = {"javascript": [exe, f"--max-old-space-size={limits.memory_mb}"],
            "ruby": [exe], "python": [exe, "-s", "-P"]}[lang]
    env = {"python": {"OPENBLAS_NUM_THREADS": "1", "OMP_NUM_THREADS": "1",
                      "MKL_NUM_THREADS": "1"}}.get(lang, {})
    files = {f"program.{ext}": _b(code)}
    if p.style == "function":
        files.update({f"test_{i}.{ext}": _b(t) for i, t in enumerate(tests)})
    b = p.add(_build(lang, tc, prelude, files, None))
    for i, t in enumerate(tests):
        argv = head + [f"{{prelude}}/harness.{ext}", p.style if p.style == "io" else "func",
                       f"{{build}}/program.{ext}"]
        if p.style == "function":
            argv.append(f"{{build}}/test_{i}.{ext}")
        p.run(b, argv, t, env=env, t_record=True)
    return prelude


_PLANNERS = {"cpp": _plan_cpp, "java": _plan_java, "go": _plan_go, "rust": _plan_rust}
