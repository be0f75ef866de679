"""The :class:`Mutant` record, source positions and the edit-size measure.

A mutant is its canonical with exactly one character span replaced; everything outside the span
is byte-identical.  Positions come from :mod:`ast` (UTF-8 byte columns) and :mod:`tokenize`
(character columns); :class:`SourceMap` turns both into character offsets into the source string.
"""

from __future__ import annotations

import ast
import difflib
import io
import re
import tokenize
from dataclasses import dataclass
from typing import Any

from execir.records import EXTENDED, SIX_TYPES  # noqa: F401 - re-exported: the mutation vocabulary

_NEWLINE_RE = re.compile(r"\r\n|\r|\n")


def edit_size(before: str, after: str) -> int:
    """Characters spanned by the non-equal regions of a character diff of two sources.

    Rule (ExecRetrieval appendix G.1 measures "the number of characters spanned by the non-equal
    regions of a character-level diff"): the common prefix and suffix are equal regions; the two
    middles are compared with :class:`difflib.SequenceMatcher` (``autojunk=False``) and every
    non-equal opcode contributes ``max(len of its span in before, len of its span in after)``.
    So ``<`` → ``<=`` counts 1, ``+`` → ``-`` counts 1, deleting a 20-character line counts 20.

    Returns:
        a non-negative int; 0 only when the strings are equal.
    """
    if before == after:
        return 0
    limit = min(len(before), len(after))
    lo = _common_prefix(before, after, limit)
    hi = _common_suffix(before, after, limit - lo)
    a = before[lo:len(before) - hi]
    b = after[lo:len(after) - hi]
    total = 0
    for tag, i1, i2, j1, j2 in difflib.SequenceMatcher(None, a, b, autojunk=False).get_opcodes():
        if tag != "equal":
            total += max(i2 - i1, j2 - j1)
    return total


def _common_prefix(a: str, b: str, limit: int) -> int:
    """Length of the common prefix of ``a`` and ``b``, at most ``limit`` (slice compares, so
    long equal stretches cost C speed rather than a Python loop per character)."""
    if a[:limit] == b[:limit]:
        return limit
    lo, hi = 0, limit  # a[:lo] == b[:lo] and a[:hi] != b[:hi]
    while hi - lo > 1:
        mid = (lo + hi) // 2
        if a[lo:mid] == b[lo:mid]:
            lo = mid
        else:
            hi = mid
    return lo


def _common_suffix(a: str, b: str, limit: int) -> int:
    """Length of the common suffix of ``a`` and ``b``, at most ``limit``."""
    na, nb = len(a), len(b)
    if a[na - limit:] == b[nb - limit:]:
        return limit
    lo, hi = 0, limit  # the last lo characters agree, the last hi do not
    while hi - lo > 1:
        mid = (lo + hi) // 2
        if a[na - mid:na - lo] == b[nb - mid:nb - lo]:
            lo = mid
        else:
            hi = mid
    return lo


@dataclass(frozen=True)
class Mutant:
    """One single-span mutant of a canonical implementation.

    Attributes:
        code: the full mutated source.
        operator: name of the mutation operator that made it (e.g. ``"relational_swap"``).
        mutation_type: one of :data:`SIX_TYPES` or ``"extended"``.
        span: ``(start_line, start_col, end_line, end_col)`` of the replaced region in the
            *canonical*: lines 1-based, columns 0-based in characters (not bytes), end exclusive.
        before: canonical text of the span.
        after: replacement text.
        bug_description: one sentence saying what changed and where.
        edit_size: see :func:`edit_size` (characters).
    """

    code: str
    operator: str
    mutation_type: str
    span: tuple[int, int, int, int]
    before: str
    after: str
    bug_description: str
    edit_size: int

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready dict of every field except ``code`` (the snippet carries the code)."""
        return {
            "operator": self.operator,
            "mutation_type": self.mutation_type,
            "span": list(self.span),
            "before": self.before,
            "after": self.after,
            "bug_description": self.bug_description,
            "edit_size": self.edit_size,
        }


class SourceMap:
    """Character offsets for a source string: ast byte columns and tokenize columns → index.

    Args:
        code: the source.  Lines end at ``\\n``, ``\\r\\n`` or ``\\r`` as for the Python tokenizer.
    """

    def __init__(self, code: str):
        self.code = code
        self.line_starts = [0]
        for m in _NEWLINE_RE.finditer(code):
            self.line_starts.append(m.end())
        self._tokens: list[tokenize.TokenInfo] | None = None

    def line_text(self, lineno: int) -> str:
        """Text of 1-based line ``lineno`` including its line ending."""
        start = self.line_starts[lineno - 1]
        end = self.line_starts[lineno] if lineno < len(self.line_starts) else len(self.code)
        return self.code[start:end]

    def offset(self, lineno: int, byte_col: int) -> int:
        """Character index of (1-based line, UTF-8 byte column) as :mod:`ast` reports positions."""
        line = self.line_text(lineno)
        return self.line_starts[lineno - 1] + len(line.encode("utf-8")[:byte_col].decode("utf-8"))

    def char_offset(self, lineno: int, col: int) -> int:
        """Character index of (1-based line, character column) as :mod:`tokenize` reports them."""
        return self.line_starts[lineno - 1] + col

    def span(self, node: ast.AST) -> tuple[int, int]:
        """``(start, end)`` character offsets of an expression or statement node."""
        return (self.offset(node.lineno, node.col_offset),  # type: ignore[attr-defined]
                self.offset(node.end_lineno, node.end_col_offset))  # type: ignore[attr-defined]

    def text(self, node: ast.AST) -> str:
        """Source text of a node."""
        start, end = self.span(node)
        return self.code[start:end]

    def position(self, offset: int) -> tuple[int, int]:
        """``(1-based line, 0-based character column)`` of a character index."""
        lo, hi = 0, len(self.line_starts) - 1
        while lo < hi:
            mid = (lo + hi + 1) // 2
            if self.line_starts[mid] <= offset:
                lo = mid
            else:
                hi = mid - 1
        return lo + 1, offset - self.line_starts[lo]

    def tokens(self) -> list[tokenize.TokenInfo]:
        """Tokens of the source (computed once)."""
        if self._tokens is None:
            self._tokens = list(tokenize.generate_tokens(io.StringIO(self.code).readline))
        return self._tokens

    def tokens_between(self, start: int, end: int) -> list[tuple[int, int, tokenize.TokenInfo]]:
        """OP and NAME tokens lying fully inside ``[start, end)``, except parentheses, as
        ``(start offset, end offset, token)``."""
        out = []
        for tok in self.tokens():
            if tok.type not in (tokenize.OP, tokenize.NAME) or tok.string in ("(", ")"):
                continue
            s = self.char_offset(*tok.start)
            if s < start:
                continue
            if s >= end:
                break
            out.append((s, self.char_offset(*tok.end), tok))
        return out

    def line_of(self, offset: int) -> int:
        """1-based line number of a character index."""
        return self.position(offset)[0]


def build_mutant(code: str, new: str, op: Any, edit: Any,
                 src: SourceMap) -> Mutant:
    """The :class:`Mutant` record of ``new``, made from ``code`` by ``op``'s ``edit`` (``src``:
    positions in ``code``; ``op`` has ``name`` and ``mutation_type``, ``edit`` is a
    :class:`execir.mutation.context.Edit`); shared by the Python and the tree-sitter engines."""
    start_line, start_col = src.position(edit.start)
    end_line, end_col = src.position(edit.end)
    return Mutant(
        code=new, operator=op.name, mutation_type=op.mutation_type,
        span=(start_line, start_col, end_line, end_col), before=code[edit.start:edit.end],
        after=edit.replacement, bug_description=edit.description,
        edit_size=edit_size(code, new),
    )
