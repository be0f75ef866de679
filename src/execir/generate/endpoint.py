"""``--llm URL?model=NAME``: an OpenAI-compatible chat endpoint (vLLM, Ollama, llama.cpp's
server, a hosted API) through the ``openai`` client with ``base_url``.

The key follows :mod:`execir.generate.endpoints` (``$EXECIR_LLM_API_KEY``; a loopback server may need
none, another host without one is refused before any work).  HTTP 429
and 5xx answers are retried with exponential backoff up to 6 times, a failed connection twice
(:func:`execir.retrieval.hosted.with_retries`; 1 s, then 2 s: a server that is not there fails in
about 3 s; the SDK's own retries are off).  Every completion goes through the :class:`~execir.generate.response_cache.ResponseCache`
first; ``offline`` refuses any request the cache does not hold, with one line.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Mapping, Sequence
from urllib.parse import parse_qs, urlsplit, urlunsplit

from execir.generate.endpoints import endpoint_key, shown
from execir.errors import UsageError
from execir.generate.response_cache import ResponseCache, request_key


@dataclass(frozen=True)
class Endpoint:
    """One ``--llm`` value: ``base_url`` (scheme, host, port, path; no query) and ``model``."""

    base_url: str
    model: str

    def __str__(self) -> str:
        return f"{shown(self.base_url)}?model={self.model}"


def parse_endpoint(text: str) -> Endpoint:
    """``"http://127.0.0.1:8000/v1?model=qwen2.5-coder"`` -> :class:`Endpoint`.

    Raises:
        UsageError: not an http(s) URL, a bad port, no single ``model=`` parameter, or anything
            else after the path.
    """
    parts = urlsplit(text.strip())
    try:
        parts.port  # noqa: B018 - raises ValueError for a port that is not a number in 0-65535
    except ValueError as exc:
        raise UsageError(f"--llm {shown(text)!r}: {exc}") from None
    if parts.scheme not in ("http", "https") or not parts.hostname:
        raise UsageError(f"--llm {shown(text)!r}: expected an http(s) URL like http://127.0.0.1:8000/v1?model=NAME")
    query = parse_qs(parts.query, keep_blank_values=True)
    models = query.get("model", [])
    if len(models) != 1 or not models[0].strip():
        raise UsageError(f"--llm {shown(text)!r}: name the model once, as ?model=NAME")
    if set(query) != {"model"} or parts.fragment:
        raise UsageError(f"--llm {shown(text)!r}: only ?model=NAME may follow the URL")
    return Endpoint(urlunsplit((parts.scheme, parts.netloc, parts.path.rstrip("/"), "", "")), models[0].strip())


@dataclass
class LLMClient:
    """Chat completions from one endpoint, cached (module docstring).

    Attributes:
        usage: ``requests`` (sent), ``cached`` (answered by the cache), ``retries``,
            ``prompt_tokens`` and ``completion_tokens`` (as the server reported them).
    """

    endpoint: Endpoint
    cache: ResponseCache
    offline: bool = False
    max_retries: int = 6
    connection_retries: int = 2
    base_delay: float = 1.0
    timeout: float = 120.0
    usage: dict[str, int] = field(default_factory=lambda: {"requests": 0, "cached": 0, "retries": 0,
                                                           "prompt_tokens": 0, "completion_tokens": 0})
    _client: Any = None

    def __post_init__(self) -> None:
        self._key = None if self.offline else (endpoint_key(self.endpoint.base_url) or "no-key")

    def complete(self, messages: Sequence[Mapping[str, str]], *, temperature: float = 0.0,
                 max_tokens: int = 1024, seed: int = 0) -> dict[str, Any]:
        """One completion: ``{"text", "finish_reason", "cached", "usage"}`` (``usage``: the
        server's ``prompt_tokens`` and ``completion_tokens`` for this answer, cached or not).

        Raises:
            UsageError: ``offline`` and not cached; the endpoint failed for good (one line).
        """
        params = {"temperature": temperature, "max_tokens": max_tokens, "seed": seed}
        key = request_key(self.endpoint.model, messages, params)
        hit = self.cache.get(self.endpoint.model, key)
        if hit is not None:
            self.usage["cached"] += 1
            return {"text": hit["text"], "finish_reason": hit.get("finish_reason"), "cached": True,
                    "usage": hit.get("usage") or {}}
        if self.offline:
            raise UsageError(f"--offline: a request to {self.endpoint.model} is not in the response cache "
                             f"({self.cache.root}); run once with the endpoint reachable")
        answer = self._send(messages, params)
        self.cache.put(self.endpoint.model, key, answer)  # a malformed one too: a rebuild must see it again
        return {**answer, "cached": False}

    def _send(self, messages: Sequence[Mapping[str, str]], params: Mapping[str, Any]) -> dict[str, Any]:
        from execir.retrieval.hosted import api_failure, is_connection_error, retryable, status_of, with_retries

        if self._client is None:
            import openai

            self._client = openai.OpenAI(api_key=self._key, base_url=self.endpoint.base_url,
                                         max_retries=0, timeout=self.timeout)
        try:
            resp, retries = with_retries(
                lambda: self._client.chat.completions.create(model=self.endpoint.model, messages=list(messages),
                                                             **params),
                max_retries=self.max_retries, base_delay=self.base_delay,
                connection_retries=self.connection_retries)
        except ValueError:  # a body that is not JSON: the server answered, with nothing usable
            resp, retries = None, 0
        except Exception as exc:
            if status_of(exc) is None and not is_connection_error(exc):
                raise
            raise api_failure(f"--llm {self.endpoint}", exc,
                              0 if not retryable(exc) else self.max_retries if status_of(exc) is not None
                              else min(self.max_retries, self.connection_retries)) from exc
        self.usage["requests"] += 1
        self.usage["retries"] += retries
        used = {k: _count(getattr(getattr(resp, "usage", None), k, 0)) for k in ("prompt_tokens", "completion_tokens")}
        for k, n in used.items():
            self.usage[k] += n
        choices = getattr(resp, "choices", None)
        choice = choices[0] if isinstance(choices, list) and choices else None
        message = getattr(choice, "message", None)
        text = getattr(message, "content", None)
        if not isinstance(text, str) or getattr(choice, "finish_reason", None) is None:
            # not a chat completion (a list, an empty object, no message): an answer with no code
            return {"text": "", "finish_reason": None, "usage": used}
        return {"text": text, "finish_reason": choice.finish_reason, "usage": used}


def _count(value: Any) -> int:
    """A token count as the server reported it, or 0 when it is not a non-negative integer."""
    return value if isinstance(value, int) and not isinstance(value, bool) and value >= 0 else 0


def cost_usd(tokens: Mapping[str, int], price: tuple[float, float] | None) -> float | None:
    """Dollars for ``tokens`` (``prompt_tokens``, ``completion_tokens``) at ``price`` (dollars per
    million prompt and completion tokens), rounded to 1e-6; None without a price."""
    if price is None:
        return None
    return round((tokens.get("prompt_tokens", 0) * price[0] + tokens.get("completion_tokens", 0) * price[1]) / 1e6, 6)


#: the token counts every LLM step records
TOKEN_KINDS = ("prompt_tokens", "completion_tokens")


def answer_tokens(answer: Mapping[str, Any]) -> dict[str, int]:
    """The prompt and completion tokens one :meth:`LLMClient.complete` answer cost (cached or not)."""
    return {k: int(answer["usage"].get(k, 0)) for k in TOKEN_KINDS}
