"""Publishing a results directory: staged writes, a record of what execir wrote, stale-file removal.

A run writes every file into a staging folder inside the results directory first; only when the
whole run has succeeded are the files moved into place (one ``os.replace`` each, so each file is
replaced atomically and an interrupted run leaves the previous results as they were).  The list of
files the run wrote is recorded in ``outputs.json``.  On the next run into the same directory, a
file listed in the previous record that the new run does not write again is removed — so results of
systems no longer evaluated do not linger — while files execir did not write (not in the record)
are never touched.
"""

from __future__ import annotations

import os
import shutil
import tempfile
from contextlib import contextmanager
from pathlib import Path, PurePosixPath
from typing import Callable, Iterator

from execir.io import DataError, read_json, write_json

#: The record of the files the last run wrote into a results directory.
RECORD_FILE = "outputs.json"
RECORD_FORMAT = "execir-outputs/1"
_STAGING_PREFIX = ".execir-staging-"


def _safe_relative(name: object) -> str | None:
    """``name`` as a clean relative POSIX path inside the directory, or None when it is not one
    (absolute, ``..``, empty, not a string): such record entries are ignored, never deleted."""
    if not isinstance(name, str) or not name or "\\" in name:
        return None
    p = PurePosixPath(name)
    if p.is_absolute() or any(part in ("", ".", "..") for part in p.parts):
        return None
    return p.as_posix()


def recorded_files(out: Path) -> list[str]:
    """Files listed in ``out/outputs.json`` (relative POSIX paths), or ``[]`` when there is no
    record.  Unsafe entries (absolute, with ``..``) are dropped.

    Raises:
        DataError: the record exists but is not an ``execir-outputs/1`` object with a ``files`` list.
    """
    path = Path(out) / RECORD_FILE
    if not path.is_file():
        return []
    record = read_json(path)
    if not isinstance(record, dict) or record.get("format") != RECORD_FORMAT:
        raise DataError(path, f"not an {RECORD_FORMAT} record", field="format")
    files = record.get("files")
    if not isinstance(files, list):
        raise DataError(path, "missing or not a list", field="files")
    return sorted({s for s in (_safe_relative(f) for f in files) if s is not None})


def _files_under(folder: Path) -> list[str]:
    return sorted(p.relative_to(folder).as_posix() for p in folder.rglob("*")
                  if p.is_file() and not p.is_symlink())


def _remove_empty_parents(out: Path, rel: str) -> None:
    parent = (out / rel).parent
    while parent != out and parent.is_dir() and not any(parent.iterdir()):
        parent.rmdir()
        parent = parent.parent


def publish(staging: Path, out: Path) -> dict[str, list[str]]:
    """Move every file of ``staging`` into ``out``, remove what the previous run recorded and this
    run did not write, write the new record, delete ``staging``.

    Returns:
        ``{"written": [...], "removed": [...]}`` relative paths.
    """
    staging, out = Path(staging), Path(out)
    previous = recorded_files(out)
    written = [f for f in _files_under(staging) if f != RECORD_FILE]
    for rel in written:
        dest = out / rel
        if dest.is_dir() and not dest.is_symlink():
            raise DataError(dest, "is a folder, but this run writes a file of that name")
        dest.parent.mkdir(parents=True, exist_ok=True)
        os.replace(staging / rel, dest)
    new = set(written)
    removed = []
    for rel in previous:
        if rel in new or rel == RECORD_FILE:
            continue
        target = out / rel
        if target.is_file() or target.is_symlink():
            target.unlink()
            removed.append(rel)
            _remove_empty_parents(out, rel)
    write_json(out / RECORD_FILE, {"format": RECORD_FORMAT, "files": written})
    shutil.rmtree(staging)
    return {"written": written, "removed": removed}


@contextmanager
def staged_results(out: Path, *, log: Callable[[str], None] | None = None) -> Iterator[Path]:
    """Context manager yielding a fresh staging folder inside ``out`` (created); on a normal exit
    the staged files are published with :func:`publish`, on an exception the staging folder is
    deleted and ``out`` is left as it was (a failure while moving files in can leave some new
    files in place, but never removes anything).

    Files that the previous execir run recorded in ``out/outputs.json`` and this run does not
    write are removed (``log`` gets one line naming how many); other files are never touched.
    """
    out = Path(out)
    out.mkdir(parents=True, exist_ok=True)
    recorded_files(out)  # a damaged record fails now, before any work
    staging = Path(tempfile.mkdtemp(prefix=_STAGING_PREFIX, dir=out))
    try:
        yield staging
        result = publish(staging, out)
    except BaseException:
        shutil.rmtree(staging, ignore_errors=True)
        raise
    if log is not None and result["removed"]:
        log(f"removed {len(result['removed'])} file(s) of the previous run in {out} that this run "
            f"did not rewrite: {', '.join(result['removed'][:5])}"
            + (" ..." if len(result["removed"]) > 5 else ""))
