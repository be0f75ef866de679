"""The five validation gates of a release (ExecRetrieval §3.3) as pure checks.

Gates, in order: ``schema`` → ``ast_semantics`` → ``canonical_execution`` →
``distractor_execution`` → ``corpus_integrity``.  Each check returns :class:`Rejection` records
(empty when the input clears the gate); nothing here runs code — the execution gates take the
oracle's outcomes as input, so :mod:`execir.construction.release` decides what to run.
"""

from __future__ import annotations

import ast
from dataclasses import dataclass
from typing import Iterable, Mapping, Sequence

from execir.construction.syntax import (PYTHON, canonical_language, defined_names, mentions,
                                 parse_problem, supported_languages)
from execir.execution.outcomes import PASS
from execir.execution.runner import SOURCE_TEST
from execir.mutation.select import MAX_DISTRACTORS, VerifiedMutant, classify, KILLED_WRONG_OUTPUT
from execir.records import KIND_CANONICAL, Qrels, Query, Snippet, Task

SCHEMA = "schema"
AST_SEMANTICS = "ast_semantics"
CANONICAL_EXECUTION = "canonical_execution"
DISTRACTOR_EXECUTION = "distractor_execution"
CORPUS_INTEGRITY = "corpus_integrity"
#: the ``centred`` design's family filter (:mod:`execir.construction.filtering`); not a gate of
#: v1, so it is not in :data:`GATES` and a star build's report has no row for it
CONSTRUCTION_PROBE = "construction_probe"
GATES = (SCHEMA, AST_SEMANTICS, CANONICAL_EXECUTION, DISTRACTOR_EXECUTION, CORPUS_INTEGRITY)

#: Test-suite sizes a dataset promises (ExecRetrieval's 7–10 asserts), keyed by ``Task.source``.
#: Reason of the schema rejection of a later task carrying an already-seen id (the first copy
#: goes on through the gates).
DUPLICATE_REASON = "duplicate task_id (a later copy; the first copy is kept)"

PROMISED_TEST_COUNTS: dict[str, tuple[int, int]] = {"execir-py": (7, 10)}


@dataclass(frozen=True)
class Rejection:
    """One rejected task or snippet.

    Attributes:
        task_id: the task concerned.
        gate: one of :data:`GATES`.
        reason: one sentence.
        snippet_id: the snippet concerned, or ``None`` when the whole task is rejected.
    """

    task_id: str
    gate: str
    reason: str
    snippet_id: str | None = None

    def to_dict(self) -> dict:
        return {"task_id": self.task_id, "gate": self.gate, "reason": self.reason,
                "snippet_id": self.snippet_id}


# ------------------------------------------------------------------------------------ 1. schema

def check_schema(tasks: Sequence[Task], *, test_counts: tuple[int, int] | None = None
                 ) -> list[Rejection]:
    """Gate 1: required fields present and non-empty, unique task ids (and unique query ids, which
    are slugs of the task ids), and the test count within ``test_counts`` (default:
    :data:`PROMISED_TEST_COUNTS` for the task's source, else ≥ 1)."""
    out: list[Rejection] = []
    seen: set[str] = set()
    query_owner: dict[str, str] = {}
    for task in tasks:
        if task.task_id in seen:
            out.append(Rejection(task.task_id, SCHEMA, DUPLICATE_REASON))
            continue
        seen.add(task.task_id)
        owner = query_owner.setdefault(task.query_id, task.task_id)
        if owner != task.task_id:  # e.g. 'a/b' and 'a_b': ids are slugs of the task id
            out.append(Rejection(task.task_id, SCHEMA,
                                 f"task id maps to query id {task.query_id}, which task {owner!r} "
                                 "already has (a later task; the first is kept)"))
            continue
        for name in ("task_id", "query", "entry_point", "canonical"):
            if not str(getattr(task, name)).strip():
                out.append(Rejection(task.task_id, SCHEMA, f"field '{name}' is empty"))
                break
        else:
            lo, hi = test_counts or PROMISED_TEST_COUNTS.get(task.source, (1, 10 ** 9))
            if not task.tests:
                out.append(Rejection(task.task_id, SCHEMA, "no tests: a task needs at least one"))
            elif not lo <= len(task.tests) <= hi:
                out.append(Rejection(task.task_id, SCHEMA, _count_reason(len(task.tests), lo, hi)))
            elif canonical_language(task.language) is None:
                out.append(Rejection(task.task_id, SCHEMA,
                                     f"language {task.language!r} is not supported by the builder "
                                     f"(supported: {', '.join(supported_languages())})"))
    return out


def _count_reason(n: int, lo: int, hi: int) -> str:
    """``n`` tests outside ``lo..hi``, said plainly (no ``1-1000000000`` ranges)."""
    if n > hi:
        return f"{n} tests, at most {hi} allowed"
    upper = f" (at most {hi})" if hi < 10 ** 6 else ""
    return f"{n} test{'s' if n != 1 else ''}, at least {lo} needed{upper}"


# ------------------------------------------------------------------------------ 2. AST semantics

def defines(code: str, name: str) -> bool:
    """True when ``code`` parses and defines a function ``name`` at module level."""
    try:
        tree = ast.parse(code)
    except (SyntaxError, ValueError):
        return False
    return name in defined_functions(tree)


def defined_functions(tree: ast.Module) -> set[str]:
    """Names of the module-level functions (and class names) a module defines."""
    return {node.name for node in tree.body
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef))}


def check_ast(task: Task, distractors: Iterable[str] = ()) -> list[Rejection]:
    """Gate 2: the canonical and every distractor define the entry point; every test parses and
    mentions the entry point's name.  Python is checked on :mod:`ast`; another language on its
    tree-sitter tree (:func:`check_syntax`)."""
    if canonical_language(task.language) != PYTHON:
        return check_syntax(task, distractors)
    try:
        ast.parse(task.canonical)
    except (SyntaxError, ValueError) as exc:  # ValueError: null bytes in the source
        where = f" at line {exc.lineno}" if getattr(exc, "lineno", None) else ""
        detail = getattr(exc, "msg", None) or str(exc)
        return [Rejection(task.task_id, AST_SEMANTICS,
                          f"canonical does not parse ({type(exc).__name__}{where}: {detail})")]
    if not defines(task.canonical, task.entry_point):
        return [Rejection(task.task_id, AST_SEMANTICS,
                          f"canonical does not define '{task.entry_point}'")]
    for i, test in enumerate(task.tests):
        try:
            tree = ast.parse(test)
        except SyntaxError as exc:
            return [Rejection(task.task_id, AST_SEMANTICS, f"test {i} does not parse ({exc.msg})")]
        if test.startswith(SOURCE_TEST):  # binds the snippet itself (a repository's node id)
            if repr(task.entry_point) not in test and f" {task.entry_point} " not in test:
                return [Rejection(task.task_id, AST_SEMANTICS,
                                  f"test {i} never names '{task.entry_point}'")]
        elif not any(isinstance(n, ast.Name) and n.id == task.entry_point for n in ast.walk(tree)):
            return [Rejection(task.task_id, AST_SEMANTICS,
                              f"test {i} never calls '{task.entry_point}'")]
    for j, code in enumerate(distractors):
        if not defines(code, task.entry_point):
            return [Rejection(task.task_id, AST_SEMANTICS,
                              f"distractor {j} does not define '{task.entry_point}'")]
    return []


def check_syntax(task: Task, distractors: Iterable[str] = ()) -> list[Rejection]:
    """Gate 2 for a language other than Python (:mod:`execir.construction.syntax`): the canonical parses
    without ERROR/MISSING nodes and defines the entry point, every test names the entry point
    (tests are fragments of a program -- a ``main``, a ``Test`` function -- so they are not
    parsed on their own), and every distractor defines the entry point."""
    language = canonical_language(task.language) or task.language
    problem = parse_problem(task.canonical, language)
    if problem is not None:
        return [Rejection(task.task_id, AST_SEMANTICS, f"canonical does not parse ({problem})")]
    if task.entry_point not in (defined_names(task.canonical, language) or ()):
        return [Rejection(task.task_id, AST_SEMANTICS,
                          f"canonical does not define '{task.entry_point}'")]
    for i, test in enumerate(task.tests):
        if not mentions(test, task.entry_point):
            return [Rejection(task.task_id, AST_SEMANTICS,
                              f"test {i} never calls '{task.entry_point}'")]
    for j, code in enumerate(distractors):
        if task.entry_point not in (defined_names(code, language) or ()):
            return [Rejection(task.task_id, AST_SEMANTICS,
                              f"distractor {j} does not define '{task.entry_point}'")]
    return []


# ------------------------------------------------------------------------ 3. canonical execution

def check_canonical(task: Task, outcomes: Sequence[str]) -> list[Rejection]:
    """Gate 3: the canonical passes every one of its tests."""
    bad = [f"{i}:{o}" for i, o in enumerate(outcomes) if o != PASS]
    if not outcomes or bad:
        return [Rejection(task.task_id, CANONICAL_EXECUTION,
                          "canonical fails its own tests (" + ", ".join(bad[:5]) + ")")]
    return []


# ----------------------------------------------------------------------- 4. distractor execution

def check_distractors(task: Task, chosen: Sequence[VerifiedMutant], snippet_ids: Sequence[str], *,
                      min_distractors: int = 1) -> list[Rejection]:
    """Gate 4: each planted distractor fails ≥ 1 test with ≥ 1 plain assertion failure and is not
    invalid; at most :data:`MAX_DISTRACTORS`; at least ``min_distractors`` (else the whole task is
    rejected)."""
    out: list[Rejection] = []
    for v, sid in zip(chosen, snippet_ids):
        status = classify(v.outcomes)
        if status != KILLED_WRONG_OUTPUT:
            out.append(Rejection(task.task_id, DISTRACTOR_EXECUTION,
                                 f"distractor is {status}, needs a wrong-output failure", sid))
    kept = len(chosen) - len(out)
    if kept > MAX_DISTRACTORS:
        out.append(Rejection(task.task_id, DISTRACTOR_EXECUTION,
                             f"{kept} distractors, at most {MAX_DISTRACTORS} allowed"))
    elif kept < min_distractors:
        out.append(Rejection(task.task_id, DISTRACTOR_EXECUTION,
                             f"{kept} qualifying distractors, at least {min_distractors} needed"))
    return out


# ---------------------------------------------------------------------------- 5. corpus integrity

def check_corpus(queries: Sequence[Query], corpus: Sequence[Snippet], qrels: Qrels
                 ) -> list[Rejection]:
    """Gate 5: unique query and snippet ids, every qrel names an existing query and snippet,
    every query has a relevant (level-2) snippet, and no canonical is unreferenced."""
    out: list[Rejection] = []
    query_ids: dict[str, str] = {}
    for q in queries:
        if q.query_id in query_ids:
            other = query_ids[q.query_id]
            why = (f"task ids {other!r} and {q.task_id!r} both map to it" if other != q.task_id
                   else f"task {q.task_id!r} has it twice")
            out.append(Rejection(q.task_id, CORPUS_INTEGRITY, f"duplicate query id {q.query_id}: {why}"))
        query_ids[q.query_id] = q.task_id
    snippets: dict[str, Snippet] = {}
    for s in corpus:
        if s.snippet_id in snippets:
            out.append(Rejection(s.task_id, CORPUS_INTEGRITY, "duplicate snippet id", s.snippet_id))
            continue
        snippets[s.snippet_id] = s
    referenced: set[str] = set()
    for qid in sorted(qrels):
        if qid not in query_ids:
            out.append(Rejection("", CORPUS_INTEGRITY, f"qrels name unknown query {qid}"))
            continue
        for sid in sorted(qrels[qid]):
            if sid not in snippets:
                out.append(Rejection(query_ids[qid], CORPUS_INTEGRITY,
                                     f"qrel of {qid} names missing snippet", sid))
            referenced.add(sid)
        if not any(level >= 2 for level in qrels[qid].values()):
            out.append(Rejection(query_ids[qid], CORPUS_INTEGRITY, f"query {qid} has no relevant snippet"))
    for qid, task_id in query_ids.items():
        if qid not in qrels:
            out.append(Rejection(task_id, CORPUS_INTEGRITY, f"query {qid} has no qrels"))
    for sid, s in snippets.items():
        if s.kind == KIND_CANONICAL and sid not in referenced:
            out.append(Rejection(s.task_id, CORPUS_INTEGRITY, "canonical is not referenced by any qrel",
                                 sid))
    return out


def by_task(rejections: Iterable[Rejection]) -> Mapping[str, list[Rejection]]:
    """Group rejections by task id."""
    out: dict[str, list[Rejection]] = {}
    for r in rejections:
        out.setdefault(r.task_id, []).append(r)
    return out
