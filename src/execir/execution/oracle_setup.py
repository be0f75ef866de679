"""The one :class:`~execir.execution.Oracle` of a command (:func:`make_oracle`, :func:`on_ray`) and the
folder checks it runs first (:func:`check_out_folder`, :func:`check_cache_root`).

Every command and the Python API build their oracle here, after the option checks of
:mod:`execir.workflow.options`; lower layers (the MTEB task, the probe command) call it directly.
"""

from __future__ import annotations

import os
import tempfile
from pathlib import Path
from typing import Any

from execir.errors import UsageError
from execir.execution.limits import make_limits
from execir.execution.oracle import Oracle


def check_out_folder(out: str | os.PathLike[str], *, option: str = "--out") -> None:
    """Reject a folder that could not be created or written, before any work.

    Raises:
        UsageError: ``out`` exists and is not a folder, one of its parents is a file or a broken
            symbolic link, or the folder (or the nearest existing folder above it) lacks
            write/search permission for this user.
    """
    out = Path(out).expanduser()
    if out.exists() and not out.is_dir():
        raise UsageError(f"{option} {out} exists and is not a folder")
    existing = out
    while not existing.exists():
        if existing.parent == existing:
            break
        if existing.is_symlink():  # a dangling link: creating the folder would fail
            raise UsageError(f"{option} {out}: {existing} is a broken symbolic link")
        existing = existing.parent
    if existing.exists() and not existing.is_dir():
        raise UsageError(f"{option} {out}: {existing} is a file, not a folder")
    what = "folder" if existing == out else f"folder {existing}"
    if existing.exists() and not os.access(existing, os.W_OK | os.X_OK):
        raise UsageError(f"{option} {out}: cannot write in the {what} (permission denied)")
    try:  # the real test (root passes os.access everywhere, /proc and read-only mounts included);
        # an unnamed file (O_TMPFILE where Linux has it), so a command killed here leaves no name behind
        with tempfile.TemporaryFile(prefix=".execir-probe-", dir=existing):
            pass
    except OSError as exc:
        raise UsageError(f"{option} {out}: cannot write in the {what} "
                         f"({exc.strerror or exc})") from None


def check_cache_root(cache_dir: str | os.PathLike[str] | None = None) -> None:
    """Reject a cache root (``cache_dir``, else ``$EXECIR_CACHE_DIR``, else ``~/.cache/execir``)
    that could not be created or written, naming the option or variable it came from.

    Raises:
        UsageError: see :func:`check_out_folder`.
    """
    from execir.paths import CACHE_ENV, cache_root

    if cache_dir is not None:
        option = "--cache-dir"
    elif os.environ.get(CACHE_ENV):
        option = f"${CACHE_ENV}"
    else:
        option = "the cache folder"
    check_out_folder(cache_root(cache_dir), option=option)


def make_oracle(*, timeout: float | None = None, memory_mb: int | None = None,
                workers: int | None = None, cache_dir: str | os.PathLike[str] | None = None,
                use_cache: bool = True, quiet: bool = False, ray: str | None = None) -> Oracle:
    """The one :class:`Oracle` of a command: checked limits, ``workers``, and the execution cache
    under the cache root (``cache_dir``, ``$EXECIR_CACHE_DIR``, ``~/.cache/execir``) unless
    ``use_cache`` is False.  ``ray``: the address of a Ray cluster (``HOST:PORT``,
    ``ray://HOST:PORT`` or ``auto``) whose nodes run the pairs (:mod:`execir.scale`); joined
    here, after every other check and before any work.  ``None`` or ``""``: this machine only
    (``ray`` is then never imported).

    Raises:
        UsageError: ``workers`` < 1, a limit out of range, or a cache root that cannot be
            created or written (:func:`check_cache_root`, checked even with ``use_cache`` off:
            releases and embeddings live there too); for ``ray``: see
            :func:`execir.scale.connect` (no ray package, unreachable address, version mismatch).
    """
    if workers is not None and workers < 1:
        raise UsageError(f"--workers must be at least 1, got {workers}")
    check_cache_root(cache_dir)
    limits = make_limits(timeout=timeout, memory_mb=memory_mb)
    executor = _ray_executor(ray)  # joined first: nothing (not even the cache) is created before it answers
    return Oracle(limits=limits, workers=workers, cache="default" if use_cache else None,
                  cache_dir=cache_dir, quiet=quiet, executor=executor)


def _ray_executor(ray: str | None) -> Any:
    """The executor of the Ray cluster at ``ray``, or None (this machine) for None or ``""``."""
    if not ray:
        return None
    from execir.scale import RayExecutor, connect

    return RayExecutor(connect(ray))


def on_ray(oracle: Oracle, ray: str | None) -> Oracle:
    """``oracle`` itself when ``ray`` is None or ``""``; else a copy (same limits, workers, cache)
    whose pairs run on the Ray cluster at ``ray`` (:func:`execir.scale.connect`).

    Raises:
        UsageError: see :func:`execir.scale.connect`.
    """
    if not ray:
        return oracle
    import copy

    out = copy.copy(oracle)
    out.executor = _ray_executor(ray)
    return out
