"""The shipped execir-poly multitask release (CoREB format, built by
:func:`execir.construction.multitask.build_poly` and packed like the other shipped releases,
:mod:`execir.datasets.shipped`)."""

from __future__ import annotations

import os
from pathlib import Path

from execir.datasets.shipped import shipped_release
from execir.errors import DataError

NAME = "execir-poly"


def poly_release(cache_dir: str | os.PathLike[str] | None = None, source: str = NAME) -> Path:
    """A verified folder of the shipped execir-poly release ``source`` means (``execir-poly``:
    the newest version; ``execir-poly@2``: v2), unpacked under the cache root.

    Raises:
        UsageError: ``source`` names a version that is not shipped.
        DataError: the release is not shipped in this installation, or a file differs from its
            manifest.
    """
    from execir.datasets.shipped import shipped_folder

    if not (shipped_folder(source) / "manifest.json").is_file():
        raise DataError(shipped_folder(source) / "manifest.json",
                        f"{source} is not shipped in this installation; build it with "
                        f"`execir build {source} --out FOLDER` and pass --dataset FOLDER")
    return shipped_release(source, cache_dir)
