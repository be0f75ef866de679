"""Folders and files of the program runner in the worker: sources written, artefacts collected.

Used by :mod:`execir.execution.programs` (preludes, builds, the working folder of each test) and
:mod:`execir.execution.program_child` (the output files a child wrote). Stdlib only: imported
by the worker at start-up, before the sandbox may hide the source folder.
"""

from __future__ import annotations

import os
import shutil
import stat

from execir.execution import artefacts

_COMPILE_MESSAGE_LINES = 20
_COMPILE_MESSAGE_CHARS = 4000


def _expand(text: str, dirs: dict[str, str]) -> str:
    for name, value in dirs.items():
        text = text.replace("{" + name + "}", value)
    return text


def _write_files(folder: str, files: dict[str, bytes], mode: int = 0o644) -> None:
    for name, data in files.items():
        artefacts._safe_name(name)
        path = os.path.join(folder, name)
        os.makedirs(os.path.dirname(path), mode=0o755, exist_ok=True)
        with open(path, "wb") as fh:
            fh.write(data)
        os.chmod(path, mode)


def _fresh_dir(path: str, mode: int = 0o755) -> None:
    if os.path.lexists(path):
        _rmtree(path)
    os.mkdir(path, mode)
    os.chmod(path, mode)


def _rmtree(path: str) -> None:
    def fix(func, target, exc_info):
        if isinstance(exc_info[1], PermissionError):
            os.chmod(os.path.dirname(target), 0o700)
            func(target)
        elif not isinstance(exc_info[1], FileNotFoundError):
            raise exc_info[1]

    if os.path.islink(path) or os.path.isfile(path):
        os.unlink(path)
    elif os.path.isdir(path):
        shutil.rmtree(path, onerror=fix)


def _chown_tree(path: str, uid: int) -> None:
    os.lchown(path, uid, uid)
    for root, dirs, files in os.walk(path):
        for name in dirs + files:
            os.lchown(os.path.join(root, name), uid, uid)


def _collect(work: str, outputs: list[str], cap: int) -> list[tuple[str, int, bytes]]:
    """The regular files named by ``outputs`` (files or folders, no links) under ``work``."""
    entries: list[tuple[str, int, bytes]] = []
    total = 0

    def add(rel: str) -> None:
        nonlocal total
        path = os.path.join(work, rel)
        fd = os.open(path, os.O_RDONLY | os.O_NOFOLLOW)
        try:
            st = os.fstat(fd)
            if not stat.S_ISREG(st.st_mode):
                raise OSError(f"{rel} is not a regular file")
            total += st.st_size
            if total > cap:
                raise OSError("the compiled program is too large")
            chunks = []
            while True:
                chunk = os.read(fd, 1 << 20)
                if not chunk:
                    break
                chunks.append(chunk)
        finally:
            os.close(fd)
        entries.append((rel, 0o755 if st.st_mode & 0o100 else 0o644, b"".join(chunks)))

    for out in outputs:
        path = os.path.join(work, out)
        st = os.lstat(path)
        if stat.S_ISDIR(st.st_mode):
            for root, dirs, files in os.walk(path):
                dirs[:] = sorted(d for d in dirs if not os.path.islink(os.path.join(root, d)))
                for name in sorted(files):
                    full = os.path.join(root, name)
                    if os.path.islink(full):
                        continue
                    add(os.path.relpath(full, work))
        else:
            add(out)
    return entries


def _read_head(path: str, size: int) -> bytes:
    try:
        with open(path, "rb") as fh:
            return fh.read(size)
    except OSError:
        return b""


def _first_lines(data: bytes) -> str:
    text = data.decode("utf-8", "replace")
    lines = text.splitlines()[:_COMPILE_MESSAGE_LINES]
    return "\n".join(lines)[:_COMPILE_MESSAGE_CHARS]
