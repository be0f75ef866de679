"""execir benchmarks and MTEB (optional extra: ``pip install 'execir[mteb]'``).

* :func:`task` -- one source (a shipped release such as ``humaneval@2``, a release, CoREB-format
  or BEIR folder; a grouped source's ``subtask``) as an ``mteb`` ``AbsTaskRetrieval``, built in
  memory, no network (:mod:`execir.mteb.benchmark_task`);
* :func:`tasks` -- every task of several sources (one per subtask of a grouped source).

``execir run --systems mteb:NAME`` runs a model of MTEB's registry (:mod:`execir.retrieval.mteb_models`).
Names are loaded on first use: importing this package does not import mteb.
"""

from __future__ import annotations

from typing import Any

__all__ = ["task", "tasks"]


def __getattr__(name: str) -> Any:
    if name not in __all__:
        raise AttributeError(f"module 'execir.mteb' has no attribute {name!r}")
    import execir.mteb.benchmark_task as module

    value = getattr(module, name)
    globals()[name] = value
    return value
