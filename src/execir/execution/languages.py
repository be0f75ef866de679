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

import hashlib
import json
import os
import platform
import re
import shutil
import subprocess
import sys
import threading
import warnings
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from execir.execution import shims

LANGUAGES = ("python", "cpp", "java", "go", "ruby", "javascript", "rust")
ALIASES = {"c++": "cpp", "cxx": "cpp", "js": "javascript", "node": "javascript",
           "nodejs": "javascript", "golang": "go", "py": "python", "python3": "python",
           "rb": "ruby", "rs": "rust"}
#: the program runner's version: part of every non-Python cache key
PROGRAM_RUNNER_VERSION = "execir-program-1"
COMPARE_MODES = ("exact", "tokens")
#: limits of every compiler run (its time limit is ``Limits.compile_timeout``)
COMPILE_LIMITS = {"memory_mb": 4096, "nproc": 512, "nofile": 1024, "fsize_mb": 512}
#: address space allowed above ``Limits.memory_mb`` for each runtime's own reservations (the
#: JVM, V8 and Go reserve hundreds of MiB before the program allocates anything)
MEMORY_OVERHEAD_MB = {"cpp": 64, "rust": 256, "python": 256, "ruby": 256, "javascript": 1024,
                      "go": 1024, "java": 1024}
#: headers put before a function-level C++ snippet (as HumanEval-X's upstream harness does)
CPP_PROLOGUE = "".join(f"#include<{h}>\n" for h in (
    "stdlib.h", "algorithm", "math.h", "stdio.h", "vector", "string", "climits", "cstring",
    "iostream", "cassert"))
_JVM_FLAGS = ["-XX:+UseSerialGC", "-XX:TieredStopAtLevel=1", "-XX:ReservedCodeCacheSize=64m",
              "-XX:CompressedClassSpaceSize=64m", "-XX:MaxMetaspaceSize=256m",
              "-XX:-UsePerfData", "-Xshare:auto"]
_GO_ENV = {"GOCACHE": "{work}/.gocache", "GOPATH": "{work}/.gopath", "GOFLAGS": "-mod=mod",
           "GOPROXY": "off", "GOSUMDB": "off", "GOTOOLCHAIN": "local", "GOTELEMETRY": "off",
           "CGO_ENABLED": "0", "GO111MODULE": "on", "GOENV": "off", "GOWORK": "off",
           "TMPDIR": "{work}/.tmp"}  # go ignores a go.mod in the temp folder itself
_GO_TMP = {".tmp/.keep": b""}
_GO_MOD = ("module execir.local/prog\n\ngo 1.18\n\nrequire github.com/stretchr/testify v1.8.4\n\n"
           "replace github.com/stretchr/testify => ./testify\n")
_GO_PLAIN_MOD = "module execir.local/prog\n\ngo 1.18\n"
_GO_WARM_IMPORTS = ("bufio", "bytes", "container/heap", "crypto/md5", "errors", "fmt", "math",
                    "math/rand", "os", "reflect", "regexp", "sort", "strconv", "strings", "time",
                    "unicode")
_RUST_CRATES = ("rand", "regex", "md5")


class ToolchainMissingWarning(UserWarning):
    """A language's compiler or interpreter is not installed; its pairs are not run."""


@dataclass(frozen=True)
class Toolchain:
    """An installed toolchain: ``version`` goes into the cache keys, ``tools`` are absolute
    paths of the programs the sandbox runs."""

    language: str
    version: str
    tools: dict[str, str] = field(default_factory=dict)


def canonical(language: str) -> str:
    """The canonical name of ``language`` (aliases resolved); ValueError when unknown."""
    if not isinstance(language, str):
        raise TypeError(f"language must be a str, got {type(language).__name__}")
    name = language.strip().lower()
    name = ALIASES.get(name, name)
    if name not in LANGUAGES:
        raise ValueError(f"unknown language {language!r}; choose one of {', '.join(LANGUAGES)}")
    return name


# ---- toolchains ---------------------------------------------------------------------------------

_TOOLCHAINS: dict[str, Toolchain | None] = {}
_WARNED: set[str] = set()
_LOCK = threading.Lock()
_HINTS = {"cpp": "g++ (apt-get install g++)", "java": "javac and java (apt-get install default-jdk)",
          "go": "go (apt-get install golang-go)", "ruby": "ruby (apt-get install ruby)",
          "javascript": "node (apt-get install nodejs)", "rust": "rustc (rustup or apt-get install rustc)"}


def _output(argv: list[str]) -> str | None:
    try:
        done = subprocess.run(argv, capture_output=True, timeout=30, stdin=subprocess.DEVNULL)
    except (OSError, subprocess.SubprocessError):
        return None
    if done.returncode != 0:
        return None
    return (done.stdout or done.stderr).decode("utf-8", "replace").strip()


def _real(name: str) -> str | None:
    found = shutil.which(name)
    return os.path.realpath(found) if found else None


def _read_release(path: str, key: str) -> str | None:
    try:
        with open(path, encoding="utf-8") as fh:
            for line in fh:
                if line.startswith(key + "="):
                    return line.split("=", 1)[1].strip().strip('"')
    except OSError:
        return None
    return None


def _find(language: str) -> Toolchain | None:
    if language == "python":
        return Toolchain("python", f"python {platform.python_version()}",
                         {"python": sys.executable})
    if language == "cpp":
        gxx = _real("g++")
        version = gxx and _output([gxx, "-dumpfullversion"])
        return Toolchain("cpp", f"g++ {version}", {"g++": gxx}) if version else None
    if language == "java":
        javac, java = _real("javac"), _real("java")
        if not (javac and java):
            return None
        home = os.path.dirname(os.path.dirname(javac))
        version = _read_release(os.path.join(home, "release"), "JAVA_VERSION")
        if version is None:
            text = _output([javac, "-version"])
            version = text.split()[-1] if text else None
        return Toolchain("java", f"javac {version}", {"javac": javac, "java": java}) \
            if version else None
    if language == "go":
        go = _real("go")
        if not go:
            return None
        version = None
        try:
            with open(os.path.join(os.path.dirname(os.path.dirname(go)), "VERSION")) as fh:
                version = fh.readline().strip() or None
        except OSError:
            pass
        version = version or _output([go, "env", "GOVERSION"])
        return Toolchain("go", version, {"go": go}) if version else None
    if language == "ruby":
        ruby = _real("ruby")
        version = ruby and _output([ruby, "--version"])
        return Toolchain("ruby", version.split(" [")[0], {"ruby": ruby}) if version else None
    if language == "javascript":
        node = _real("node") or _real("nodejs")
        version = node and _output([node, "--version"])
        return Toolchain("javascript", f"node {version}", {"node": node}) if version else None
    if language == "rust":
        rustc = shutil.which("rustc")
        sysroot = rustc and _output([rustc, "--print", "sysroot"])
        real = os.path.join(sysroot, "bin", "rustc") if sysroot else None
        if not (real and os.path.isfile(real)):
            real = rustc and os.path.realpath(rustc)
        version = real and _output([real, "--version"])
        return Toolchain("rust", version, {"rustc": real}) if version else None
    raise ValueError(language)


def toolchain(language: str, *, warn: bool = True) -> Toolchain | None:
    """The installed toolchain of ``language`` (found once per process), or None -- then, with
    ``warn``, one :class:`ToolchainMissingWarning` per process."""
    name = canonical(language)
    with _LOCK:
        if name not in _TOOLCHAINS:
            _TOOLCHAINS[name] = _find(name)
        found = _TOOLCHAINS[name]
        if found is None and warn and name not in _WARNED:
            _WARNED.add(name)
            warnings.warn(f"execir: no {name} toolchain found (needs {_HINTS.get(name, name)}); "
                          f"{name} pairs are recorded as ERROR:ToolchainMissing",
                          ToolchainMissingWarning, stacklevel=3)
    return found


def available_languages() -> list[str]:
    """The languages whose toolchain is installed here (no warning for the others)."""
    return [name for name in LANGUAGES if toolchain(name, warn=False) is not None]


def toolchain_dirs() -> list[str]:
    """Folders the sandbox must be able to read for the toolchains on ``PATH`` (cheap: no
    subprocess; used when a worker sets up its mount namespace)."""
    dirs = set()
    for name in ("g++", "javac", "java", "go", "ruby", "node"):
        path = _real(name)
        if path:
            dirs.add(os.path.dirname(os.path.dirname(path)))
    # rustc on PATH is usually rustup's proxy (under ~/.cargo, which may hold credentials): only
    # the toolchains' folder is exposed; the runner execs the real rustc inside it
    rustup = os.environ.get("RUSTUP_HOME") or os.path.expanduser("~/.rustup")
    if os.path.isdir(rustup):
        dirs.add(os.path.realpath(rustup))
    return sorted(dirs)


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

def _sha(*parts: object) -> str:
    return hashlib.sha256(json.dumps(parts, sort_keys=True, ensure_ascii=False,
                                     default=lambda b: hashlib.sha256(b).hexdigest()
                                     ).encode("utf-8", "surrogatepass")).hexdigest()


def _b(text: str) -> bytes:
    return text.encode("utf-8", "surrogatepass")


def _prelude(lang: str, tc: Toolchain, *, install: dict | None = None, files: dict | None = None,
             steps: list | None = None, keep: list | None = None, env: dict | None = None) -> dict:
    spec = {"install": install or {}, "files": files or {}, "steps": steps or [],
            "keep": keep or [], "env": env or {}}
    spec["key"] = _sha("prelude", lang, tc.version, spec)
    return spec


def _build(lang: str, tc: Toolchain, prelude: dict | None, files: dict, argv: list | None,
           outputs: list | None = None, env: dict | None = None, copy: list | None = None) -> dict:
    spec = {"files": files, "argv": argv, "outputs": outputs or [], "env": env or {},
            "copy": copy or []}
    spec["key"] = _sha("build", PROGRAM_RUNNER_VERSION, lang, tc.version,
                       prelude["key"] if prelude else None, spec)
    return spec


# -- C++

def _cpp_prelude(tc: Toolchain) -> dict:
    return _prelude("cpp", tc, files={"execir_harness.cpp": _b(shims.CPP_HARNESS)},
                    steps=[[tc.tools["g++"], "-std=c++17", "-O2", "-c", "execir_harness.cpp",
                            "-o", "execir_harness.o"]],
                    keep=["execir_harness.o"])


def _cpp_build(tc, prelude, source: str) -> dict:
    argv = [tc.tools["g++"], "-std=c++17", "-O2", "-o", "prog", "prog.cpp",
            "{prelude}/execir_harness.o", "-Wl,--wrap=main"]
    if "openssl/" in source:
        argv.append("-lcrypto")
    return _build("cpp", tc, prelude, {"prog.cpp": _b(source)}, argv, ["prog"])


# -- Java

_JAVA_IMPORT = re.compile(r"^[ \t]*import[ \t]+(?:static[ \t]+)?[\w.]+(?:[ \t]*\.[ \t]*\*)?[ \t]*;[ \t]*$",
                          re.MULTILINE)
_JAVA_PACKAGE = re.compile(r"^[ \t]*package[ \t]+[\w.]+[ \t]*;[ \t]*$", re.MULTILINE)
_JAVA_PUBLIC = re.compile(r"^[ \t]*public[ \t]+(?:(?:final|abstract|strictfp)[ \t]+)*"
                          r"(?:class|interface|enum|record)[ \t]+([A-Za-z_$][\w$]*)", re.MULTILINE)
_JAVA_CLASS = re.compile(r"\b(?:class|enum|record)\s+([A-Za-z_$][\w$]*)")
_JAVA_MAIN = re.compile(r"\bstatic\s+(?:final\s+)?void\s+main\s*\(")


def _java_prelude(tc: Toolchain) -> dict:
    return _prelude("java", tc, files={"ExecirHarness.java": _b(shims.JAVA_HARNESS)},
                    steps=[[tc.tools["javac"], *(f"-J{f}" for f in _JVM_FLAGS[:2]), "-J-Xmx512m",
                            "-encoding", "UTF-8", "-nowarn", "-proc:none", "-d", "classes",
                            "ExecirHarness.java"]],
                    keep=["classes"], env={"MALLOC_ARENA_MAX": "2"})


def _java_main_class(source: str, default: str = "Main") -> str:
    match = _JAVA_MAIN.search(source)
    if not match:
        return default
    names = _JAVA_CLASS.findall(source[:match.start()])
    return names[-1] if names else default


def _java_build(tc, prelude, source: str) -> dict:
    public = _JAVA_PUBLIC.search(source)
    name = public.group(1) if public else _java_main_class(source)
    argv = [tc.tools["javac"], *(f"-J{f}" for f in _JVM_FLAGS[:2]), "-J-Xmx1g", "-encoding",
            "UTF-8", "-nowarn", "-proc:none", "-d", "classes", f"{name}.java"]
    return _build("java", tc, prelude, {f"{name}.java": _b(source)}, argv, ["classes"],
                  env={"MALLOC_ARENA_MAX": "2"})


def _java_run(tc, limits, main_class: str) -> dict:
    return {"argv": [tc.tools["java"], f"-Xmx{limits.memory_mb}m", *_JVM_FLAGS, "-ea", "-cp",
                     "{build}/classes:{prelude}/classes", "ExecirHarness", main_class],
            "env": {"MALLOC_ARENA_MAX": "2"}, "t_record": True}


def java_function_source(code: str, test: str) -> tuple[str, str]:
    """The one Java file of a function-level test, and the class whose ``main`` runs it."""
    imports = _JAVA_IMPORT.findall(test)
    body = _JAVA_IMPORT.sub("", test)
    code = _JAVA_PACKAGE.sub("", code)
    head = "\n".join(i.strip() for i in imports)
    classes = _JAVA_CLASS.findall(body)
    return (head + "\n" if head else "") + code + "\n" + body, classes[0] if classes else "Main"


# -- Go

_GO_IDENT = re.compile(r"[A-Za-z_][A-Za-z0-9_]*|\.")


def _go_skip(src: str, i: int) -> int:
    """Skip whitespace, semicolons and comments from ``i``."""
    n = len(src)
    while i < n:
        if src[i] in " \t\r\n;":
            i += 1
        elif src.startswith("//", i):
            j = src.find("\n", i)
            i = n if j < 0 else j + 1
        elif src.startswith("/*", i):
            j = src.find("*/", i + 2)
            i = n if j < 0 else j + 2
        else:
            break
    return i


def _go_string(src: str, i: int) -> int:
    """The end of the string literal starting at ``i`` (``"..."`` or a raw string)."""
    quote = src[i]
    j = i + 1
    while j < len(src) and src[j] != quote:
        j += 2 if quote == '"' and src[j] == "\\" else 1
    return j + 1


def go_split(src: str) -> tuple[list[str], str]:
    """``(import specs, rest)`` of a Go file or fragment: the package clause is dropped, the
    leading import declarations are returned one spec per item (``alias "path"`` or
    ``"path"``) and ``rest`` is everything after them."""
    i = _go_skip(src, 0)
    if re.match(r"package\b", src[i:]):
        j = src.find("\n", i)
        i = len(src) if j < 0 else j + 1
    specs: list[str] = []
    end = i
    while True:
        i = _go_skip(src, end)
        if not re.match(r"import\b", src[i:]):
            break
        i = _go_skip(src, i + len("import"))
        group = i < len(src) and src[i] == "("
        if group:
            i += 1
        while i < len(src):
            i = _go_skip(src, i)
            if i >= len(src) or (group and src[i] == ")"):
                i += 1
                break
            alias = ""
            m = _GO_IDENT.match(src, i)
            if m and src[i] not in "\"`":
                alias, i = m.group(0), _go_skip(src, m.end())
            if i >= len(src) or src[i] not in "\"`":
                raise ValueError("malformed import declaration")
            j = _go_string(src, i)
            specs.append(f"{alias} {src[i:j]}".strip())
            i = j
            if not group:
                break
        end = i
    return specs, src[end:]


#: standard packages a function-level Go file gets when its code uses them without importing
#: them (HumanEval-X's harness adds the same ones)
GO_IMPORT_HELPER = ("math", "strings", "fmt", "strconv", "time", "bytes", "regexp", "sort",
                    "math/rand", "crypto/md5", "unicode")


def _go_code_only(src: str) -> str:
    """``src`` with comments and string/rune literals blanked (for finding ``pkg.`` uses)."""
    out, i, n = [], 0, len(src)
    while i < n:
        c = src[i]
        if src.startswith("//", i):
            j = src.find("\n", i)
            i = n if j < 0 else j
        elif src.startswith("/*", i):
            j = src.find("*/", i + 2)
            i = n if j < 0 else j + 2
            out.append(" ")
        elif c in "\"`'":
            j = i + 1
            while j < n and src[j] != c and not (c != "`" and src[j] == "\n"):
                j += 2 if c != "`" and src[j] == "\\" else 1
            i = j + 1
            out.append(" ")
        else:
            out.append(c)
            i += 1
    return "".join(out)


def _go_spec_name(spec: str) -> str:
    parts = spec.split()
    if len(parts) == 2:
        return parts[0]
    return parts[0].strip("\"`").rsplit("/", 1)[-1]


def go_function_source(code: str, test: str) -> str:
    """The ``_test.go`` file of a function-level Go test (see the module docstring).

    Imports are repaired as HumanEval-X's harness does: the imports of code and test are merged,
    an import no code uses is dropped (Go rejects unused imports), and a package of
    :data:`GO_IMPORT_HELPER` that the code uses without importing it is added.
    """
    try:
        code_imports, code_body = go_split(code)
        test_imports, test_body = go_split(test)
    except ValueError:  # leave it to the compiler to say what is wrong
        return "package main\n\n" + code + "\n\n" + test
    used = set(re.findall(r"\b([A-Za-z_][A-Za-z0-9_]*)\s*\.", _go_code_only(code_body + "\n" + test_body)))
    specs = [s for s in dict.fromkeys(test_imports + code_imports)
             if _go_spec_name(s) in ("_", ".") or _go_spec_name(s) in used]
    names = {_go_spec_name(s) for s in specs}
    specs += [f'"{p}"' for p in GO_IMPORT_HELPER
              if p.rsplit("/", 1)[-1] in used and p.rsplit("/", 1)[-1] not in names]
    head = "package main\n\n"
    if specs:
        head += "import (\n" + "".join(f"\t{s}\n" for s in specs) + ")\n"
    return head + "\n" + code_body.strip("\n") + "\n\n" + test_body.strip("\n") + "\n"


def _go_testify() -> dict:
    return {"testify/go.mod": _b(shims.GO_TESTIFY_MOD),
            "testify/assert/assert.go": _b(shims.GO_ASSERT),
            "testify/require/require.go": _b(shims.GO_REQUIRE)}


def _go_prelude(tc: Toolchain) -> dict:
    uses = "".join(f"\t_ = {p.split('/')[-1]}.{sym}\n" for p, sym in (
        ("bufio", "NewReader"), ("bytes", "Compare"), ("container/heap", "Init"),
        ("crypto/md5", "Sum"), ("errors", "New"), ("fmt", "Sprint"), ("math", "Abs"),
        ("math/rand", "Intn"), ("os", "Exit"), ("reflect", "DeepEqual"),
        ("regexp", "MustCompile"), ("sort", "Ints"), ("strconv", "Itoa"),
        ("strings", "Split"), ("time", "Now"), ("unicode", "IsDigit")))
    imports = "import (\n" + "".join(f'\t"{p}"\n' for p in _GO_WARM_IMPORTS)
    warm_test = ("package main\n\n" + imports + '\t"testing"\n\t"github.com/stretchr/testify/assert"\n'
                 '\t"github.com/stretchr/testify/require"\n)\n\nfunc TestWarm(t *testing.T) {\n'
                 + uses + "\tassert.Equal(t, 1, 1)\n\trequire.True(t, true)\n}\n")
    warm_main = "package main\n\n" + imports + ")\n\nfunc main() {\n" + uses + "}\n"
    files = {"go.mod": _b(_GO_MOD), **_GO_TMP, **_go_testify(), "warm_test.go": _b(warm_test),
             "cmd/warm/main.go": _b(warm_main)}
    go = tc.tools["go"]
    return _prelude("go", tc, files=files, env=_GO_ENV, keep=[".gocache"],
                    steps=[[go, "test", "-c", "-ldflags=-s -w", "-o", "warm.test", "."],
                           [go, "build", "-ldflags=-s -w", "-o", "warm", "./cmd/warm"]])


# -- Rust

def _rust_prelude(tc: Toolchain) -> dict:
    sources = {"rand": shims.RUST_RAND, "regex": shims.RUST_REGEX, "md5": shims.RUST_MD5}
    steps = [[tc.tools["rustc"], "--edition", "2021", "--crate-type", "rlib", "--crate-name", name,
              "-O", "-A", "warnings", "-o", f"lib{name}.rlib", f"{name}.rs"] for name in _RUST_CRATES]
    return _prelude("rust", tc, files={f"{n}.rs": _b(s) for n, s in sources.items()},
                    steps=steps, keep=[f"lib{n}.rlib" for n in _RUST_CRATES])


def _rust_build(tc, prelude, source: str, test: bool) -> dict:
    argv = [tc.tools["rustc"], "--edition", "2021", "-A", "warnings", "-O", "-C", "strip=debuginfo"]
    if test:
        argv += ["-C", "overflow-checks=on", "-C", "debug-assertions=on", "--test"]
    argv += ["-L", "{prelude}"]
    for name in _RUST_CRATES:
        argv += ["--extern", f"{name}={{prelude}}/lib{name}.rlib"]
    argv += ["-o", "prog", "prog.rs"]
    return _build("rust", tc, prelude, {"prog.rs": _b(source)}, argv, ["prog"])


# -- interpreters

def _script_prelude(lang: str, tc: Toolchain, name: str, text: str, check: list[str]) -> dict:
    return _prelude(lang, tc, install={name: _b(text)}, steps=[check])


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
    """The worker's plan for one pair (see :mod:`execir.execution.programs`)."""
    lang = canonical(language)
    if compare not in COMPARE_MODES:
        raise ValueError(f"compare must be one of {COMPARE_MODES}, got {compare!r}")
    style = test_style(tests)
    memory = limits.memory_mb + MEMORY_OVERHEAD_MB[lang]
    builds: list[dict] = []
    index: dict[str, int] = {}

    def add(build: dict) -> int:
        if build["key"] not in index:
            index[build["key"]] = len(builds)
            builds.append(build)
        return index[build["key"]]

    runs: list[dict] = []
    prelude = None

    def run_entry(build: int, argv: list[str], test, **extra) -> dict:
        entry = {"build": build, "argv": argv, "memory_mb": memory, "env": {}}
        if style == "io":
            entry["stdin"] = _b(test["input"])
            entry["expected"] = test["output"]
        entry.update(extra)
        entry["env"] = dict(entry.get("env") or {})
        return entry

    if lang == "cpp":
        prelude = _cpp_prelude(tc)
        if style == "io":
            b = add(_cpp_build(tc, prelude, code))
            runs = [run_entry(b, ["{build}/prog"], t, t_record=True) for t in tests]
        else:
            for t in tests:
                b = add(_cpp_build(tc, prelude, CPP_PROLOGUE + code + "\n" + t))
                runs.append(run_entry(b, ["{build}/prog"], t, t_record=True))
    elif lang == "java":
        prelude = _java_prelude(tc)
        if style == "io":
            main = _java_main_class(code)
            b = add(_java_build(tc, prelude, _JAVA_PACKAGE.sub("", code)))
            runs = [run_entry(b, **_java_run(tc, limits, main), test=t) for t in tests]
        else:
            for t in tests:
                source, main = java_function_source(code, t)
                b = add(_java_build(tc, prelude, source))
                runs.append(run_entry(b, **_java_run(tc, limits, main), test=t))
    elif lang == "go":
        prelude = _go_prelude(tc)
        go = tc.tools["go"]
        run_env = {"GOMEMLIMIT": f"{limits.memory_mb}MiB"}
        if style == "io":
            b = add(_build("go", tc, prelude, {"go.mod": _b(_GO_PLAIN_MOD), **_GO_TMP,
                                               "prog.go": _b(code)},
                           [go, "build", "-ldflags=-s -w", "-o", "prog", "."], ["prog"],
                           env=_GO_ENV, copy=[".gocache"]))
            runs = [run_entry(b, ["{build}/prog"], t, env=run_env) for t in tests]
        else:
            for t in tests:
                own_main = re.search(r"\bfunc\s+TestMain\s*\(", code + "\n" + t) is not None
                files = {"go.mod": _b(_GO_MOD), **_GO_TMP, **_go_testify(),
                         "prog_test.go": _b(go_function_source(code, t))}
                if not own_main:
                    files["execir_main_test.go"] = _b(shims.GO_TEST_MAIN)
                b = add(_build("go", tc, prelude, files,
                               [go, "test", "-c", "-ldflags=-s -w", "-o", "prog.test", "."],
                               ["prog.test"], env=_GO_ENV, copy=[".gocache"]))
                runs.append(run_entry(b, ["{build}/prog.test", "-test.count=1"], t,
                                      env=run_env, t_record=not own_main, need_r=not own_main))
    elif lang == "rust":
        prelude = _rust_prelude(tc)
        env = {"RUST_BACKTRACE": "0"}
        if style == "io":
            b = add(_rust_build(tc, prelude, code, test=False))
            runs = [run_entry(b, ["{build}/prog"], t, env=env) for t in tests]
        else:
            for t in tests:
                b = add(_rust_build(tc, prelude, code + "\n" + t, test=True))
                runs.append(run_entry(b, ["{build}/prog", "--test-threads=1", "-q"], t, env=env,
                                      libtest=True))
    elif lang in ("javascript", "ruby", "python"):
        if lang == "python" and style != "io":
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
        if style == "function":
            files.update({f"test_{i}.{ext}": _b(t) for i, t in enumerate(tests)})
        b = add(_build(lang, tc, prelude, files, None))
        for i, t in enumerate(tests):
            argv = head + [f"{{prelude}}/harness.{ext}", style if style == "io" else "func",
                           f"{{build}}/program.{ext}"]
            if style == "function":
                argv.append(f"{{build}}/test_{i}.{ext}")
            runs.append(run_entry(b, argv, t, env=env, t_record=True))
    else:  # pragma: no cover - canonical() rejects everything else
        raise ValueError(lang)
    return {"lang": lang, "prelude": prelude, "builds": builds, "runs": runs, "compare": compare,
            "compile": dict(COMPILE_LIMITS)}
