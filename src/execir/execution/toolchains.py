"""Toolchains of the languages the oracle runs: the installed compilers and interpreters.

The languages and their aliases are :data:`execir.records.LANGUAGES` / :data:`~execir.records.ALIASES`. A language whose
toolchain is not on ``PATH`` is reported once per process with a
:class:`ToolchainMissingWarning` and its pairs get ``ERROR:ToolchainMissing`` (never cached).
"""

from __future__ import annotations

import os
import platform
import shutil
import subprocess
import sys
import threading
import warnings
from dataclasses import dataclass, field

# the names and aliases live with the records' language field (:mod:`execir.records`), the lowest user
from execir.records import ALIASES, LANGUAGES, canonical  # noqa: F401  (re-exported)


class ToolchainMissingWarning(UserWarning):
    """A language's compiler or interpreter is not installed; its pairs are not run."""


@dataclass(frozen=True)
class Toolchain:
    """An installed toolchain: ``version`` goes into the cache keys, ``tools`` are absolute
    paths of the programs the sandbox runs."""

    language: str
    version: str
    tools: dict[str, str] = field(default_factory=dict)


# ---- toolchains ---------------------------------------------------------------------------------

_TOOLCHAINS: dict[str, Toolchain | None] = {}
_WARNED: set[str] = set()
_LOCK = threading.Lock()
#: language -> the programs its toolchain needs and how to install them (for error messages)
INSTALL_HINTS = {"cpp": "g++ (apt-get install g++)", "java": "javac and java (apt-get install default-jdk)",
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
        # the interpreter itself, not a virtual environment's link to it: a venv under /tmp (a
        # fresh checkout's) is hidden inside the sandbox, and stdin/stdout programs get the
        # standard library only either way
        return Toolchain("python", f"python {platform.python_version()}",
                         {"python": os.path.realpath(sys.executable)})
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
            warnings.warn(f"execir: no {name} toolchain found (needs {INSTALL_HINTS.get(name, name)}); "
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
