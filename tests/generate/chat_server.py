"""A scripted OpenAI-compatible chat server on 127.0.0.1 for the LLM construction tests.

Bug requests: it reads the canonical from the user message's fenced block and the bug type from
the prompt, and answers as :func:`answer` says for that type: a real one-edit bug, a reply
without code, a truncated reply, or the whole function re-indented (not one edit).  Solve
requests: :func:`solve`.  ``fail`` makes the next
requests answer with those HTTP statuses (429: rate limited); ``requests`` counts the answered
ones.  Text requests (query variants, hard-negative and counterfactual statements): :func:`text`.
"""

from __future__ import annotations

import re
from typing import Any

from tests.local_server import JSONServer

_BLOCK = re.compile(r"```python\n(.*?)```", re.DOTALL)
_TYPE = re.compile(r"one bug of this kind: (\w+) \(")


def _first(code: str, pairs: list[tuple[str, str]]) -> str:
    for old, new in pairs:
        if old in code:
            return code.replace(old, new, 1)
    return code


def answer(code: str, bug_type: str) -> tuple[str, str]:
    """``(reply text, finish_reason)`` the script gives for ``bug_type``."""
    fence = "```python\n{}\n```"
    if bug_type == "wrong_operator":
        return fence.format(_first(code, [(" + ", " - "), (" * ", " + "), (" - ", " + ")])), "stop"
    if bug_type == "wrong_comparison":
        return fence.format(_first(code, [(" <= ", " < "), (" < ", " <= "), (" >= ", " > "),
                                          (" > ", " >= "), (" == ", " != ")])), "stop"
    if bug_type == "off_by_one":
        return "Here you go:\n" + fence.format(re.sub(r"return (.+)", r"return \1 + 1", code, count=1)), "stop"
    if bug_type == "swap_arguments":
        return "I cannot help with introducing bugs into code.", "stop"
    if bug_type == "remove_edge_case_check":
        return "```python\n" + code[: len(code) // 2], "length"
    return fence.format(code.replace("    ", "  ")), "stop"  # off_by_one_boundary: every line moves


_SOLVE = re.compile(r"Solve this problem in (\w+)\.[^\n]*\n\n(.*)\n\nAnswer with", re.DOTALL)
_COMMENT = {"python": "#", "ruby": "#"}


def solve(solution: str, language: str, seed: int) -> tuple[str, str]:
    """A solve request's scripted answer: sample 0 is the canonical plus a comment (passes);
    sample 1 is a program printing ``wrong`` in Python, a truncated answer in JavaScript and
    sample 0 again elsewhere (a duplicate)."""
    if seed % 2 == 0:
        return f"```{language}\n{solution.rstrip()}\n{_COMMENT.get(language, '//')} generated\n```", "stop"
    if language == "python":
        return "```python\nprint('wrong')\n```", "stop"
    if language == "javascript":
        return "```javascript\nconst x =", "length"
    return solve(solution, language, 0)


#: what the scripted counterfactual rewrite puts before the statement
REWRITE = "In a distant kingdom the royal clerks face this task. "
_HARD = re.compile(r"by changing its ([a-z ]+):")


def text(user: str, model: str) -> tuple[str, str] | None:
    """A text request's scripted answer, or None when ``user`` is not one.  Model ``terse`` gives
    a 2-word paraphrase (too short) and a cut-off "problem domain" hard negative; every model
    gives a paraphrase of the statement's first 70 words, its first four words in quotes as the
    search query, a hard negative starting with its strategy, and :data:`REWRITE` plus the
    statement as the counterfactual."""
    statement = user.split("\n\n", 1)[-1]
    if user.startswith("Rewrite this problem statement in 60 to 120 words"):
        return ("Too short." if model == "terse" else " ".join(statement.split()[:70])), "stop"
    if user.startswith("Write the search query"):
        return '"' + " ".join(statement.split()[:4]) + '"', "stop"
    if user.startswith("Rewrite this problem statement with a different setting"):
        return REWRITE + statement, "stop"
    hard = _HARD.search(user)
    if hard:
        original = user.split("problem statement:\n\n", 1)[1].split("\n\nWrite the statement")[0]
        if model == "terse" and hard.group(1) == "problem domain":
            return "A different", "length"
        return f"With another {hard.group(1)}: " + " ".join(original.split()[:45]), "stop"
    return None


#: the scripted function version of two execir-poly problems (by slug), for function requests
FUNCTIONS = {
    "crc8_polynomial_07": '''def crc8(data):
    """Return the CRC-8 (polynomial 0x07, initial value 0) of a list of byte values, or None if one is not a byte."""
    crc = 0
    for byte in data:
        if byte < 0 or byte > 255:
            return None
        crc ^= byte
        for _ in range(8):
            if crc & 0x80:
                crc = ((crc << 1) ^ 0x07) & 0xFF
            else:
                crc = (crc << 1) & 0xFF
    return crc

assert crc8([49, 50, 51, 52, 53, 54, 55, 56, 57]) == 0xF4
assert crc8([]) == 0
assert crc8([0]) == 0
assert crc8([1]) == 0x07
assert crc8([255]) == 0xF3
assert crc8([256]) is None
assert crc8([-1, 3]) is None
''',
    "extract_bit_field_value": '''def extract_field(n, start, length):
    """Return the length-bit field of n that starts at bit start, or None for a negative start or length."""
    if start < 0 or length < 0:
        return None
    return (n >> start) & ((1 << length) - 1)

assert extract_field(182, 2, 3) == 5
assert extract_field(255, 0, 4) == 15
assert extract_field(255, 4, 4) == 15
assert extract_field(255, 6, 4) == 3
assert extract_field(5, 0, 0) == 0
assert extract_field(5, 40, 3) == 0
assert extract_field(5, -1, 3) is None
''',
}


class ChatServer(JSONServer):
    """``with ChatServer(solutions, slugs) as srv: srv.url`` (``http://127.0.0.1:PORT/v1``);
    ``solutions``: problem description -> language -> canonical program, for solve requests;
    ``slugs``: problem description -> slug, for function requests (:data:`FUNCTIONS`)."""

    def __init__(self, solutions: dict[str, dict[str, str]] | None = None,
                 slugs: dict[str, str] | None = None) -> None:
        super().__init__()
        self.slugs = slugs or {}  # problem description -> slug, for function requests (:data:`FUNCTIONS`)
        self.url += "/v1"
        self.requests = 0
        self.fail: list[int] = []
        self.solutions = solutions or {}

    def respond(self, path: str, body: dict[str, Any], headers: Any) -> tuple[int, dict[str, Any]]:
        if self.fail:
            return self.fail.pop(0), {"error": {"message": "rate limited", "type": "rate_limit"}}
        self.requests += 1
        user = body["messages"][-1]["content"]
        asked = _SOLVE.search(user)
        written = text(user, body["model"])
        if user.startswith("Here is a programming problem that reads standard input"):
            statement = user.split("\n\n", 1)[1].rsplit("\n\nWrite it instead", 1)[0].removeprefix(REWRITE)
            slug = self.slugs.get(statement)
            text_, finish = (f"```python\n{FUNCTIONS[slug]}```", "stop") if slug in FUNCTIONS else ("No.", "stop")
        elif written is not None:
            text_, finish = written
        elif asked:
            language, description = asked.groups()
            text_, finish = solve(self.solutions[description.removeprefix(REWRITE)][language], language,
                                  int(body.get("seed", 0)))
        else:
            text_, finish = answer(_BLOCK.search(user).group(1).rstrip("\n"), _TYPE.search(user).group(1))
        words = len(user.split()), len(text_.split())
        return 200, {"id": f"c{self.requests}", "object": "chat.completion", "created": 0, "model": body["model"],
                     "choices": [{"index": 0, "finish_reason": finish,
                                  "message": {"role": "assistant", "content": text_}}],
                     "usage": {"prompt_tokens": words[0], "completion_tokens": words[1], "total_tokens": sum(words)}}
