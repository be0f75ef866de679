"""A scripted OpenAI-compatible chat server on 127.0.0.1 for the LLM construction tests.

It reads the canonical from the user message's fenced block and the bug type from the prompt,
and answers as :data:`SCRIPT` says for that type: a real one-edit bug, a reply without code, a
truncated reply, or the whole function re-indented (not one edit).  ``fail`` makes the next
requests answer with those HTTP statuses (429: rate limited); ``requests`` counts the answered
ones.
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


class ChatServer(JSONServer):
    """``with ChatServer() as srv: srv.url`` (``http://127.0.0.1:PORT/v1``)."""

    def __init__(self) -> None:
        super().__init__()
        self.url += "/v1"
        self.requests = 0
        self.fail: list[int] = []

    def respond(self, path: str, body: dict[str, Any], headers: Any) -> tuple[int, dict[str, Any]]:
        if self.fail:
            return self.fail.pop(0), {"error": {"message": "rate limited", "type": "rate_limit"}}
        self.requests += 1
        user = body["messages"][-1]["content"]
        text, finish = answer(_BLOCK.search(user).group(1).rstrip("\n"), _TYPE.search(user).group(1))
        words = len(user.split()), len(text.split())
        return 200, {"id": f"c{self.requests}", "object": "chat.completion", "created": 0, "model": body["model"],
                     "choices": [{"index": 0, "finish_reason": finish,
                                  "message": {"role": "assistant", "content": text}}],
                     "usage": {"prompt_tokens": words[0], "completion_tokens": words[1], "total_tokens": sum(words)}}
