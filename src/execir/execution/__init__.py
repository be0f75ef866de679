"""execir.execution -- the sandboxed execution oracle (ExecRetrieval §3.3).

Public names: :class:`Oracle` (workers, limits, cache: the one object every stage that runs code
receives), :class:`SuiteResult`, :class:`Limits`, :func:`run_suite`, :func:`run_many`,
:class:`ExecutionCache`, :func:`default_cache`, :func:`sandbox_features`; for the other languages
(``language=`` of every running call) :data:`LANGUAGES`, :func:`available_languages`,
:func:`outputs_match` and :class:`ToolchainMissingWarning` (:mod:`execir.execution.languages`).
"""

from execir.execution.cache import ExecutionCache, default_cache, default_cache_path, pair_key
from execir.execution.languages import LANGUAGES, ToolchainMissingWarning, available_languages
from execir.execution.limits import Limits
from execir.execution.outcomes import RUNNER_VERSION, SuiteResult, is_outcome
from execir.execution.oracle import Oracle, run_many, run_suite
from execir.execution.pool import shared_pool
from execir.execution.programs import outputs_match


def sandbox_features() -> dict:
    """Isolation features the sandbox workers got on this machine (see docs/threat-model.md)."""
    return shared_pool().features()


__all__ = ["ExecutionCache", "LANGUAGES", "Limits", "Oracle", "RUNNER_VERSION", "SuiteResult",
           "ToolchainMissingWarning", "available_languages", "default_cache", "default_cache_path",
           "is_outcome", "outputs_match", "pair_key", "run_many", "run_suite", "sandbox_features"]
