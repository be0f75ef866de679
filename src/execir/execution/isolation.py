"""Worker isolation set-up: namespaces, mounts, exposing Python, capabilities.

Used once per worker by :func:`execir.execution.sandbox.setup_worker`: fresh network and mount
namespaces (via a user namespace when not root) with private tmpfs over ``/tmp``, ``/var/tmp`` and
``/dev/shm`` and every other mount remounted read-only; Python (and toolchain folders) under
private folders made readable to the sandbox uid; the schedstat check; capabilities dropped.
Imported by :mod:`execir.execution.sandbox` at worker start-up, before ``/tmp`` is covered.
See ``docs/threat-model.md``.
"""

from __future__ import annotations

import ctypes
import os
import resource
import sys
from dataclasses import dataclass, field
from typing import Iterable

_libc = ctypes.CDLL(None, use_errno=True)
_PR_SET_CHILD_SUBREAPER = 36
_PR_SET_NO_NEW_PRIVS = 38
_PR_SET_PDEATHSIG = 1
_CLONE_NEWNS = 0x00020000
_CLONE_NEWUSER = 0x10000000
_CLONE_NEWNET = 0x40000000
_MS_RDONLY, _MS_NOSUID, _MS_NODEV, _MS_NOEXEC = 1, 2, 4, 8
_MS_REMOUNT, _MS_BIND, _MS_MOVE, _MS_REC, _MS_PRIVATE = 32, 4096, 8192, 16384, 1 << 18
_MS_NOATIME, _MS_NODIRATIME, _MS_RELATIME = 1024, 2048, 1 << 21
_MOUNT_FLAGS = {"nosuid": _MS_NOSUID, "nodev": _MS_NODEV, "noexec": _MS_NOEXEC,
                "noatime": _MS_NOATIME, "nodiratime": _MS_NODIRATIME, "relatime": _MS_RELATIME}
_PRIVATE_TMPFS = ("/tmp", "/var/tmp", "/dev/shm")
_SKIP_READONLY = ("/proc", "/sys", "/dev")


class SandboxError(RuntimeError):
    """The worker could not set up or supervise a sandboxed child."""


@dataclass
class Features:
    """What isolation this worker actually got (reported by ``execir exec --json``)."""

    subreaper: bool = False
    netns: bool = False
    mountns: bool = False
    userns: bool = False
    readonly_mounts: int = 0
    uid_switch: bool = False
    pidfd: bool = False
    schedstat: bool = False  # run-queue delay readable: sleeping/blocked time is charged
    notes: list[str] = field(default_factory=list)


def _check(ret: int, what: str) -> None:
    if ret != 0:
        err = ctypes.get_errno()
        raise OSError(err, f"{what}: {os.strerror(err)}")


def _mount(source: str | None, target: str, fstype: str | None, flags: int, data: str | None) -> None:
    enc = (lambda s: s.encode() if s is not None else None)
    _check(_libc.mount(enc(source), enc(target), enc(fstype), ctypes.c_ulong(flags), enc(data)),
           f"mount {target}")


def _enter_namespaces(features: Features, expose: tuple[str, ...] = (),
                      mounts: tuple[str, ...] = ()) -> None:
    """Unshare network + mount namespaces (via a user namespace when not root).

    ``mounts``: folders snippets must read at their own path even where a private tmpfs covers
    it (a repository under ``/tmp``, :mod:`execir.repo`): each is opened before ``/tmp`` is
    covered and bound back, read-only, afterwards (:func:`_mount_through`).
    """
    uid, gid = os.geteuid(), os.getegid()
    flags = _CLONE_NEWNET | _CLONE_NEWNS
    if _libc.unshare(flags) != 0:
        if _libc.unshare(flags | _CLONE_NEWUSER) != 0:
            features.notes.append(f"unshare: {os.strerror(ctypes.get_errno())}; no namespaces")
            return
        features.userns = True
        with open("/proc/self/setgroups", "w") as fh:
            fh.write("deny")
        with open("/proc/self/uid_map", "w") as fh:
            fh.write(f"{uid} {uid} 1")
        with open("/proc/self/gid_map", "w") as fh:
            fh.write(f"{gid} {gid} 1")
    features.netns = True
    features.mountns = True
    _mount(None, "/", None, _MS_REC | _MS_PRIVATE, None)
    held = [(os.path.realpath(p), os.open(p, os.O_PATH | os.O_DIRECTORY)) for p in mounts
            if os.path.isdir(p)]  # one gone since the pool was told of it must not undo the rest
    for path in _PRIVATE_TMPFS:
        if os.path.isdir(path) and not os.path.islink(path):
            try:
                _mount("tmpfs", path, "tmpfs", _MS_NOSUID | _MS_NODEV, "mode=1777,size=1g")
            except OSError as exc:
                features.notes.append(str(exc))
    if features.uid_switch:
        _expose_python(features, expose + tuple(p for p, _ in held))
    _mount_through(features, held)
    with open("/proc/self/mountinfo") as fh:
        rows = [line.split() for line in fh]
    for row in rows:
        target = row[4].replace("\\040", " ")
        if target in _PRIVATE_TMPFS or target.startswith(_SKIP_READONLY) and target != "/":
            continue
        if any(target == p or target.startswith(p + "/") for p in _PRIVATE_TMPFS):
            continue
        flags = _MS_REMOUNT | _MS_BIND | _MS_RDONLY
        for opt in row[5].split(","):
            flags |= _MOUNT_FLAGS.get(opt, 0)
        try:
            _mount(None, target, None, flags, None)
            features.readonly_mounts += 1
        except OSError as exc:
            features.notes.append(str(exc))


def _mount_through(features: Features, held: list[tuple[str, int]]) -> None:
    """Bind each held folder (``(path, O_PATH fd)`` opened before the private tmpfs went up)
    back at ``path`` where a private tmpfs now covers it, read-only; closes the fds.  A folder
    outside the private tmpfs is still visible and becomes read-only with every other mount."""
    for path, fd in held:
        try:
            if any(path == p or path.startswith(p + "/") for p in _PRIVATE_TMPFS):
                os.makedirs(path, mode=0o755, exist_ok=True)
                _mount(f"/proc/self/fd/{fd}", path, None, _MS_BIND | _MS_REC, None)
                _mount(None, path, None, _MS_REMOUNT | _MS_BIND | _MS_RDONLY | _MS_NOSUID | _MS_NODEV,
                       None)
                features.notes.append(f"{path} mounted read-only")
        finally:
            os.close(fd)


def _blocking_ancestor(path: str) -> str | None:
    """The first folder on ``path`` that other users cannot enter (``None`` when all can)."""
    current = "/"
    for part in path.strip("/").split("/"):
        current = os.path.join(current, part)
        try:
            mode = os.stat(current).st_mode
        except OSError:
            return None
        if os.path.isdir(current) and mode & 0o001 == 0:
            return current
    return None


def _python_paths() -> list[str]:
    paths = {os.path.realpath(p) for p in (sys.base_prefix, sys.prefix, sys.exec_prefix,
                                             os.path.dirname(os.path.realpath(sys.executable)))}
    paths.update(os.path.realpath(p) for p in sys.path if p and os.path.isdir(p))
    return sorted(paths)


def _expose_python(features: Features, expose: tuple[str, ...] = ()) -> None:
    """Let the unprivileged sandbox uid read the Python installation inside private folders
    (and the toolchain folders in ``expose``, e.g. a rustup toolchain under ``/root``).

    E.g. a pyenv Python under a home folder of mode 0700: inside the worker's mount
    namespace that home folder is covered by an empty tmpfs into which only the needed subtrees are
    bind-mounted back -- which also hides the rest of that private folder from snippets.
    """
    blocked: dict[str, set[str]] = {}
    extra = [os.path.realpath(p) for p in expose if os.path.isdir(p)]
    for path in _python_paths() + extra:
        anc = _blocking_ancestor(path)
        if anc is not None and anc != path:
            top = anc + "/" + path[len(anc) + 1:].split("/")[0]
            blocked.setdefault(anc, set()).add(top)
    for anc, tops in blocked.items():
        staging = _make_private_dir("/tmp", "execir-stage-")
        moves = []
        for i, top in enumerate(sorted(tops)):
            target = os.path.join(staging, str(i))
            os.mkdir(target)
            _mount(top, target, None, _MS_BIND | _MS_REC, None)
            moves.append((target, top))
        _mount("tmpfs", anc, "tmpfs", _MS_NOSUID | _MS_NODEV, "mode=0755,size=1m")
        for target, top in moves:
            os.makedirs(top, exist_ok=True)
            _mount(target, top, None, _MS_MOVE, None)
        features.notes.append(f"{anc} hidden; exposed {', '.join(sorted(tops))}")



def _check_schedstat(features: Features) -> bool:
    """Whether ``/proc/<pid>/task/<tid>/schedstat`` is there (``CONFIG_SCHED_INFO``).

    Without it the time limits fall back to CPU time plus the wall-clock backstop.
    """
    me = os.getpid()
    try:
        with open(f"/proc/{me}/task/{me}/schedstat", "rb") as fh:
            fields = [int(x) for x in fh.read().split()]
    except (OSError, ValueError):
        features.notes.append("no schedstat: sleeping time is caught by the wall backstop only")
        return False
    if len(fields) < 3:
        features.notes.append("bad schedstat: sleeping time is caught by the wall backstop only")
        return False
    if fields[1] == 0 and fields[2] > 100:
        features.notes.append("schedstat reports no run-queue delay: limits may tighten under load")
    return True


def _make_private_dir(base: str, prefix: str) -> str:
    """Create a fresh 0700 folder under ``base`` (like ``tempfile.mkdtemp``, fewer imports)."""
    for _attempt in range(100):
        path = os.path.join(base, prefix + os.urandom(6).hex())
        try:
            os.mkdir(path, 0o700)
            return path
        except FileExistsError:
            continue
    raise SandboxError(f"cannot create a folder under {base}")


def _drop_capabilities() -> None:
    header = (ctypes.c_uint32 * 2)(0x20080522, 0)
    data = (ctypes.c_uint32 * 6)()
    _libc.capset(header, data)


def enter_limits(rlimits: Iterable[tuple[int, tuple[int, int]]], uid: int | None) -> None:
    """In a forked child about to ``exec`` untrusted code: apply ``rlimits`` (``(resource,
    (soft, hard))`` pairs for :func:`resource.setrlimit`) and, when ``uid`` is given, drop every
    supplementary group and switch group and user id to it (irreversibly).

    Raises:
        OSError: a limit or the id switch was refused (the child must then exit, not run).
    """
    for res, value in rlimits:
        resource.setrlimit(res, value)
    if uid is not None:
        os.setgroups([])
        os.setgid(uid)
        os.setuid(uid)
