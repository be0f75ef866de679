"""Source text of the harnesses and stand-in libraries the non-Python runners compile.

The sources are package data under ``execir/execution/harness/<language>/``, read once when
this module is imported (in the calling process, which puts them into each plan; the worker
never reads them, so a sandbox that hides the source folder does not matter). Each is written
into the sandbox by the worker and built once per worker (the "prelude", see
:mod:`execir.execution.programs`). The harnesses write records on fd 3 -- ``<nonce> T`` (the
test starts), ``R <code>`` (it returned), ``F <name>`` (it failed; ``-`` for a failed
assertion), ``E <name>`` (the program did not load) -- which the worker reads to classify each
test (:mod:`execir.execution.outcomes`).
"""

from __future__ import annotations

from pathlib import Path

_HARNESS = Path(__file__).resolve().parent / "harness"


def _source(path: str) -> str:
    """The text of ``harness/<path>`` (UTF-8, byte for byte: no newline translation)."""
    return (_HARNESS / path).read_bytes().decode("utf-8")


#: C++ harness (``execir_harness.o``, linked with ``-Wl,--wrap=main``).
CPP_HARNESS = _source("cpp/execir_harness.cpp")
#: Java harness (``ExecirHarness <class> [args]``).
JAVA_HARNESS = _source("java/ExecirHarness.java")
#: JavaScript harness (``node harness.js <io|func> program.js [test.js]``).
JS_HARNESS = _source("javascript/harness.js")
#: Ruby harness (``ruby harness.rb <io|func> program.rb [test.rb]``).
RUBY_HARNESS = _source("ruby/harness.rb")
#: Python harness for stdin/stdout programs (``python harness.py io program.py``).
PYTHON_HARNESS = _source("python/harness.py")
#: Go harness: a ``TestMain`` added next to the test file.
GO_TEST_MAIN = _source("go/execir_main_test.go")
#: Stand-in for ``github.com/stretchr/testify/assert``.
GO_ASSERT = _source("go/testify/assert/assert.go")
#: Stand-in for ``github.com/stretchr/testify/require``.
GO_REQUIRE = _source("go/testify/require/require.go")
#: ``go.mod`` of the testify stand-in module (wired in with a ``replace`` directive).
GO_TESTIFY_MOD = _source("go/testify/go.mod")
#: Stand-in for the ``rand`` crate (0.7 API subset, fixed seed).
RUST_RAND = _source("rust/rand.rs")
#: Stand-in for the ``regex`` crate (small backtracking engine, no captures).
RUST_REGEX = _source("rust/regex.rs")
#: Stand-in for the ``md5`` crate.
RUST_MD5 = _source("rust/md5.rs")
