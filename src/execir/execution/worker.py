"""Long-lived worker process: isolates itself once, then runs (code, tests) pairs on request.

Started by :mod:`execir.execution.pool` as ``python -s -P -c <bootstrap>`` with a minimal
environment (``PYTHONHASHSEED=0``). Protocol on the inherited stdin/stdout pipes: each message
is a 4-byte big-endian length and a pickle. The worker first sends ``("ready", features)``; then
for every request ``(job_id, code, tests, limits, capture)`` it answers ``(job_id, outcomes,
durations, output)``, and for every program request ``("program", job_id, plan, limits,
capture)`` (another language, :mod:`execir.execution.programs`) ``(job_id, outcomes, durations,
output, built)`` with the archives it compiled. EOF on stdin ends it, and so does a closed
stdout (the evaluating process is gone: nobody is left to answer).  The pool starts each worker
in a session of its own, so a terminal's Ctrl-C reaches only the evaluating process, which closes
the workers' stdin on its way out.
"""

from __future__ import annotations

import dataclasses
import gc
import importlib
import importlib.util
import os
import pickle
import struct
import sys

from execir.execution.compiled import compile_trees  # imported before the sandbox may hide
from execir.execution.programs import run_program  # the source folder (a checkout under /tmp)
from execir.execution.sandbox import setup_worker

# the C line counter of execir.construction.work, where built: a child cannot import it (the
# sandbox may hide the source folder), so the counting template finds it in sys.modules
if importlib.util.find_spec("execir.execution._linecount") is not None:
    importlib.import_module("execir.execution._linecount")
importlib.import_module("execir.execution.worktracer")  # the counting template's tracer, likewise

_HEADER = struct.Struct(">I")


def _read_exact(fd: int, size: int) -> bytes | None:
    parts, got = [], 0
    while got < size:
        chunk = os.read(fd, size - got)
        if not chunk:
            return None
        parts.append(chunk)
        got += len(chunk)
    return b"".join(parts)


def _send(fd: int, obj: object) -> None:
    data = pickle.dumps(obj, protocol=pickle.HIGHEST_PROTOCOL)
    view = memoryview(_HEADER.pack(len(data)) + data)
    while view:
        view = view[os.write(fd, view):]


def main(isolate: bool = True, expose: tuple[str, ...] = (), mounts: tuple[str, ...] = ()) -> None:
    """Serve requests until stdin closes (see module docstring); ``expose``: toolchain folders
    to make readable inside the sandbox; ``mounts``: folders mounted read-only at their own path
    (:func:`~execir.execution.sandbox.setup_worker`)."""
    ctrl_in, ctrl_out = os.dup(0), os.dup(1)
    devnull = os.open(os.devnull, os.O_RDWR)
    os.dup2(devnull, 0)
    os.dup2(devnull, 1)
    os.close(devnull)
    sys.stdout = sys.stderr
    sandbox = setup_worker(isolate=isolate, expose=expose, mounts=mounts)
    if mounts and importlib.util.find_spec("pytest") is not None:
        _preload_pytest()
    if mounts:
        compile_trees(mounts)  # every child imports these again: compiled once, here
    gc.collect()
    gc.freeze()  # forked children then do not copy-on-write pages just to scan them
    try:
        _serve(sandbox, ctrl_in, ctrl_out)
    except BrokenPipeError:
        pass  # the evaluating process closed its end: it wants no answer
    import shutil

    shutil.rmtree(sandbox.scratch, ignore_errors=True)


def _preload_pytest() -> None:
    """A repository's source tests run a pytest session in every child: pytest, its default
    plugins (and what they import: doctest, unittest, pdb, asyncio...) and tomllib are loaded
    once here, so a child re-runs only the package's ``__init__`` (the runner's shim stands in
    for it until then)."""
    importlib.import_module("pytest")
    from _pytest.config import default_plugins

    for name in ("tomllib", *(f"_pytest.{plugin}" for plugin in default_plugins)):
        if importlib.util.find_spec(name) is not None:
            importlib.import_module(name)


def _serve(sandbox: object, ctrl_in: int, ctrl_out: int) -> None:
    """Answer requests until stdin closes (module docstring)."""
    _send(ctrl_out, ("ready", dataclasses.asdict(sandbox.features)))
    while True:
        head = _read_exact(ctrl_in, _HEADER.size)
        if head is None:
            break
        body = _read_exact(ctrl_in, _HEADER.unpack(head)[0])
        if body is None:
            break
        request = pickle.loads(body)
        if request[0] == "program":
            _, job_id, plan, limits, capture = request
            _send(ctrl_out, (job_id, *run_program(sandbox, plan, limits, capture)))
            continue
        job_id, code, tests, limits, capture = request
        run = sandbox.run_pair(code, list(tests), limits, capture)
        _send(ctrl_out, (job_id, run.outcomes, run.durations, run.output))
