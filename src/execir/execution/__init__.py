"""execir.execution -- the sandboxed execution oracle (ExecRetrieval §3.3).

Public names: :class:`Oracle` (workers, limits, cache: the one object every stage that runs code
receives), :class:`SuiteResult`, :class:`Limits`, :func:`run_suite`, :func:`run_many`,
:class:`ExecutionCache`, :func:`default_cache`, :func:`sandbox_features`.
"""

from execir.execution.cache import ExecutionCache, default_cache, default_cache_path, pair_key
from execir.execution.limits import Limits
from execir.execution.outcomes import RUNNER_VERSION, SuiteResult, is_outcome
from execir.execution.oracle import Oracle, run_many, run_suite
from execir.execution.pool import shared_pool


def sandbox_features() -> dict:
    """Isolation features the sandbox workers got on this machine (see docs/threat-model.md)."""
    return shared_pool().features()


__all__ = ["ExecutionCache", "Limits", "Oracle", "RUNNER_VERSION", "SuiteResult", "default_cache",
           "default_cache_path", "is_outcome", "pair_key", "run_many", "run_suite",
           "sandbox_features"]
