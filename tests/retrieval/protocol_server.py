"""A local HTTP server speaking the embedding protocols of OpenAI, Gemini, Mistral and Voyage.

It answers with deterministic vectors (:func:`text_vector` of each text) and token counts (words per
text), records every request, and can be told to fail the next N requests with a given status.
"""

from __future__ import annotations

from typing import Any

from tests.local_server import JSONServer

from .conftest import text_vector


def tokens(text: str) -> int:
    return len(text.split())


def _openai_like(texts: list[str], model: str, dims: int) -> dict[str, Any]:
    n = sum(tokens(t) for t in texts)
    return {"object": "list", "model": model, "id": "emb-1",
            "data": [{"object": "embedding", "index": i, "embedding": text_vector(t, dims).tolist()}
                     for i, t in enumerate(texts)],
            "usage": {"prompt_tokens": n, "total_tokens": n, "completion_tokens": 0}}


class ProtocolServer(JSONServer):
    """``with ProtocolServer("openai") as srv: srv.url ...``; ``srv.requests`` lists bodies."""

    def __init__(self, provider: str, dims: int):
        super().__init__()
        self.provider = provider
        self.dims = dims
        self.requests: list[tuple[str, dict[str, Any]]] = []
        self.fail: list[int] = []

    def respond(self, path: str, body: dict[str, Any], headers: Any) -> tuple[int, dict[str, Any]]:
        self.requests.append((path, body))
        if self.fail:
            status = self.fail.pop(0)
            return status, {"error": {"message": "slow down", "code": status, "status": "RESOURCE_EXHAUSTED"},
                            "message": "slow down", "detail": "slow down"}
        return 200, self.answer(path, body)

    def answer(self, path: str, body: dict[str, Any]) -> dict[str, Any]:
        if self.provider == "openai":
            return _openai_like(list(body["input"]), body["model"], self.dims)
        if self.provider == "mistral":
            return _openai_like(list(body.get("input", body.get("inputs", []))), body["model"], self.dims)
        if self.provider == "voyage":
            texts = list(body["input"])
            return {"object": "list", "model": body["model"],
                    "data": [{"object": "embedding", "index": i, "embedding": text_vector(t, self.dims).tolist()}
                             for i, t in enumerate(texts)],
                    "usage": {"total_tokens": sum(tokens(t) for t in texts)}}
        # gemini: POST /v1beta/models/{model}:batchEmbedContents {"requests": [{"content": {"parts": [{"text"}]}}]}
        texts = [r["content"]["parts"][0]["text"] for r in body["requests"]]
        return {"embeddings": [{"values": text_vector(t, self.dims).tolist()} for t in texts]}
