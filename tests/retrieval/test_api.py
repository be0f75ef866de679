"""API embedders against local servers that speak each provider's protocol (never the real services)."""

import socket

import numpy as np
import pytest

from execir.errors import UsageError
from execir.retrieval import get_entry, make_retriever
from execir.retrieval.hosted import is_connection_error, make_api_retriever, status_of, with_retries
from execir.retrieval.embedding_cache import EmbeddingCache

from .conftest import text_vector
from .protocol_server import ProtocolServer

PROVIDERS = {
    # provider: (SDK module, key variable, model, path prefix of the base URL)
    "openai": ("openai", "OPENAI_API_KEY", "text-embedding-3-small", "/v1"),
    "gemini": ("google.genai", "GEMINI_API_KEY", "gemini-embedding-001", ""),
    "mistral": ("mistralai.client", "MISTRAL_API_KEY", "mistral-embed", ""),
    "voyage": ("voyageai", "VOYAGE_API_KEY", "voyage-code-3", "/v1"),
}
CORPUS = {"s1": "def add(a, b): return a + b", "s2": "def sub(a, b): return a - b"}
QUERIES = {"q1": "add two numbers"}


def _texts_sent(provider, body):
    if provider == "gemini":
        return [r["content"]["parts"][0]["text"] for r in body["requests"]]
    return list(body.get("input", body.get("inputs", [])))


@pytest.fixture(params=sorted(PROVIDERS))
def provider(request, monkeypatch):
    module, env, _, _ = PROVIDERS[request.param]
    pytest.importorskip(module)
    for var in ("OPENAI_API_KEY", "GEMINI_API_KEY", "GOOGLE_API_KEY", "MISTRAL_API_KEY", "VOYAGE_API_KEY"):
        monkeypatch.delenv(var, raising=False)
    monkeypatch.setenv(env, "test-key")
    return request.param


def test_protocol_roundtrip_usage_and_cache(provider, tmp_path):
    _, _, model, prefix = PROVIDERS[provider]
    with ProtocolServer(provider, get_entry(model).dims) as srv:
        retriever = make_api_retriever(f"{provider}/{model}", base_url=srv.url + prefix,
                                       cache=EmbeddingCache(tmp_path), base_delay=0.0)
        run = retriever.search(QUERIES, CORPUS, 2)
        entry = retriever.encoder.entry
        sent = [_texts_sent(provider, body) for _, body in srv.requests]
        assert sent == [[entry.format_document(CORPUS["s1"]), entry.format_document(CORPUS["s2"])],
                        [entry.format_query(QUERIES["q1"])]]
        q = text_vector(entry.format_query(QUERIES["q1"]), entry.dims)
        want = {}
        for sid, code in CORPUS.items():
            d = text_vector(entry.format_document(code), entry.dims)
            want[sid] = round(float(q @ d / np.linalg.norm(q) / np.linalg.norm(d)), 6)
        assert dict(run["q1"]) == pytest.approx(want, abs=1e-6)
        usage = retriever.usage
        assert (usage["requests"], usage["texts"]) == (2, 3)
        if provider == "gemini":       # Gemini reports no tokens for embeddings: ceil(chars / 4)
            assert usage["tokens_estimated"] and usage["input_tokens"] == sum(
                -(-len(t) // 4) for batch in sent for t in batch)
        else:
            assert usage["input_tokens"] == sum(len(t.split()) for batch in sent for t in batch)
        assert usage["cost_usd"] == pytest.approx(usage["input_tokens"] * entry.price_per_mtok / 1e6)
        again = make_api_retriever(f"{provider}/{model}", base_url=srv.url + prefix,
                                   cache=EmbeddingCache(tmp_path), base_delay=0.0)
        assert again.search(QUERIES, CORPUS, 2) == run and len(srv.requests) == 2


def test_gemini_task_types_and_voyage_input_types(provider):
    if provider not in ("gemini", "voyage"):
        pytest.skip("only Gemini and Voyage take task / input types")
    _, _, model, prefix = PROVIDERS[provider]
    with ProtocolServer(provider, get_entry(model).dims) as srv:
        make_api_retriever(f"{provider}/{model}", base_url=srv.url + prefix, base_delay=0.0).search(QUERIES, CORPUS, 1)
        if provider == "gemini":
            kinds = [{r.get("taskType") for r in body["requests"]} for _, body in srv.requests]
            assert kinds == [{"RETRIEVAL_DOCUMENT"}, {"CODE_RETRIEVAL_QUERY"}]
        else:
            assert [body["input_type"] for _, body in srv.requests] == ["document", "query"]


@pytest.mark.parametrize("statuses", [[429], [429, 503], [500, 502, 429]])
def test_rate_limits_and_5xx_are_retried(provider, statuses):
    _, _, model, prefix = PROVIDERS[provider]
    with ProtocolServer(provider, get_entry(model).dims) as srv:
        srv.fail = list(statuses)
        retriever = make_api_retriever(f"{provider}/{model}", base_url=srv.url + prefix, base_delay=0.0)
        run = retriever.search(QUERIES, CORPUS, 2)
        assert len(run["q1"]) == 2
        assert retriever.usage["retries"] == len(statuses)
        assert len(srv.requests) == 2 + len(statuses)


def test_retries_give_up_and_client_errors_are_not_retried(provider):
    _, _, model, prefix = PROVIDERS[provider]
    with ProtocolServer(provider, get_entry(model).dims) as srv:
        srv.fail = [429] * 3
        retriever = make_api_retriever(f"{provider}/{model}", base_url=srv.url + prefix, base_delay=0.0,
                                       max_retries=2)
        with pytest.raises(UsageError) as err:
            retriever.search(QUERIES, CORPUS, 1)
        assert status_of(err.value.__cause__) == 429 and len(srv.requests) == 3
        assert str(err.value).startswith(f"api:{provider}/{model}: the API answered HTTP 429 (")
        assert str(err.value).endswith(", after 2 retries)") and "\n" not in str(err.value)
        srv.fail = [400]
        with pytest.raises(UsageError) as err:
            retriever.search(QUERIES, CORPUS, 1)
        assert status_of(err.value.__cause__) == 400 and len(srv.requests) == 4
        assert str(err.value).startswith(f"api:{provider}/{model}: the API answered HTTP 400 (")


def _closed_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def test_unreachable_endpoint_is_one_line_error_after_retries(provider):
    _, _, model, prefix = PROVIDERS[provider]
    waits = []
    retriever = make_api_retriever(f"{provider}/{model}", base_delay=0.01, max_retries=2,
                                   base_url=f"http://127.0.0.1:{_closed_port()}{prefix}")
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr("execir.retrieval.hosted.time.sleep", waits.append)
        with pytest.raises(UsageError) as err:
            retriever.search(QUERIES, CORPUS, 1)
    msg = str(err.value)
    assert msg.startswith(f"api:{provider}/{model}: cannot reach the API (") and "\n" not in msg
    assert msg.endswith(", after 2 retries)")
    assert waits == [0.01, 0.02]  # connection errors are retried with the same backoff
    assert is_connection_error(err.value.__cause__) and retriever.usage["requests"] == 0


def test_connection_errors_are_recognised_through_the_cause_chain():
    class APIConnectionError(Exception):
        pass

    def wrapped(inner):
        try:
            raise inner
        except Exception as exc:
            try:
                raise RuntimeError("SDK wrapper") from exc
            except RuntimeError as outer:
                return outer

    assert is_connection_error(ConnectionRefusedError(111, "refused"))
    assert is_connection_error(APIConnectionError("Connection error."))
    assert is_connection_error(wrapped(TimeoutError()))
    assert not is_connection_error(wrapped(ValueError("bad input")))
    assert not is_connection_error(KeyError("x"))


def test_missing_key_fails_immediately_naming_the_variable(provider, monkeypatch):
    _, env, model, _ = PROVIDERS[provider]
    monkeypatch.delenv(env)
    with pytest.raises(UsageError, match=env):
        make_retriever(f"api:{provider}/{model}")


def test_backoff_is_exponential():
    class Busy(Exception):
        status_code = 429

    waits = []
    calls = iter([Busy(), Busy(), Busy(), "ok"])

    def call():
        item = next(calls)
        if isinstance(item, Exception):
            raise item
        return item

    assert with_retries(call, max_retries=5, base_delay=0.5, sleep=waits.append) == ("ok", 3)
    assert waits == [0.5, 1.0, 2.0]


def test_bad_api_spec():
    with pytest.raises(UsageError, match="api:PROVIDER/MODEL"):
        make_retriever("api:cohere/embed-v4")
