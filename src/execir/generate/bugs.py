"""LLM distractors in ExecRetrieval's style (§3.2): one targeted bug of each of the six types per
task, from a locked, versioned prompt (``prompts/inject_bug_v1.txt``; its name and SHA-256 go
into the manifest), recovered as one span and handed to the oracle like any mutant.

An answer becomes a :class:`~execir.mutation.mutant.Mutant` only when it is one attributable
edit: the code of its fenced block (the one tagged with the task's language, else the first),
matched line by line with the canonical from both ends (trailing whitespace and the final newline
ignored), differs in at most :data:`MAX_EDIT_LINES` consecutive lines on either side, and
(Python) compiles.  The mutant is the canonical with those lines replaced, so every other
character is the canonical's; its span is the one character region that differs.  Everything else is counted under its reason (``truncated``, ``no_code_block``,
``unchanged``, ``syntax_error``, ``not_one_edit``, ``duplicate``) in the build report.  The
build then executes it under the same gates as a mutation-engine mutant: it must fail at least
one test with no ERROR, TIMEOUT or slow suite to be planted.
"""

from __future__ import annotations

import re
from collections import Counter
from typing import Any, Callable, Sequence

from execir.generate.endpoint import LLMClient, answer_tokens
from execir.generate.prompt import load_prompt
from execir.mutation.mutant import Mutant, edit_size
from execir.mutation.operator_registry import TYPE_DEFINITIONS
from execir.records import SIX_TYPES, Task

#: most lines the recovered span may touch in the canonical and in the answer (a guard and its
#: body; an edit over more lines is not one attributable edit)
MAX_EDIT_LINES = 2
_FENCE = re.compile(r"```(?P<tag>[^\n`]*)\n(?P<code>.*?)```", re.DOTALL)
#: the tags a fenced block of each language may carry
_TAGS = {"python": {"python", "py", "python3"}, "cpp": {"cpp", "c++", "cc"}, "java": {"java"},
         "go": {"go", "golang"}, "ruby": {"ruby", "rb"}, "javascript": {"javascript", "js", "node"},
         "rust": {"rust", "rs"}}


PROMPT = load_prompt("inject_bug_v1.txt")
#: the prompt's identity for the manifest: file name and SHA-256
BUG_PROMPT = PROMPT.identity()


def messages_for(task: Task, bug_type: str) -> list[dict[str, str]]:
    """The chat messages asking for one ``bug_type`` bug in ``task``'s canonical."""
    return PROMPT.messages(language=task.language or "python", code=task.canonical.rstrip("\n"),
                           bug_type=bug_type, definition=TYPE_DEFINITIONS[bug_type])


def fenced_code(text: str, language: str | None = None) -> str | None:
    """The code of an answer's fenced block (its language tag dropped): the first one tagged
    with ``language`` (or one of its usual names), else the first one; None when there is none."""
    blocks = list(_FENCE.finditer(text))
    names = _TAGS.get(language or "", {language})
    tagged = [m for m in blocks if m.group("tag").strip().lower() in names]
    chosen = (tagged or blocks or [None])[0]
    return None if chosen is None else chosen.group("code")


def _line_col(code: str, offset: int) -> tuple[int, int]:
    line = code.count("\n", 0, offset) + 1
    return line, offset - (code.rfind("\n", 0, offset) + 1)


def _applied(canonical: str, code: str) -> str | None:
    """``code``'s edit laid onto ``canonical``: lines are matched from both ends ignoring
    trailing whitespace and a missing final newline (models strip both), the differing lines of
    ``code`` replace those of ``canonical``, every other line keeps the canonical's exact text;
    None when the differing region covers more than :data:`MAX_EDIT_LINES` lines on either side."""
    a, b = canonical.splitlines(keepends=True), code.splitlines(keepends=True)
    same = [x.rstrip() for x in a], [x.rstrip() for x in b]
    top = 0
    while top < min(len(a), len(b)) and same[0][top] == same[1][top]:
        top += 1
    bottom = 0
    while bottom < min(len(a), len(b)) - top and same[0][-1 - bottom] == same[1][-1 - bottom]:
        bottom += 1
    if len(a) - top - bottom > MAX_EDIT_LINES or len(b) - top - bottom > MAX_EDIT_LINES:
        return None
    middle = [line if line.endswith("\n") else line + "\n" for line in b[top:len(b) - bottom]]
    if bottom == 0 and middle and not canonical.endswith("\n"):
        middle[-1] = middle[-1].rstrip("\n")
    return "".join(a[:top] + middle + a[len(a) - bottom:])


def as_mutant(task: Task, bug_type: str, text: str, finish_reason: str | None) -> Mutant | str:
    """The mutant an answer ``text`` makes of ``task``'s canonical, or why it makes none (module
    docstring for the reasons)."""
    if finish_reason == "length":
        return "truncated"
    answer = fenced_code(text, task.language or "python")
    if answer is None:
        return "no_code_block"
    canonical = task.canonical
    code = _applied(canonical, answer)
    if code is None:
        return "not_one_edit"
    if code == canonical:
        return "unchanged"
    if (task.language or "python") == "python":
        try:
            compile(code, "<llm>", "exec")
        except (SyntaxError, ValueError, RecursionError, MemoryError):
            return "syntax_error"
    limit = min(len(canonical), len(code))
    lo = next((i for i in range(limit) if canonical[i] != code[i]), limit)
    hi = 0
    while hi < limit - lo and canonical[-1 - hi] == code[-1 - hi]:
        hi += 1
    before, after = canonical[lo:len(canonical) - hi], code[lo:len(code) - hi]
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
        if task.task_id in out:  # a repeated id: the build keeps the first (gates 1-2), so do we
            continue
        seen = {task.canonical}
        kept: list[Mutant] = []
        for bug_type in types:
            answer = client.complete(messages_for(task, bug_type), seed=seed)
            tokens.update(answer_tokens(answer))
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
    asked = len(out) * len(types)
    return out, {"asked": asked, "accepted": asked - sum(reasons.values()),
                 "rejected": dict(sorted(reasons.items())), "by_type": {t: by_type[t] for t in types},
                 "tokens": {k: tokens[k] for k in ("prompt_tokens", "completion_tokens")}}
