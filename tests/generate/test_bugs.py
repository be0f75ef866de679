"""LLM answers to one-bug requests become mutants only when they are one attributable edit."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from execir.errors import UsageError
from execir.generate import LLMClient, ResponseCache, parse_endpoint
from execir.generate.bugs import BUG_PROMPT, MAX_EDIT_LINES, as_mutant, llm_mutants, messages_for
from execir.generate.response_cache import request_key
from execir.mutation.mutant import Mutant
from execir.records import SIX_TYPES, Task

from .chat_server import ChatServer

CANONICAL = "def f(a, b):\n    if a < 0:\n        return 0\n    return a + b\n"
TASK = Task(task_id="t/0", query="Add two numbers, zero for a negative first.", canonical=CANONICAL,
            entry_point="f", tests=["assert f(1, 2) == 3", "assert f(-1, 2) == 0"])


def fenced(code: str) -> str:
    return f"Sure.\n```python\n{code}```\nDone."


def test_one_edit_becomes_a_mutant_with_its_span():
    got = as_mutant(TASK, "wrong_operator", fenced(CANONICAL.replace(" + ", " - ")), "stop")
    assert isinstance(got, Mutant)
    # "def f(a, b):\n" 13 + "    if a < 0:\n" 14 + "        return 0\n" 17 + "    return a " 13 = 57
    assert got.span == (4, 13, 4, 14) and (got.before, got.after) == ("+", "-")
    assert got.edit_size == 1 and got.operator == "llm_wrong_operator" and got.mutation_type == "wrong_operator"
    assert got.code == CANONICAL.replace(" + ", " - ")


def test_a_missing_final_newline_is_not_an_edit():
    got = as_mutant(TASK, "wrong_comparison", "```python\n" + CANONICAL.replace("<", "<=").rstrip("\n") + "\n```",
                    "stop")
    # "    if a <" is 10 characters: "=" is inserted at column 10 of line 2
    assert isinstance(got, Mutant) and got.span == (2, 10, 2, 10) and (got.before, got.after) == ("", "=")


@pytest.mark.parametrize("text, finish, reason", [
    ("I cannot help with that.", "stop", "no_code_block"),
    ("```python\ndef f(a, b):\n    if a <", "length", "truncated"),
    (fenced(CANONICAL), "stop", "unchanged"),
    (fenced(CANONICAL.replace("return a + b", "return a +")), "stop", "syntax_error"),
    (fenced(CANONICAL.replace("    ", "  ")), "stop", "not_one_edit"),
])
def test_answers_that_are_not_one_edit_are_named(text, finish, reason):
    assert as_mutant(TASK, "off_by_one", text, finish) == reason


def test_an_edit_over_more_than_max_lines_is_refused():
    assert MAX_EDIT_LINES == 2
    lines_2_to_4 = CANONICAL.replace("a < 0", "a <= 0").replace("a + b", "a - b")
    assert as_mutant(TASK, "off_by_one", fenced(lines_2_to_4), "stop") == "not_one_edit"
    lines_3_to_4 = CANONICAL.replace("return 0", "return 1").replace("a + b", "a - b")
    got = as_mutant(TASK, "off_by_one", fenced(lines_3_to_4), "stop")
    assert isinstance(got, Mutant) and got.span == (3, 15, 4, 14)


def test_the_prompt_is_locked_and_names_type_and_code():
    msgs = messages_for(TASK, "swap_arguments")
    assert [m["role"] for m in msgs] == ["system", "user"]
    assert "```python\n" + CANONICAL.rstrip("\n") + "\n```" in msgs[1]["content"]
    assert "swap_arguments (two arguments of one call" in msgs[1]["content"]
    assert BUG_PROMPT["file"] == "inject_bug_v1.txt" and len(BUG_PROMPT["sha256"]) == 64


def test_request_key_is_canonical_json():
    m = [{"role": "user", "content": "x"}]
    assert request_key("m", m, {"seed": 0, "temperature": 0.0}) == request_key("m", m, {"temperature": 0.0, "seed": 0})
    assert request_key("m", m, {"seed": 0}) != request_key("m", m, {"seed": 1})
    assert request_key("m", m, {"seed": 0}) != request_key("n", m, {"seed": 0})


def test_scripted_endpoint_cache_and_offline(tmp_path):
    with ChatServer() as srv:
        srv.fail = [429]  # one rate-limited answer: retried
        client = LLMClient(parse_endpoint(f"{srv.url}?model=scripted"), ResponseCache(tmp_path), base_delay=0.01)
        mutants, counts = llm_mutants([TASK], client, seed=0)
        assert srv.requests == 6 and client.usage["retries"] == 1 and client.usage["requests"] == 6
    assert counts["asked"] == 6
    # wrong_operator (+ -> -), wrong_comparison (< -> <=) and off_by_one (return 0 -> return 0 + 1) are
    # one edit each; the refusal, the truncation and the re-indented answer are not
    assert counts["rejected"] == {"no_code_block": 1, "not_one_edit": 1, "truncated": 1}
    assert [m.mutation_type for m in mutants["t/0"]] == ["off_by_one", "wrong_operator", "wrong_comparison"]
    assert counts["tokens"]["prompt_tokens"] > 0
    # the same requests offline: all from the cache, the same mutants, the same token counts
    offline = LLMClient(parse_endpoint("http://127.0.0.1:9/v1?model=scripted"), ResponseCache(tmp_path), offline=True)
    again, counts2 = llm_mutants([TASK], offline, seed=0)
    assert again == mutants and counts2 == counts and offline.usage["cached"] == 6
    with pytest.raises(UsageError, match="--offline: a request to scripted is not in the response cache"):
        llm_mutants([TASK], offline, seed=1)  # another seed: another request


def test_a_damaged_cache_file_is_asked_again(tmp_path):
    cache = ResponseCache(tmp_path)
    cache.put("m", "k", {"text": "a", "finish_reason": "stop"})
    assert cache.get("m", "k")["text"] == "a"
    (path,) = list(cache.root.rglob("k.json"))
    path.write_text("{not json")
    assert cache.get("m", "k") is None


@pytest.mark.parametrize("text, message", [
    ("ftp://h/v1?model=m", "expected an http(s) URL"),
    ("http://127.0.0.1:8000/v1", "name the model once"),
    ("http://127.0.0.1:8000/v1?model=a&model=b", "name the model once"),
    ("http://127.0.0.1:abc/v1?model=q", "Port could not be cast to integer value"),
    ("http://127.0.0.1:99999/v1?model=q", "Port out of range"),
    ("http://127.0.0.1:8000/v1?model=q&api=chat", "only ?model=NAME may follow the URL"),
    ("http://127.0.0.1:8000/v1?model=q#x", "only ?model=NAME may follow the URL"),
])
def test_bad_endpoints_are_refused_in_one_line_before_any_work(text, message):
    with pytest.raises(UsageError, match=re.escape(message)):
        parse_endpoint(text)


def test_endpoint_parts_and_keys(monkeypatch):
    e = parse_endpoint("http://127.0.0.1:8000/v1/?model=qwen2.5-coder:7b")
    assert (e.base_url, e.model) == ("http://127.0.0.1:8000/v1", "qwen2.5-coder:7b")
    monkeypatch.delenv("EXECIR_LLM_API_KEY", raising=False)
    LLMClient(e, ResponseCache("unused"))  # loopback: no key needed
    with pytest.raises(UsageError, match="is remote and needs an API key: set EXECIR_LLM_API_KEY"):
        LLMClient(parse_endpoint("https://api.example.com/v1?model=m"), ResponseCache("unused"))
    LLMClient(parse_endpoint("https://api.example.com/v1?model=m"), ResponseCache("unused"), offline=True)
    monkeypatch.setenv("EXECIR_LLM_API_KEY", "sk-test")
    LLMClient(parse_endpoint("https://api.example.com/v1?model=m"), ResponseCache("unused"))


def test_six_types_each_have_a_definition():
    from execir.mutation.operator_registry import TYPE_DEFINITIONS
    assert tuple(TYPE_DEFINITIONS) == SIX_TYPES


def test_the_python_api_path_of_the_readme(tmp_path):
    """README's block: ask for bugs, hand them to build_release, which gates them."""
    from execir import Oracle, build_release, load_benchmark
    from execir.datasets import load_dataset

    tasks = load_dataset("tasks", Path(__file__).resolve().parents[1] / "data" / "e2e" / "tasks.jsonl")
    with ChatServer() as srv:
        client = LLMClient(parse_endpoint(f"{srv.url}?model=scripted"), ResponseCache(tmp_path / "c"))
        bugs, counts = llm_mutants(tasks, client, seed=0)
    report = build_release(tasks, tmp_path / "rel", name="rel", oracle=Oracle(workers=1), extra_mutants=bugs,
                           engine=False)
    assert report["mutants"]["total"] == counts["accepted"] == sum(len(b) for b in bugs.values())
    bench = load_benchmark(tmp_path / "rel")
    codes = {m.code for b in bugs.values() for m in b}
    distractors = [s for s in bench.corpus.values() if s.kind == "distractor"]
    assert distractors and all(s.code in codes for s in distractors)


def test_a_password_in_the_url_is_never_shown(monkeypatch):
    monkeypatch.delenv("EXECIR_LLM_API_KEY", raising=False)
    with pytest.raises(UsageError) as err:
        LLMClient(parse_endpoint("https://alice:s3cret@llm.invalid/v1?model=m"), ResponseCache("unused"))
    assert "s3cret" not in str(err.value) and "alice:***@llm.invalid" in str(err.value)


def test_every_loopback_address_is_local():
    from execir.generate.endpoints import is_loopback
    assert is_loopback("127.0.0.2") and is_loopback("::1") and is_loopback("localhost")
    assert not is_loopback("10.0.0.1") and not is_loopback("llm.invalid")


@pytest.mark.parametrize("model", ["..", "/", "../../etc", "Org/Model:7b q4", "a" * 300])
def test_model_names_stay_inside_the_cache(model, tmp_path):
    cache = ResponseCache(tmp_path)
    cache.put(model, "k", {"text": "x", "finish_reason": "stop"})
    (path,) = list(tmp_path.rglob("k.json"))
    assert path.parent.parent == tmp_path / "llm" and cache.get(model, "k")["text"] == "x"
    assert cache.get(model + "!", "k") is None  # another name, another folder


class _Malformed(ChatServer):
    def respond(self, path, body, headers):
        self.requests += 1
        bodies = [[], {}, {"choices": [], "usage": {"prompt_tokens": "abc"}}]
        return 200, bodies[self.requests % 3]


def test_malformed_answers_are_answers_without_code_and_cached(tmp_path):
    with _Malformed() as srv:
        client = LLMClient(parse_endpoint(f"{srv.url}?model=m"), ResponseCache(tmp_path), base_delay=0.01)
        mutants, counts = llm_mutants([TASK], client, seed=0)
    assert mutants == {"t/0": []} and counts["rejected"] == {"no_code_block": 6}
    assert counts["tokens"] == {"prompt_tokens": 0, "completion_tokens": 0}
    # cached like any answer, so an offline rebuild sees the same
    offline = LLMClient(parse_endpoint("http://127.0.0.1:9/v1?model=m"), ResponseCache(tmp_path), offline=True)
    assert llm_mutants([TASK], offline, seed=0) == (mutants, counts)


def test_whitespace_a_model_strips_is_not_an_edit():
    """Trailing spaces (65 of HumanEval's 164 canonicals have some) and a missing final newline in
    the canonical: the mutant keeps every other character of the canonical."""
    spaced = Task(task_id="t/1", query="q", entry_point="f", tests=["assert f(1, 2) == 3"],
                  canonical="def f(a, b):   \n    if a < 0:  \n        return 0\n    return a + b")
    answer = "def f(a, b):\n    if a < 0:\n        return 0\n    return a - b\n"
    got = as_mutant(spaced, "wrong_operator", fenced(answer), "stop")
    assert isinstance(got, Mutant) and got.code == spaced.canonical.replace("a + b", "a - b")
    assert (got.before, got.after, got.span) == ("+", "-", (4, 13, 4, 14))
    middle = answer.replace(" - ", " + ").replace("return 0", "return 1")
    got = as_mutant(spaced, "off_by_one", fenced(middle), "stop")
    assert isinstance(got, Mutant) and got.code == spaced.canonical.replace("return 0", "return 1")
    assert as_mutant(spaced, "off_by_one", fenced(answer.replace(" - ", " + ")), "stop") == "unchanged"


def test_the_block_in_the_tasks_language_is_taken():
    text = "Input:\n```\n1 2\n```\nCode:\n```python\n" + CANONICAL.replace(" + ", " - ") + "```"
    assert isinstance(as_mutant(TASK, "wrong_operator", text, "stop"), Mutant)


def test_a_repeated_task_id_is_asked_once_for_the_first_canonical(tmp_path):
    second = Task(task_id="t/0", query="q", entry_point="f", tests=["assert f(1, 2) == -1"],
                  canonical="def f(a, b):\n    return a - b\n")
    with ChatServer() as srv:
        client = LLMClient(parse_endpoint(f"{srv.url}?model=s"), ResponseCache(tmp_path))
        mutants, counts = llm_mutants([TASK, second], client, seed=0)
        assert srv.requests == 6 and counts["asked"] == 6
    assert mutants["t/0"] and all("if a" in m.code for m in mutants["t/0"])  # the first canonical's


def test_pathological_code_is_a_syntax_error_not_a_crash():
    deep = CANONICAL.replace("return a + b", "return " + "-" * 3000 + "a + b")
    assert as_mutant(TASK, "off_by_one", fenced(deep), "stop") == "syntax_error"


def test_an_llm_bug_equal_to_an_engine_mutant_or_the_canonical_is_joined_once():
    from execir.construction.release import _joined

    bug = as_mutant(TASK, "wrong_comparison", fenced(CANONICAL.replace("a < 0", "a <= 0")), "stop")
    engine = [Mutant(code=bug.code, operator="relational_operator", mutation_type="wrong_comparison",
                     span=bug.span, before=bug.before, after=bug.after, bug_description="engine", edit_size=1)]
    other = as_mutant(TASK, "wrong_operator", fenced(CANONICAL.replace(" + ", " - ")), "stop")
    same = Mutant(**{**other.__dict__, "code": CANONICAL})
    assert _joined(TASK, engine, [bug, other, other, same]) == [engine[0], other]
