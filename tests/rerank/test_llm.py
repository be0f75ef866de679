"""LLM yes/no rerankers: P(yes) from a tiny local causal LM and from a local OpenAI-compatible
server, each checked against values computed by hand."""

from __future__ import annotations

import math

import pytest

from execir.errors import UsageError
from execir.retrieval.protocols import Reranker
from execir.rerank.llm import (DEFAULT_INSTRUCTION, KEY_ENV, SYSTEM_PROMPT, EndpointLLMReranker,
                               LocalLLMReranker, from_name, prompt_text, user_message,
                               yes_no_from_top, yes_probability)

from tests.local_server import JSONServer

from .tiny_models import make_causal_lm

QUERIES = {"q1": "sort a list of integers", "q2": "add two numbers"}
CORPUS = {"s1": "def f(x): return sorted(x)", "s2": "def f(x): return x",
          "s3": "def add(a, b): return a + b"}
RUN = {"q1": [("s1", 0.9), ("s2", 0.8), ("s3", 0.1)], "q2": [("s3", 0.6)]}


def test_prompt_is_the_qwen3_reranker_format():
    text = prompt_text("Q", "D", "I")
    assert text == ("<|im_start|>system\n" + SYSTEM_PROMPT + "<|im_end|>\n<|im_start|>user\n"
                    "<Instruct>: I\n<Query>: Q\n<Document>: D<|im_end|>\n"
                    "<|im_start|>assistant\n<think>\n\n</think>\n\n")
    assert SYSTEM_PROMPT.startswith("Judge whether the Document meets the requirements")
    assert DEFAULT_INSTRUCTION.startswith("Given a natural language programming task")


def test_yes_probability_is_the_two_way_softmax():
    assert yes_probability(0.0, 0.0) == 0.5
    assert yes_probability(2.0, 0.5) == pytest.approx(math.exp(2) / (math.exp(2) + math.exp(0.5)))
    assert yes_probability(-1000.0, 0.0) == pytest.approx(0.0, abs=1e-300)  # no overflow
    top = {"yes": math.log(0.2), " Yes": math.log(0.1), "no": math.log(0.6), "x": math.log(0.1)}
    assert yes_no_from_top(top) == pytest.approx(0.3 / 0.9)
    assert yes_no_from_top({"yes": math.log(0.5), "x": math.log(0.25)}) == pytest.approx(2 / 3)
    with pytest.raises(ValueError, match="neither"):
        yes_no_from_top({"maybe": -0.1})


@pytest.fixture(scope="module")
def lm_folder(tmp_path_factory):
    return make_causal_lm(tmp_path_factory.mktemp("lm") / "tiny-lm")


def test_local_model_score_is_softmax_over_yes_no_logits(lm_folder):
    import torch
    from transformers import AutoModelForCausalLM, AutoTokenizer

    rr = LocalLLMReranker(lm_folder, device="cpu", batch_size=3)
    assert isinstance(rr, Reranker)
    out = rr.rerank(QUERIES, CORPUS, RUN, k=3)
    tok = AutoTokenizer.from_pretrained(lm_folder)
    model = AutoModelForCausalLM.from_pretrained(lm_folder).eval()
    yes, no = tok.convert_tokens_to_ids(["yes", "no"])
    for qid, ranked in out.items():
        assert sorted(s for s, _ in ranked) == sorted(s for s, _ in RUN[qid])
        for sid, score in ranked:  # one prompt at a time, no padding
            ids = tok(prompt_text(QUERIES[qid], CORPUS[sid]), add_special_tokens=False,
                      return_tensors="pt")["input_ids"]
            with torch.no_grad():
                last = model(input_ids=ids).logits[0, -1]
            expected = torch.softmax(last[[yes, no]].double(), dim=0)[0].item()
            assert score == pytest.approx(expected, abs=1e-6)
        assert [s for s, _ in ranked] == [s for s, _ in sorted(ranked, key=lambda x: (-x[1], x[0]))]


def test_local_model_errors(tmp_path):
    with pytest.raises(UsageError, match="does not exist"):
        from_name(str(tmp_path / "missing"), None)
    with pytest.raises(UsageError, match="needs a model folder"):
        from_name(None, None)


class LogprobServer(JSONServer):
    """OpenAI-compatible /completions and /chat/completions on 127.0.0.1 answering one token
    with top log-probabilities: log P(yes) = -len(document) / 100, log P(no) = -0.5."""

    def __init__(self):
        super().__init__()
        self.url += "/v1"
        self.requests: list[tuple[str, dict, str | None]] = []
        self.fail: list[int] = []

    def respond(self, path, body, headers):
        self.requests.append((path, body, headers.get("Authorization")))
        if self.fail:
            return self.fail.pop(0), {}
        if path.endswith("/chat/completions"):
            doc = body["messages"][1]["content"].split("<Document>: ", 1)[1]
            top = [{"token": "yes", "logprob": -len(doc) / 100}, {"token": "no", "logprob": -0.5}]
            return 200, {"choices": [{"logprobs": {"content": [{"token": "no", "top_logprobs": top}]}}]}
        doc = body["prompt"].split("<Document>: ", 1)[1].split("<|im_end|>")[0]
        return 200, {"choices": [{"logprobs": {"top_logprobs": [{" yes": -len(doc) / 100, " no": -0.5}]}}]}


@pytest.fixture()
def server():
    with LogprobServer() as srv:
        yield srv


def _expected(code: str) -> float:
    a, b = -len(code) / 100, -0.5
    return math.exp(a) / (math.exp(a) + math.exp(b))


@pytest.mark.parametrize("api", ["completions", "chat"])
def test_endpoint_score_is_p_yes_from_logprobs(server, api, monkeypatch):
    monkeypatch.delenv(KEY_ENV, raising=False)
    rr = from_name(f"{server.url}?model=tiny&api={api}", None)
    assert isinstance(rr, EndpointLLMReranker) and rr.name == f"llm:{server.url}?model=tiny&api={api}"
    out = rr.rerank(QUERIES, CORPUS, RUN, k=2)
    # shorter code -> higher P(yes): s2 (19 chars) before s1 (26 chars)
    assert out["q1"] == [("s2", pytest.approx(_expected(CORPUS["s2"]))),
                         ("s1", pytest.approx(_expected(CORPUS["s1"])))]
    assert out["q2"] == [("s3", pytest.approx(_expected(CORPUS["s3"])))]
    assert len(server.requests) == 3 and rr.usage == {"requests": 3}
    path, body, auth = server.requests[0]
    assert path == ("/v1/completions" if api == "completions" else "/v1/chat/completions")
    assert body["model"] == "tiny" and body["max_tokens"] == 1 and auth is None
    if api == "chat":
        assert body["messages"][0] == {"role": "system", "content": SYSTEM_PROMPT}
        assert body["messages"][1]["content"] == user_message(QUERIES["q1"], CORPUS["s1"])
        assert body["logprobs"] is True and body["top_logprobs"] == 20
    else:
        assert body["prompt"] == prompt_text(QUERIES["q1"], CORPUS["s1"])


def test_endpoint_key_retry_and_failures(server, monkeypatch):
    monkeypatch.delenv(KEY_ENV, raising=False)
    with pytest.raises(UsageError, match=f"remote and needs an API key: set {KEY_ENV}"):
        from_name("https://api.example.com/v1?model=m", None)
    monkeypatch.setenv(KEY_ENV, "sk-test")
    assert isinstance(from_name("https://api.example.com/v1", None), EndpointLLMReranker)
    rr = EndpointLLMReranker(server.url, retries=1)
    rr.retry_wait = 0.0
    server.fail = [503]
    assert rr.score([("q", "abc")]) == [pytest.approx(_expected("abc"))]
    assert [r[2] for r in server.requests] == ["Bearer sk-test"] * 2
    server.fail = [400]
    with pytest.raises(UsageError, match="HTTP 400"):
        rr.score([("q", "abc")])
    with pytest.raises(UsageError, match="unknown URL setting 'temp'"):
        from_name(f"{server.url}?temp=1", None)
