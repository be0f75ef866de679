"""execir — execution-grounded code-retrieval benchmarks.

Public API (flat):

* :func:`load_benchmark` -- anything ``--dataset`` takes (a shipped name, a folder of any
  format, a dataset) as one :class:`~execir.records.Benchmark`;
* :func:`build_release` -- build a release from tasks, carded and gated as ``execir build`` does;
* :func:`evaluate` -- rank with any systems (names or objects), label by execution, score
  (returns :class:`Results`; ``results.write(folder)`` writes a results folder);
* :class:`Oracle` -- the sandboxed execution oracle (workers, limits, cache);
* :func:`run_suite` -- run one (code, tests) pair in the sandbox;
* :func:`rank` -- the one ranking rule (score descending, then id ascending).

Names are loaded on first use, so ``import execir`` stays light.
"""

from __future__ import annotations

from importlib import import_module
from typing import Any

from execir._version import __version__

_EXPORTS = {
    "load_benchmark": "execir.api",
    "build_release": "execir.api",
    "evaluate": "execir.api",
    "Results": "execir.api",
    "Oracle": "execir.execution.oracle",
    "run_suite": "execir.execution.oracle",
    "rank": "execir.ranking",
}

__all__ = ["__version__", *_EXPORTS]


def __getattr__(name: str) -> Any:
    module = _EXPORTS.get(name)
    if module is None:
        raise AttributeError(f"module 'execir' has no attribute {name!r}")
    value = getattr(import_module(module), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted(__all__)
