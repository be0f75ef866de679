"""ExecRetrieval-format tasks from stdin/stdout problems (ExecRetrieval §3.1-3.2): an LLM rewrites
each problem as one Python function with a one-sentence docstring and 7-10 single-line ``assert``
tests, the form ExecRetrieval's instances take (query, function name, canonical, tests).

The answer is one fenced Python block: the function, then the tests.  It is kept when it parses,
defines exactly one top-level function whose docstring is one non-empty sentence, and has
:data:`MIN_TESTS` to :data:`MAX_TESTS` top-level lines ``assert <name>(...) == ...``; otherwise it is
counted under its reason (``truncated``, ``no_code_block``, ``syntax_error``, ``not_one_function``,
``no_docstring``, ``too_long``: over :data:`MAX_LINES` lines, ``tests``) and the next model is
asked.  The docstring becomes the task's query
and leaves the canonical (so no snippet carries the query's words); every other check -- that the
canonical passes its tests, that mutants fail them -- is the build's own gates
(``execir build tasks``).  Requests are temperature 0 with the build seed, cached
(:mod:`execir.generate.response_cache`).
"""

from __future__ import annotations

import ast
from collections import Counter
from typing import Any, Sequence

from execir.generate.bugs import fenced_code
from execir.generate.endpoint import LLMClient, answer_tokens
from execir.generate.prompt import load_prompt
from execir.records import Task

PROMPT = load_prompt("function_v1.txt")
MIN_TESTS, MAX_TESTS = 5, 10
#: most lines a function version may have (ExecRetrieval's canonicals are short; a long one makes
#: thousands of mutants)
MAX_LINES = 80


def parse_function(code: str) -> tuple[dict[str, Any] | None, str | None]:
    """``({"entry_point", "query", "canonical", "tests"}, None)`` from an answer's code block, or
    ``(None, reason)`` (module docstring)."""
    try:
        tree = ast.parse(code)
    except (SyntaxError, ValueError):
        return None, "syntax_error"
    functions = [n for n in tree.body if isinstance(n, ast.FunctionDef)]
    if len(functions) != 1:
        return None, "not_one_function"
    fn = functions[0]
    doc = ast.get_docstring(fn)
    if not doc or not doc.strip():
        return None, "no_docstring"
    tests = [n for n in tree.body if isinstance(n, ast.Assert)]
    if not MIN_TESTS <= len(tests) <= MAX_TESTS or any(fn.name not in ast.get_source_segment(code, t) for t in tests):
        return None, "tests"
    if len(fn.body) < 2:
        return None, "not_one_function"  # nothing but the docstring
    if fn.end_lineno - fn.lineno + 1 > MAX_LINES:
        return None, "too_long"
    lines = code.splitlines(keepends=True)
    doc_lines = set(range(fn.body[0].lineno, fn.body[0].end_lineno + 1))
    chunks = []
    for node in tree.body:
        if not isinstance(node, ast.Assert):
            start = min([node.lineno] + [d.lineno for d in getattr(node, "decorator_list", [])])
            chunks.append("".join(lines[i - 1] for i in range(start, node.end_lineno + 1) if i not in doc_lines))
    canonical = "\n\n".join(chunk.rstrip("\n") for chunk in chunks) + "\n"
    return {"entry_point": fn.name, "query": " ".join(doc.split()), "canonical": canonical,
            "tests": [ast.get_source_segment(code, t) for t in tests]}, None


def function_tasks(problems: Sequence[Any], llms: Sequence[LLMClient], *, seed: int = 0
                   ) -> tuple[list[Task], dict[str, Any], list[str]]:
    """One ExecRetrieval task per problem, asked of ``llms`` in turn (module docstring).

    Returns:
        ``(tasks, record, rejections)``: ``record`` per model ``asked``, ``accepted``,
        ``rejected`` (reason -> n) and ``tokens``; a problem no model turned into a function is
        named in ``rejections``.

    Raises:
        UsageError: an endpoint failed for good, or ``--offline`` met an uncached request.
    """
    counts = {llm.endpoint.model: {"model": llm.endpoint.model, "asked": 0, "accepted": 0, "rejected": Counter(),
                                   "tokens": Counter()} for llm in llms}
    tasks, rejections = [], []
    for p in problems:
        found, reason = None, "no model asked"
        for llm in llms:
            c = counts[llm.endpoint.model]
            answer = llm.complete(PROMPT.messages(description=p.description), temperature=0.0, max_tokens=2048,
                                  seed=seed)
            c["asked"] += 1
            c["tokens"].update(answer_tokens(answer))
            code = None if answer["finish_reason"] == "length" else fenced_code(answer["text"], "python")
            found, reason = (None, "truncated" if answer["finish_reason"] == "length" else "no_code_block") \
                if code is None else parse_function(code)
            if found is not None:
                c["accepted"] += 1
                break
            c["rejected"][reason] += 1
        if found is None:
            rejections.append(f"{p.problem_id}: no function version: every --llm answer failed its check (last: "
                              f"{reason})")
            continue
        tasks.append(Task(task_id=p.problem_id, query=found["query"], entry_point=found["entry_point"],
                          canonical=found["canonical"], tests=tuple(found["tests"]), domain=p.domain,
                          source="from-problems", metadata={"generated": {"prompt": PROMPT.file}}))
    record = [{**c, "rejected": dict(sorted(c["rejected"].items())),
               "tokens": {t: c["tokens"][t] for t in ("prompt_tokens", "completion_tokens")}} for c in counts.values()]
    return tasks, {"prompt": PROMPT.identity(), "models": record}, rejections
