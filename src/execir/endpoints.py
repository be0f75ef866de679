"""LLM endpoints' keys: one rule for every OpenAI-compatible server execir talks to (the LLM
reranker, :mod:`execir.rerank.llm`; LLM construction, :mod:`execir.generate`).

The key is ``$EXECIR_LLM_API_KEY``.  A loopback server (``127.0.0.1``, ``::1``, ``localhost``)
may need none; any other host without a key is refused at once, before any work.
"""

from __future__ import annotations

import os
import urllib.parse
from typing import Mapping

from execir.errors import UsageError

KEY_ENV = "EXECIR_LLM_API_KEY"
LOOPBACK = ("127.0.0.1", "localhost", "::1")


def endpoint_key(url: str, environ: Mapping[str, str] | None = None) -> str | None:
    """The key for the endpoint at ``url``, or None for a loopback server without one.

    Raises:
        UsageError: ``url`` is on another host and ``$EXECIR_LLM_API_KEY`` is unset or empty.
    """
    key = (environ if environ is not None else os.environ).get(KEY_ENV, "").strip() or None
    if key is None and urllib.parse.urlsplit(url).hostname not in LOOPBACK:
        raise UsageError(f"llm endpoint {url!r} is remote and needs an API key: set {KEY_ENV}; "
                         "nothing was run")
    return key
