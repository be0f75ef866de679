"""Publishing an output folder -- a results directory, or a release written by ``execir build``:
staged writes, a record of what execir wrote, stale-file removal.

A run writes every file into a staging folder ``.execir-staging-*`` inside the results directory
first; only when the whole run has succeeded are the files moved into place.  Publishing is
all-or-nothing: each file that a new file replaces is first kept aside (a hard link, or a copy
where the file system has none) inside the staging folder, each file of the previous run that is
no longer written is moved there, and if any step fails every step done so far is undone, so the
previous results are left byte-identical and a :class:`~execir.errors.DataError` names the path and
the OS error.  Each file is replaced with one ``os.replace`` (never missing for a reader).

The list of files the run wrote is recorded in ``outputs.json``, with the *kind* of output
(:data:`KINDS`: a release, a results folder, an export, a trained reranker).  A folder holding
another kind of output -- by its record, or, without one, by the files it holds -- or the cache
root is refused before any work (:func:`check_out_kind`), so a command never removes or overwrites
what a command of another kind wrote there.  On the next run into the same
directory, a file listed in the previous record that the new run does not write again is removed
— so results of systems no longer evaluated do not linger — while files execir did not write (not
in the record) are never touched.

Publishes into one directory are serialised: each holds an exclusive ``fcntl.flock`` on the
directory itself while it reads the previous record and moves files, so two runs into the same
directory (of any systems) leave exactly the files the later one recorded; a run that has to wait
says so in one line.

A running publish holds an exclusive ``fcntl.flock`` on ``lock`` inside its staging folder for its
whole lifetime; a run removes staging folders whose lock it can take (left by a killed run), never
one held by a live concurrent run.  A staging folder is created under another name, locked, then
renamed, so no ``.execir-staging-*`` folder is ever visible unlocked while its run is alive.
"""

from __future__ import annotations

import fcntl
import json
import os
import shutil
import tempfile
from contextlib import contextmanager
from pathlib import Path, PurePosixPath
from typing import Callable, Iterator, Sequence

from execir.errors import DataError, UsageError, json_error
from execir.formats.files import write_json

#: The record of the files the last run wrote into a results directory.
RECORD_FILE = "outputs.json"
RECORD_FORMAT = "execir-outputs/1"
_STAGING_PREFIX = ".execir-staging-"
_NEW_PREFIX = ".execir-new-"
_LOCK_FILE = "lock"
_FILES_DIR = "files"
#: what each kind of output is called in messages, and the command that writes it
KINDS: dict[str, str] = {
    "release": "a release (written by `execir build`)",
    "results": "a results folder (written by `execir run` / `execir evaluate`)",
    "export": "an exported benchmark (written by `execir export`)",
    "reranker": "a trained model (written by `execir train-reranker` or `execir train-retriever`)",
}
#: files that identify a folder's kind when it has no record (first match wins)
_KIND_MARKERS: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("results", ("leaderboard.json",)),
    ("release", ("manifest.json", "queries.jsonl")),
    ("release", ("manifest.json", "text2code_queries.jsonl")),
    ("reranker", ("execir_card.json",)),
    ("export", ("text2code_queries.jsonl",)),
    ("export", ("corpus.jsonl", "queries.jsonl")),
    ("export", ("README.md", "corpus/test.parquet")),
)
#: files and folders of the cache root (:mod:`execir.paths`)
_CACHE_MARKERS = ("exec.sqlite3",)


def _recover_hint(path: Path) -> str:
    return f" — move or delete {path} (execir then keeps every existing file)"


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
    """Files listed in ``out/outputs.json`` (sorted relative POSIX paths), or ``[]`` when there is
    no record.  Unsafe entries (absolute, with ``..``) are dropped.

    Raises:
        DataError: the record exists but is not a file, not UTF-8 JSON, or not an
            ``execir-outputs/1`` object with a ``files`` list; the message says to move or delete
            it (a run then treats every existing file as not execir's and keeps it).
    """
    path = Path(out) / RECORD_FILE
    if not os.path.lexists(path):
        return []
    if not path.is_file():
        raise DataError(path, "is not a file" + _recover_hint(path))
    try:
        record = json.loads(path.read_bytes().decode("utf-8"))
    except UnicodeDecodeError as exc:
        raise DataError(path, f"not UTF-8 ({exc.reason})" + _recover_hint(path)) from None
    except json.JSONDecodeError as exc:
        raise json_error(path, exc, hint=_recover_hint(path)) from None
    if not isinstance(record, dict) or record.get("format") != RECORD_FORMAT:
        raise DataError(path, f"not an {RECORD_FORMAT} record" + _recover_hint(path), field="format")
    files = record.get("files")
    if not isinstance(files, list):
        raise DataError(path, "missing or not a list" + _recover_hint(path), field="files")
    return sorted({s for s in (_safe_relative(f) for f in files) if s is not None})


def _record(out: Path) -> dict | None:
    """The parsed record of ``out`` (checked by :func:`recorded_files`), or None without one."""
    path = Path(out) / RECORD_FILE
    if not os.path.lexists(path):
        return None
    recorded_files(out)
    return json.loads(path.read_bytes().decode("utf-8"))


def folder_kind(out: str | os.PathLike[str], *, cache_dir: str | os.PathLike[str] | None = None) -> str | None:
    """What ``out`` holds: a key of :data:`KINDS`, ``"cache"`` for the cache root, or None for a
    missing folder, an empty one or one of files execir did not write.

    The record's ``kind`` decides; a record of an older execir (no kind) and a folder without a
    record are judged by their files (:data:`_KIND_MARKERS`).

    Raises:
        DataError: a damaged ``outputs.json`` (see :func:`recorded_files`).
    """
    from execir.paths import cache_root

    out = Path(out).expanduser()
    if not out.is_dir():
        return None
    root = cache_root(cache_dir)
    if out.resolve() == root.resolve() or any((out / name).exists() for name in _CACHE_MARKERS):
        return "cache"
    record = _record(out)
    if record is not None and record.get("kind") in KINDS:
        return str(record["kind"])
    for kind, names in _KIND_MARKERS:
        if all((out / name).is_file() for name in names):
            return kind
    return None


def check_out_kind(out: str | os.PathLike[str], kind: str, *,
                   cache_dir: str | os.PathLike[str] | None = None, option: str = "--out") -> None:
    """Refuse, before any work, an ``out`` that holds another kind of output than ``kind`` (or is
    the cache root), or, for an export, a benchmark folder execir did not write (a BEIR or CoREB
    folder without ``outputs.json``): nothing in it is touched.  A results folder or release whose
    record was deleted (the advice for a damaged record) is written again.

    Raises:
        UsageError: one line naming the folder, what it holds and what would be written.
        DataError: a damaged ``outputs.json``.
    """
    found = folder_kind(out, cache_dir=cache_dir)
    if found is None or (found == kind and (kind != "export" or _record(Path(out).expanduser()) is not None)):
        return
    if found == kind:  # a benchmark folder execir did not write (no outputs.json): a user's BEIR/CoREB data
        raise UsageError(f"{option} {out} holds {KINDS[kind].split(' (')[0]} that execir did not write (it has "
                         f"no {RECORD_FILE}); writing there would replace its files: choose another folder "
                         "(nothing was changed)")
    held = "the cache root (releases, execution cache, embeddings)" if found == "cache" else KINDS[found]
    raise UsageError(f"{option} {out} holds {held}; writing {KINDS[kind].split(' (')[0]} there would replace "
                     "its files: choose another folder (nothing was changed)")


def _files_under(folder: Path) -> list[str]:
    return sorted(p.relative_to(folder).as_posix() for p in folder.rglob("*")
                  if p.is_file() and not p.is_symlink())


def _remove_empty_parents(out: Path, rel: str) -> None:
    parent = (out / rel).parent
    while parent != out and parent.is_dir() and not any(parent.iterdir()):
        parent.rmdir()
        parent = parent.parent


def _make_parents(out: Path, rel: str, created: list[Path]) -> None:
    """Create the missing folders above ``out/rel``, appending each one created to ``created``."""
    missing = []
    parent = (out / rel).parent
    while parent != out and not os.path.lexists(parent):
        missing.append(parent)
        parent = parent.parent
    for folder in reversed(missing):
        folder.mkdir()
        created.append(folder)


def _keep_aside(src: Path, dest: Path) -> None:
    """Keep a copy of the file ``src`` at ``dest`` without touching ``src``: a hard link, or a
    byte copy where the file system does not link (symbolic links are copied as links)."""
    dest.parent.mkdir(parents=True, exist_ok=True)
    try:
        os.link(src, dest, follow_symlinks=False)
    except OSError:
        shutil.copy2(src, dest, follow_symlinks=False)


class _Journal:
    """The steps of one publish, undone in reverse order by :meth:`undo`."""

    def __init__(self, out: Path, aside: Path):
        self.out, self.aside = out, aside
        self.placed: list[tuple[str, bool]] = []  # (rel, an old file is kept aside)
        self.moved_away: list[str] = []  # files of the previous run moved into ``aside``
        self.created: list[Path] = []  # folders created in ``out``

    def place(self, staging: Path, rel: str) -> None:
        """Move ``staging/rel`` to ``out/rel``, keeping an old file of that name in ``aside``
        (folders created on the way are recorded).  Raises OSError."""
        dest = self.out / rel
        _make_parents(self.out, rel, self.created)
        had_old = os.path.lexists(dest)
        if had_old:
            _keep_aside(dest, self.aside / rel)
        os.replace(staging / rel, dest)
        self.placed.append((rel, had_old))

    def undo(self) -> None:
        """Undo every step; a step that fails does not stop the others.  Raises the first
        OSError at the end (what could not be restored stays in ``aside``)."""
        errors: list[OSError] = []
        steps = [(self.aside / rel, self.out / rel) for rel in reversed(self.moved_away)]
        steps += [(self.aside / rel if had_old else None, self.out / rel)
                  for rel, had_old in reversed(self.placed)]
        for old, dest in steps:
            try:
                if old is None:
                    dest.unlink()
                else:
                    os.replace(old, dest)
            except OSError as exc:
                errors.append(exc)
        for folder in reversed(self.created):
            if folder.is_dir() and not any(folder.iterdir()):
                folder.rmdir()
        if errors:
            raise errors[0]


def _keep_previous(aside: Path, out: Path) -> Path:
    """Move the folder of kept-aside previous files out of the staging folder (which is deleted)
    to ``out/.execir-previous-*``; returns where they are (``aside`` if the move failed)."""
    keep = out / (".execir-previous-" + aside.name.split("-", 1)[-1])
    try:
        os.rename(aside, keep)
    except OSError:
        return aside
    return keep


def _cannot(exc: OSError) -> str:
    return f"cannot publish the results ({exc.strerror or exc}; {type(exc).__name__})"


@contextmanager
def _publish_lock(out: Path, log: Callable[[str], None] | None) -> Iterator[None]:
    """Hold the directory's publish lock (waiting, with one line through ``log``, while another
    run holds it)."""
    try:
        fd = os.open(out, os.O_RDONLY | os.O_DIRECTORY | os.O_CLOEXEC)
    except OSError as exc:
        raise DataError(out, _cannot(exc) + "; the previous results were left as they were") from exc
    try:
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            if log is not None:
                log(f"waiting for another execir run to finish writing {out}")
            fcntl.flock(fd, fcntl.LOCK_EX)
        yield
    finally:
        os.close(fd)


def publish(staging: Path, out: Path, *, log: Callable[[str], None] | None = None,
            kind: str = "results") -> dict[str, list[str]]:
    """:func:`_publish_unlocked` under the directory's publish lock (see the module docstring)."""
    with _publish_lock(Path(out), log):
        return _publish_unlocked(staging, out, kind)


def _publish_unlocked(staging: Path, out: Path, kind: str = "results") -> dict[str, list[str]]:
    """Move every file of ``staging`` into ``out``, remove what the previous run recorded and this
    run did not write, write the new record, delete ``staging``.  All or nothing: on a failure
    every move done so far is undone and ``out`` is left exactly as it was.

    Returns:
        ``{"written": [...], "removed": [...]}`` sorted relative POSIX paths (``outputs.json``
        itself is in neither).

    Raises:
        DataError: the previous record is damaged (nothing is moved); a file would replace a
            folder; or an OS error while moving files in (names the path and the error; the moves
            are undone and ``staging`` is deleted).  Should undoing itself fail, the message says
            so and names the folder ``out/.execir-previous-*`` that holds the previous files.
    """
    staging, out = Path(staging), Path(out)
    previous = recorded_files(out)
    written = [f for f in _files_under(staging) if f != RECORD_FILE]
    for rel in written + [RECORD_FILE]:
        dest = out / rel
        if dest.is_dir() and not dest.is_symlink():
            raise DataError(dest, "is a folder, but this run writes a file of that name; move or "
                                  "delete it (the previous results were left as they were)")
    new = set(written)
    stale = [rel for rel in previous if rel not in new and rel != RECORD_FILE
             and ((out / rel).is_file() or (out / rel).is_symlink())]
    try:
        write_json(staging / RECORD_FILE, {"format": RECORD_FORMAT, "kind": kind, "files": written})
        aside = Path(tempfile.mkdtemp(prefix=".replaced-", dir=staging))
    except OSError as exc:  # nothing in ``out`` has changed yet
        shutil.rmtree(staging, ignore_errors=True)
        raise DataError(exc.filename or staging, f"{_cannot(exc)}; the previous results were left "
                                                 "as they were") from exc
    _move_in(staging, out, aside, written, stale)
    for rel in stale:
        _remove_empty_parents(out, rel)
    # Published: what is left in ``staging`` is the previous files; a leftover folder is removed
    # as stale by the next run.
    shutil.rmtree(staging, ignore_errors=True)
    return {"written": written, "removed": stale}


def _move_in(staging: Path, out: Path, aside: Path, written: Sequence[str], stale: Sequence[str]) -> None:
    """Place every ``written`` file of ``staging`` in ``out`` (an old file of that name kept in
    ``aside``), move the ``stale`` ones into ``aside``, then place the record -- or, on an OS
    error, undo every step, delete ``staging`` and raise.

    Raises:
        DataError: naming the path and the error (and ``out/.execir-previous-*`` should undoing
            fail too).
    """
    journal = _Journal(out, aside)
    rel = ""
    try:
        for rel in written:
            journal.place(staging, rel)
        for rel in stale:
            (aside / rel).parent.mkdir(parents=True, exist_ok=True)
            os.replace(out / rel, aside / rel)
            journal.moved_away.append(rel)
        rel = RECORD_FILE
        journal.place(staging, rel)  # last: the record changes only once everything else is in place
    except OSError as exc:
        what = _cannot(exc)
        try:
            journal.undo()
        except OSError as undo_exc:
            kept = _keep_previous(aside, out)
            raise DataError(out / rel, f"{what}, and undoing the moves failed ({undo_exc}); the "
                                       f"previous files are kept in {kept}") from exc
        shutil.rmtree(staging, ignore_errors=True)
        raise DataError(out / rel, f"{what}; the previous results were left as they were") from exc


def _try_lock(path: Path) -> int | None:
    """An fd holding an exclusive ``flock`` on ``path`` (created if missing), or None when another
    open file description holds it.  Raises OSError when the file cannot be opened."""
    fd = os.open(path, os.O_RDWR | os.O_CREAT | os.O_CLOEXEC, 0o644)
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        os.close(fd)
        return None
    except BaseException:
        os.close(fd)
        raise
    return fd


def remove_stale_staging(out: Path, *, log: Callable[[str], None] | None = None) -> list[str]:
    """Remove the ``.execir-staging-*`` folders of ``out`` left by runs that no longer live (their
    lock can be taken); folders whose lock a live run holds are kept.

    Returns:
        the names of the folders removed, sorted.  A folder that cannot be removed (permissions)
        is kept and reported through ``log``.
    """
    removed = []
    for folder in sorted(Path(out).glob(_STAGING_PREFIX + "*")):
        if folder.is_symlink() or not folder.is_dir():
            continue
        try:
            fd = _try_lock(folder / _LOCK_FILE)
        except FileNotFoundError:  # removed meanwhile by another run's clean-up
            continue
        except OSError as exc:
            if log is not None:
                log(f"cannot check the staging folder {folder} of an earlier run: {exc}")
            continue
        if fd is None:  # a live run holds it
            continue
        try:
            shutil.rmtree(folder)
            removed.append(folder.name)
        except FileNotFoundError:
            continue
        except OSError as exc:
            if log is not None:
                log(f"cannot remove the staging folder {folder} of an earlier run: {exc}")
        finally:
            os.close(fd)
    return removed


@contextmanager
def staged_results(out: Path, *, kind: str = "results", log: Callable[[str], None] | None = None,
                   cache_dir: str | os.PathLike[str] | None = None) -> Iterator[Path]:
    """Context manager yielding a fresh, empty staging folder inside ``out`` (``out`` is created);
    on a normal exit the staged files are published with :func:`publish` (all or nothing), on an
    exception the staging folder is deleted and ``out`` is left as it was (folders this call
    created are removed again when they are still empty).

    Before anything else the previous record is checked and staging folders of killed runs are
    removed (:func:`remove_stale_staging`); this run's staging folder stays locked until it is
    deleted.  Files that the previous execir run recorded in ``out/outputs.json`` and this run
    does not write are removed (``log`` gets one line naming how many); other files are never
    touched.  ``kind`` (a key of :data:`KINDS`) is recorded; a folder of another kind is refused
    (:func:`check_out_kind`).

    Raises:
        DataError: ``out/outputs.json`` is damaged (checked on entry, before any work), or
            publishing failed (see :func:`publish`; the previous results are left as they were).
        UsageError: ``out`` holds another kind of output, or is the cache root.
    """
    out = Path(out)
    if kind not in KINDS:
        raise ValueError(f"unknown output kind {kind!r}")
    check_out_kind(out, kind, cache_dir=cache_dir)
    created = [p for p in (out, *out.parents) if not p.exists()]  # deepest first
    out.mkdir(parents=True, exist_ok=True)
    try:
        yield from _staged(out, kind=kind, log=log)
    except BaseException:
        for folder in created:  # a failed first run leaves no empty folder behind
            try:
                folder.rmdir()
            except OSError:  # not empty (another run is staging there): keep it
                break
        raise


def _staged(out: Path, *, kind: str, log: Callable[[str], None] | None) -> Iterator[Path]:
    """The body of :func:`staged_results` once ``out`` exists."""
    recorded_files(out)  # a damaged record fails now, before any work
    remove_stale_staging(out, log=log)
    fresh = Path(tempfile.mkdtemp(prefix=_NEW_PREFIX, dir=out))
    fd = _try_lock(fresh / _LOCK_FILE)
    if fd is None:  # pragma: no cover - nobody else knows the fresh folder's name
        raise RuntimeError(f"{fresh}: locked by another process")
    try:
        root = out / (_STAGING_PREFIX + fresh.name[len(_NEW_PREFIX):])
        os.rename(fresh, root)  # appears already locked, so clean-ups never take it for stale
        files = root / _FILES_DIR
        files.mkdir()
        try:
            yield files
            result = publish(files, out, log=log, kind=kind)
        finally:
            shutil.rmtree(root, ignore_errors=True)
    finally:
        shutil.rmtree(fresh, ignore_errors=True)  # only exists when the rename failed
        os.close(fd)
    if log is not None and result["removed"]:
        log(f"removed {len(result['removed'])} file(s) of the previous run in {out} that this run "
            f"did not rewrite: {', '.join(result['removed'][:5])}"
            + (" ..." if len(result["removed"]) > 5 else ""))
