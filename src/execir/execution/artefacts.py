"""Compiled artefacts of the non-Python runners: the archive format and the on-disk build cache.

A compile step in the sandbox produces files (a binary, ``.class`` files); the worker packs them
into one archive -- ``EXECIRA1``, a count, then per file its name, mode and bytes, and a
SHA-256 of everything before it -- and sends it to the calling process, which stores it in the
build cache: ``<cache root>/build/<language>/<key[:2]>/<key>.art`` (:func:`build_cache_dir`),
written to a temporary file in the same folder and renamed into place, so a reader sees a whole
archive or none. ``key`` is the SHA-256 of the language, toolchain version, compiler command and
every source file (see :mod:`execir.execution.languages`). A later pair with the same key gets
the archive from the cache instead of compiling; a damaged archive (checksum, format) is deleted
and rebuilt. Stdlib only: the worker imports this module.
"""

from __future__ import annotations

import hashlib
import os
import struct
from pathlib import Path

_MAGIC = b"EXECIRA1"
_COUNT = struct.Struct(">I")
_ENTRY = struct.Struct(">HIQ")  # name length, mode, data length
#: the largest archive stored or accepted (a Go test binary is about 2 MB, a Rust one 5 MB)
MAX_ARCHIVE_BYTES = 256 * 2**20
BUILD_DIR = "build"


class ArchiveError(ValueError):
    """An archive that is damaged, too large or names a file outside its folder."""


def _safe_name(name: str) -> str:
    parts = name.split("/")
    if (not name or name.startswith("/") or any(p in ("", ".", "..") for p in parts)
            or "\0" in name):
        raise ArchiveError(f"unsafe file name in archive: {name!r}")
    return name


def pack(entries: list[tuple[str, int, bytes]]) -> bytes:
    """One archive of ``(relative path, mode, data)`` entries (mode: ``0o755`` or ``0o644``)."""
    out = [_MAGIC, _COUNT.pack(len(entries))]
    for name, mode, data in entries:
        raw = _safe_name(name).encode("utf-8")
        out += [_ENTRY.pack(len(raw), mode & 0o777, len(data)), raw, data]
    body = b"".join(out)
    return body + hashlib.sha256(body).digest()


def unpack(blob: bytes) -> list[tuple[str, int, bytes]]:
    """The entries of an archive made by :func:`pack`; :class:`ArchiveError` when damaged."""
    if len(blob) < len(_MAGIC) + _COUNT.size + 32 or not blob.startswith(_MAGIC):
        raise ArchiveError("not an execir archive")
    body, digest = blob[:-32], blob[-32:]
    if hashlib.sha256(body).digest() != digest:
        raise ArchiveError("archive checksum mismatch")
    pos = len(_MAGIC)
    (count,) = _COUNT.unpack_from(body, pos)
    pos += _COUNT.size
    entries = []
    for _ in range(count):
        if pos + _ENTRY.size > len(body):
            raise ArchiveError("truncated archive")
        name_len, mode, size = _ENTRY.unpack_from(body, pos)
        pos += _ENTRY.size
        name = _safe_name(body[pos:pos + name_len].decode("utf-8", "strict"))
        pos += name_len
        if pos + size > len(body):
            raise ArchiveError("truncated archive")
        entries.append((name, mode, body[pos:pos + size]))
        pos += size
    if pos != len(body):
        raise ArchiveError("trailing bytes in archive")
    return entries


def extract(blob: bytes, folder: str) -> None:
    """Write the archive's files under ``folder`` (which must exist), folders ``0o755``."""
    for name, mode, data in unpack(blob):
        path = os.path.join(folder, name)
        os.makedirs(os.path.dirname(path), mode=0o755, exist_ok=True)
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW, mode & 0o755)
        try:
            view = memoryview(data)
            while view:
                view = view[os.write(fd, view):]
        finally:
            os.close(fd)


def build_cache_dir(cache_dir: str | os.PathLike[str] | None = None) -> Path:
    """The build cache folder: ``<cache root>/build`` (:func:`execir.paths.cache_root`)."""
    from execir.paths import cache_root

    return cache_root(cache_dir) / BUILD_DIR


#: default bound of the build cache (bytes of archives)
DEFAULT_MAX_BYTES = 2 * 2**30
#: stores between two checks of the bound (the first store checks too)
CHECK_EVERY = 50
#: a cache over its bound is trimmed to this share of it (so the next stores do not trim again)
TRIM_TO = 0.8


class BuildCache:
    """Archives of compiled programs under ``root``, one file per build key (module docstring).

    Bounded: on its first store and every :data:`CHECK_EVERY` stores after, a cache holding more
    than ``max_bytes`` of archives removes the least recently used ones (oldest modification
    time; a read counts as a use) until it holds at most :data:`TRIM_TO` of that.  A removed
    archive is compiled again when next needed.

    Never raises for a missing, unreadable or damaged entry (it is rebuilt); a cache folder that
    cannot be written only means nothing is stored.
    """

    def __init__(self, root: str | os.PathLike[str], max_bytes: int = DEFAULT_MAX_BYTES):
        if max_bytes < 0:
            raise ValueError(f"max_bytes must be >= 0, got {max_bytes}")
        self.root = Path(root)
        self.max_bytes = max_bytes
        self._stores = 0

    def size(self) -> tuple[int, list[tuple[float, str, int]]]:
        """``(total bytes, [(mtime, path, bytes), ...])`` of the archives stored now."""
        found = []
        for sub, _, names in os.walk(self.root):
            for name in names:
                if name.endswith(".art") and not name.startswith("."):
                    try:
                        st = os.stat(os.path.join(sub, name))
                    except FileNotFoundError:
                        continue  # removed by another process meanwhile
                    found.append((st.st_mtime, os.path.join(sub, name), st.st_size))
        return sum(f[2] for f in found), found

    def trim(self) -> int:
        """Apply the bound now (class docstring); returns the bytes removed."""
        total, found = self.size()
        if total <= self.max_bytes:
            return 0
        freed = 0
        for _, path, size in sorted(found):
            if total - freed <= TRIM_TO * self.max_bytes:
                break
            try:
                os.unlink(path)
            except OSError:  # gone already, or not ours to remove: the bound is best effort
                continue
            freed += size
        return freed

    def path(self, language: str, key: str) -> Path:
        return self.root / language / key[:2] / f"{key}.art"

    def get(self, language: str, key: str) -> bytes | None:
        """The archive for ``key``, or None (absent, unreadable or damaged: then deleted)."""
        path = self.path(language, key)
        try:
            with open(path, "rb") as fh:
                blob = fh.read(MAX_ARCHIVE_BYTES + 1)
        except OSError:
            return None
        try:
            if len(blob) > MAX_ARCHIVE_BYTES:
                raise ArchiveError("too large")
            unpack(blob)
        except (ArchiveError, UnicodeDecodeError, struct.error):
            try:
                path.unlink()
            except OSError:
                pass
            return None
        try:
            os.utime(path)  # its last use, for `execir cache prune` (best effort, as the class says)
        except OSError:
            pass
        return blob

    def put(self, language: str, key: str, blob: bytes) -> None:
        """Store an archive atomically (temporary file + rename); errors are ignored."""
        if len(blob) > MAX_ARCHIVE_BYTES:
            return
        path = self.path(language, key)
        tmp = path.with_name(f".{key}.{os.getpid()}.{os.urandom(4).hex()}.tmp")
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            with open(tmp, "wb") as fh:
                fh.write(blob)
                fh.flush()
                os.fsync(fh.fileno())
            os.replace(tmp, path)
        except OSError:
            try:
                tmp.unlink()
            except OSError:
                pass
            return
        if self._stores % CHECK_EVERY == 0:
            self.trim()
        self._stores += 1
