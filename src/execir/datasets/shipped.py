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

from execir.errors import DataError, UsageError
from execir.formats.files import verify_release
from execir.paths import releases_dir

#: dataset name -> its shipped versions, oldest first, each with the build settings that make it
#: on top of :data:`SHIPPED_BUILD` (v1: ExecRetrieval's star families; v2: centred families,
#: filtered until the snippet-only probes sit at chance, every Python suite's slow verdict by counted
#: work, so a rebuild under any load is byte-identical -- issue 23).
SHIPPED_VERSIONS: dict[str, dict[str, Mapping[str, Any]]] = {
    "execir-py": {"1": {"families": "star"}, "2": {"families": "centred"}},
    "humaneval": {"1": {"families": "star"}, "2": {"families": "centred"}},
}
#: dataset name -> the version its bare name means (the newest)
SHIPPED: dict[str, str] = {name: list(versions)[-1] for name, versions in SHIPPED_VERSIONS.items()}
#: the name of the shipped multitask release (built from problem folders, :mod:`execir.datasets.poly_sources`)
POLY = "execir-poly"
#: multitask (CoREB-format) releases shipped the same way, read by :mod:`execir.datasets.sources`;
#: they have no dataset adapter, so ``execir run`` scores them as they are: name -> versions, oldest
#: first, with their family design (v2: star, CoREB's authored hard-negative texts; v3: the centred
#: design of :mod:`execir.construction.poly_centred`, other descriptions of the problem's domain as
#: its hard-negative texts, passed through the probe gate -- issue 23)
SHIPPED_MULTITASK: dict[str, dict[str, Mapping[str, Any]]] = {
    POLY: {"2": {"families": "star"}, "3": {"families": "centred"}}}
#: the build settings every shipped release shares (anything else is built at run time, cached)
SHIPPED_BUILD: dict[str, Any] = {"seed": 0, "extended": False, "min_distractors": 0,
                                 "fill_extended": 3, "amplify": False, "stacked": False,
                                 "distractors": "mutation"}
#: every shipped name -> its versions (single-task and multitask alike)
_ALL_VERSIONS: dict[str, dict[str, Mapping[str, Any]]] = {**SHIPPED_VERSIONS, **SHIPPED_MULTITASK}
#: every shipped name -> the :data:`SHIPPED_BUILD` settings its versions are built with (a multitask
#: release's builder takes only the seed and the distractor source)
_SHARED_BUILD: dict[str, Mapping[str, Any]] = {
    **{name: SHIPPED_BUILD for name in SHIPPED_VERSIONS},
    **{name: {k: SHIPPED_BUILD[k] for k in ("seed", "distractors")} for name in SHIPPED_MULTITASK}}
#: shipped names an installation may lack (their packed files are large; ``execir build NAME`` makes them)
_OPTIONAL = frozenset(SHIPPED_MULTITASK)
#: ``NAME@VERSION`` picks one shipped version (``execir-py@1``); a bare name means the newest
VERSION_SEP = "@"
RELEASES_ROOT = Path(__file__).resolve().parent / "releases"


def split_version(source: str) -> tuple[str, str | None]:
    """``"execir-py@1"`` -> ``("execir-py", "1")``; a name without ``@`` -> ``(name, None)``."""
    name, sep, version = str(source).partition(VERSION_SEP)
    return (name, version) if sep else (name, None)


def release_version(source: str) -> str:
    """The shipped version ``source`` (``NAME`` or ``NAME@VERSION``) means.

    Raises:
        KeyError: ``NAME`` has no shipped release.
        UsageError: ``NAME`` is shipped but not in that version.
    """
    name, version = split_version(source)
    versions = shipped_versions(name)
    if not versions:
        raise KeyError(name)
    if version is None:
        return versions[-1]
    if version not in versions:
        raise UsageError(f"{source}: {name} has no shipped version {version!r} "
                         f"(shipped: {', '.join(f'{name}@{v}' for v in versions)})")
    return version


def family_design(dataset: str) -> str:
    """The family design a dataset name builds with by default: its shipped version's
    (``execir-py`` -> ``centred``, ``execir-py@1`` -> ``star``), else ``centred`` (every other
    dataset, a user's tasks included, is built so that its probes sit at chance; ``star`` is
    ExecRetrieval's protocol, kept for the v1 releases and asked for with ``--families star``).

    Raises:
        UsageError: a version of a dataset that has none, or an unknown version.
    """
    name, version = split_version(dataset)
    versions = _versions_of(name)
    if not versions:
        if version is not None:
            raise UsageError(f"{dataset}: only shipped releases have versions "
                             f"({', '.join(sorted(_ALL_VERSIONS))})")
        return "centred"
    return versions[release_version(dataset)].get("families", "star")


def _versions_of(name: str) -> Mapping[str, Mapping[str, Any]]:
    """The shipped versions of ``name`` (single-task or multitask) with their settings."""
    return _ALL_VERSIONS.get(name, {})


def gate_by_default(dataset: str, path: Any, settings: Mapping[str, Any]) -> bool:
    """Whether ``execir build`` runs the probe gate without being asked: always, except when the
    build reproduces a shipped release of the ``star`` design (``execir-py@1``, ``humaneval@1``,
    ``execir-poly@2`` from its packaged sources), whose bytes are fixed and whose probe card
    ``execir datasets`` and ``execir probe`` already show."""
    name, _ = split_version(dataset)
    version = shipped_version(dataset, path, settings)
    return version is None or _versions_of(name)[version].get("families", "star") != "star"


def shipped_version(dataset: str, path: Any, settings: Mapping[str, Any]) -> str | None:
    """The shipped version that building ``dataset`` (``NAME`` or ``NAME@VERSION``) from its
    packaged source (``path`` None) with ``settings`` makes, or None (any of
    :data:`SHIPPED_BUILD`'s keys and ``families``; missing ones mean the version's own)."""
    name, _ = split_version(dataset)
    if not _versions_of(name) or path is not None:
        return None
    version = release_version(dataset)
    want = {**_SHARED_BUILD[name], "families": "star", **_versions_of(name)[version]}
    return version if all(settings.get(key, default) == default
                          for key, default in want.items()) else None


def shipped_folder(source: str) -> Path:
    """Where the packaged (compressed) release of ``source`` (``NAME`` or ``NAME@VERSION``)
    lives (``KeyError`` if none is shipped): ``manifest.json`` as written, every other file as
    ``<file>.gz``."""
    return RELEASES_ROOT / f"{split_version(source)[0]}-v{release_version(source)}"


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
        UsageError: ``name`` names a version that is not shipped.
        DataError: a packaged file is missing or differs from the manifest (a damaged
            installation: reinstall execir), or an optional release (execir-poly) is not in this
            installation.
    """
    packed = shipped_folder(name)
    manifest = packed / "manifest.json"
    if split_version(name)[0] in _OPTIONAL and not manifest.is_file():
        raise DataError(manifest, f"{name} is not shipped in this installation; build it with "
                                  f"`execir build {name} --out FOLDER` and pass --dataset FOLDER")
    digest = hashlib.sha256(manifest.read_bytes()).hexdigest()[:12] if manifest.is_file() else "none"
    base, version = split_version(name)[0], release_version(name)
    folder = releases_dir(cache_dir) / "shipped" / f"{base}-v{version}-{digest}"
    while True:
        fresh = not (folder / "manifest.json").is_file()
        try:
            if fresh:
                _unpack(packed, folder)
            verify_release(folder)
            _verify_unhashed(packed, folder)
            return folder
        except DataError as exc:
            shutil.rmtree(folder, ignore_errors=True)  # a damaged copy is unpacked anew next time
            if fresh:
                raise DataError(exc.path, f"{exc.message} — the shipped {base} v{version} "
                                          "release is damaged; reinstall execir", line=exc.line,
                                field=exc.field) from None
            warnings.warn(f"{exc.path}: {exc.message} — the cached copy of the shipped {base} "
                          f"v{version} release was damaged; unpacked it again", ShippedCopyWarning,
                          stacklevel=2)


def _verify_unhashed(packed: Path, folder: Path) -> None:
    """Compare the unpacked files the manifest does not hash (``build_report.json`` with its
    probe card, ``LICENSE``...) with the packaged ones: a copy unpacked before the package's
    file changed, or edited in the cache, is damaged (issue 23: results show the card).

    Raises:
        DataError: such a file missing from ``folder`` or different from the packaged one.
    """
    hashed = set(json.loads((folder / "manifest.json").read_text(encoding="utf-8")).get("sha256", {}))
    for rel, source in _packaged(packed):
        if rel.as_posix() in hashed or rel.as_posix() == "manifest.json":
            continue
        copy = folder / rel
        if not copy.is_file() or copy.read_bytes() != _unpacked_bytes(source):
            raise DataError(copy, "missing or different from the packaged file")


def _unpacked_bytes(source: Path) -> bytes:
    """A packaged file's content as unpacked: decompressed when it is a ``.gz``.

    Raises:
        DataError: a ``.gz`` that does not decompress.
    """
    if source.suffix != ".gz":
        return source.read_bytes()
    try:
        return gzip.decompress(source.read_bytes())
    except (OSError, EOFError, zlib.error) as exc:
        raise DataError(source, f"cannot decompress ({exc})") from None


def _packaged(packed: Path) -> list[tuple[Path, Path]]:
    """``(path in the unpacked copy, packaged file)`` of every file :func:`_unpack` writes."""
    files = [(gz.relative_to(packed).with_suffix(""), gz) for gz in sorted(packed.rglob("*.gz"))]
    return files + [(Path(extra), packed / extra) for extra in ("manifest.json", "LICENSE")
                    if (packed / extra).is_file()]


def _unpack(packed: Path, folder: Path) -> None:
    """Decompress the packaged release into ``folder`` (staged in a sibling, then renamed)."""
    if not (packed / "manifest.json").is_file():
        raise DataError(packed / "manifest.json", "missing")
    folder.parent.mkdir(parents=True, exist_ok=True)
    tmp = Path(tempfile.mkdtemp(prefix=f".{folder.name}.", dir=folder.parent))
    try:
        for rel, source in _packaged(packed):
            (tmp / rel).parent.mkdir(parents=True, exist_ok=True)
            (tmp / rel).write_bytes(_unpacked_bytes(source))
        try:
            os.replace(tmp, folder)
        except OSError as exc:
            if exc.errno not in (errno.ENOTEMPTY, errno.EEXIST):
                raise
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


def shipped_summary(name: str) -> dict[str, Any] | None:
    """``{"version", "counts", "sha256"}`` of the release ``name`` (``NAME`` or
    ``NAME@VERSION``) means (``sha256``: of its ``manifest.json``, which hashes every other
    file), or None when none is shipped."""
    base = split_version(name)[0]
    if not _versions_of(base):
        return None
    manifest_path = shipped_folder(name) / "manifest.json"
    if not manifest_path.is_file():
        return None
    data = manifest_path.read_bytes()
    manifest = json.loads(data)
    return {"version": release_version(name), "counts": manifest.get("counts", {}),
            "sha256": hashlib.sha256(data).hexdigest(),
            "probe": _worst_probe(manifest_path.parent / "build_report.json.gz")}


def _worst_probe(report_gz: Path) -> dict[str, Any] | None:
    """``{"probe", "lift", "chance", "families"}`` of the probe with the largest lift in the
    probe card of a packed build report, or None when the report has no card (v1 releases were
    built before the card existed: ``execir probe NAME@1`` reads theirs)."""
    if not report_gz.is_file():
        return None
    try:
        card = json.loads(gzip.decompress(report_gz.read_bytes())).get("probe_card")
    except (OSError, EOFError, zlib.error, ValueError) as exc:
        raise DataError(report_gz, f"cannot read the build report ({exc})") from None
    return worst_probe(card)


def worst_probe(card: Mapping[str, Any] | None) -> dict[str, Any] | None:
    """``{"probe", "lift", "chance", "families"}`` of the probe with the largest lift in a probe
    card (``build_report.json``'s ``probe_card``; ties: the later probe name), or None for no card
    or a card without probes."""
    if not card or not card.get("probes"):
        return None
    worst = max(card["probes"], key=lambda r: (r["lift"], r["probe"]))
    return {"probe": worst["probe"], "lift": worst["lift"], "chance": worst["chance"],
            "families": card["n_families"]}


def shipped_versions(name: str) -> list[str]:
    """Every shipped version of ``name``, oldest first (empty when none)."""
    return list(_versions_of(name))
