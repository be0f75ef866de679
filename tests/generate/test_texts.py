"""CoREB's text steps against the scripted server on 127.0.0.1: what a problem folder leaves out
(abbreviated and search variants, the four hard-negative statements) is asked of the models in
turn, each answer checked; what the author wrote is never asked for; a problem left without a
text is dropped with one line."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from execir.datasets.poly_sources import HARD_NEGATIVE_KINDS, default_root, load_problems
from execir.errors import DataError
from execir.generate import LLMClient, ResponseCache, parse_endpoint
from execir.generate.endpoint import cost_usd
from execir.generate.texts import TextAsker, complete_texts, plain_text

from .chat_server import ChatServer

SLUGS = ("crc8_polynomial_07", "extract_bit_field_value")


def stripped(tmp_path: Path, keep_texts: str = "") -> Path:
    """The two problems copied into ``tmp_path/problems/<slug>`` (flat) with every optional text
    removed from ``problem.json`` except the fields named in ``keep_texts``; solutions kept."""
    root = tmp_path / "problems"
    for folder in sorted(default_root().glob("*/*/problem.json")):
        if folder.parent.name in SLUGS:
            shutil.copytree(folder.parent, root / folder.parent.name)
            data = json.loads(folder.read_text())
            for name in ("abbreviated", "search", "hard_negatives"):
                if name not in keep_texts:
                    del data[name]
            (root / folder.parent.name / "problem.json").write_text(json.dumps(data))
    return root


def _asker(srv: ChatServer, tmp_path: Path, *models: str) -> TextAsker:
    clients = [LLMClient(parse_endpoint(f"{srv.url}?model={m}"), ResponseCache(tmp_path / "c")) for m in models]
    return TextAsker(clients, seed=0)


def test_missing_texts_are_written_and_checked_model_by_model(tmp_path):
    problems = load_problems(stripped(tmp_path), partial=True)
    assert [(p.abbreviated, p.search, dict(p.hard_negatives)) for p in problems] == [(None, None, {})] * 2
    with ChatServer() as srv:
        asker = _asker(srv, tmp_path, "terse", "plain")
        done, rejections = complete_texts(problems, asker)
        # per problem: terse then plain for the paraphrase (terse's is too short) and for the cut-off
        # problem-domain statement; terse alone for the search query and three strategies
        assert srv.requests == 2 * (2 + 1 + 3 + 2)
    assert rejections == []
    for before, after in zip(problems, done):
        words = before.description.split()
        assert after.abbreviated == " ".join(words[:70]) and after.search == " ".join(words[:4])  # quotes gone
        assert list(after.hard_negatives) == list(HARD_NEGATIVE_KINDS)
        assert after.hard_negatives["operation_type"] == "With another operation type: " + " ".join(words[:45])
    terse, plain = asker.record()
    assert terse["asked"] == 12 and terse["rejected"] == {"length": 2, "truncated": 2}
    assert terse["accepted"] == {"algorithmic_approach": 2, "operation_type": 2, "optimisation_objective": 2,
                                 "search": 2}
    assert plain["asked"] == 4 and plain["accepted"] == {"abbreviated": 2, "problem_domain": 2}
    assert terse["tokens"]["completion_tokens"] > 0


def test_authored_texts_are_never_asked_and_a_problem_without_one_is_dropped(tmp_path):
    problems = load_problems(stripped(tmp_path, keep_texts="abbreviated search"), partial=True)
    with ChatServer() as srv:
        done, rejections = complete_texts(problems, _asker(srv, tmp_path, "terse"))
        assert srv.requests == 2 * 4  # only the hard negatives
    assert done == []  # terse's problem-domain statement is cut off, and no other model is asked
    assert rejections == [f"{p.problem_id}: dropped: no usable hard_negatives.problem_domain from --llm (every "
                          "answer failed its check; counts in the manifest's generation.steps.texts)" for p in problems]


def test_a_partial_folder_needs_a_description_and_tests(tmp_path):
    root = stripped(tmp_path)
    folder = root / SLUGS[0]
    data = json.loads((folder / "problem.json").read_text())
    (folder / "solution.go").unlink()
    assert "go" not in load_problems(root, partial=True)[0].solutions
    with pytest.raises(DataError, match="'hard_negatives': expected exactly the keys"):
        load_problems(root)  # a complete folder is required without --from-problems
    del data["tests"]
    (folder / "problem.json").write_text(json.dumps(data))
    with pytest.raises(DataError, match=r"problem.json.*tests.*expected a list of at least 5 tests"):
        load_problems(root, partial=True)
    (tmp_path / "empty").mkdir()
    with pytest.raises(DataError, match="no problem folder"):
        load_problems(tmp_path / "empty", partial=True)
    with pytest.raises(DataError, match="problem.json: is not a folder"):
        load_problems(folder / "problem.json", partial=True)


@pytest.mark.parametrize("answer, expected", [
    ({"text": '  "binary search insert position"\n', "finish_reason": "stop"}, ("binary search insert position", None)),
    ({"text": "```\nA statement.\n```", "finish_reason": "stop"}, ("A statement.", None)),
    ({"text": "A statement that goes on and", "finish_reason": "length"}, (None, "truncated")),
    ({"text": "  ``` ```", "finish_reason": "stop"}, ("``` ```", None)),
    ({"text": "''", "finish_reason": "stop"}, (None, "empty")),
])
def test_plain_text(answer, expected):
    assert plain_text(answer) == expected


def test_cost_is_tokens_times_price():
    # 1,000 prompt tokens at $0.15 and 500 completion tokens at $0.60 per million: 0.00015 + 0.0003
    assert cost_usd({"prompt_tokens": 1000, "completion_tokens": 500}, (0.15, 0.6)) == 0.00045
    assert cost_usd({"prompt_tokens": 1000}, None) is None


def test_an_endpoint_that_is_not_there_fails_in_seconds(tmp_path, monkeypatch):
    import socket

    from execir.errors import UsageError

    with socket.socket() as sock:  # a free loopback port, closed again: nothing listens there
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]
    waits = []
    monkeypatch.setattr("execir.retrieval.hosted.time.sleep", waits.append)
    client = LLMClient(parse_endpoint(f"http://127.0.0.1:{port}/v1?model=m"), ResponseCache(tmp_path / "c"))
    with pytest.raises(UsageError) as err:
        client.complete([{"role": "user", "content": "hi"}])
    assert waits == [1.0, 2.0]  # a failed connection is tried three times; a 429 or 5xx seven
    assert str(err.value) == f"--llm http://127.0.0.1:{port}/v1?model=m: cannot reach the API (Connection error, " \
                             "after 2 retries)"


FUNCTION = '''def twice(x):
    """Return twice x."""
    return 2 * x

''' + "\n".join(f"assert twice({i}) == {2 * i}" for i in range(7)) + "\n"


@pytest.mark.parametrize("code, reason", [
    (FUNCTION, None),
    (FUNCTION.replace('    """Return twice x."""\n', ""), "no_docstring"),
    (FUNCTION + "def other():\n    return 1\n", "not_one_function"),
    (FUNCTION.replace("    return 2 * x\n", ""), "not_one_function"),  # a docstring and nothing else
    ("\n".join(FUNCTION.splitlines()[:6]), "tests"),  # two asserts
    (FUNCTION.replace("assert twice(0) == 0", "assert other(0) == 0"), "tests"),
    (FUNCTION.replace("return 2 * x", "return 2 *"), "syntax_error"),
    (FUNCTION.replace("    return 2 * x\n", "    x = x\n" * 80 + "    return 2 * x\n"), "too_long"),
])
def test_a_function_answer_is_kept_only_whole(code, reason):
    from execir.generate.functions import parse_function

    got, why = parse_function(code)
    assert why == reason
    if reason is None:
        assert got == {"entry_point": "twice", "query": "Return twice x.", "canonical": "def twice(x):\n    return 2 * x\n",
                       "tests": [f"assert twice({i}) == {2 * i}" for i in range(7)]}


@pytest.mark.parametrize("text, reason", [("I cannot help with that.", "refused"), ("Sorry, no.", "refused"),
                                          ("i'm unable to do this", "refused"), ("Sorting ints ascending", None),
                                          ("Icons cannot overlap", None)])
def test_a_refusal_is_never_a_text(text, reason):
    from execir.generate.texts import not_refusal

    assert not_refusal(text) == reason
