"""A repository's Python files compiled once per sandbox worker, not once per suite.

A repository's source tests (:mod:`execir.repo.harness`) run one pytest session per sandboxed
child, and every session imports the project's test modules and its unchanged source modules
again: with no bytecode to read (the tree is read-only, bytecode writing is off), each import
compiles its file, and a large test module dominates a short session (more-itertools'
7,444-line ``tests/test_more.py``: about 0.2 s of a 0.5 s session).

:func:`compile_trees` runs in the worker, before any child: it compiles every ``.py`` file of
each mounted tree that is not an installed environment (compiling runs nothing of the file) and
keeps ``{path: (sha256 of the bytes, code)}`` in a module named :data:`MODULE`, so every forked
child inherits the code objects.  The harness's import hook uses one only when the file's bytes
still hash to what was compiled; any other file compiles as usual, so verdicts never depend on
this cache (it saves time, it decides nothing).  Children cannot write into the worker, so no
snippet can plant code here for a later suite.
"""

from __future__ import annotations

import hashlib
import os
import sys
import types
from typing import Iterable

#: the module, in ``sys.modules``, whose ``codes`` attribute children read
MODULE = "_execir_compiled"
#: at most this many files and bytes are compiled per worker (about 1 s per MB at its start; a
#: huge tree falls back to compiling what a suite imports)
MAX_FILES = 2000
MAX_BYTES = 16 << 20
_SKIP = frozenset({"site-packages", "dist-packages", "node_modules", "__pycache__"})


def compile_trees(mounts: Iterable[str]) -> dict[str, tuple[bytes, types.CodeType]]:
    """``{path: (sha256 digest, code object)}`` of the ``.py`` files under ``mounts`` (absolute
    folders), leaving out installed environments (``site-packages``, a folder holding
    ``pyvenv.cfg``), hidden folders and files that do not compile; at most :data:`MAX_FILES`
    files and :data:`MAX_BYTES` bytes, in walk order.  Registered as :data:`MODULE`'s ``codes``."""
    codes: dict[str, tuple[bytes, types.CodeType]] = {}
    budget = MAX_BYTES
    for mount in mounts:
        if os.path.basename(mount.rstrip("/")) in _SKIP or os.path.exists(os.path.join(mount, "pyvenv.cfg")):
            continue
        for dirpath, dirnames, filenames in os.walk(mount):
            dirnames[:] = sorted(d for d in dirnames if not d.startswith(".") and d not in _SKIP
                                 and not os.path.exists(os.path.join(dirpath, d, "pyvenv.cfg")))
            for name in sorted(filenames):
                if not name.endswith(".py") or len(codes) >= MAX_FILES:
                    continue
                path = os.path.join(dirpath, name)
                try:
                    with open(path, "rb") as fh:
                        data = fh.read(budget + 1)
                    if len(data) > budget:
                        continue
                    code = compile(data, path, "exec", dont_inherit=True)
                except (OSError, SyntaxError, ValueError):
                    continue  # the suite's own import reports what is wrong with it
                budget -= len(data)
                codes[path] = (hashlib.sha256(data).digest(), code)
    module = types.ModuleType(MODULE)
    module.codes = codes  # type: ignore[attr-defined]
    sys.modules[MODULE] = module
    return codes
