"""Releases shipped inside the package: fixed, versioned benchmark artefacts.

A shipped release is the output of ``execir build NAME`` with the default build settings
(:data:`SHIPPED_BUILD`), stored under ``execir/datasets/releases/NAME-vVERSION/``.  ``execir run``
and ``execir evaluate`` use it after checking every file against its manifest and never build it
at run time; ``execir build NAME`` rebuilds it from its sources, byte for byte (a test checks).

Versioning rule: any change to the tasks, the mutation engine, the builder or the runner that
changes one byte of a shipped release makes a new version; numbers measured on different versions
are not comparable.
"""

from __future__ import annotations

import hashlib
from pathlib import Path
from typing import Any, Mapping

from execir.errors import DataError
from execir.io import verify_release

#: dataset name -> version of its shipped release
SHIPPED: dict[str, str] = {"execir-py": "1", "humaneval": "1"}
#: the build settings of every shipped release (anything else is built at run time, cached)
SHIPPED_BUILD: dict[str, Any] = {"seed": 0, "extended": False, "min_distractors": 0,
                                 "fill_extended": 3, "amplify": False, "stacked": False}
RELEASES_ROOT = Path(__file__).resolve().parent / "releases"


def is_shipped_build(name: str, path: Any, settings: Mapping[str, Any]) -> bool:
    """True when building dataset ``name`` from its packaged source (``path`` None) with
    ``settings`` (any of :data:`SHIPPED_BUILD`'s keys; missing ones mean their default) makes
    its shipped release."""
    return name in SHIPPED and path is None and all(
        settings.get(key, default) == default for key, default in SHIPPED_BUILD.items())


def shipped_folder(name: str) -> Path:
    """Where the shipped release of ``name`` lives (``KeyError`` if none is shipped)."""
    return RELEASES_ROOT / f"{name}-v{SHIPPED[name]}"


def shipped_release(name: str) -> Path:
    """The verified folder of ``name``'s shipped release.

    Raises:
        KeyError: ``name`` has no shipped release.
        DataError: a file is missing or differs from the manifest (a damaged installation:
            reinstall execir, or build the release with ``execir build``).
    """
    folder = shipped_folder(name)
    try:
        verify_release(folder)
    except DataError as exc:
        raise DataError(exc.path, f"{exc.message} — the shipped {name} v{SHIPPED[name]} "
                                  "release is damaged; reinstall execir", line=exc.line,
                        field=exc.field) from None
    return folder


def shipped_summary(name: str) -> dict[str, Any] | None:
    """``{"version", "counts", "sha256"}`` of ``name``'s shipped release (``sha256``: of its
    ``manifest.json``, which hashes every other file), or None when none is shipped."""
    if name not in SHIPPED:
        return None
    manifest_path = shipped_folder(name) / "manifest.json"
    if not manifest_path.is_file():
        return None
    import json

    data = manifest_path.read_bytes()
    manifest = json.loads(data)
    return {"version": SHIPPED[name], "counts": manifest.get("counts", {}),
            "sha256": hashlib.sha256(data).hexdigest()}
