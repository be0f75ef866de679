"""Parsing and source spans for the tree-sitter engine: :class:`TSContext` holds a parsed
canonical, the nodes operators may mutate, and turns tree-sitter's UTF-8 byte offsets into
character offsets and (1-based line, 0-based character column) positions."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Collection, Iterator

from execir.mutation.context import Edit
from execir.mutation.mutant import SourceMap
from execir.mutation.ts.grammar import Language, Node


def char_offsets(code: str) -> list[int]:
    """``offsets[b]``: the character offset of UTF-8 byte offset ``b`` of ``code`` (``b`` at a
    character boundary, ``len`` of the encoding included)."""
    chars = [0] * (len(code.encode("utf-8")) + 1)
    b = 0
    for i, ch in enumerate(code):
        chars[b] = i
        b += len(ch.encode("utf-8"))
    chars[b] = len(code)
    return chars


@dataclass
class TSContext:
    """A parsed canonical plus the nodes operators may mutate.

    Attributes:
        code: the source.
        lang: its language table.
        tree: the tree-sitter tree of ``code`` encoded as UTF-8.
        src: character offsets and line/column positions of ``code``.
        nodes: eligible named nodes in source (pre-)order.
        functions: every function-like node (eligible or not) in source order.
        eligible: ``node.id`` of every eligible node.
        claimed: ``node.id`` of nodes one operator owns so that another skips them (the integer
            bound of a ``for`` loop belongs to ``boundary_shift``, not ``int_constant_shift``).
    """

    code: str
    lang: Language
    tree: object
    src: SourceMap
    nodes: list[Node] = field(default_factory=list)
    functions: list[Node] = field(default_factory=list)
    eligible: set[int] = field(default_factory=set)
    claimed: set[int] = field(default_factory=set)
    _chars: list[int] | None = None

    @classmethod
    def build(cls, code: str, lang: Language, *, functions_only: bool = False) -> "TSContext":
        """Parse ``code`` and collect eligible nodes.

        Args:
            code: source text in ``lang``.
            lang: the language table.
            functions_only: only nodes inside function bodies are eligible.

        Raises:
            SyntaxError: the tree of ``code`` has ERROR or MISSING nodes.
        """
        data = code.encode("utf-8")
        tree = lang.parser().parse(data)
        if tree.root_node.has_error:
            raise SyntaxError(f"{lang.name} source does not parse (tree-sitter ERROR node)")
        chars = None if len(data) == len(code) else char_offsets(code)
        ctx = cls(code=code, lang=lang, tree=tree, src=SourceMap(code), _chars=chars)
        ctx._collect(tree.root_node, not functions_only)
        return ctx

    def _collect(self, root: Node, eligible: bool) -> None:
        lang = self.lang
        stack: list[tuple[Node, bool]] = [(root, eligible)]
        while stack:
            node, elig = stack.pop()
            if node.type in lang.comments or node.type in lang.skipped:
                continue
            if node.type in lang.functions:
                self.functions.append(node)
            if elig and node.is_named:
                self.nodes.append(node)
                self.eligible.add(node.id)
            if node.type in lang.strings:
                continue
            body = lang.functions.get(node.type)
            kids = []
            for i, child in enumerate(node.children):
                name = node.field_name_for_child(i)
                if name in lang.type_fields:
                    continue
                kids.append((child, elig or (body is not None and name == body)))
            stack.extend(reversed(kids))

    # ------------------------------------------------------------------------------- helpers

    def char(self, byte: int) -> int:
        """Character offset of a UTF-8 byte offset (at a character boundary)."""
        return byte if self._chars is None else self._chars[byte]

    def span(self, node: Node) -> tuple[int, int]:
        """``(start, end)`` character offsets of a node."""
        return self.char(node.start_byte), self.char(node.end_byte)

    def edit(self, node: Node, new: str, description: str) -> Edit:
        """An edit replacing ``node``'s text with ``new``."""
        start, end = self.span(node)
        return Edit(start, end, new, description)

    def text(self, node: Node) -> str:
        """Source text of a node."""
        start, end = self.span(node)
        return self.code[start:end]

    def line(self, node: Node) -> int:
        """1-based line of a node's start."""
        return self.src.line_of(self.char(node.start_byte))

    def op_text(self, node: Node) -> str | None:
        """Text of a binary/assignment/update node's operator token."""
        op = self.lang.operator(node)
        return None if op is None else op.type

    def int_lit(self, node: Node | None) -> tuple[int, str] | None:
        """``(value, suffix)`` when ``node`` is a plain decimal integer literal."""
        return None if node is None else self.lang.int_value(node)

    def wrapped(self, node: Node) -> str:
        """Node text, parenthesised unless it binds tightly."""
        text = self.text(node)
        return text if self.lang.is_tight(node) else f"({text})"

    def is_text_or_sequence(self, node: Node | None) -> bool:
        """String (not char) or array literal: ``+``/``*``/``%`` on it is not arithmetic."""
        return node is not None and (self.lang.is_string_operand(node)
                                     or node.type in self.lang.sequence_literals)

    def statement_lines(self, stmt: Node) -> tuple[int, int] | None:
        """Character span of the whole lines a statement occupies (indent through newline), or
        None when it shares a line with other code (a trailing comment is allowed)."""
        start, end = self.span(stmt)
        line_no, _ = self.src.position(start)
        line_start = self.src.line_starts[line_no - 1]
        if self.code[line_start:start].strip():
            return None
        end_line, _ = self.src.position(end)
        line_end = (self.src.line_starts[end_line] if end_line < len(self.src.line_starts)
                    else len(self.code))
        rest = self.code[end:line_end].strip()
        if rest and not rest.startswith(self.lang.comment_prefixes):
            return None
        return line_start, line_end

    def deletable_lines(self, stmt: Node) -> tuple[int, int] | None:
        """:meth:`statement_lines` of a statement that has a sibling statement in its block, else
        None (deleting it would leave the block empty)."""
        parent = stmt.parent
        lang = self.lang
        if parent is None or parent.type not in lang.blocks or len(lang.statements(parent)) < 2:
            return None
        return self.statement_lines(stmt)

    def operator_token(self, node: Node, kinds: Collection[str], table: Collection[str]) -> Node | None:
        """The operator token of ``node`` when ``node`` is one of ``kinds`` and the token is a
        key of ``table`` (a mapping or a collection of operator texts), else None."""
        if node.type not in kinds:
            return None
        op = self.lang.operator(node)
        return None if op is None or op.type not in table else op

    def returned_values(self, func: Node) -> Iterator[Node]:
        """Eligible values ``func`` itself returns: those of its return nodes, then its tail
        expression (Rust)."""
        values = [self.lang.return_value(r) for r in self.own_returns(func)]
        values.append(self.lang.tail_expression(func))
        for value in values:
            if value is not None and value.id in self.eligible:
                yield value

    def own_returns(self, func: Node) -> Iterator[Node]:
        """Return nodes of ``func`` itself (not of functions or lambdas nested in it)."""
        stack = list(reversed(func.children))
        while stack:
            node = stack.pop()
            if node.type in self.lang.returns:
                yield node
            if node.type not in self.lang.functions:
                stack.extend(reversed(node.children))

    def calls(self) -> Iterator[tuple[Node, Node | None, bool, list[Node] | None]]:
        """``(call, name node, is a method call, argument nodes)`` for every eligible call
        node, in source order, split as :meth:`Language.call` splits them."""
        for node in self.nodes:
            if node.type in self.lang.calls:
                yield (node, *self.lang.call(node))

    def int_call(self, node: Node) -> bool:
        """True for integer-valued calls (``len(x)``, ``s.size()``, ``xs.length``...)."""
        lang = self.lang
        if node.type in lang.calls:
            name, method, args = lang.call(node)
            if name is None or args is None:
                return False
            n = name.text.decode("utf-8")
            return n in lang.int_functions or (method and n in lang.int_methods)
        int_member = getattr(lang, "int_member", None)
        return int_member is not None and int_member(node)
