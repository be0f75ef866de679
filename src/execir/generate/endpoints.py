"""LLM endpoints' keys: one rule for every OpenAI-compatible server execir talks to (the LLM
reranker, :mod:`execir.rerank.llm`; LLM construction, :mod:`execir.generate`).

The key is ``$EXECIR_LLM_API_KEY``.  A loopback server (``127.0.0.0/8``, ``::1``, ``localhost``)
may need none; any other host without a key is refused at once, before any work.
"""

from __future__ import annotations

import ipaddress
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
    if key is None and not is_loopback(urllib.parse.urlsplit(url).hostname or ""):
        raise UsageError(f"llm endpoint {shown(url)!r} is remote and needs an API key: set {KEY_ENV}; "
                         "nothing was run")
    return key


def is_loopback(host: str) -> bool:
    """``localhost`` or a loopback address (``127.0.0.0/8``, ``::1``)."""
    if host in LOOPBACK:
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def shown(url: str) -> str:
    """``url`` with any password in it replaced by ``***`` (for messages)."""
    parts = urllib.parse.urlsplit(url)
    if parts.password is None:
        return url
    netloc = parts.netloc.replace(f":{parts.password}@", ":***@", 1)
    return urllib.parse.urlunsplit(parts._replace(netloc=netloc))
