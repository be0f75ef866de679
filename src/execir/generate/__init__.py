"""LLM-backed construction through any OpenAI-compatible endpoint (issue 26).

* :mod:`execir.generate.endpoint` -- ``--llm URL?model=NAME``: the endpoint, its key, retries,
  token accounting; every completion goes through the response cache.
* :mod:`execir.generate.response_cache` -- the response cache: a rebuild from it makes the same release
  byte for byte with no network; ``offline`` refuses any uncached call.
* :mod:`execir.generate.bugs` -- ExecRetrieval-style distractors (§3.2): one targeted bug of each
  of the six types per task, asked for with a locked, versioned prompt, recovered as a single
  span by diffing against the canonical, then verified by the oracle like any mutant.

Nothing here runs without an endpoint the user names; execir's mutation engine stays the
default source of distractors.
"""

from execir.generate.bugs import BUG_PROMPT, llm_mutants
from execir.generate.response_cache import ResponseCache
from execir.generate.endpoint import Endpoint, LLMClient, parse_endpoint

__all__ = ["BUG_PROMPT", "Endpoint", "LLMClient", "ResponseCache", "llm_mutants", "parse_endpoint"]
