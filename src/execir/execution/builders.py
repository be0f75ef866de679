"""Per-language plan builders of the non-Python runners: preludes, builds and run commands.

:func:`execir.execution.languages.plan` puts these together into one plan per pair. A prelude is
the language's harness and stand-in libraries (:mod:`execir.execution.shims`), built once per
worker; a build is the source files of one program plus its compiler command (none for an
interpreter), keyed by language, toolchain version, compiler command and source files.
"""

from __future__ import annotations

import hashlib
import json
import re

from execir.execution import shims
from execir.execution.toolchains import Toolchain

#: the program runner's version: part of every non-Python cache key
PROGRAM_RUNNER_VERSION = "execir-program-1"
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


# ---- builders ------------------------------------------------------------------------------------

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
