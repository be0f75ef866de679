"""Where mutation operators may look: the eligible nodes of a parsed canonical.

:class:`MutationContext` walks the module once and records, in source order, the statement and
expression nodes an operator may mutate, with their parents.  Excluded: docstrings, annotations
(argument, return and ``AnnAssign`` annotations), decorators, the insides of f-strings (their
node positions are unreliable in Python 3.11) and, when restricted to function bodies, every
module-level statement.
"""

from __future__ import annotations

import ast
from dataclasses import dataclass, field

from execir.mutation.mutant import SourceMap

#: Node types whose text must be parenthesised when moved next to an operator.
LOOSE_NODES = (ast.BinOp, ast.BoolOp, ast.Compare, ast.IfExp, ast.Lambda, ast.NamedExpr,
               ast.UnaryOp, ast.Await, ast.Yield, ast.YieldFrom, ast.Starred)


@dataclass(frozen=True)
class Edit:
    """One candidate replacement: characters ``[start, end)`` of the source become ``replacement``.

    ``description`` is the one-sentence bug description (line numbers already filled in).
    """

    start: int
    end: int
    replacement: str
    description: str


def _is_docstring(stmt: ast.stmt, index: int, parent: ast.AST) -> bool:
    return (index == 0 and isinstance(parent, (ast.Module, ast.FunctionDef, ast.AsyncFunctionDef,
                                               ast.ClassDef))
            and isinstance(stmt, ast.Expr) and isinstance(stmt.value, ast.Constant)
            and isinstance(stmt.value.value, str))


@dataclass
class MutationContext:
    """A parsed canonical plus the nodes operators may mutate.

    Attributes:
        src: offsets and tokens of the source.
        tree: the parsed module.
        nodes: eligible nodes in source (pre-)order.
        parents: ``id(node) -> parent node`` for eligible nodes.
        blocks: ``id(stmt) -> the statement list holding it`` for eligible statements.
        claimed: ``id(node)`` of nodes one operator owns so that another skips them (e.g. the
            integer bound of a ``range`` belongs to the boundary operator, not the constant one).
    """

    src: SourceMap
    tree: ast.Module
    nodes: list[ast.AST] = field(default_factory=list)
    parents: dict[int, ast.AST] = field(default_factory=dict)
    blocks: dict[int, list[ast.stmt]] = field(default_factory=dict)
    claimed: set[int] = field(default_factory=set)

    @classmethod
    def build(cls, code: str, *, functions_only: bool = False) -> "MutationContext":
        """Parse ``code`` and collect eligible nodes.

        Args:
            code: Python source.
            functions_only: only nodes inside function bodies are eligible.

        Raises:
            SyntaxError: ``code`` does not parse.
        """
        tree = ast.parse(code)
        ctx = cls(src=SourceMap(code), tree=tree)
        ctx._visit_block(tree.body, tree, not functions_only)
        return ctx

    def line(self, node: ast.AST) -> int:
        """1-based line of a node."""
        return node.lineno  # type: ignore[attr-defined]

    def text(self, node: ast.AST) -> str:
        """Source text of a node (without enclosing parentheses)."""
        return self.src.text(node)

    def _visit_block(self, body: list[ast.stmt], parent: ast.AST, eligible: bool) -> None:
        for i, stmt in enumerate(body):
            if _is_docstring(stmt, i, parent):
                continue
            if eligible:
                self.blocks[id(stmt)] = body
            self._visit(stmt, parent, eligible)

    def _visit(self, node: ast.AST, parent: ast.AST, eligible: bool) -> None:
        if isinstance(node, ast.JoinedStr):
            return
        if eligible and hasattr(node, "lineno"):
            self.nodes.append(node)
            self.parents[id(node)] = parent
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            for default in [*node.args.defaults, *(d for d in node.args.kw_defaults if d)]:
                self._visit(default, node, eligible)
            self._visit_block(node.body, node, True)
            return
        if isinstance(node, ast.ClassDef):
            self._visit_block(node.body, node, eligible)
            return
        if isinstance(node, ast.AnnAssign):
            for child in (node.target, node.value):
                if child is not None:
                    self._visit(child, node, eligible)
            return
        if isinstance(node, ast.Lambda):
            self._visit(node.body, node, eligible)
            return
        for name, value in ast.iter_fields(node):
            if isinstance(value, list):
                if value and isinstance(value[0], ast.stmt):
                    self._visit_block(value, node, eligible)
                else:
                    for item in value:
                        if isinstance(item, ast.AST):
                            self._visit(item, node, eligible)
            elif isinstance(value, ast.AST):
                self._visit(value, node, eligible)

    # ------------------------------------------------------------------------------- helpers

    def operator_token(self, left: ast.AST, right: ast.AST) -> tuple[int, int] | None:
        """Character span of the operator written between two operand nodes (parentheses and
        whitespace excluded); ``None`` when no operator token lies between them."""
        toks = self.src.tokens_between(self.src.span(left)[1], self.src.span(right)[0])
        if not toks:
            return None
        return toks[0][0], toks[-1][1]

    def wrapped(self, node: ast.AST) -> str:
        """Node text, parenthesised when it is a loosely binding expression."""
        text = self.text(node)
        return f"({text})" if isinstance(node, LOOSE_NODES) else text

    def statement_lines(self, stmt: ast.stmt) -> tuple[int, int] | None:
        """Character span of the whole lines a statement occupies (indent through newline), or
        ``None`` when the statement shares a line with other code."""
        start, end = self.src.span(stmt)
        line_start = self.src.line_starts[stmt.lineno - 1]
        if self.src.code[line_start:start].strip():
            return None
        end_line = stmt.end_lineno  # type: ignore[attr-defined]
        line_end = (self.src.line_starts[end_line] if end_line < len(self.src.line_starts)
                    else len(self.src.code))
        rest = self.src.code[end:line_end].strip()
        if rest and not rest.startswith("#"):
            return None
        return line_start, line_end
