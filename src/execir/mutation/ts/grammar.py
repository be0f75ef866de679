"""The grammar-table base class of the tree-sitter mutation engine (:mod:`execir.mutation.treesitter`).

One :class:`Language` subclass per supported language (a module each in :mod:`execir.mutation.ts`,
collected in :mod:`execir.mutation.languages`) names the tree-sitter node types the operators look
at (binary expressions, calls, ``if`` statements, integer literals, ...) and answers the few
questions whose answer differs by grammar (what a call's name and arguments are, whether a
function returns an integer, what an early exit is).  Grammars come from the individual PyPI
wheels (``tree-sitter-cpp``, ``tree-sitter-java``, ``tree-sitter-go``, ``tree-sitter-ruby``,
``tree-sitter-javascript``, ``tree-sitter-rust``); nothing is downloaded at run time.

Node-type names are those of the pinned grammar versions (see ``pyproject.toml``).
"""

from __future__ import annotations

import importlib
import re
from functools import cached_property
from typing import ClassVar

import tree_sitter as ts

Node = ts.Node

#: Decimal integer literal: digits (``_`` or ``'`` separators allowed inside) then a suffix.
_DECIMAL = re.compile(r"(0|[1-9](?:[0-9_']*[0-9])?)([A-Za-z]*)")


class Language:
    """What the operators need to know about one grammar.

    Class attributes are sets of tree-sitter node types (``frozenset[str]``) or operator tables;
    methods take nodes of a parsed tree.  Subclasses override what differs from the C-family
    defaults below.
    """

    name: ClassVar[str] = ""
    module: ClassVar[str] = ""                     # the grammar package's import name
    aliases: ClassVar[tuple[str, ...]] = ()
    comment_prefixes: ClassVar[tuple[str, ...]] = ("//", "/*")

    comments: ClassVar[frozenset[str]] = frozenset({"comment", "line_comment", "block_comment"})
    #: Subtrees never entered: types, annotations, attributes, preprocessor lines.
    skipped: ClassVar[frozenset[str]] = frozenset()
    #: Fields whose subtree is a type (never entered).
    type_fields: ClassVar[frozenset[str]] = frozenset({"type", "result", "return_type",
                                                       "type_arguments", "type_parameters"})
    #: String-like literals: listed as nodes (for constant replacement) but never entered.
    strings: ClassVar[frozenset[str]] = frozenset()
    #: Plain string literals that ``constant_replacement`` may empty.
    plain_strings: ClassVar[frozenset[str]] = frozenset()
    #: Array/list literals (``+``/``*`` on them is concatenation/repetition, not arithmetic).
    sequence_literals: ClassVar[frozenset[str]] = frozenset()
    #: node type -> the body field; the function's body is "inside a function".
    functions: ClassVar[dict[str, str]] = {}
    int_literals: ClassVar[frozenset[str]] = frozenset()
    int_suffix: ClassVar[str] = ""                 # regex a suffix must fully match
    unsigned_suffix: ClassVar[str] = r"(?!)"       # regex (search): suffix of an unsigned literal
    booleans: ClassVar[dict[str, str]] = {"true": "false", "false": "true"}
    binary: ClassVar[frozenset[str]] = frozenset({"binary_expression"})
    unary: ClassVar[frozenset[str]] = frozenset({"unary_expression"})
    parenthesized: ClassVar[frozenset[str]] = frozenset({"parenthesized_expression"})
    calls: ClassVar[frozenset[str]] = frozenset({"call_expression"})
    #: Nodes that bind at least as tightly as any binary operator (no parentheses needed).
    tight: ClassVar[frozenset[str]] = frozenset()
    #: Assignments with an ``operator`` field (``+=`` ...).
    aug_assignments: ClassVar[frozenset[str]] = frozenset({"assignment_expression"})
    #: ``++`` / ``--`` nodes.
    updates: ClassVar[frozenset[str]] = frozenset({"update_expression"})
    #: node type -> how its index is found: a field name, or ``"#1"`` (second named child).
    subscripts: ClassVar[dict[str, str]] = {}
    #: Node types an index may have for ``index_shift`` (names, member accesses, calls, ...).
    index_kinds: ClassVar[frozenset[str]] = frozenset()
    #: Methods taking one index argument (``xs.get(i)``, ``s.charAt(i)``).
    index_methods: ClassVar[frozenset[str]] = frozenset()
    #: Methods whose first two arguments are slice bounds (``s.substring(a, b)``).
    slice_methods: ClassVar[frozenset[str]] = frozenset()
    #: Integer-valued calls: plain functions and methods.
    int_functions: ClassVar[frozenset[str]] = frozenset()
    int_methods: ClassVar[frozenset[str]] = frozenset()
    #: Reductions and their duals (function or method names).
    duals: ClassVar[dict[str, str]] = {"min": "max", "max": "min"}
    #: Calls whose arguments commute (or that only print): never argument-swapped.
    commutative_calls: ClassVar[frozenset[str]] = frozenset({
        "max", "min", "fmax", "fmin", "print", "println", "printf", "Print", "Println", "Printf",
        "puts", "p", "gcd", "lcm", "__gcd", "hash", "log", "swap", "hypot", "Max", "Min"})
    #: Statement containers (a guard or deleted statement must have a sibling in one).
    blocks: ClassVar[frozenset[str]] = frozenset()
    ifs: ClassVar[frozenset[str]] = frozenset({"if_statement"})
    loops_with_condition: ClassVar[frozenset[str]] = frozenset({"while_statement", "do_statement"})
    ternaries: ClassVar[frozenset[str]] = frozenset()
    for_loops: ClassVar[frozenset[str]] = frozenset({"for_statement"})
    for_fields: ClassVar[tuple[str, str]] = ("initializer", "condition")
    returns: ClassVar[frozenset[str]] = frozenset({"return_statement"})
    exits: ClassVar[frozenset[str]] = frozenset({"return_statement", "throw_statement",
                                                 "continue_statement"})
    breaks: ClassVar[dict[str, str]] = {"break_statement": "continue",
                                        "continue_statement": "break"}
    #: Nodes that stop the search for the loop a ``break`` belongs to (``switch``).
    switches: ClassVar[frozenset[str]] = frozenset({"switch_statement"})
    loops: ClassVar[frozenset[str]] = frozenset({"for_statement", "while_statement",
                                                 "do_statement", "for_range_loop"})
    #: Expression statements and the inner expression types ``delete_statement`` removes.
    expression_statements: ClassVar[frozenset[str]] = frozenset({"expression_statement"})
    deletable: ClassVar[frozenset[str]] = frozenset({"assignment_expression",
                                                     "update_expression", "call_expression"})
    #: Query capturing ``@name`` for every function definition's name.
    function_query: ClassVar[str] = ""
    #: Text of a "nothing" value replacing a returned value (``replace_return``), or None.
    null_value: ClassVar[str | None] = None
    #: Function node types with a declared return type, the field holding it, and the integer
    #: types among such declarations (``return_shift``).
    typed_functions: ClassVar[frozenset[str]] = frozenset()
    return_type_field: ClassVar[str] = "type"
    _INT_TYPES: ClassVar[frozenset[str]] = frozenset()

    # ------------------------------------------------------------------------ grammar loading

    @cached_property
    def ts_language(self) -> ts.Language:
        """The tree-sitter language object of the installed grammar wheel."""
        return ts.Language(importlib.import_module(self.module).language())

    def parser(self) -> ts.Parser:
        """A new parser for this language."""
        return ts.Parser(self.ts_language)

    @cached_property
    def _function_query(self) -> ts.Query:
        return ts.Query(self.ts_language, self.function_query)

    def function_names(self, root: Node) -> list[Node]:
        """Name nodes of every function definition under ``root``, in source order."""
        found = ts.QueryCursor(self._function_query).captures(root).get("name", [])
        return sorted(found, key=lambda n: (n.start_byte, n.end_byte))

    # ------------------------------------------------------------------------------ literals

    def int_value(self, node: Node) -> tuple[int, str] | None:
        """``(value, suffix)`` of a plain decimal integer literal, else None (hex, octal,
        floats, literals with unknown suffixes, tuple indices ``t.0``)."""
        if node.type not in self.int_literals:
            return None
        m = _DECIMAL.fullmatch(node.text.decode("utf-8"))
        if m is None or not re.fullmatch(self.int_suffix, m.group(2)):
            return None
        return int(m.group(1).replace("_", "").replace("'", "")), m.group(2)

    def format_int(self, value: int, suffix: str) -> str | None:
        """Text of a shifted literal, or None when the suffix makes it unsigned and value < 0."""
        if value < 0 and re.search(self.unsigned_suffix, suffix):
            return None
        return f"{value}{suffix}"

    def shifted_ints(self, value: int, suffix: str) -> list[str]:
        """Texts of ``value + 1`` and ``value - 1`` with ``suffix`` (those :meth:`format_int`
        allows)."""
        texts = (self.format_int(new, suffix) for new in (value + 1, value - 1))
        return [t for t in texts if t is not None]

    def empty_string(self, node: Node) -> str | None:
        """The empty literal replacing a non-empty plain string literal, else None."""
        if node.type not in self.plain_strings:
            return None
        text = node.text.decode("utf-8")
        if len(text) < 3 or text[0] not in "\"'`" or text[-1] != text[0]:
            return None
        if any(c.type not in ("string_content", "string_fragment", "escape_sequence", '"', "'",
                              "interpreted_string_literal_content", "raw_string_literal_content",
                              "`") for c in node.children):
            return None  # interpolation
        return text[0] * 2

    # ------------------------------------------------------------------------------- helpers

    def operator(self, node: Node) -> Node | None:
        """The operator token of a binary/assignment/update node."""
        op = node.child_by_field_name("operator")
        if op is not None:
            return op
        for child in node.children:
            if not child.is_named and child.type in ("++", "--", "!", "-", "+", "~"):
                return child
        return None

    def operands(self, node: Node) -> tuple[Node | None, Node | None]:
        """Left and right operands of a binary node."""
        return node.child_by_field_name("left"), node.child_by_field_name("right")

    def unary_operand(self, node: Node) -> Node | None:
        """The operand of a unary node."""
        for field in ("argument", "operand"):
            child = node.child_by_field_name(field)
            if child is not None:
                return child
        named = [c for c in node.named_children if c.type not in self.comments]
        return named[-1] if named else None

    def is_tight(self, node: Node) -> bool:
        """True when ``node``'s text can stand next to any operator without parentheses."""
        return (node.type in self.tight or node.type in self.int_literals
                or node.type in self.parenthesized or node.type in self.strings)

    def call(self, node: Node) -> tuple[Node | None, bool, list[Node] | None]:
        """``(name node, is a method call, argument nodes)`` of a call node; the name is the
        last identifier of the callee (``max`` in ``std::max``/``Math.max``), arguments are
        None when the call cannot be inspected."""
        func = node.child_by_field_name("function")
        name, method = self._callee_name(func)
        args_node = node.child_by_field_name("arguments")
        args = None
        if args_node is not None and args_node.type in ("argument_list", "arguments"):
            # (not a JavaScript tagged template: its "arguments" are a template string)
            args = [c for c in args_node.named_children if c.type not in self.comments]
        return name, method, args

    def _callee_name(self, func: Node | None) -> tuple[Node | None, bool]:
        if func is None:
            return None, False
        if func.type in ("identifier", "field_identifier", "property_identifier"):
            return func, False
        for field in ("field", "property", "name"):
            child = func.child_by_field_name(field)
            if child is not None:
                method = func.type in ("field_expression", "member_expression",
                                       "selector_expression")
                if child.type in ("identifier", "field_identifier", "property_identifier"):
                    return child, method
                return self._callee_name(child)[0], method
        return None, False

    def positional(self, args: list[Node]) -> bool:
        """True when every argument is a plain positional one (no spread, keyword, block)."""
        return True

    def subscript_index(self, node: Node) -> Node | None:
        """The index node of a subscript, when it has exactly one."""
        how = self.subscripts.get(node.type)
        if how is None:
            return None
        if how.startswith("#"):
            named = [c for c in node.named_children if c.type not in self.comments]
            k = int(how[1:])
            return named[k] if len(named) == k + 1 else None
        child = node.child_by_field_name(how)
        if child is not None and child.type == "subscript_argument_list":
            named = [c for c in child.named_children if c.type not in self.comments]
            return named[0] if len(named) == 1 else None
        return child

    def condition(self, node: Node) -> Node | None:
        """The condition expression of an ``if``/loop/ternary node, without its parentheses;
        None when it is not a plain expression (``if let``, a declaration)."""
        cond = node.child_by_field_name("condition")
        if cond is None:
            return None
        return self.unparen(cond)

    def unparen(self, node: Node) -> Node | None:
        """The expression inside a (syntactically required) parenthesised condition."""
        if node.type in self.parenthesized or node.type == "condition_clause":
            if node.type == "condition_clause":
                if node.child_by_field_name("initializer") is not None:
                    return None
                inner = node.child_by_field_name("value")
                if inner is None or inner.type == "declaration":
                    return None
                return inner
            named = [c for c in node.named_children if c.type not in self.comments]
            return named[0] if len(named) == 1 else None
        return node

    def has_else(self, node: Node) -> bool:
        """True when an ``if`` node has an ``else``/``elsif`` branch."""
        return node.child_by_field_name("alternative") is not None

    def statements(self, block: Node) -> list[Node]:
        """Statements of a block (comments excluded)."""
        return [c for c in block.named_children if c.type not in self.comments]

    def body_exits(self, body: Node) -> bool:
        """True when a branch body ends by returning, throwing or continuing."""
        last = body
        while last.type in self.blocks or last.type == "statement_list":
            stmts = self.statements(last)
            if not stmts:
                return False
            last = stmts[-1]
        return self.is_exit(last)

    def is_exit(self, stmt: Node) -> bool:
        return stmt.type in self.exits

    def guard_statement(self, node: Node) -> Node | None:
        """The statement to delete when ``node`` is an early-exit guard (an ``if`` without
        ``else`` whose body ends by returning, throwing or continuing), else None."""
        if node.type not in self.ifs or self.has_else(node):
            return None
        body = node.child_by_field_name("consequence")
        if body is None or not self.body_exits(body):
            return None
        return node

    def return_value(self, node: Node) -> Node | None:
        """The single returned expression of a return node, else None."""
        named = [c for c in node.named_children if c.type not in self.comments]
        return named[0] if len(named) == 1 else None

    def _declared_type(self, func: Node) -> str | None:
        """Text of the declared return type of a :attr:`typed_functions` node, else None."""
        if func.type not in self.typed_functions:
            return None
        t = func.child_by_field_name(self.return_type_field)
        return None if t is None else t.text.decode("utf-8")

    def int_return(self, func: Node) -> bool:
        """True when the function's declared return type is an integer type."""
        return self._declared_type(func) in self._INT_TYPES

    def return_default(self, func: Node) -> str | None:
        """Default ("zero") value of the function's declared return type, when known."""
        return self.null_value

    def tail_expression(self, func: Node) -> Node | None:
        """The implicitly returned tail expression of a function body (Rust), else None."""
        return None

    def is_string_operand(self, node: Node) -> bool:
        """True for string-like literals (``+`` on them is concatenation)."""
        return node.type in self.strings and node.type not in self.char_literals

    char_literals: ClassVar[frozenset[str]] = frozenset()
    #: Parents of a ``case`` label's value (a shifted label may duplicate another one, a
    #: compile error in C++, Java and Go).
    case_labels: ClassVar[frozenset[str]] = frozenset()

    def is_case_label(self, node: Node) -> bool:
        """True for a literal that is a ``case`` label or a Go map-literal key."""
        parent = node.parent
        while parent is not None and parent.type in ("expression_list", "literal_element"):
            if parent.type == "literal_element" and parent.parent is not None and (
                    parent.parent.type == "keyed_element"):
                return parent.parent.child_by_field_name("key") == parent
            parent = parent.parent
        return parent is not None and parent.type in self.case_labels
