"""Releases shipped inside the package: fixed, versioned benchmark artefacts.

A shipped release is the output of ``execir build NAME`` with the default build settings
(:data:`SHIPPED_BUILD`), stored under ``execir/datasets/releases/NAME-vVERSION/`` as its
``manifest.json`` plus every other file gzip-compressed (:func:`pack_release`); it is unpacked
into the cache root on first use (:func:`shipped_release`).  ``execir run``
and ``execir evaluate`` use it after checking every file against its manifest and never build it
at run time; ``execir build NAME`` rebuilds it from its sources, byte for byte (a test checks).

Versioning rule: any change to the tasks, the mutation engine, the builder or the runner that
changes one byte of a shipped release makes a new version; numbers measured on different versions
are not comparable.
"""

from __future__ import annotations

import errno
import gzip
import hashlib
import json
import os
import shutil
import tempfile
import warnings
import zlib
from pathlib import Path
from typing import Any, Mapping

from execir.errors import DataError
from execir.formats.files import verify_release
from execir.paths import releases_dir

#: dataset name -> version of its shipped release
SHIPPED: dict[str, str] = {"execir-py": "1", "humaneval": "1"}
#: multitask (CoREB-format) releases shipped the same way, read by :mod:`execir.formats.sources`
SHIPPED_MULTITASK: dict[str, str] = {"execir-poly": "2"}
#: the build settings of every shipped release (anything else is built at run time, cached)
SHIPPED_BUILD: dict[str, Any] = {"seed": 0, "extended": False, "min_distractors": 0,
                                 "fill_extended": 3, "amplify": False, "stacked": False,
                                 "families": "star"}
RELEASES_ROOT = Path(__file__).resolve().parent / "releases"


def is_shipped_build(name: str, path: Any, settings: Mapping[str, Any]) -> bool:
    """True when building dataset ``name`` from its packaged source (``path`` None) with
    ``settings`` (any of :data:`SHIPPED_BUILD`'s keys; missing ones mean their default) makes
    its shipped release."""
    return name in SHIPPED and path is None and all(
        settings.get(key, default) == default for key, default in SHIPPED_BUILD.items())


def shipped_folder(name: str) -> Path:
    """Where the packaged (compressed) release of ``name`` lives (``KeyError`` if none is
    shipped): ``manifest.json`` as written, every other file as ``<file>.gz``."""
    return RELEASES_ROOT / f"{name}-v{_version(name)}"


def _version(name: str) -> str:
    """The shipped version of ``name`` (``KeyError`` if none is shipped)."""
    return SHIPPED[name] if name in SHIPPED else SHIPPED_MULTITASK[name]


def pack_release(release: str | os.PathLike[str], dest: str | os.PathLike[str]) -> None:
    """Write a built release folder as a shipped one: ``manifest.json`` (and a ``LICENSE``) as
    they are, every other release file gzip-compressed deterministically (no name, mtime 0), so
    the same release always packs to the same bytes.  ``outputs.json`` and hidden files (what
    ``execir build --out`` adds) are left out."""
    release, dest = Path(release), Path(dest)
    names = sorted(p.relative_to(release).as_posix() for p in release.rglob("*")
                   if p.is_file() and not p.name.startswith(".")
                   and p.name not in ("manifest.json", "LICENSE", "outputs.json")
                   and not p.name.endswith(".gz"))
    dest.mkdir(parents=True, exist_ok=True)
    for rel in names:
        target = dest / f"{rel}.gz"
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_bytes(gzip.compress((release / rel).read_bytes(), compresslevel=9, mtime=0))
    for extra in ("manifest.json", "LICENSE"):
        if (release / extra).is_file() and release != dest:
            shutil.copyfile(release / extra, dest / extra)


class ShippedCopyWarning(UserWarning):
    """The cached, unpacked copy of a shipped release was damaged and has been unpacked again."""


def shipped_release(name: str, cache_dir: str | os.PathLike[str] | None = None) -> Path:
    """A verified, readable folder of ``name``'s shipped release.

    The packaged files are unpacked once into ``<cache root>/releases/shipped/NAME-vV-<hash>``
    (staged, then renamed into place; a copy another process unpacked first is reused) and the
    copy is checked against the manifest every time.  A damaged copy in the cache (a file
    edited, truncated or removed there) is removed and unpacked again from the installed
    package, with one :class:`ShippedCopyWarning`; only a package whose own files fail is an error.

    Raises:
        KeyError: ``name`` has no shipped release.
        DataError: a packaged file is missing or differs from the manifest (a damaged
            installation: reinstall execir).
    """
    packed = shipped_folder(name)
    manifest = packed / "manifest.json"
    digest = hashlib.sha256(manifest.read_bytes()).hexdigest()[:12] if manifest.is_file() else "none"
    folder = releases_dir(cache_dir) / "shipped" / f"{name}-v{_version(name)}-{digest}"
    while True:
        fresh = not (folder / "manifest.json").is_file()
        try:
            if fresh:
                _unpack(packed, folder)
            verify_release(folder)
            return folder
        except DataError as exc:
            shutil.rmtree(folder, ignore_errors=True)  # a damaged copy is unpacked anew next time
            if fresh:
                raise DataError(exc.path, f"{exc.message} — the shipped {name} v{_version(name)} "
                                          "release is damaged; reinstall execir", line=exc.line,
                                field=exc.field) from None
            warnings.warn(f"{exc.path}: {exc.message} — the cached copy of the shipped {name} "
                          f"release was damaged; unpacked it again", ShippedCopyWarning,
                          stacklevel=2)


def _unpack(packed: Path, folder: Path) -> None:
    """Decompress the packaged release into ``folder`` (staged in a sibling, then renamed)."""
    if not (packed / "manifest.json").is_file():
        raise DataError(packed / "manifest.json", "missing")
    folder.parent.mkdir(parents=True, exist_ok=True)
    tmp = Path(tempfile.mkdtemp(prefix=f".{folder.name}.", dir=folder.parent))
    try:
        for gz in sorted(packed.rglob("*.gz")):
            rel = gz.relative_to(packed).with_suffix("")
            (tmp / rel).parent.mkdir(parents=True, exist_ok=True)
            try:
                (tmp / rel).write_bytes(gzip.decompress(gz.read_bytes()))
            except (OSError, EOFError, zlib.error) as exc:
                raise DataError(gz, f"cannot decompress ({exc})") from None
        for extra in ("manifest.json", "LICENSE"):
            if (packed / extra).is_file():
                shutil.copyfile(packed / extra, tmp / extra)
        try:
            os.replace(tmp, folder)
        except OSError as exc:
            if exc.errno not in (errno.ENOTEMPTY, errno.EEXIST):
                raise
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


def shipped_summary(name: str) -> dict[str, Any] | None:
    """``{"version", "counts", "sha256"}`` of ``name``'s shipped release (``sha256``: of its
    ``manifest.json``, which hashes every other file), or None when none is shipped."""
    if name not in SHIPPED and name not in SHIPPED_MULTITASK:
        return None
    manifest_path = shipped_folder(name) / "manifest.json"
    if not manifest_path.is_file():
        return None
    data = manifest_path.read_bytes()
    manifest = json.loads(data)
    return {"version": _version(name), "counts": manifest.get("counts", {}),
            "sha256": hashlib.sha256(data).hexdigest()}
