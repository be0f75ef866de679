"""Mutant enumeration for a build on every core, in the background.

:class:`Enumeration` enumerates the single-edit mutants of many canonicals in helper processes
(``python -c`` subprocesses that import only :mod:`execir.mutation`, fed over pipes) while the
caller goes on with other work -- the build runs its canonicals on the oracle meanwhile -- and
:meth:`Enumeration.result` waits for them.  Enumeration is deterministic, so the mutants are the
ones :func:`execir.mutation.enumerate_mutants` gives in this process; a chunk whose helper could
not be started, died or raised is enumerated again here, in task order, so errors are raised
exactly as a serial enumeration raises them.

Helpers are plain subprocesses rather than :mod:`multiprocessing` children: nothing of the
caller is inherited (no fork of a process with threads) and the caller's ``__main__`` is never
re-imported (a build started from an unguarded script stays one build).

Protocol on the helper's stdin/stdout: a 4-byte big-endian length and a pickle each way; a
request is a list of ``(code, entry_point, extended)`` or ``(code, entry_point, extended,
language)`` items (language default ``"python"``: the AST engine; any other goes to the
tree-sitter engine, :func:`execir.mutation.treesitter.enumerate_mutants`), the answer ``("ok", [mutants per
item])`` or ``("error", repr)``.  EOF on stdin ends the helper.
"""

from __future__ import annotations

import pickle
import random
import struct
import subprocess
import sys
import threading
from pathlib import Path
from typing import Any, Callable, Sequence

from execir.mutation.mutant import Mutant
from execir.records import Task

_HEADER = struct.Struct(">I")
#: Items per request (small enough to balance the helpers, large enough to amortise a message).
CHUNK = 16
_BOOTSTRAP = ("import sys\nsys.path.insert(0, {src!r})\n"
              "from execir.construction.enumeration import serve\nserve()\n")

Item = tuple  # (code, entry_point, extended) or (code, entry_point, extended, language)


def _enumerate(items: Sequence[Item]) -> list[list]:
    from execir.mutation import enumerate_mutants

    out = []
    for item in items:
        code, entry_point, extended = item[:3]
        language = item[3] if len(item) > 3 else "python"
        out.append(enumerate_mutants(code, entry_point=entry_point, extended=extended,
                                     language=language))
    return out


def _read(stream: Any) -> Any:
    head = stream.read(_HEADER.size)
    if len(head) < _HEADER.size:
        return None
    size = _HEADER.unpack(head)[0]
    body = stream.read(size)
    if len(body) < size:
        return None
    return pickle.loads(body)


def _write(stream: Any, obj: object) -> None:
    data = pickle.dumps(obj, protocol=pickle.HIGHEST_PROTOCOL)
    stream.write(_HEADER.pack(len(data)) + data)
    stream.flush()


def serve() -> None:
    """Helper process main loop: answer enumeration requests until stdin closes."""
    stdin, stdout = sys.stdin.buffer, sys.stdout.buffer
    sys.stdout = sys.stderr  # nothing but answers on the channel
    while True:
        items = _read(stdin)
        if items is None:
            return
        try:
            answer: tuple = ("ok", _enumerate(items))
        except Exception as exc:  # the caller enumerates this chunk itself and raises it
            answer = ("error", repr(exc))
        _write(stdout, answer)


class Enumeration:
    """Mutants of ``items`` (``(code, entry_point, extended[, language])`` each), enumerated by ``processes``
    helper processes in the background; ``processes`` < 2, or too few items to split, means
    enumerating here when :meth:`result` is called."""

    def __init__(self, items: Sequence[Item], processes: int, *, chunk: int = CHUNK,
                 local: Callable[[Sequence[Item]], list[list]] = _enumerate):
        self.items = list(items)
        self.local = local
        self.chunks = [self.items[i:i + chunk] for i in range(0, len(self.items), chunk)]
        self.answers: list[list | None] = [None] * len(self.chunks)
        self._next = 0
        self._lock = threading.Lock()
        self._procs: list[subprocess.Popen] = []
        self._threads: list[threading.Thread] = []
        if processes < 2 or len(self.chunks) < 2:
            return
        src = str(Path(__file__).resolve().parents[2])
        for _ in range(min(processes, len(self.chunks))):
            try:
                proc = subprocess.Popen([sys.executable, "-c", _BOOTSTRAP.format(src=src)],
                                        stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                        stderr=subprocess.DEVNULL, cwd="/", close_fds=True)
            except (OSError, ValueError):  # no interpreter to start: enumerate here
                break
            self._procs.append(proc)
            thread = threading.Thread(target=self._drive, args=(proc,), daemon=True,
                                      name="execir-enumeration")
            thread.start()
            self._threads.append(thread)

    def _take(self) -> int | None:
        with self._lock:
            if self._next >= len(self.chunks):
                return None
            self._next += 1
            return self._next - 1

    def _drive(self, proc: subprocess.Popen) -> None:
        """One helper: send it chunks until none is left (or it fails), keep its answers."""
        try:
            while (j := self._take()) is not None:
                _write(proc.stdin, self.chunks[j])
                answer = _read(proc.stdout)
                if not (isinstance(answer, tuple) and answer[0] == "ok"
                        and len(answer[1]) == len(self.chunks[j])):
                    return  # this chunk (and what the helper would have taken) is done locally
                self.answers[j] = answer[1]
        except (OSError, ValueError, EOFError, pickle.UnpicklingError):
            return
        finally:
            self._stop(proc)

    @staticmethod
    def _stop(proc: subprocess.Popen) -> None:
        try:
            proc.stdin.close()
        except OSError:
            pass
        try:
            proc.wait(timeout=5)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()
        proc.stdout.close()

    def result(self) -> list[list]:
        """Every item's mutants, in item order (waits for the helpers; enumerates here what
        they did not)."""
        try:
            for thread in self._threads:
                thread.join()
        finally:
            self.cancel()
        out: list[list] = []
        for chunk, answer in zip(self.chunks, self.answers):
            out.extend(answer if answer is not None else self.local(chunk))
        return out

    def cancel(self) -> None:
        """Stop the helpers (work not yet answered is lost; :meth:`result` redoes it here)."""
        with self._lock:
            self._next = len(self.chunks)
        for proc in self._procs:
            if proc.poll() is None:
                proc.kill()
        for thread in self._threads:
            thread.join()
        self._procs.clear()
        self._threads.clear()


def sampled(task: Task, muts: Sequence[Mutant], cap: tuple[int, int] | None) -> list:
    """``muts``, or with ``cap = (most, seed)`` a sample of at most ``most`` of them drawn by a
    generator seeded with the seed and the task id, kept in enumeration order."""
    if cap is None or len(muts) <= cap[0]:
        return list(muts)
    keep = sorted(random.Random(f"{cap[1]}:first-order:{task.task_id}").sample(range(len(muts)), cap[0]))
    return [muts[i] for i in keep]
