"""Hosted embedding APIs — OpenAI (and any OpenAI-compatible endpoint), Google Gemini, Mistral,
Voyage — through their official SDKs (``pip install 'execir[api]'``).

Each provider is an *encoder* for :class:`~execir.retrieval.dense.DenseRetriever`, so API vectors
go through the same embedding cache and search as local ones.  Requests are batched by the
registry's batch size; HTTP 429 and 5xx answers are retried with exponential backoff (the SDKs'
own retries are switched off so the policy is one and visible); a missing key fails at once,
naming the environment variable.  ``usage`` counts requests, texts, input tokens (provider-reported,
or estimated as ceil(chars / 4) where the provider reports none — flagged) and the cost at the
registry's list price.

Endpoints: the SDK default, or ``EXECIR_<PROVIDER>_BASE_URL`` (``OPENAI_BASE_URL`` also works for
OpenAI-compatible servers), or ``base_url=`` in :func:`make_api_retriever`.
"""

from __future__ import annotations

import math
import os
import time
from typing import Any, Callable, Sequence

import numpy as np

from execir.errors import UsageError
from execir.retrieval.embedding_cache import EmbeddingCache
from execir.retrieval.dense import DenseRetriever
from execir.retrieval.registry import API_PROVIDERS, ModelEntry, default_registry
from execir.records import slug

KEY_ENV = {"openai": ("OPENAI_API_KEY",), "gemini": ("GEMINI_API_KEY", "GOOGLE_API_KEY"),
           "mistral": ("MISTRAL_API_KEY",), "voyage": ("VOYAGE_API_KEY",)}
SDK = {"openai": "openai", "gemini": "google.genai", "mistral": "mistralai.client", "voyage": "voyageai"}
DEFAULT_BATCH = {"openai": 128, "gemini": 32, "mistral": 64, "voyage": 128}
RETRY_STATUSES = frozenset({429, 500, 502, 503, 504})


def status_of(exc: BaseException) -> int | None:
    """The HTTP status carried by an SDK exception (``status_code``, ``http_status`` or ``code``)."""
    for attr in ("status_code", "http_status", "code"):
        value = getattr(exc, attr, None)
        if isinstance(value, int) and 100 <= value < 600:
            return value
    return None


_CONNECTION_ERROR_NAMES = frozenset({"APIConnectionError", "APITimeoutError", "TransportError",
                                     "ConnectionError", "ConnectError", "Timeout", "TimeoutException"})


def is_connection_error(exc: BaseException) -> bool:
    """True when ``exc`` (or an exception it was raised from) means the endpoint was not reached
    or did not answer in time: Python's ``ConnectionError`` / ``TimeoutError``, or an SDK's
    connection class (openai/voyage ``APIConnectionError``, httpx ``TransportError``, requests
    ``ConnectionError`` / ``Timeout``), matched by class name so no SDK has to be imported."""
    seen: set[int] = set()
    node: BaseException | None = exc
    while node is not None and id(node) not in seen:
        seen.add(id(node))
        if isinstance(node, (ConnectionError, TimeoutError)):
            return True
        if any(cls.__name__ in _CONNECTION_ERROR_NAMES for cls in type(node).__mro__):
            return True
        node = node.__cause__ or node.__context__
    return False


def retryable(exc: BaseException) -> bool:
    """HTTP 429 / 5xx answers and connection errors are worth another try."""
    return status_of(exc) in RETRY_STATUSES or (status_of(exc) is None and is_connection_error(exc))


def with_retries(call: Callable[[], Any], *, max_retries: int, base_delay: float,
                 sleep: Callable[[float], None] | None = None,
                 connection_retries: int | None = None) -> tuple[Any, int]:
    """Run ``call``; on a :func:`retryable` exception (HTTP 429 or 5xx, or no connection) wait
    ``base_delay * 2**i`` seconds (``sleep``, default :func:`time.sleep`) and try again, at most
    ``max_retries`` times (a failed connection at most ``connection_retries`` times, when given:
    a server that is not there fails in seconds, not minutes).  Returns ``(result, retries
    used)``; any other exception (or the last retryable one) propagates."""
    attempt = 0
    while True:
        try:
            return call(), attempt
        except Exception as exc:
            limit = max_retries
            if connection_retries is not None and status_of(exc) is None:
                limit = min(limit, connection_retries)
            if not retryable(exc) or attempt >= limit:
                raise
            (sleep or time.sleep)(base_delay * (2 ** attempt))
            attempt += 1


def api_failure(system: str, exc: BaseException, retries: int) -> UsageError:
    """The one-line error for an API call that failed for good: ``system`` (``api:provider/model``),
    what went wrong (unreachable, or the HTTP status the API answered) and the SDK's message."""
    text = " ".join(str(exc).split()).rstrip(".") or type(exc).__name__
    if len(text) > 240:
        text = text[:237] + "..."
    tried = f", after {retries} retr{'y' if retries == 1 else 'ies'}" if retries else ""
    status = status_of(exc)
    if status is None and is_connection_error(exc):
        return UsageError(f"{system}: cannot reach the API ({text}{tried})")
    if status is not None:
        return UsageError(f"{system}: the API answered HTTP {status} ({text}{tried})")
    return UsageError(f"{system}: the API call failed ({type(exc).__name__}: {text}{tried})")


class APIEncoder:
    """One provider's embedding endpoint for one registry entry (see module docstring).

    Attributes:
        usage: ``provider``, ``model``, ``requests``, ``texts``, ``input_tokens``,
            ``tokens_estimated``, ``retries``, ``price_per_mtok``, ``cost_usd``.
    """

    def __init__(self, entry: ModelEntry, *, api_key: str, base_url: str | None = None,
                 max_retries: int = 6, base_delay: float = 1.0, timeout: float = 60.0):
        self.entry = entry
        self.provider = entry.provider
        self.base_url = base_url
        self.max_retries = max_retries
        self.base_delay = base_delay
        self._client = _make_client(self.provider, api_key, base_url, timeout)
        self.usage: dict[str, Any] = {
            "provider": self.provider, "model": entry.model_id, "requests": 0, "texts": 0,
            "input_tokens": 0, "tokens_estimated": False, "retries": 0,
            "price_per_mtok": entry.price_per_mtok, "cost_usd": 0.0 if entry.price_per_mtok is not None else None}

    def settings(self, role: str) -> dict[str, Any]:
        e = self.entry
        return {"model_id": f"{self.provider}/{e.model_id}", "revision": e.revision or "api", "role": role,
                "template": e.query_template if role == "query" else e.document_template,
                "task_type": e.query_task_type if role == "query" else e.document_task_type,
                "dims": e.dims, "backend": "api"}

    def dims(self) -> int | None:
        return self.entry.dims

    def encode(self, texts: Sequence[str], role: str) -> np.ndarray:
        """Raw texts of ``role`` -> ``(n, d)`` float32 vectors, in batches with retries."""
        fmt = self.entry.format_query if role == "query" else self.entry.format_document
        task = self.entry.query_task_type if role == "query" else self.entry.document_task_type
        shown = [fmt(t) for t in texts]
        out: list[np.ndarray] = []
        for start in range(0, len(shown), self.entry.batch_size):
            batch = shown[start:start + self.entry.batch_size]
            try:
                (vectors, tokens), retries = with_retries(
                    lambda: _CALLS[self.provider](self._client, self.entry.model_id, batch, task),
                    max_retries=self.max_retries, base_delay=self.base_delay)
            except Exception as exc:
                if status_of(exc) is None and not is_connection_error(exc):
                    raise  # not an answer of the service: a bug, keep the traceback
                raise api_failure(f"api:{self.provider}/{self.entry.model_id}", exc,
                                  self.max_retries if retryable(exc) else 0) from exc
            if len(vectors) != len(batch):
                raise RuntimeError(f"{self.provider} returned {len(vectors)} embeddings for {len(batch)} texts")
            if tokens is None:
                tokens = sum(math.ceil(len(t) / 4) for t in batch)
                self.usage["tokens_estimated"] = True
            self.usage["requests"] += 1
            self.usage["texts"] += len(batch)
            self.usage["input_tokens"] += int(tokens)
            self.usage["retries"] += retries
            out.append(np.asarray(vectors, dtype=np.float32))
        if self.entry.price_per_mtok is not None:
            self.usage["cost_usd"] = round(self.usage["input_tokens"] * self.entry.price_per_mtok / 1e6, 8)
        return np.concatenate(out) if out else np.zeros((0, self.entry.dims or 0), dtype=np.float32)


def _make_client(provider: str, api_key: str, base_url: str | None, timeout: float) -> Any:
    if provider == "openai":
        import openai

        return openai.OpenAI(api_key=api_key, base_url=base_url, max_retries=0, timeout=timeout)
    if provider == "gemini":
        from google import genai
        from google.genai import types

        options = types.HttpOptions(base_url=base_url, timeout=int(timeout * 1000)) if base_url else \
            types.HttpOptions(timeout=int(timeout * 1000))
        return genai.Client(api_key=api_key, http_options=options)
    if provider == "mistral":
        from mistralai.client import Mistral

        return Mistral(api_key=api_key, server_url=base_url, timeout_ms=int(timeout * 1000))
    import voyageai

    return voyageai.Client(api_key=api_key, max_retries=0, timeout=timeout, base_url=base_url)


def _openai_call(client: Any, model: str, batch: list[str], task: str | None):
    resp = client.embeddings.create(model=model, input=batch, encoding_format="float")
    rows = sorted(resp.data, key=lambda d: d.index)
    tokens = getattr(resp.usage, "prompt_tokens", None) if resp.usage is not None else None
    return [r.embedding for r in rows], tokens


def _gemini_call(client: Any, model: str, batch: list[str], task: str | None):
    from google.genai import types

    config = types.EmbedContentConfig(task_type=task) if task else None
    resp = client.models.embed_content(model=model, contents=batch, config=config)
    usage = getattr(resp, "usage_metadata", None)
    tokens = getattr(usage, "prompt_token_count", None) if usage is not None else None
    return [e.values for e in resp.embeddings], tokens


def _mistral_call(client: Any, model: str, batch: list[str], task: str | None):
    resp = client.embeddings.create(model=model, inputs=batch)
    rows = sorted(resp.data, key=lambda d: d.index if d.index is not None else 0)
    tokens = getattr(resp.usage, "prompt_tokens", None) if resp.usage is not None else None
    return [r.embedding for r in rows], tokens


def _voyage_call(client: Any, model: str, batch: list[str], task: str | None):
    resp = client.embed(batch, model=model, input_type=task)
    return resp.embeddings, getattr(resp, "total_tokens", None)


_CALLS = {"openai": _openai_call, "gemini": _gemini_call, "mistral": _mistral_call, "voyage": _voyage_call}


def api_key_for(provider: str) -> str:
    """The provider's key from its environment variable.

    Raises:
        UsageError: none set (names the variable).
    """
    for var in KEY_ENV[provider]:
        if os.environ.get(var):
            return os.environ[var]
    raise UsageError(f"{provider} embeddings need an API key: set {' or '.join(KEY_ENV[provider])}")


def _base_url_for(provider: str) -> str | None:
    url = os.environ.get(f"EXECIR_{provider.upper()}_BASE_URL")
    if not url and provider == "openai":
        url = os.environ.get("OPENAI_BASE_URL")
    return url or None


def make_api_retriever(spec: str, *, cache: EmbeddingCache | None = None, index: str = "exact",
                       entry: ModelEntry | None = None, base_url: str | None = None,
                       max_retries: int = 6, base_delay: float = 1.0) -> DenseRetriever:
    """``provider/model`` -> a :class:`DenseRetriever` over that provider's API.

    The invocation comes from the registry entry whose model id is ``model`` (for that provider),
    else raw text, cosine and the provider's default batch size.

    Raises:
        UsageError: bad spec, unknown provider, SDK not installed, or missing API key.
    """
    provider, _, model = spec.partition("/")
    if provider not in API_PROVIDERS or not model:
        raise UsageError(f"API systems are api:PROVIDER/MODEL with PROVIDER one of "
                         f"{', '.join(API_PROVIDERS)}; got 'api:{spec}'")
    if entry is None:
        entry = next((e for e in default_registry().entries()
                      if e.provider == provider and model in (e.model_id, e.name)), None)
    if entry is None:
        entry = ModelEntry(name=slug(f"{provider}-{model}"), model_id=model, provider=provider,
                           batch_size=DEFAULT_BATCH[provider], sources={"template": "raw text (unregistered)"})
    try:
        __import__(SDK[provider])
    except ImportError as exc:
        raise UsageError(f"{provider} embeddings need its SDK: pip install 'execir[api]'") from exc
    key = api_key_for(provider)
    encoder = APIEncoder(entry, api_key=key, base_url=base_url or _base_url_for(provider),
                         max_retries=max_retries, base_delay=base_delay)
    return DenseRetriever(entry.name, encoder, cache=cache, index=index)
