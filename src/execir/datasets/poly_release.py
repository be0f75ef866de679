"""The shipped execir-poly multitask release (CoREB format, built by
:func:`execir.construction.multitask.build_poly` and packed like the other shipped releases,
:mod:`execir.datasets.shipped`)."""

from __future__ import annotations

import os
from pathlib import Path

from execir.datasets.shipped import shipped_release
from execir.errors import DataError

NAME = "execir-poly"


def poly_release(cache_dir: str | os.PathLike[str] | None = None) -> Path:
    """A verified folder of the shipped execir-poly release, unpacked under the cache root.

    Raises:
        DataError: the release is not shipped in this installation, or a file differs from its
            manifest.
    """
    from execir.datasets.shipped import shipped_folder

    if not (shipped_folder(NAME) / "manifest.json").is_file():
        raise DataError(shipped_folder(NAME) / "manifest.json",
                        "execir-poly is not shipped in this installation; build it with "
                        "`execir build execir-poly --out FOLDER` and pass --dataset FOLDER")
    return shipped_release(NAME, cache_dir)
