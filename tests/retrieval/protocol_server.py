"""A local HTTP server speaking the embedding protocols of OpenAI, Gemini, Mistral and Voyage.

It answers with deterministic vectors (:func:`text_vector` of each text) and token counts (words per
text), records every request, and can be told to fail the next N requests with a given status.
"""

from __future__ import annotations

import json
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

from .conftest import text_vector



def tokens(text: str) -> int:
    return len(text.split())


def _openai_like(texts: list[str], model: str, dims: int) -> dict[str, Any]:
    n = sum(tokens(t) for t in texts)
    return {"object": "list", "model": model, "id": "emb-1",
            "data": [{"object": "embedding", "index": i, "embedding": text_vector(t, dims).tolist()}
                     for i, t in enumerate(texts)],
            "usage": {"prompt_tokens": n, "total_tokens": n, "completion_tokens": 0}}


class ProtocolServer:
    """``with ProtocolServer("openai") as srv: srv.url ...``; ``srv.requests`` lists bodies."""

    def __init__(self, provider: str, dims: int):
        self.provider = provider
        self.dims = dims
        self.requests: list[tuple[str, dict[str, Any]]] = []
        self.fail: list[int] = []
        server = self

        class Handler(BaseHTTPRequestHandler):
            def log_message(self, *args: Any) -> None:
                return None

            def do_POST(self) -> None:  # noqa: N802 - http.server API
                body = json.loads(self.rfile.read(int(self.headers.get("Content-Length", 0))) or b"{}")
                server.requests.append((self.path, body))
                if server.fail:
                    status = server.fail.pop(0)
                    self._send(status, {"error": {"message": "slow down", "code": status, "status": "RESOURCE_EXHAUSTED"},
                                        "message": "slow down", "detail": "slow down"})
                    return
                self._send(200, server.answer(self.path, body))

            def _send(self, status: int, payload: dict[str, Any]) -> None:
                data = json.dumps(payload).encode()
                self.send_response(status)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(data)))
                self.end_headers()
                self.wfile.write(data)

        self._httpd = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.url = f"http://127.0.0.1:{self._httpd.server_address[1]}"
        self._thread = threading.Thread(target=self._httpd.serve_forever, daemon=True)

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

    def __enter__(self) -> "ProtocolServer":
        self._thread.start()
        return self

    def __exit__(self, *exc: Any) -> None:
        self._httpd.shutdown()
        self._httpd.server_close()
        self._thread.join(timeout=5)
