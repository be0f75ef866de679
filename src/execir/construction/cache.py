"""The release cache: releases built at run time, keyed by what they are built from.

A dataset that has no shipped release (MBPP, a user's task file) is built on first use into
``<cache root>/releases/<name>-<fingerprint[:12]>`` (:func:`execir.paths.releases_dir`) and
reused while its manifest verifies.  Builds go to a hidden staging sibling that is renamed into
place only when complete, so an interrupted build never leaves a half release that a later run
would trust; when another process publishes the same release first, its release is verified and
reused (losing that race is not an error).
"""

from __future__ import annotations

import errno
import hashlib
import json
import os
import shutil
import tempfile
from pathlib import Path
from typing import Callable, Sequence

from execir._version import __version__
from execir.construction.families import STAR
from execir.construction.release import BUILDER_VERSION, build_release
from execir.construction.report import REPORT_FILE, rejected_tasks_lines
from execir.errors import DataError
from execir.execution import Oracle
from execir.formats.files import verify_release
from execir.paths import releases_dir
from execir.records import Task


def tasks_fingerprint(tasks: Sequence[Task], seed: int, *, stacked: bool = False,
                      families: str = STAR, finished: bool = False) -> str:
    """SHA-256 (hex) over the canonical JSON of every task, the seed, the execir version and the
    builder version (and whether stacked mutants are built, the family design when it is not
    the star, and whether a ``finish`` step (probe card and gate) made the release): the key of a
    cached release (any change to the data, seed or generator yields a new release)."""
    digest = hashlib.sha256()
    digest.update(f"execir={__version__};builder={BUILDER_VERSION};seed={seed}".encode())
    if families != STAR:
        digest.update(f";families={families}".encode())
    if finished:
        digest.update(b";carded")
    digest.update(b";stacked\n" if stacked else b"\n")
    for task in tasks:
        digest.update(json.dumps(task.to_dict(), sort_keys=True, ensure_ascii=False).encode())
        digest.update(b"\n")
    return digest.hexdigest()


def _reusable(folder: Path, log: Callable[[str], None]) -> bool:
    """True when ``folder`` holds a release whose manifest verifies; a damaged one is removed."""
    if not (folder / "manifest.json").is_file():
        return False
    try:
        verify_release(folder)
        return True
    except DataError as exc:
        log(f"cached release is damaged ({exc}); rebuilding")
        shutil.rmtree(folder, ignore_errors=True)
        return False


def ensure_release(tasks: Sequence[Task], *, name: str, seed: int, oracle: Oracle,
                   cache_dir: str | os.PathLike[str] | None = None, stacked: bool = False,
                   log: Callable[[str], None] = print, families: str = STAR,
                   finish: Callable[[Path, dict], None] | None = None) -> Path:
    """The folder of a verified release for ``tasks``, built with ``oracle`` when absent
    (``stacked``: also build ``stacked.jsonl``, appendix G.2; a separate cached release).
    ``finish(staging folder, build report)`` runs before the release is published: the probe card
    and gate of every build (:func:`execir.construction.gate.finish_release`); when it raises, nothing is
    published.

    Args:
        tasks: the dataset's tasks.
        name: release name (the folder's prefix and the manifest's name).
        seed: distractor-selection seed.
        families: the family design (:mod:`execir.construction.families`).
        oracle: runs the build; its ``quiet`` also silences the "reusing" line.
        cache_dir: cache root (default :func:`execir.paths.cache_root`).
        log: where one-line notes go (rejected tasks are shown even when quiet).

    Raises:
        UsageError: no task survives the gates.  DataError: a release published by another
            process does not verify.
    """
    key = tasks_fingerprint(tasks, seed, stacked=stacked, families=families, finished=finish is not None)
    folder = releases_dir(cache_dir) / f"{name}-{key[:12]}"
    if _reusable(folder, log):
        if not oracle.quiet:
            log(f"reusing release {folder}")
        return folder
    folder.parent.mkdir(parents=True, exist_ok=True)
    tmp = Path(tempfile.mkdtemp(prefix=f".{folder.name}.", dir=folder.parent))
    try:
        report = build_release(tasks, tmp, name=name, seed=seed, oracle=oracle, stacked=stacked,
                               families=families)
        if finish is not None:
            finish(tmp, report)
        try:
            os.replace(tmp, folder)
        except OSError as exc:
            if exc.errno not in (errno.ENOTEMPTY, errno.EEXIST):
                raise
            # another process published the same release first: use it
            verify_release(folder)
            shutil.rmtree(tmp, ignore_errors=True)
            return folder
        for line in rejected_tasks_lines(report, where=folder / REPORT_FILE):
            log(line)  # shown even with --quiet: it changes the benchmark
    except BaseException:
        shutil.rmtree(tmp, ignore_errors=True)
        raise
    return folder
