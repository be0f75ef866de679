"""LLM distractors in ExecRetrieval's style (§3.2): one targeted bug of each of the six types per
task, from a locked, versioned prompt (``prompts/inject_bug_v1.txt``; its name and SHA-256 go
into the manifest), recovered as one span and handed to the oracle like any mutant.

An answer becomes a :class:`~execir.mutation.mutant.Mutant` only when it is one attributable
edit: the code of its first fenced block, compared with the canonical by common prefix and
suffix, differs in one span of at most :data:`MAX_EDIT_LINES` lines on either side, and (Python)
compiles.  Everything else is counted under its reason (``truncated``, ``no_code_block``,
``unchanged``, ``syntax_error``, ``not_one_edit``, ``duplicate``) in the build report.  The
build then executes it under the same gates as a mutation-engine mutant: it must fail at least
one test with no ERROR, TIMEOUT or slow suite to be planted.
"""

from __future__ import annotations

import re
from collections import Counter
from typing import Any, Callable, Sequence

from execir.generate.endpoint import LLMClient
from execir.generate.prompt import load_prompt
from execir.mutation.mutant import Mutant, edit_size
from execir.schema import SIX_TYPES, Task

#: most lines the recovered span may touch in the canonical and in the answer (a guard and its
#: body; an edit over more lines is not one attributable edit)
MAX_EDIT_LINES = 2
#: what each of the six types asks for (the prompt's ``{definition}``)
DEFINITIONS = {
    "off_by_one": "an index, a count or a range end shifted by one",
    "wrong_operator": "one arithmetic, logical or bitwise operator replaced by another",
    "swap_arguments": "two arguments of one call, or the two operands of one operation, exchanged",
    "remove_edge_case_check": "one guard for an edge case (empty input, zero, a bound) removed or made ineffective",
    "wrong_comparison": "one comparison operator replaced by another (such as < for <=, or == for !=)",
    "off_by_one_boundary": "the boundary of one loop, slice or range moved by one",
}
_FENCE = re.compile(r"```[^\n`]*\n(.*?)```", re.DOTALL)


PROMPT = load_prompt("inject_bug_v1.txt")
#: the prompt's identity for the manifest: file name and SHA-256
BUG_PROMPT = PROMPT.identity()


def messages_for(task: Task, bug_type: str) -> list[dict[str, str]]:
    """The chat messages asking for one ``bug_type`` bug in ``task``'s canonical."""
    return PROMPT.messages(language=task.language or "python", code=task.canonical.rstrip("\n"),
                           bug_type=bug_type, definition=DEFINITIONS[bug_type])


def fenced_code(text: str) -> str | None:
    """The code of the first fenced block of an answer (its language tag dropped), or None."""
    found = _FENCE.search(text)
    return None if found is None else found.group(1)


def _line_col(code: str, offset: int) -> tuple[int, int]:
    line = code.count("\n", 0, offset) + 1
    return line, offset - (code.rfind("\n", 0, offset) + 1)


def as_mutant(task: Task, bug_type: str, text: str, finish_reason: str | None) -> Mutant | str:
    """The mutant an answer ``text`` makes of ``task``'s canonical, or why it makes none (module
    docstring for the reasons)."""
    if finish_reason == "length":
        return "truncated"
    code = fenced_code(text)
    if code is None:
        return "no_code_block"
    canonical = task.canonical
    if canonical.endswith("\n") and not code.endswith("\n"):
        code += "\n"
    if code == canonical:
        return "unchanged"
    if (task.language or "python") == "python":
        try:
            compile(code, "<llm>", "exec")
        except (SyntaxError, ValueError):
            return "syntax_error"
    limit = min(len(canonical), len(code))
    lo = next((i for i in range(limit) if canonical[i] != code[i]), limit)
    hi = 0
    while hi < limit - lo and canonical[-1 - hi] == code[-1 - hi]:
        hi += 1
    before, after = canonical[lo:len(canonical) - hi], code[lo:len(code) - hi]
    if before.count("\n") >= MAX_EDIT_LINES or after.count("\n") >= MAX_EDIT_LINES:
        return "not_one_edit"
    (l1, c1), (l2, c2) = _line_col(canonical, lo), _line_col(canonical, len(canonical) - hi)
    return Mutant(code=code, operator=f"llm_{bug_type}", mutation_type=bug_type, span=(l1, c1, l2, c2),
                  before=before, after=after,
                  bug_description=f"LLM {bug_type.replace('_', ' ')} bug on line {l1}: "
                                  f"{before.strip()!r} -> {after.strip()!r}",
                  edit_size=edit_size(canonical, code))


def llm_mutants(tasks: Sequence[Task], client: LLMClient, *, seed: int = 0,
                types: Sequence[str] = SIX_TYPES, progress: Callable[[int], Any] | None = None
                ) -> tuple[dict[str, list[Mutant]], dict[str, Any]]:
    """One request per task and bug type (temperature 0, ``seed``); returns ``(task id ->
    mutants in type order, distinct codes only; counts)``.  ``counts`` has ``asked``,
    ``accepted`` and ``rejected`` (reason -> n), ``by_type`` (type -> accepted) and ``tokens``
    (prompt and completion tokens the answers cost, cached ones included, so a rebuild from the
    cache reports the same).

    Raises:
        UsageError: the endpoint failed for good, or ``offline`` met an uncached request.
    """
    out: dict[str, list[Mutant]] = {}
    reasons: Counter = Counter()
    by_type: Counter = Counter()
    tokens: Counter = Counter()
    for task in tasks:
        seen = {task.canonical}
        kept: list[Mutant] = []
        for bug_type in types:
            answer = client.complete(messages_for(task, bug_type), seed=seed)
            tokens.update({k: int(answer["usage"].get(k, 0)) for k in ("prompt_tokens", "completion_tokens")})
            got = as_mutant(task, bug_type, answer["text"], answer["finish_reason"])
            if isinstance(got, Mutant) and got.code in seen:
                got = "duplicate"
            if isinstance(got, str):
                reasons[got] += 1
                continue
            seen.add(got.code)
            kept.append(got)
            by_type[bug_type] += 1
        out[task.task_id] = kept
        if progress is not None:
            progress(1)
    asked = len(tasks) * len(types)
    return out, {"asked": asked, "accepted": asked - sum(reasons.values()),
                 "rejected": dict(sorted(reasons.items())), "by_type": {t: by_type[t] for t in types},
                 "tokens": {k: tokens[k] for k in ("prompt_tokens", "completion_tokens")}}
