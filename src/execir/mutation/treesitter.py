"""Single-span mutants of C++, Java, Go, Ruby, JavaScript and Rust code, on tree-sitter trees.

The same contracts as the Python engine (:mod:`execir.mutation.engine`): mutation is pure (no
code runs), enumeration is exhaustive and deterministic, and each :class:`~execir.mutation.Mutant`
replaces exactly one character span of the canonical — ``span`` holds ``before`` and putting
``after`` there rebuilds ``code`` byte for byte.  tree-sitter reports UTF-8 *byte* offsets;
:class:`TSContext` turns them into character offsets, and spans into (1-based line, 0-based
character column) with :class:`~execir.mutation.mutant.SourceMap` (lines end at ``\\n``,
``\\r\\n`` or ``\\r``).

Operators mirror the Python ones and their :data:`~execir.mutation.SIX_TYPES` mapping:

============================  =======================  ===========================================
operator                      mutation type            edit
============================  =======================  ===========================================
``boundary_shift``            off_by_one_boundary      ``for`` start / ``for`` and ``while`` bound,
                                                       range ends (``a..b``), slice bounds ±1
``int_constant_shift``        off_by_one               integer literal ``c`` → ``c ± 1``
``index_shift``               off_by_one               ``a[i]`` / ``xs.get(i)`` → ``i ± 1``
``int_call_shift``            off_by_one               ``len(x)``, ``s.size()``, ``s.length`` ± 1
``return_shift``              off_by_one               returned value ± 1 where the declared return
                                                       type is an integer (C++, Java, Go, Rust)
``arithmetic_operator``       wrong_operator           ``+``↔``-``, ``*``→``/``/``+``, ``/``→``*``/
                                                       ``%``, ``%``→``/``, ``**``→``*``
``bitwise_operator``          wrong_operator           ``&``, ``|``, ``^``, ``<<``↔``>>``
``boolean_operator``          wrong_operator           ``&&``↔``||`` (``and``↔``or``)
``augassign_operator``        wrong_operator           ``+=``↔``-=``, ``*=``→``/=``, ...
``increment_operator``        wrong_operator           ``++``↔``--`` (C++, Java, JavaScript, Go)
``reduction_operator``        wrong_operator           ``min``↔``max``, ``any``↔``all``,
                                                       ``some``↔``every``, ...
``swap_call_arguments``       swap_arguments           adjacent call arguments change places
``swap_operands``             swap_arguments           operands of ``-``, ``/``, ``%``, ``**``,
                                                       ``<<``, ``>>`` change places
``remove_guard``              remove_edge_case_check   an early-exit ``if`` (no ``else``) deleted
``relational_operator``       wrong_comparison         ``<``↔``<=``, ``>``↔``>=``, ``==``↔``!=``,
                                                       ``===``↔``!==``
``negate_condition``          extended                 ``if``/loop/ternary condition negated
``replace_return``            extended                 returned value → the type's default (``{}``,
                                                       ``Default::default()``, ``null``, ``nil``,
                                                       ``0``...); booleans flipped
``break_continue``            extended                 ``break``↔``continue`` (Ruby ``next``)
``constant_replacement``      extended                 ``true``↔``false``, string → empty string
``delete_statement``          extended                 an assignment / call / ``++`` statement
                                                       with siblings deleted
============================  =======================  ===========================================

Only mutants that parse without ERROR or MISSING nodes are kept; comments and the insides of
string literals (interpolations included) are never edited, nor are types, annotations and
preprocessor lines.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import ClassVar, Iterator, Sequence

from execir.mutation.context import Edit
from execir.mutation.languages import LANGUAGES, Language, Node, get_language
from execir.mutation.mutant import EXTENDED, Mutant, SourceMap, edit_size

__all__ = ["TS_OPERATORS", "TSContext", "TSOperator", "enumerate_mutants"]

#: (canonical source, the exact mutant sources the operator yields, in order).
Example = tuple[str, tuple[str, ...]]

_RELATIONAL = {"<": "<=", "<=": "<", ">": ">=", ">=": ">", "==": "!=", "!=": "==",
               "===": "!==", "!==": "==="}
_ORDERING = frozenset({"<", "<=", ">", ">="})
_LOGICAL = {"&&": "||", "||": "&&", "and": "or", "or": "and"}
_ARITH = {"+": ("-",), "-": ("+",), "*": ("/", "+"), "/": ("*", "%"), "%": ("/",),
          "**": ("*",)}
_BITWISE = {"&": ("|", "^"), "|": ("&", "^"), "^": ("|", "&"), "<<": (">>",), ">>": ("<<",),
            ">>>": ("<<",)}
_AUG = {"+=": ("-=",), "-=": ("+=",), "*=": ("/=",), "/=": ("*=",), "%=": ("/=",),
        "**=": ("*=",), "&=": ("|=",), "|=": ("&=",), "^=": ("|=",), "<<=": (">>=",),
        ">>=": ("<<=",)}
_NON_COMMUTATIVE = frozenset({"-", "/", "%", "**", "<<", ">>", ">>>"})
_ADDITIVE_SAFE = frozenset({"+", "-", "*", "/", "%", "**"})
#: Parents next to which `` ± 1`` may be appended to a node without parentheses.
_LOOSE_PARENTS = frozenset({
    "argument_list", "arguments", "return_statement", "return_expression", "return",
    "init_declarator", "variable_declarator", "assignment_expression",
    "augmented_assignment_expression", "assignment_statement", "short_var_declaration",
    "expression_list", "let_declaration", "compound_assignment_expr", "assignment",
    "operator_assignment", "condition_clause", "expression_statement",
    "parenthesized_expression", "parenthesized_statements", "subscript_argument_list",
    "initializer_list", "array", "array_expression", "array_initializer", "range_expression",
    "range", "block"})
_BOOLEAN_TYPES = frozenset({"true", "false", "boolean_literal"})
_ALL = tuple(sorted(LANGUAGES))


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
        chars = None
        if len(data) != len(code):
            chars = [0] * (len(data) + 1)
            b = 0
            for i, ch in enumerate(code):
                chars[b] = i
                b += len(ch.encode("utf-8"))
            chars[b] = len(code)
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

    def own_returns(self, func: Node) -> Iterator[Node]:
        """Return nodes of ``func`` itself (not of functions or lambdas nested in it)."""
        stack = list(reversed(func.children))
        while stack:
            node = stack.pop()
            if node.type in self.lang.returns:
                yield node
            if node.type not in self.lang.functions:
                stack.extend(reversed(node.children))

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


def shifts(ctx: TSContext, node: Node, what: str) -> Iterator[Edit]:
    """±1 edits of an expression: literals change value, ``x ± c`` changes ``c`` (``x - 1`` →
    ``x``), anything else gets `` + 1`` / `` - 1`` appended (parenthesised when needed)."""
    lang = ctx.lang
    start, end = ctx.span(node)
    line = ctx.line(node)
    text = ctx.text(node)
    lit = ctx.int_lit(node)
    if lit is not None:
        ctx.claimed.add(node.id)
        for new in (lit[0] + 1, lit[0] - 1):
            t = lang.format_int(new, lit[1])
            if t is not None:
                yield Edit(start, end, t, f"Shifted the {what} `{text}` to `{t}` on line {line}.")
        return
    if node.type in lang.unary and ctx.op_text(node) == "-":
        operand = lang.unary_operand(node)
        inner = ctx.int_lit(operand)
        if inner is not None and operand is not None:
            ctx.claimed.add(operand.id)
            for new in (-inner[0] + 1, -inner[0] - 1):
                t = lang.format_int(new, inner[1])
                if t is not None:
                    yield Edit(start, end, t, f"Shifted the {what} `{text}` to `{t}` on line "
                               f"{line}.")
            return
    if node.type in lang.binary and ctx.op_text(node) in ("+", "-"):
        left, right = lang.operands(node)
        const = ctx.int_lit(right)
        if const is not None and left is not None and right is not None:
            ctx.claimed.add(right.id)
            c_start, c_end = ctx.span(right)
            for new in (const[0] + 1, const[0] - 1):
                if new == 0:
                    l_end = ctx.span(left)[1]
                    yield Edit(l_end, c_end, "", f"Dropped `{ctx.code[l_end:c_end].strip()}` from "
                               f"the {what} `{text}` on line {line}.")
                elif new > 0:
                    t = lang.format_int(new, const[1])
                    if t is not None:
                        yield Edit(c_start, c_end, t, f"Shifted the {what} `{text}` by one "
                                   f"(constant {ctx.text(right)} -> {t}) on line {line}.")
            return
    bare = lang.is_tight(node) or (node.type in lang.binary and ctx.op_text(node) in
                                   _ADDITIVE_SAFE) or (node.type in lang.unary
                                                       and ctx.op_text(node) == "-")
    for sign in ("+", "-"):
        if bare:
            yield Edit(end, end, f" {sign} 1",
                       f"Shifted the {what} `{text}` to `{text} {sign} 1` on line {line}.")
        else:
            yield Edit(start, end, f"({text}) {sign} 1",
                       f"Shifted the {what} `{text}` to `({text}) {sign} 1` on line {line}.")


def _relational_bound(ctx: TSContext, cond: Node | None, what: str) -> Iterator[Edit]:
    """Shift the right-hand side of an ordering comparison ``i < n``."""
    if cond is not None and cond.type in ctx.lang.binary and ctx.op_text(cond) in _ORDERING:
        right = ctx.lang.operands(cond)[1]
        if right is not None:
            yield from shifts(ctx, right, what)


def _for_start(ctx: TSContext, init: Node | None) -> Node | None:
    """The start value of a C-style ``for`` initialiser (``int i = 0``, ``i := 0``)."""
    if init is None:
        return None
    if init.type == "expression_statement" and init.named_child_count == 1:
        init = init.named_children[0]
    if init.type in ("assignment_expression", "assignment_statement", "short_var_declaration"):
        if ctx.op_text(init) not in (None, "=", ":="):
            return None
        right = init.child_by_field_name("right")
        if right is not None and right.type == "expression_list":
            values = right.named_children
            return values[0] if len(values) == 1 else None
        return right
    declarators = [c for c in init.named_children
                   if c.type in ("init_declarator", "variable_declarator")]
    if len(declarators) == 1:
        return declarators[0].child_by_field_name("value")
    return None


class TSOperator:
    """Base class of tree-sitter operators.

    Attributes:
        name: operator name (shared with the Python operator of the same meaning).
        mutation_type: one of :data:`~execir.mutation.SIX_TYPES` or ``"extended"``.
        languages: the languages it applies to.
        examples: ``language -> ((source, expected mutant codes in order), ...)``; the tests
            replay them.
    """

    name: ClassVar[str] = ""
    mutation_type: ClassVar[str] = ""
    languages: ClassVar[tuple[str, ...]] = _ALL
    examples: ClassVar[dict[str, tuple[Example, ...]]] = {}

    def edits(self, ctx: TSContext) -> Iterator[Edit]:
        """Yield candidate edits over ``ctx.nodes``."""
        raise NotImplementedError


# ------------------------------------------------------------------------------------ off_by_one

class BoundaryShift(TSOperator):
    """off_by_one_boundary: C-style ``for`` start and bound, ``while`` bound, range ends
    (``a..b``, ``a...b``, ``a.upto(b)``) and slice bounds (``s[a:b]``, ``s.substring(a, b)``)
    shifted by one."""

    name = "boundary_shift"
    mutation_type = "off_by_one_boundary"
    examples = {
        "cpp": (
            ("for (int i = 1; i < n; i++) s += i;\n",
             ("for (int i = 2; i < n; i++) s += i;\n", "for (int i = 0; i < n; i++) s += i;\n",
              "for (int i = 1; i < n + 1; i++) s += i;\n",
              "for (int i = 1; i < n - 1; i++) s += i;\n")),
            ("t = s.substr(1, n - 1);\n", ("t = s.substr(2, n - 1);\n", "t = s.substr(0, n - 1);\n",
                                           "t = s.substr(1, n);\n", "t = s.substr(1, n - 2);\n")),
        ),
        "java": (
            ("while (i * i <= n) i++;\n",
             ("while (i * i <= n + 1) i++;\n", "while (i * i <= n - 1) i++;\n")),
            ("for (i = 0; i < s.length(); i++) {}\n",
             ("for (i = 1; i < s.length(); i++) {}\n", "for (i = -1; i < s.length(); i++) {}\n",
              "for (i = 0; i < s.length() + 1; i++) {}\n",
              "for (i = 0; i < s.length() - 1; i++) {}\n")),
        ),
        "javascript": (
            ("let t = s.slice(0, k);\n",
             ("let t = s.slice(1, k);\n", "let t = s.slice(-1, k);\n",
              "let t = s.slice(0, k + 1);\n", "let t = s.slice(0, k - 1);\n")),
        ),
        "go": (
            ("for i := 0; i < len(xs); i++ {\n}\n",
             ("for i := 1; i < len(xs); i++ {\n}\n", "for i := -1; i < len(xs); i++ {\n}\n",
              "for i := 0; i < len(xs) + 1; i++ {\n}\n",
              "for i := 0; i < len(xs) - 1; i++ {\n}\n")),
            ("t := s[1:n]\n", ("t := s[2:n]\n", "t := s[0:n]\n", "t := s[1:n + 1]\n",
                               "t := s[1:n - 1]\n")),
            ("for i < n {\n\ti++\n}\n",
             ("for i < n + 1 {\n\ti++\n}\n", "for i < n - 1 {\n\ti++\n}\n")),
        ),
        "rust": (
            ("for i in 1..=n {}\n", ("for i in 2..=n {}\n", "for i in 0..=n {}\n",
                                     "for i in 1..=n + 1 {}\n", "for i in 1..=n - 1 {}\n")),
            ("let t = &s[..k - 1];\n", ("let t = &s[..k];\n", "let t = &s[..k - 2];\n")),
        ),
        "ruby": (
            ("(1...n).each { |i| p i }\n",
             ("(2...n).each { |i| p i }\n", "(0...n).each { |i| p i }\n",
              "(1...n + 1).each { |i| p i }\n", "(1...n - 1).each { |i| p i }\n")),
            ("while i < s.length\n  i += 1\nend\n",
             ("while i < s.length + 1\n  i += 1\nend\n",
              "while i < s.length - 1\n  i += 1\nend\n")),
        ),
    }

    def edits(self, ctx: TSContext) -> Iterator[Edit]:
        lang = ctx.lang
        for node in ctx.nodes:
            if node.type in lang.for_loops:
                clause = node
                if lang.name == "go":
                    inner = [c for c in node.named_children if c.type == "for_clause"]
                    if not inner:
                        yield from _relational_bound(ctx, lang.condition(node), "loop bound")
                        continue
                    clause = inner[0]
                init_field, cond_field = lang.for_fields
                start = _for_start(ctx, clause.child_by_field_name(init_field))
                if start is not None:
                    yield from shifts(ctx, start, "loop start")
                yield from _relational_bound(ctx, clause.child_by_field_name(cond_field),
                                             "loop bound")
            elif node.type in lang.loops_with_condition:
                yield from _relational_bound(ctx, lang.condition(node), "loop bound")
            elif node.type == "range_expression":  # Rust a..b, a..=b, ..b, a..
                children = node.children
                for bound in (children[0], children[-1]):
                    if bound.is_named and bound.type not in lang.comments:
                        yield from shifts(ctx, bound, "range bound")
            elif node.type == "range" and lang.name == "ruby":
                for f in ("begin", "end"):
                    bound = node.child_by_field_name(f)
                    if bound is not None:
                        yield from shifts(ctx, bound, "range bound")
            elif node.type == "slice_expression":  # Go s[a:b]
                for f in ("start", "end"):
                    bound = node.child_by_field_name(f)
                    if bound is not None:
                        yield from shifts(ctx, bound, "slice bound")
            elif node.type in lang.calls:
                name, method, args = lang.call(node)
                if name is None or not method or not args:
                    continue
                n = name.text.decode("utf-8")
                if n in lang.slice_methods and len(args) <= 2 and lang.positional(args):
                    for arg in args:
                        yield from shifts(ctx, arg, "slice bound")
                elif lang.name == "ruby" and n in ("upto", "downto") and len(args) == 1:
                    receiver = node.child_by_field_name("receiver")
                    for bound in (receiver, args[0]):
                        if bound is not None:
                            yield from shifts(ctx, bound, "range bound")


class ConstantShift(TSOperator):
    """off_by_one: an integer literal ``c`` becomes ``c + 1`` and ``c - 1`` (suffixes kept;
    literals owned by ``boundary_shift`` and Rust tuple indices are skipped)."""

    name = "int_constant_shift"
    mutation_type = "off_by_one"
    examples = {
        "cpp": (("x = n % 10;\n", ("x = n % 11;\n", "x = n % 9;\n")),
                ("x = 0u;\n", ("x = 1u;\n",)), ("x = 1.5;\n", ())),
        "java": (("switch (k) { case 1: x = 2; }\n", ("switch (k) { case 1: x = 3; }\n",
                                                     "switch (k) { case 1: x = 1; }\n")),
                 ("long x = a[0] * 2L;\n", ("long x = a[1] * 2L;\n", "long x = a[-1] * 2L;\n",
                                            "long x = a[0] * 3L;\n", "long x = a[0] * 1L;\n")),),
        "javascript": (("x = n % 10;\n", ("x = n % 11;\n", "x = n % 9;\n")),
                       ("x = 0x10;\n", ())),
        "go": (("x := n % 10\n", ("x := n % 11\n", "x := n % 9\n")),
               ("m := map[int]int{1: 2}\n",
                ("m := map[int]int{1: 3}\n", "m := map[int]int{1: 1}\n"))),
        "rust": (("let x = 1_000usize;\n", ("let x = 1001usize;\n", "let x = 999usize;\n")),
                 ("let x = t.0;\n", ())),
        "ruby": (("x = n % 10\n", ("x = n % 11\n", "x = n % 9\n")),
                 ("x = \"#{1}\"\n", ())),
    }

    def edits(self, ctx: TSContext) -> Iterator[Edit]:
        for node in ctx.nodes:
            lit = ctx.int_lit(node)
            if lit is None or node.id in ctx.claimed:
                continue
            parent = node.parent
            if parent is not None and parent.type == "field_expression":
                continue  # Rust tuple index `t.0`
            if ctx.lang.is_case_label(node):
                continue  # `case 1:` -> `case 2:` may duplicate a label (a compile error)
            start, end = ctx.span(node)
            for new in (lit[0] + 1, lit[0] - 1):
                t = ctx.lang.format_int(new, lit[1])
                if t is not None:
                    yield Edit(start, end, t, f"Changed the constant `{ctx.text(node)}` to `{t}` "
                               f"on line {ctx.line(node)}.")


class IndexShift(TSOperator):
    """off_by_one: a non-literal index ``a[i]`` (or ``xs.get(i)``, ``s.charAt(i)``,
    ``v.at(i)``, ``it.nth(i)``) becomes ``i + 1`` / ``i - 1``."""

    name = "index_shift"
    mutation_type = "off_by_one"
    examples = {
        "cpp": (("v = xs[i];\n", ("v = xs[i + 1];\n", "v = xs[i - 1];\n")),
                ("v = xs.at(j);\n", ("v = xs.at(j + 1);\n", "v = xs.at(j - 1);\n")),
                ("v = xs[1];\n", ())),
        "java": (("v = xs.get(i);\n", ("v = xs.get(i + 1);\n", "v = xs.get(i - 1);\n")),
                 ("c = s.charAt(s.length());\n", ("c = s.charAt(s.length() + 1);\n",
                                                  "c = s.charAt(s.length() - 1);\n"))),
        "javascript": (("v = xs[i];\n", ("v = xs[i + 1];\n", "v = xs[i - 1];\n")),
                       ("v = o['k'];\n", ())),
        "go": (("v := xs[i]\n", ("v := xs[i + 1]\n", "v := xs[i - 1]\n")),),
        "rust": (("let v = xs[i];\n", ("let v = xs[i + 1];\n", "let v = xs[i - 1];\n")),),
        "ruby": (("v = xs[i]\n", ("v = xs[i + 1]\n", "v = xs[i - 1]\n")),
                 ("v = xs[i, 2]\n", ())),
    }

    def edits(self, ctx: TSContext) -> Iterator[Edit]:
        lang = ctx.lang
        for node in ctx.nodes:
            index = None
            if node.type in lang.subscripts:
                index = lang.subscript_index(node)
            elif node.type in lang.calls and lang.index_methods:
                name, method, args = lang.call(node)
                if (method and name is not None and args is not None and len(args) == 1
                        and name.text.decode("utf-8") in lang.index_methods):
                    index = args[0]
            if index is not None and index.type in lang.index_kinds:
                yield from shifts(ctx, index, "index")


def _bare_after(ctx: TSContext, node: Node) -> bool:
    """True when `` ± 1`` can follow ``node`` in its parent without parentheses."""
    parent = node.parent
    if parent is None:
        return True
    lang = ctx.lang
    if parent.type in lang.binary:
        op = ctx.op_text(parent)
        if op in ("+",) or op in _RELATIONAL or op in _LOGICAL:
            return True
        return op == "-" and lang.operands(parent)[0] == node
    if parent.type in lang.subscripts:
        return lang.subscript_index(parent) == node
    return parent.type in _LOOSE_PARENTS or parent.type in lang.returns


class IntCallShift(TSOperator):
    """off_by_one: the result of an integer-valued call (``len(x)``, ``s.size()``,
    ``s.length()``, ``xs.length``, ``s.indexOf(c)``, ``v.len()``, ``xs.count``...) is used
    one too high or one too low."""

    name = "int_call_shift"
    mutation_type = "off_by_one"
    examples = {
        "cpp": (("int k = 2 * s.size();\n", ("int k = 2 * (s.size() + 1);\n",
                                             "int k = 2 * (s.size() - 1);\n")),
                ("bool ok = s.size() - 1 > n;\n", ())),
        "java": (("int k = s.indexOf('a');\n", ("int k = s.indexOf('a') + 1;\n",
                                                "int k = s.indexOf('a') - 1;\n")),),
        "javascript": (("let k = xs.length;\n", ("let k = xs.length + 1;\n",
                                                 "let k = xs.length - 1;\n")),
                       ("let k = xs.push(1);\n", ())),
        "go": (("n := len(s)\n", ("n := len(s) + 1\n", "n := len(s) - 1\n")),),
        "rust": (("let k = v.len() as i32;\n", ("let k = (v.len() + 1) as i32;\n",
                                                "let k = (v.len() - 1) as i32;\n")),),
        "ruby": (("k = s.length\n", ("k = s.length + 1\n", "k = s.length - 1\n")),),
    }

    def edits(self, ctx: TSContext) -> Iterator[Edit]:
        lang = ctx.lang
        for node in ctx.nodes:
            if not ctx.int_call(node):
                continue
            parent = node.parent
            if (parent is not None and parent.type in lang.binary
                    and ctx.op_text(parent) in ("+", "-")
                    and any(ctx.int_lit(o) is not None for o in lang.operands(parent))):
                continue  # `s.size() - 1` already gets its constant shifted
            start, end = ctx.span(node)
            text = ctx.text(node)
            bare = _bare_after(ctx, node)
            for sign in ("+", "-"):
                new = f"{text} {sign} 1" if bare else f"({text} {sign} 1)"
                how = "high" if sign == "+" else "low"
                yield Edit(start, end, new, f"Used `{text}` one too {how} (`{new}`) on line "
                           f"{ctx.line(node)}.")


class ReturnShift(TSOperator):
    """off_by_one: a function whose declared return type is an integer type returns one more /
    one less (explicit returns and the Rust tail expression; literals and integer calls are
    left to ``int_constant_shift`` / ``int_call_shift``)."""

    name = "return_shift"
    mutation_type = "off_by_one"
    languages = ("cpp", "go", "java", "rust")
    examples = {
        "cpp": (("int f(int n) {\n    return n * 2;\n}\n",
                 ("int f(int n) {\n    return n * 2 + 1;\n}\n",
                  "int f(int n) {\n    return n * 2 - 1;\n}\n")),
                ("bool f(int n) {\n    return n;\n}\n", ())),
        "java": (("long f(long n) { return n; }\n", ("long f(long n) { return n + 1; }\n",
                                                      "long f(long n) { return n - 1; }\n")),
                 ("double f(double n) { return n; }\n", ())),
        "go": (("func f(n int) int {\n\treturn n & 1\n}\n",
                ("func f(n int) int {\n\treturn (n & 1) + 1\n}\n",
                 "func f(n int) int {\n\treturn (n & 1) - 1\n}\n")),),
        "rust": (("fn f(n: i32) -> i32 {\n    n\n}\n", ("fn f(n: i32) -> i32 {\n    n + 1\n}\n",
                                                      "fn f(n: i32) -> i32 {\n    n - 1\n}\n")),),
    }

    def edits(self, ctx: TSContext) -> Iterator[Edit]:
        lang = ctx.lang
        for func in ctx.functions:
            if not lang.int_return(func):
                continue
            values = [lang.return_value(r) for r in ctx.own_returns(func)]
            values.append(lang.tail_expression(func))
            for value in values:
                if (value is None or value.id not in ctx.eligible or ctx.int_lit(value) is not None
                        or ctx.int_call(value)):
                    continue
                yield from shifts(ctx, value, "returned value")


# -------------------------------------------------------------------------------- wrong_operator

class _BinOpSwap(TSOperator):
    table: ClassVar[dict[str, tuple[str, ...]]] = {}
    what: ClassVar[str] = ""

    def edits(self, ctx: TSContext) -> Iterator[Edit]:
        lang = ctx.lang
        for node in ctx.nodes:
            if node.type not in lang.binary:
                continue
            op = lang.operator(node)
            if op is None or op.type not in self.table:
                continue
            left, right = lang.operands(node)
            if op.type in ("+", "*", "%") and (ctx.is_text_or_sequence(left)
                                               or ctx.is_text_or_sequence(right)):
                continue  # concatenation, repetition, formatting
            if op.type in ("<<", ">>") and not _arithmetic_shift(ctx, node):
                continue
            start, end = ctx.span(op)
            for new in self.table[op.type]:
                yield Edit(start, end, new, f"Replaced the {self.what} operator `{op.type}` with "
                           f"`{new}` in `{ctx.text(node)}` on line {ctx.line(node)}.")


def _arithmetic_shift(ctx: TSContext, node: Node) -> bool:
    """False for ``<<``/``>>`` that are not bit shifts: C++ stream I/O (``cout << x``, any
    string operand) and Ruby's ``xs << x`` (only shifts by an integer literal count)."""
    lang = ctx.lang
    if lang.name == "ruby":
        return ctx.int_lit(lang.operands(node)[1]) is not None
    if lang.name == "cpp":
        cur: Node | None = node
        while cur is not None and cur.type in lang.binary and ctx.op_text(cur) in ("<<", ">>"):
            left, right = lang.operands(cur)
            if right is not None and right.type in lang.strings:
                return False
            cur = left
        if cur is None or cur.type in lang.strings:
            return False
        name = ctx.text(cur).rsplit("::", 1)[-1]
        return name not in ("cout", "cerr", "clog", "cin") and not name.endswith(("ss", "stream"))
    return True


class ArithmeticOperator(_BinOpSwap):
    """wrong_operator: arithmetic operator replacement (``+``↔``-``, ``*``→``/``/``+``,
    ``/``→``*``/``%``, ``%``→``/``, ``**``→``*``); string concatenation is skipped."""

    name = "arithmetic_operator"
    mutation_type = "wrong_operator"
    table = {k: v for k, v in _ARITH.items()}
    what = "arithmetic"
    examples = {
        "cpp": (("y = a + b;\n", ("y = a - b;\n",)),
                ("y = a / 2;\n", ("y = a * 2;\n", "y = a % 2;\n")),
                ("s = t + \"x\";\n", ())),
        "java": (("y = a * b;\n", ("y = a / b;\n", "y = a + b;\n")), ("s = \"x\" + n;\n", ())),
        "javascript": (("y = a ** 2;\n", ("y = a * 2;\n",)), ("s = `x` + n;\n", ())),
        "go": (("y := a % b\n", ("y := a / b\n",)),),
        "rust": (("let y = a - b;\n", ("let y = a + b;\n",)),),
        "ruby": (("y = a + b\n", ("y = a - b\n",)), ("y = [0] * n\n", ()),
                 ("s = \"%d\" % n\n", ())),
    }


class BitwiseOperator(_BinOpSwap):
    """wrong_operator: bitwise operator replacement (``&``↔``|``, ``^``, ``<<``↔``>>``,
    ``>>>``→``<<``); C++ stream I/O and Ruby's ``<<`` append are skipped."""

    name = "bitwise_operator"
    mutation_type = "wrong_operator"
    table = _BITWISE
    what = "bitwise"
    examples = {
        "cpp": (("r = n & (-n);\n", ("r = n | (-n);\n", "r = n ^ (-n);\n")),
                ("void f() { cout << n << \"\\n\"; }\n", ())),
        "java": (("r = n >> 1;\n", ("r = n << 1;\n",)),),
        "javascript": (("r = n >>> 1;\n", ("r = n << 1;\n",)),),
        "go": (("r := n ^ m\n", ("r := n | m\n", "r := n & m\n")),),
        "rust": (("let r = n << k;\n", ("let r = n >> k;\n",)),),
        "ruby": (("r = n >> 1\n", ("r = n << 1\n",)), ("xs << x\n", ())),
    }


class BooleanOperator(TSOperator):
    """wrong_operator: ``&&``↔``||`` (and Ruby's ``and``↔``or``)."""

    name = "boolean_operator"
    mutation_type = "wrong_operator"
    examples = {
        "cpp": (("ok = a && b;\n", ("ok = a || b;\n",)),),
        "java": (("ok = a || (b);\n", ("ok = a && (b);\n",)),),
        "javascript": (("ok = a && b || c;\n", ("ok = a || b || c;\n", "ok = a && b && c;\n")),),
        "go": (("ok := a && b\n", ("ok := a || b\n",)),),
        "rust": (("let ok = a || b;\n", ("let ok = a && b;\n",)),),
        "ruby": (("ok = a && b\n", ("ok = a || b\n",)), ("x = a or b\n", ("x = a and b\n",))),
    }

    def edits(self, ctx: TSContext) -> Iterator[Edit]:
        for node in ctx.nodes:
            if node.type not in ctx.lang.binary:
                continue
            op = ctx.lang.operator(node)
            if op is None or op.type not in _LOGICAL:
                continue
            new = _LOGICAL[op.type]
            start, end = ctx.span(op)
            yield Edit(start, end, new, f"Replaced `{op.type}` with `{new}` on line "
                       f"{ctx.line(node)}.")


class AugAssignOperator(TSOperator):
    """wrong_operator: compound-assignment operator replacement (``+=``↔``-=``, ``*=``→``/=``,
    ...); ``+=`` of a string literal is skipped."""

    name = "augassign_operator"
    mutation_type = "wrong_operator"
    examples = {
        "cpp": (("n -= 1;\n", ("n += 1;\n",)), ("s += \"x\";\n", ())),
        "java": (("n |= n >> s;\n", ("n &= n >> s;\n",)),),
        "javascript": (("n *= 2;\n", ("n /= 2;\n",)),),
        "go": (("n %= 10\n", ("n /= 10\n",)), ("n = 10\n", ())),
        "rust": (("n += 1;\n", ("n -= 1;\n",)),),
        "ruby": (("n += 1\n", ("n -= 1\n",)), ("s += 'x'\n", ()), ("x ||= 1\n", ())),
    }

    def edits(self, ctx: TSContext) -> Iterator[Edit]:
        lang = ctx.lang
        for node in ctx.nodes:
            if node.type not in lang.aug_assignments:
                continue
            op = lang.operator(node)
            if op is None or op.type not in _AUG:
                continue
            right = node.child_by_field_name("right")
            if (right is not None and right.type == "expression_list"
                    and right.named_child_count == 1):
                right = right.named_children[0]
            if op.type in ("+=", "*=", "%=") and ctx.is_text_or_sequence(right):
                continue
            start, end = ctx.span(op)
            for new in _AUG[op.type]:
                yield Edit(start, end, new, f"Replaced `{op.type}` with `{new}` on line "
                           f"{ctx.line(node)}.")


class IncrementOperator(TSOperator):
    """wrong_operator: ``++``↔``--`` (the increment is the C family's ``+= 1``)."""

    name = "increment_operator"
    mutation_type = "wrong_operator"
    languages = ("cpp", "go", "java", "javascript")
    examples = {
        "cpp": (("for (i = 0; i < n; i++) {}\n", ("for (i = 0; i < n; i--) {}\n",)),),
        "java": (("--k;\n", ("++k;\n",)),),
        "javascript": (("count++;\n", ("count--;\n",)),),
        "go": (("n++\n", ("n--\n",)),),
    }

    def edits(self, ctx: TSContext) -> Iterator[Edit]:
        for node in ctx.nodes:
            if node.type not in ctx.lang.updates:
                continue
            op = ctx.lang.operator(node)
            if op is None or op.type not in ("++", "--"):
                continue
            new = "--" if op.type == "++" else "++"
            start, end = ctx.span(op)
            yield Edit(start, end, new, f"Replaced `{ctx.text(node)}`'s `{op.type}` with `{new}` "
                       f"on line {ctx.line(node)}.")


class ReductionOperator(TSOperator):
    """wrong_operator: a reduction replaced by its dual — ``min``↔``max`` (``std::max``,
    ``Math.max``, ``xs.max``, ``max_element``...), ``any``↔``all`` (``any_of``, ``anyMatch``,
    ``some``/``every``, ``any?``/``all?``)."""

    name = "reduction_operator"
    mutation_type = "wrong_operator"
    examples = {
        "cpp": (("m = std::max(a, b);\n", ("m = std::min(a, b);\n",)),
                ("it = max_element(v.begin(), v.end());\n",
                 ("it = min_element(v.begin(), v.end());\n",))),
        "java": (("m = Math.min(a, b);\n", ("m = Math.max(a, b);\n",)),),
        "javascript": (("ok = xs.every(x => x > 0);\n", ("ok = xs.some(x => x > 0);\n",)),),
        "go": (("m := math.Max(a, b)\n", ("m := math.Min(a, b)\n",)),),
        "rust": (("let m = v.iter().max().unwrap();\n", ("let m = v.iter().min().unwrap();\n",)),),
        "ruby": (("ok = xs.any? { |x| x > 0 }\n", ("ok = xs.all? { |x| x > 0 }\n",)),),
    }

    def edits(self, ctx: TSContext) -> Iterator[Edit]:
        lang = ctx.lang
        for node in ctx.nodes:
            if node.type not in lang.calls:
                continue
            name, _, args = lang.call(node)
            if name is None or args is None:
                continue
            old = name.text.decode("utf-8")
            if old not in lang.duals:
                continue
            new = lang.duals[old]
            start, end = ctx.span(name)
            yield Edit(start, end, new, f"Replaced `{old}` with `{new}` in `{ctx.text(node)}` on "
                       f"line {ctx.line(node)}.")


# -------------------------------------------------------------------------------- swap_arguments

class SwapArguments(TSOperator):
    """swap_arguments: two adjacent positional arguments of a call change places (calls whose
    arguments commute or that only print are skipped, and so are equal arguments)."""

    name = "swap_call_arguments"
    mutation_type = "swap_arguments"
    examples = {
        "cpp": (("r = f(b, e, m);\n", ("r = f(e, b, m);\n", "r = f(b, m, e);\n")),
                ("r = std::max(a, b);\n", ())),
        "java": (("r = s.substring(i, j);\n", ("r = s.substring(j, i);\n",)),),
        "javascript": (("r = f(a, b);\n", ("r = f(b, a);\n",)), ("r = f(...a, b);\n", ()),
                       ("r = tag`a${b}c${d}`;\n", ()),
                       ("console.log(a, b);\n", ())),
        "go": (("r := strings.Repeat(s, n)\n", ("r := strings.Repeat(n, s)\n",)),
               ("r := f(x, x)\n", ()), ("r := make([]int, n)\n", ())),
        "rust": (("let r = f(a, b + 1);\n", ("let r = f(b + 1, a);\n",)),),
        "ruby": (("r = f(a, b)\n", ("r = f(b, a)\n",)), ("r = f a, b\n", ("r = f b, a\n",)),
                 ("r = f(a, k: b)\n", ())),
    }

    def edits(self, ctx: TSContext) -> Iterator[Edit]:
        lang = ctx.lang
        for node in ctx.nodes:
            if node.type not in lang.calls:
                continue
            name, _, args = lang.call(node)
            if args is None or len(args) < 2 or not lang.positional(args):
                continue
            if any(a.type in lang.skipped for a in args):
                continue  # a type argument (Go `make([]int, n)`)
            fname = "" if name is None else name.text.decode("utf-8")
            if fname in lang.commutative_calls:
                continue
            for i, (a, b) in enumerate(zip(args, args[1:])):
                if ctx.text(a) == ctx.text(b):
                    continue
                a_start, a_end = ctx.span(a)
                b_start, b_end = ctx.span(b)
                new = ctx.text(b) + ctx.code[a_end:b_start] + ctx.text(a)
                yield Edit(a_start, b_end, new, f"Swapped arguments {i + 1} and {i + 2} "
                           f"(`{ctx.text(a)}`, `{ctx.text(b)}`) of `{fname or 'the call'}` on "
                           f"line {ctx.line(node)}.")


class SwapOperands(TSOperator):
    """swap_arguments: the operands of a non-commutative binary operator (``-``, ``/``, ``%``,
    ``**``, ``<<``, ``>>``) change places (parenthesised when they bind loosely)."""

    name = "swap_operands"
    mutation_type = "swap_arguments"
    examples = {
        "cpp": (("d = a - b;\n", ("d = b - a;\n",)), ("d = a + b;\n", ())),
        "java": (("d = (a + b) / c;\n", ("d = c / (a + b);\n",)),),
        "javascript": (("d = a - b * c;\n", ("d = (b * c) - a;\n",)),),
        "go": (("d := a % b\n", ("d := b % a\n",)),),
        "rust": (("let d = a - b - c;\n", ("let d = b - a - c;\n", "let d = c - (a - b);\n")),),
        "ruby": (("d = a - b\n", ("d = b - a\n",)), ("s = \"%d\" % n\n", ())),
    }

    def edits(self, ctx: TSContext) -> Iterator[Edit]:
        lang = ctx.lang
        for node in ctx.nodes:
            if node.type not in lang.binary or ctx.op_text(node) not in _NON_COMMUTATIVE:
                continue
            left, right = lang.operands(node)
            if left is None or right is None or ctx.text(left) == ctx.text(right):
                continue
            op = ctx.op_text(node)
            if op == "%" and ctx.is_text_or_sequence(left):
                continue
            if op in ("<<", ">>") and not _arithmetic_shift(ctx, node):
                continue
            l_start, l_end = ctx.span(left)
            r_start, r_end = ctx.span(right)
            new = ctx.wrapped(right) + ctx.code[l_end:r_start] + ctx.wrapped(left)
            yield Edit(l_start, r_end, new, f"Swapped the operands of `{ctx.text(node)}` on line "
                       f"{ctx.line(node)}.")


# ------------------------------------------------------------------------ remove_edge_case_check

class RemoveGuard(TSOperator):
    """remove_edge_case_check: delete an ``if`` without ``else`` whose body ends by returning,
    throwing/raising/panicking or continuing (an early-exit guard), with its body; Ruby's
    ``return x if c`` / ``unless`` forms too.  The guard must fill its lines and have a
    sibling statement."""

    name = "remove_guard"
    mutation_type = "remove_edge_case_check"
    examples = {
        "cpp": (("int f(int n) {\n    if (n < 1) return 0;\n    return n & -n;\n}\n",
                 ("int f(int n) {\n    return n & -n;\n}\n",)),
                ("int f(int n) {\n    if (n < 1) return 0;\n    else return n;\n}\n", ())),
        "java": (("int f(int n) {\n    if (n < 1) {\n        throw new E();\n    }\n"
                  "    return n;\n}\n", ("int f(int n) {\n    return n;\n}\n",)),
                 ("int f(int n) {\n    if (n < 1) { n = 1; }\n    return n;\n}\n", ())),
        "javascript": (("function f(n) {\n  if (n < 1) { return 0; } // edge\n  return n;\n}\n",
                        ("function f(n) {\n  return n;\n}\n",)),),
        "go": (("func f(n int) int {\n\tif n < 1 {\n\t\treturn 0\n\t}\n\treturn n\n}\n",
                ("func f(n int) int {\n\treturn n\n}\n",)),),
        "rust": (("fn f(n: i32) -> i32 {\n    if n < 1 {\n        panic!(\"n\");\n    }\n"
                  "    n\n}\n", ("fn f(n: i32) -> i32 {\n    n\n}\n",)),),
        "ruby": (("def f(n)\n  return 0 if n < 1\n  n\nend\n", ("def f(n)\n  n\nend\n",)),
                 ("def f(n)\n  unless n\n    raise 'x'\n  end\n  n\nend\n",
                  ("def f(n)\n  n\nend\n",)),
                 ("def f(n)\n  x = 0 if n < 1\n  n\nend\n", ())),
    }

    def edits(self, ctx: TSContext) -> Iterator[Edit]:
        lang = ctx.lang
        for node in ctx.nodes:
            stmt = lang.guard_statement(node)
            if stmt is None:
                continue
            parent = stmt.parent
            if parent is None or parent.type not in lang.blocks or len(lang.statements(parent)) < 2:
                continue
            lines = ctx.statement_lines(stmt)
            if lines is None:
                continue
            cond = node.child_by_field_name("condition")
            keyword = "unless" if node.type.startswith("unless") else "if"
            what = keyword if cond is None else f"{keyword} {ctx.text(cond)}"
            yield Edit(lines[0], lines[1], "", f"Deleted the guard `{what}` (line "
                       f"{ctx.line(node)}) and its early exit.")


# ------------------------------------------------------------------------------ wrong_comparison

class RelationalOperator(TSOperator):
    """wrong_comparison: ``<``↔``<=``, ``>``↔``>=``, ``==``↔``!=``, ``===``↔``!==``."""

    name = "relational_operator"
    mutation_type = "wrong_comparison"
    examples = {
        "cpp": (("ok = i < n;\n", ("ok = i <= n;\n",)), ("vector<int> v;\n", ())),
        "java": (("ok = x != null;\n", ("ok = x == null;\n",)),),
        "javascript": (("ok = a === b;\n", ("ok = a !== b;\n",)),),
        "go": (("ok := i >= n\n", ("ok := i > n\n",)),),
        "rust": (("let ok = a == b;\n", ("let ok = a != b;\n",)),),
        "ruby": (("ok = i > n\n", ("ok = i >= n\n",)),),
    }

    def edits(self, ctx: TSContext) -> Iterator[Edit]:
        for node in ctx.nodes:
            if node.type not in ctx.lang.binary:
                continue
            op = ctx.lang.operator(node)
            if op is None or op.type not in _RELATIONAL:
                continue
            new = _RELATIONAL[op.type]
            start, end = ctx.span(op)
            yield Edit(start, end, new, f"Changed the comparison `{op.type}` to `{new}` in "
                       f"`{ctx.text(node)}` on line {ctx.line(node)}.")


# -------------------------------------------------------------------------------------- extended

class NegateCondition(TSOperator):
    """extended: the condition of an ``if``/``while``/ternary is negated (``!c`` / ``!(c)``)."""

    name = "negate_condition"
    mutation_type = EXTENDED
    examples = {
        "cpp": (("if (a < b) x = 1;\n", ("if (!(a < b)) x = 1;\n",)),),
        "java": (("while (ok) i++;\n", ("while (!ok) i++;\n",)),),
        "javascript": (("x = a || b ? 1 : 2;\n", ("x = !(a || b) ? 1 : 2;\n",)),),
        "go": (("if a < b {\n\tx = 1\n}\n", ("if !(a < b) {\n\tx = 1\n}\n",)),),
        "rust": (("if a < b { x = 1; }\n", ("if !(a < b) { x = 1; }\n",)),
                 ("if let Some(v) = o { x = v; }\n", ())),
        "ruby": (("x = 1 if a.empty?\n", ("x = 1 if !a.empty?\n",)),),
    }

    def edits(self, ctx: TSContext) -> Iterator[Edit]:
        lang = ctx.lang
        kinds = lang.ifs | lang.loops_with_condition | lang.ternaries | {"elsif"}
        for node in ctx.nodes:
            if node.type not in kinds and not (lang.name == "go" and node.type == "for_statement"):
                continue
            cond = lang.condition(node)
            if cond is None:
                continue
            text = ctx.text(cond)
            new = f"!{text}" if lang.is_tight(cond) else f"!({text})"
            start, end = ctx.span(cond)
            yield Edit(start, end, new, f"Negated the condition `{text}` on line {ctx.line(node)}.")


class ReplaceReturn(TSOperator):
    """extended: a returned value becomes its type's default — C++ ``{}``, Rust
    ``Default::default()``, Java ``0``/``false``/``null``, Go's zero value, JavaScript ``null``,
    Ruby ``nil`` — and returned boolean literals are flipped."""

    name = "replace_return"
    mutation_type = EXTENDED
    examples = {
        "cpp": (("vector<int> f(vector<int> v) {\n    return v;\n}\n",
                 ("vector<int> f(vector<int> v) {\n    return {};\n}\n",)),
                ("bool f() { return true; }\n", ("bool f() { return false; }\n",))),
        "java": (("String f(String s) { return s; }\n", ("String f(String s) { return null; }\n",)),
                 ("int f(int n) { return n; }\n", ("int f(int n) { return 0; }\n",))),
        "javascript": (("const f = (x) => {\n  return x + 1;\n};\n",
                        ("const f = (x) => {\n  return null;\n};\n",)),),
        "go": (("func f(s string) string {\n\treturn s\n}\n",
                ("func f(s string) string {\n\treturn \"\"\n}\n",)),
               ("func f(s string) (string, error) {\n\treturn s, nil\n}\n", ())),
        "rust": (("fn f(v: Vec<i32>) -> Vec<i32> {\n    v\n}\n",
                  ("fn f(v: Vec<i32>) -> Vec<i32> {\n    Default::default()\n}\n",)),),
        "ruby": (("def f(x)\n  return x\nend\n", ("def f(x)\n  return nil\nend\n",)),),
    }

    def edits(self, ctx: TSContext) -> Iterator[Edit]:
        lang = ctx.lang
        for func in ctx.functions:
            default = lang.return_default(func)
            values = [lang.return_value(r) for r in ctx.own_returns(func)]
            values.append(lang.tail_expression(func))
            for value in values:
                if value is None or value.id not in ctx.eligible:
                    continue
                text = ctx.text(value)
                if value.type in _BOOLEAN_TYPES and text in lang.booleans:
                    new = lang.booleans[text]
                elif default is None:
                    continue
                else:
                    new = default
                if text == new:
                    continue
                start, end = ctx.span(value)
                yield Edit(start, end, new, f"Made the return on line {ctx.line(value)} give "
                           f"`{new}` instead of `{text}`.")


class BreakContinue(TSOperator):
    """extended: ``break``↔``continue`` (Ruby ``break``↔``next``) inside a loop (not a
    ``switch``); labelled and valued forms are skipped."""

    name = "break_continue"
    mutation_type = EXTENDED
    examples = {
        "cpp": (("for (;;) { break; }\n", ("for (;;) { continue; }\n",)),
                ("switch (x) { case 1: break; }\n", ())),
        "java": (("while (a) { continue; }\n", ("while (a) { break; }\n",)),),
        "javascript": (("for (const x of xs) { break; }\n",
                        ("for (const x of xs) { continue; }\n",)),),
        "go": (("for {\n\tbreak\n}\n", ("for {\n\tcontinue\n}\n",)),),
        "rust": (("loop { break; }\n", ("loop { continue; }\n",)), ("loop { break 1; }\n", ())),
        "ruby": (("xs.each do |x|\n  next\nend\n", ("xs.each do |x|\n  break\nend\n",)),),
    }

    def edits(self, ctx: TSContext) -> Iterator[Edit]:
        lang = ctx.lang
        loops = lang.loops | {"for_in_statement", "for_expression"}
        for node in ctx.nodes:
            if node.type not in lang.breaks:
                continue
            if any(c.type not in lang.comments for c in node.named_children):
                continue  # `break label`, `break value`
            parent = node.parent
            while (parent is not None and parent.type not in loops
                   and parent.type not in lang.switches and parent.type not in lang.functions):
                parent = parent.parent
            if parent is None or parent.type not in loops:
                continue
            keyword = node.children[0]
            new = lang.breaks[node.type]
            start, end = ctx.span(keyword)
            yield Edit(start, end, new, f"Replaced `{keyword.type}` with `{new}` on line "
                       f"{ctx.line(node)}.")


class ConstantReplacement(TSOperator):
    """extended: ``true``↔``false`` and a non-empty plain string literal becomes empty."""

    name = "constant_replacement"
    mutation_type = EXTENDED
    examples = {
        "cpp": (("bool seen = false;\n", ("bool seen = true;\n",)),
                ("string s = \", \";\n", ("string s = \"\";\n",)), ("char c = 'a';\n", ())),
        "java": (("String s = \"ab\";\n", ("String s = \"\";\n",)),),
        "javascript": (("let s = 'ab';\n", ("let s = '';\n",)), ("let s = `a${b}`;\n", ())),
        "go": (("ok := true\n", ("ok := false\n",)),),
        "rust": (("let s = \"ab\";\n", ("let s = \"\";\n",)),),
        "ruby": (("s = 'ab'\n", ("s = ''\n",)), ("s = \"a#{b}\"\n", ()), ("s = ''\n", ())),
    }

    def edits(self, ctx: TSContext) -> Iterator[Edit]:
        lang = ctx.lang
        for node in ctx.nodes:
            text = ctx.text(node)
            if node.type in _BOOLEAN_TYPES and text in lang.booleans:
                new = lang.booleans[text]
            else:
                new = lang.empty_string(node)
                if new is None:
                    continue
            start, end = ctx.span(node)
            yield Edit(start, end, new, f"Replaced the constant `{text}` with `{new}` on line "
                       f"{ctx.line(node)}.")


class DeleteStatement(TSOperator):
    """extended: delete one simple statement (assignment, compound assignment, ``++``, call)
    that fills its lines and has a sibling statement."""

    name = "delete_statement"
    mutation_type = EXTENDED
    examples = {
        "cpp": (("int f(int n) {\n    n -= 1;\n    return n;\n}\n",
                 ("int f(int n) {\n    return n;\n}\n",)),
                ("int f(int n) {\n    return n;\n}\n", ())),
        "java": (("void f() {\n    xs.add(1);\n    k++;\n}\n",
                  ("void f() {\n    k++;\n}\n", "void f() {\n    xs.add(1);\n}\n")),),
        "javascript": (("function f(n) {\n  n += 1;\n  return n;\n}\n",
                        ("function f(n) {\n  return n;\n}\n",)),),
        "go": (("func f(n int) int {\n\tn++\n\treturn n\n}\n",
                ("func f(n int) int {\n\treturn n\n}\n",)),),
        "rust": (("fn f(mut n: i32) -> i32 {\n    n *= 2;\n    n\n}\n",
                  ("fn f(mut n: i32) -> i32 {\n    n\n}\n",)),),
        "ruby": (("def f(n)\n  n += 1\n  n\nend\n", ("def f(n)\n  n\nend\n",)),
                 ("def f(xs)\n  xs.each { |x| p x }\n  xs\nend\n", ())),
    }

    def edits(self, ctx: TSContext) -> Iterator[Edit]:
        lang = ctx.lang
        direct = {"go": frozenset({"assignment_statement", "inc_statement", "dec_statement"}),
                  "ruby": lang.deletable}.get(lang.name, frozenset())
        for node in ctx.nodes:
            if node.type in lang.expression_statements:
                inner = [c for c in node.named_children if c.type not in lang.comments]
                if len(inner) != 1 or inner[0].type not in lang.deletable:
                    continue
                if lang.name == "rust" and not ctx.text(node).rstrip().endswith(";"):
                    continue
            elif node.type in direct:
                if lang.name == "ruby" and node.type == "call" and (
                        node.child_by_field_name("block") is not None or lang.is_exit(node)):
                    continue
            else:
                continue
            parent = node.parent
            if parent is None or parent.type not in lang.blocks or len(lang.statements(parent)) < 2:
                continue
            lines = ctx.statement_lines(node)
            if lines is not None:
                yield Edit(lines[0], lines[1], "", f"Deleted the statement `{ctx.text(node)}` on "
                           f"line {ctx.line(node)}.")


#: Every tree-sitter operator in application order (ties: the first operator listed keeps a
#: mutant code that two operators produce).
TS_OPERATORS: tuple[TSOperator, ...] = (
    BoundaryShift(), ConstantShift(), IndexShift(), IntCallShift(), ReturnShift(),
    ArithmeticOperator(), BitwiseOperator(), BooleanOperator(), AugAssignOperator(),
    IncrementOperator(), ReductionOperator(),
    SwapArguments(), SwapOperands(),
    RemoveGuard(),
    RelationalOperator(),
    NegateCondition(), ReplaceReturn(), BreakContinue(), ConstantReplacement(), DeleteStatement(),
)


# ---------------------------------------------------------------------------------------- engine

def _defines(lang: Language, root: Node, name: str) -> bool:
    target = name.encode("utf-8")
    return any(n.text == target for n in lang.function_names(root))


def apply_edits(ctx: TSContext, candidates: Sequence[tuple[TSOperator, Edit]], *,
                entry_point: str | None = None) -> list[Mutant]:
    """Turn (operator, edit) candidates into verified, de-duplicated :class:`Mutant` records.

    Candidates are ordered by (start offset, end offset, position in the input); the first
    candidate producing a given code wins.  Drops whitespace-only edits, candidates whose tree
    has ERROR/MISSING nodes and (with ``entry_point``) those that no longer define it.
    """
    code = ctx.code
    parser = ctx.lang.parser()
    order = sorted(range(len(candidates)),
                   key=lambda i: (candidates[i][1].start, candidates[i][1].end, i))
    seen = {code}
    out: list[Mutant] = []
    for i in order:
        op, edit = candidates[i]
        before = code[edit.start:edit.end]
        if "".join(before.split()) == "".join(edit.replacement.split()):
            continue
        new = code[:edit.start] + edit.replacement + code[edit.end:]
        if new in seen:
            continue
        seen.add(new)
        root = parser.parse(new.encode("utf-8")).root_node
        if root.has_error:
            continue
        if entry_point is not None and not _defines(ctx.lang, root, entry_point):
            continue
        start_line, start_col = ctx.src.position(edit.start)
        end_line, end_col = ctx.src.position(edit.end)
        out.append(Mutant(
            code=new, operator=op.name, mutation_type=op.mutation_type,
            span=(start_line, start_col, end_line, end_col), before=before,
            after=edit.replacement, bug_description=edit.description,
            edit_size=edit_size(code, new),
        ))
    return out


def enumerate_mutants(code: str, *, language: str, entry_point: str | None = None,
                      extended: bool = False,
                      operators: Sequence[TSOperator] | None = None) -> list[Mutant]:
    """Every single-span mutant of ``code`` in ``language``, in a deterministic order.

    Args:
        code: the canonical source (C++, Java, Go, Ruby, JavaScript or Rust).
        language: ``"cpp"``, ``"java"``, ``"go"``, ``"ruby"``, ``"javascript"`` or ``"rust"``
            (aliases ``"c++"``, ``"js"``, ``"golang"``, ``"rb"``, ``"rs"``).
        entry_point: when given, only function bodies are mutated (imports, includes and
            top-level constants are left alone) and every mutant must still define a function
            of this name.
        extended: also apply the ``extended`` operators.
        operators: use these :class:`TSOperator` instances instead of :data:`TS_OPERATORS`
            (``extended`` still filters out extended ones; operators not for ``language`` are
            ignored).

    Returns:
        mutants ordered by the position of the edited span, then by operator order; codes are
        pairwise distinct, differ from ``code`` and parse without ERROR/MISSING nodes.

    Raises:
        ValueError: unsupported ``language``.
        TypeError: an operator is not a :class:`TSOperator`.
        SyntaxError: ``code`` itself does not parse cleanly.
    """
    lang = get_language(language)
    ops = TS_OPERATORS if operators is None else tuple(operators)
    for op in ops:
        if not isinstance(op, TSOperator):
            raise TypeError(f"{type(op).__name__} is not a tree-sitter operator")
    ctx = TSContext.build(code, lang, functions_only=entry_point is not None)
    candidates: list[tuple[TSOperator, Edit]] = []
    for op in ops:
        if (op.mutation_type == EXTENDED and not extended) or lang.name not in op.languages:
            continue
        candidates.extend((op, edit) for edit in op.edits(ctx))
    return apply_edits(ctx, candidates, entry_point=entry_point)
