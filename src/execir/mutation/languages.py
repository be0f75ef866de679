"""Per-language tables for the tree-sitter mutation engine (:mod:`execir.mutation.treesitter`).

One :class:`Language` subclass per supported language names the tree-sitter node types the
operators look at (binary expressions, calls, ``if`` statements, integer literals, ...) and
answers the few questions whose answer differs by grammar (what a call's name and arguments are,
whether a function returns an integer, what an early exit is).  Grammars come from the
individual PyPI wheels (``tree-sitter-cpp``, ``tree-sitter-java``, ``tree-sitter-go``,
``tree-sitter-ruby``, ``tree-sitter-javascript``, ``tree-sitter-rust``); nothing is downloaded
at run time.

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

    def int_return(self, func: Node) -> bool:
        """True when the function's declared return type is an integer type."""
        return False

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


class Cpp(Language):
    """C++ (``tree-sitter-cpp``)."""

    name = "cpp"
    case_labels = frozenset({"case_statement"})
    module = "tree_sitter_cpp"
    aliases = ("c++",)
    skipped = frozenset({"template_argument_list", "type_descriptor", "template_parameter_list",
                         "attribute_declaration", "preproc_include", "preproc_def",
                         "preproc_function_def", "preproc_call", "using_declaration",
                         "alias_declaration", "static_assert_declaration"})
    type_fields = frozenset({"type"})
    strings = frozenset({"string_literal", "raw_string_literal", "char_literal",
                         "concatenated_string", "system_lib_string"})
    plain_strings = frozenset({"string_literal"})
    char_literals = frozenset({"char_literal"})
    functions = {"function_definition": "body", "lambda_expression": "body"}
    int_literals = frozenset({"number_literal"})
    int_suffix = r"[uU]?(?:l|L|ll|LL)?|(?:l|L|ll|LL)[uU]|[uU]?[zZ]|[zZ][uU]"
    unsigned_suffix = r"[uU]"
    tight = frozenset({"identifier", "field_identifier", "qualified_identifier", "this",
                       "call_expression", "field_expression", "subscript_expression",
                       "true", "false", "nullptr", "initializer_list"})
    aug_assignments = frozenset({"assignment_expression"})
    subscripts = {"subscript_expression": "indices"}
    index_kinds = frozenset({"identifier", "field_expression", "call_expression",
                             "subscript_expression", "qualified_identifier"})
    index_methods = frozenset({"at"})
    slice_methods = frozenset({"substr"})
    int_functions = frozenset({"count", "count_if", "stoi", "stol", "stoll", "atoi", "distance"})
    int_methods = frozenset({"size", "length", "find", "rfind", "count"})
    duals = {"min": "max", "max": "min", "min_element": "max_element",
             "max_element": "min_element", "any_of": "all_of", "all_of": "any_of"}
    blocks = frozenset({"compound_statement", "translation_unit"})
    ternaries = frozenset({"conditional_expression"})
    loops_with_condition = frozenset({"while_statement", "do_statement"})
    function_query = """
        (function_declarator declarator: (identifier) @name)
        (function_declarator declarator: (field_identifier) @name)
        (function_declarator declarator: (qualified_identifier name: (identifier) @name))
    """
    _INT_TYPES = frozenset({"int", "long", "short", "long long", "long int", "long long int",
                            "unsigned", "unsigned int", "unsigned long", "unsigned long long",
                            "short int", "signed", "signed int", "size_t", "int64_t", "int32_t",
                            "uint64_t", "uint32_t", "ssize_t", "ptrdiff_t"})

    def _declared_type(self, func: Node) -> str | None:
        if func.type != "function_definition":
            return None
        decl = func.child_by_field_name("declarator")
        type_node = func.child_by_field_name("type")
        if decl is None or decl.type != "function_declarator" or type_node is None:
            return None  # pointer/reference return types, constructors
        return " ".join(type_node.text.decode("utf-8").split())

    def int_return(self, func: Node) -> bool:
        t = self._declared_type(func)
        return t is not None and (t in self._INT_TYPES or t.removeprefix("std::") in
                                  self._INT_TYPES)

    def return_default(self, func: Node) -> str | None:
        t = self._declared_type(func)
        if t is None or t in ("void", "auto") or "auto" in t.split():
            return None
        return "{}"

    def is_exit(self, stmt: Node) -> bool:
        return stmt.type in self.exits or (
            stmt.type == "expression_statement" and stmt.named_child_count == 1
            and stmt.named_children[0].type == "throw_expression")


class Java(Language):
    """Java (``tree-sitter-java``)."""

    name = "java"
    case_labels = frozenset({"switch_label"})
    module = "tree_sitter_java"
    skipped = frozenset({"annotation", "marker_annotation", "type_arguments", "dimensions",
                         "import_declaration", "package_declaration", "type_parameters"})
    type_fields = frozenset({"type", "type_arguments", "type_parameters", "dimensions"})
    strings = frozenset({"string_literal", "character_literal", "text_block"})
    plain_strings = frozenset({"string_literal"})
    char_literals = frozenset({"character_literal"})
    functions = {"method_declaration": "body", "constructor_declaration": "body",
                 "lambda_expression": "body"}
    int_literals = frozenset({"decimal_integer_literal"})
    int_suffix = r"[lL]?"
    tight = frozenset({"identifier", "field_access", "method_invocation", "array_access",
                       "this", "true", "false", "null_literal", "object_creation_expression"})
    calls = frozenset({"method_invocation"})
    subscripts = {"array_access": "index"}
    index_kinds = frozenset({"identifier", "field_access", "method_invocation", "array_access"})
    index_methods = frozenset({"get", "charAt"})
    slice_methods = frozenset({"substring", "subList"})
    int_functions = frozenset()
    int_methods = frozenset({"size", "length", "indexOf", "lastIndexOf", "parseInt", "bitCount",
                             "compareTo"})
    duals = {"min": "max", "max": "min", "anyMatch": "allMatch", "allMatch": "anyMatch"}
    blocks = frozenset({"block", "program", "constructor_body"})
    ternaries = frozenset({"ternary_expression"})
    for_fields = ("init", "condition")
    switches = frozenset({"switch_expression", "switch_statement", "switch_block"})
    loops = frozenset({"for_statement", "while_statement", "do_statement",
                       "enhanced_for_statement"})
    deletable = frozenset({"assignment_expression", "update_expression", "method_invocation"})
    function_query = """
        (method_declaration name: (identifier) @name)
        (constructor_declaration name: (identifier) @name)
    """
    null_value = "null"
    _INT_TYPES = frozenset({"int", "long", "short", "byte", "Integer", "Long", "Short", "Byte"})
    _ZERO = {"int": "0", "long": "0", "short": "0", "byte": "0", "char": "0", "double": "0",
             "float": "0", "boolean": "false"}

    def call(self, node: Node) -> tuple[Node | None, bool, list[Node] | None]:
        name = node.child_by_field_name("name")
        args_node = node.child_by_field_name("arguments")
        args = None if args_node is None else [c for c in args_node.named_children
                                                if c.type not in self.comments]
        return name, node.child_by_field_name("object") is not None, args

    def _declared_type(self, func: Node) -> str | None:
        if func.type != "method_declaration":
            return None
        t = func.child_by_field_name("type")
        return None if t is None else t.text.decode("utf-8")

    def int_return(self, func: Node) -> bool:
        return self._declared_type(func) in self._INT_TYPES

    def return_default(self, func: Node) -> str | None:
        t = self._declared_type(func)
        if t is None or t == "void":
            return None
        return self._ZERO.get(t, "null")


class JavaScript(Language):
    """JavaScript (``tree-sitter-javascript``)."""

    name = "javascript"
    module = "tree_sitter_javascript"
    aliases = ("js",)
    skipped = frozenset({"import_statement", "decorator"})
    type_fields = frozenset()
    strings = frozenset({"string", "template_string", "regex"})
    plain_strings = frozenset({"string"})
    sequence_literals = frozenset({"array"})
    functions = {"function_declaration": "body", "function_expression": "body",
                 "arrow_function": "body", "method_definition": "body",
                 "generator_function_declaration": "body", "generator_function": "body"}
    int_literals = frozenset({"number"})
    int_suffix = r"n?"
    tight = frozenset({"identifier", "member_expression", "call_expression",
                       "subscript_expression", "this", "true", "false", "null", "undefined",
                       "array", "object"})
    aug_assignments = frozenset({"augmented_assignment_expression"})
    subscripts = {"subscript_expression": "index"}
    index_kinds = frozenset({"identifier", "member_expression", "call_expression",
                             "subscript_expression"})
    index_methods = frozenset({"charAt", "at", "charCodeAt"})
    slice_methods = frozenset({"slice", "substring", "substr"})
    int_functions = frozenset({"parseInt"})
    int_methods = frozenset({"indexOf", "lastIndexOf", "findIndex", "charCodeAt", "codePointAt",
                             "parseInt", "localeCompare"})
    duals = {"min": "max", "max": "min", "some": "every", "every": "some"}
    blocks = frozenset({"statement_block", "program"})
    ternaries = frozenset({"ternary_expression"})
    for_fields = ("initializer", "condition")
    loops = frozenset({"for_statement", "while_statement", "do_statement", "for_in_statement"})
    deletable = frozenset({"assignment_expression", "augmented_assignment_expression",
                           "update_expression", "call_expression"})
    function_query = """
        (function_declaration name: (identifier) @name)
        (generator_function_declaration name: (identifier) @name)
        (variable_declarator name: (identifier) @name
                             value: [(arrow_function) (function_expression)])
        (method_definition name: (property_identifier) @name)
    """
    null_value = "null"

    def positional(self, args: list[Node]) -> bool:
        return all(a.type != "spread_element" for a in args)

    def int_member(self, node: Node) -> bool:
        """``x.length``: an integer-valued member access."""
        prop = node.child_by_field_name("property")
        return (node.type == "member_expression" and prop is not None
                and prop.text == b"length")

    def return_default(self, func: Node) -> str | None:
        return "null"


class Go(Language):
    """Go (``tree-sitter-go``)."""

    name = "go"
    case_labels = frozenset({"expression_case"})
    module = "tree_sitter_go"
    aliases = ("golang",)
    skipped = frozenset({"import_declaration", "package_clause", "array_type", "slice_type",
                         "map_type", "type_arguments", "type_parameter_list", "type_declaration",
                         "struct_type", "interface_type", "function_type", "channel_type"})
    type_fields = frozenset({"type", "result", "type_arguments", "type_parameters"})
    strings = frozenset({"interpreted_string_literal", "raw_string_literal", "rune_literal"})
    plain_strings = frozenset({"interpreted_string_literal"})
    char_literals = frozenset({"rune_literal"})
    functions = {"function_declaration": "body", "method_declaration": "body",
                 "func_literal": "body"}
    int_literals = frozenset({"int_literal"})
    int_suffix = r""
    tight = frozenset({"identifier", "field_identifier", "selector_expression", "call_expression",
                       "index_expression", "slice_expression", "true", "false", "nil",
                       "composite_literal", "iota"})
    aug_assignments = frozenset({"assignment_statement"})
    updates = frozenset({"inc_statement", "dec_statement"})
    subscripts = {"index_expression": "index"}
    index_kinds = frozenset({"identifier", "selector_expression", "call_expression",
                             "index_expression"})
    int_functions = frozenset({"len", "cap", "Count", "Index", "LastIndex", "IndexByte",
                               "IndexRune", "RuneCountInString", "Compare"})
    duals = {"min": "max", "max": "min", "Min": "Max", "Max": "Min"}
    blocks = frozenset({"statement_list", "source_file"})
    loops_with_condition = frozenset()
    switches = frozenset({"expression_switch_statement", "type_switch_statement",
                          "select_statement"})
    loops = frozenset({"for_statement"})
    exits = frozenset({"return_statement", "continue_statement"})
    deletable = frozenset({"call_expression"})
    function_query = """
        (function_declaration name: (identifier) @name)
        (method_declaration name: (field_identifier) @name)
    """
    _INT_TYPES = frozenset({"int", "int8", "int16", "int32", "int64", "uint", "uint8", "uint16",
                            "uint32", "uint64", "uintptr", "byte", "rune"})
    _FLOAT_TYPES = frozenset({"float32", "float64"})

    def call(self, node: Node) -> tuple[Node | None, bool, list[Node] | None]:
        name, method, args = super().call(node)
        if args is not None and any(a.type == "variadic_argument" for a in args):
            args = None
        return name, method, args

    def statements(self, block: Node) -> list[Node]:
        if block.type == "block":
            inner = [c for c in block.named_children if c.type == "statement_list"]
            return self.statements(inner[0]) if inner else []
        return [c for c in block.named_children if c.type not in self.comments]

    def body_exits(self, body: Node) -> bool:
        stmts = self.statements(body)
        return bool(stmts) and self.is_exit(stmts[-1])

    def is_exit(self, stmt: Node) -> bool:
        if stmt.type in self.exits:
            return True
        if stmt.type == "expression_statement" and stmt.named_child_count == 1:
            call = stmt.named_children[0]
            func = call.child_by_field_name("function") if call.type == "call_expression" else None
            return func is not None and func.text in (b"panic", b"os.Exit", b"log.Fatal")
        return False

    def loop_condition(self, node: Node) -> Node | None:
        """``for cond { }``: the condition of a while-style Go loop."""
        if node.type != "for_statement":
            return None
        named = [c for c in node.named_children if c.type not in self.comments]
        if len(named) == 2 and named[0].type not in ("for_clause", "range_clause", "block"):
            return named[0]
        return None

    def condition(self, node: Node) -> Node | None:
        if node.type == "for_statement":
            return self.loop_condition(node)
        return super().condition(node)

    def return_value(self, node: Node) -> Node | None:
        named = [c for c in node.named_children if c.type not in self.comments]
        if len(named) != 1:
            return None
        if named[0].type == "expression_list":
            inner = [c for c in named[0].named_children if c.type not in self.comments]
            return inner[0] if len(inner) == 1 else None
        return named[0]

    def _result(self, func: Node) -> str | None:
        if func.type not in ("function_declaration", "method_declaration"):
            return None
        r = func.child_by_field_name("result")
        if r is None or r.type == "parameter_list":
            return None
        return r.text.decode("utf-8")

    def int_return(self, func: Node) -> bool:
        return self._result(func) in self._INT_TYPES

    def return_default(self, func: Node) -> str | None:
        r = self._result(func)
        if r is None:
            return None
        if r in self._INT_TYPES or r in self._FLOAT_TYPES:
            return "0"
        if r == "string":
            return '""'
        if r == "bool":
            return "false"
        if r == "error" or r.startswith(("[]", "map[", "*", "func", "chan", "interface")):
            return "nil"
        return None


class Rust(Language):
    """Rust (``tree-sitter-rust``)."""

    name = "rust"
    module = "tree_sitter_rust"
    aliases = ("rs",)
    skipped = frozenset({"attribute_item", "inner_attribute_item", "use_declaration",
                         "array_type", "type_arguments", "type_parameters", "generic_type",
                         "reference_type", "where_clause"})
    type_fields = frozenset({"type", "return_type", "type_arguments", "type_parameters"})
    strings = frozenset({"string_literal", "raw_string_literal", "char_literal"})
    plain_strings = frozenset({"string_literal"})
    char_literals = frozenset({"char_literal"})
    functions = {"function_item": "body", "closure_expression": "body"}
    int_literals = frozenset({"integer_literal"})
    int_suffix = r"(?:[iu](?:8|16|32|64|128|size))?"
    unsigned_suffix = r"^u"
    booleans = {"true": "false", "false": "true"}
    tight = frozenset({"identifier", "field_expression", "call_expression", "index_expression",
                       "scoped_identifier", "self", "boolean_literal", "macro_invocation",
                       "try_expression", "array_expression", "tuple_expression", "unit_expression"})
    aug_assignments = frozenset({"compound_assignment_expr"})
    updates = frozenset()
    subscripts = {"index_expression": "#1"}
    index_kinds = frozenset({"identifier", "field_expression", "call_expression",
                             "index_expression"})
    index_methods = frozenset({"nth"})
    int_methods = frozenset({"len", "count", "count_ones", "count_zeros", "leading_zeros",
                             "trailing_zeros"})
    duals = {"min": "max", "max": "min", "any": "all", "all": "any", "max_by_key": "min_by_key",
             "min_by_key": "max_by_key", "max_by": "min_by", "min_by": "max_by"}
    blocks = frozenset({"block", "source_file"})
    ifs = frozenset({"if_expression"})
    loops_with_condition = frozenset({"while_expression"})
    for_loops = frozenset()
    returns = frozenset({"return_expression"})
    exits = frozenset({"return_expression", "continue_expression"})
    breaks = {"break_expression": "continue", "continue_expression": "break"}
    switches = frozenset()
    loops = frozenset({"for_expression", "while_expression", "loop_expression"})
    deletable = frozenset({"assignment_expression", "compound_assignment_expr", "call_expression"})
    function_query = "(function_item name: (identifier) @name)"
    _INT_TYPES = frozenset({"i8", "i16", "i32", "i64", "i128", "isize", "u8", "u16", "u32",
                            "u64", "u128", "usize"})
    _PANICS = (b"panic", b"unreachable", b"todo", b"unimplemented")

    def _callee_name(self, func: Node | None) -> tuple[Node | None, bool]:
        if func is not None and func.type == "generic_function":
            func = func.child_by_field_name("function")
        return super()._callee_name(func)

    def positional(self, args: list[Node]) -> bool:
        return True

    def unary_operand(self, node: Node) -> Node | None:
        named = [c for c in node.named_children if c.type not in self.comments]
        return named[-1] if named else None

    def operator(self, node: Node) -> Node | None:
        op = node.child_by_field_name("operator")
        if op is not None:
            return op
        return node.children[0] if node.children and not node.children[0].is_named else None

    def condition(self, node: Node) -> Node | None:
        cond = node.child_by_field_name("condition")
        if cond is None or cond.type in ("let_condition", "let_chain"):
            return None
        return cond

    def is_exit(self, stmt: Node) -> bool:
        if stmt.type == "expression_statement" and stmt.named_child_count >= 1:
            stmt = stmt.named_children[0]
        if stmt.type in self.exits:
            return True
        if stmt.type == "macro_invocation":
            mac = stmt.child_by_field_name("macro")
            return mac is not None and mac.text in self._PANICS
        return False

    def guard_statement(self, node: Node) -> Node | None:
        if node.type != "if_expression" or self.has_else(node):
            return None
        parent = node.parent
        if parent is None:
            return None
        body = node.child_by_field_name("consequence")
        if body is None or not self.body_exits(body):
            return None
        if parent.type == "expression_statement":
            return parent
        return node if parent.type in self.blocks else None

    def return_value(self, node: Node) -> Node | None:
        named = [c for c in node.named_children if c.type not in self.comments]
        return named[0] if len(named) == 1 else None

    def _return_type(self, func: Node) -> str | None:
        if func.type != "function_item":
            return None
        r = func.child_by_field_name("return_type")
        return None if r is None else r.text.decode("utf-8")

    def int_return(self, func: Node) -> bool:
        return self._return_type(func) in self._INT_TYPES

    def return_default(self, func: Node) -> str | None:
        r = self._return_type(func)
        if r is None or r in ("()", "!") or r.startswith("impl "):
            return None
        return "Default::default()"

    def tail_expression(self, func: Node) -> Node | None:
        body = func.child_by_field_name("body")
        if body is None or body.type != "block":
            return None
        stmts = self.statements(body)
        if not stmts or stmts[-1].type in ("expression_statement", "let_declaration") or (
                stmts[-1].type.endswith("_item")):
            return None
        last = stmts[-1]
        if last.type in ("if_expression", "match_expression", "loop_expression", "block",
                         "while_expression", "for_expression", "unsafe_block", "return_expression",
                         "macro_invocation"):
            return None
        return last


class Ruby(Language):
    """Ruby (``tree-sitter-ruby``)."""

    name = "ruby"
    module = "tree_sitter_ruby"
    aliases = ("rb",)
    comment_prefixes = ("#",)
    comments = frozenset({"comment"})
    skipped = frozenset({"heredoc_body"})
    type_fields = frozenset()
    strings = frozenset({"string", "string_array", "symbol_array", "regex", "subshell",
                         "character", "simple_symbol", "delimited_symbol", "heredoc_beginning"})
    plain_strings = frozenset({"string"})
    sequence_literals = frozenset({"array"})
    functions = {"method": "body", "singleton_method": "body", "lambda": "body"}
    int_literals = frozenset({"integer"})
    int_suffix = r""
    booleans = {"true": "false", "false": "true"}
    binary = frozenset({"binary"})
    unary = frozenset({"unary"})
    parenthesized = frozenset({"parenthesized_statements"})
    calls = frozenset({"call"})
    tight = frozenset({"identifier", "constant", "instance_variable", "element_reference",
                       "self", "true", "false", "nil", "array", "hash", "scope_resolution",
                       "global_variable", "class_variable"})
    aug_assignments = frozenset({"operator_assignment"})
    updates = frozenset()
    subscripts = {"element_reference": "#1"}
    index_kinds = frozenset({"identifier", "call", "element_reference", "instance_variable"})
    slice_methods = frozenset({"slice"})
    int_methods = frozenset({"length", "size", "count", "ord", "to_i", "index", "bit_length"})
    duals = {"min": "max", "max": "min", "any?": "all?", "all?": "any?", "max_by": "min_by",
             "min_by": "max_by"}
    blocks = frozenset({"body_statement", "then", "else", "do", "block_body", "begin", "program",
                        "ensure", "rescue"})
    ifs = frozenset({"if", "unless", "if_modifier", "unless_modifier"})
    loops_with_condition = frozenset({"while", "until", "while_modifier", "until_modifier"})
    ternaries = frozenset({"conditional"})
    for_loops = frozenset()
    returns = frozenset({"return"})
    exits = frozenset({"return", "next"})
    breaks = {"break": "next", "next": "break"}
    switches = frozenset()
    loops = frozenset({"while", "until", "for", "block", "do_block"})
    expression_statements = frozenset()
    deletable = frozenset({"assignment", "operator_assignment", "call"})
    function_query = """
        (method name: (_) @name)
        (singleton_method name: (_) @name)
    """
    null_value = "nil"

    def call(self, node: Node) -> tuple[Node | None, bool, list[Node] | None]:
        name = node.child_by_field_name("method")
        args_node = node.child_by_field_name("arguments")
        args = [] if args_node is None else [c for c in args_node.named_children
                                             if c.type not in self.comments]
        return name, node.child_by_field_name("receiver") is not None, args

    def positional(self, args: list[Node]) -> bool:
        return all(a.type not in ("splat_argument", "hash_splat_argument", "block_argument",
                                  "pair", "forward_argument") for a in args)

    def is_tight(self, node: Node) -> bool:
        if node.type == "call":
            args = node.child_by_field_name("arguments")
            # `foo x` binds loosely; `foo(x)` and `foo` do not
            return args is None or args.text.startswith(b"(")
        return super().is_tight(node)

    def unparen(self, node: Node) -> Node | None:
        return node

    def body_exits(self, body: Node) -> bool:
        if body.type in self.blocks:
            stmts = self.statements(body)
            return bool(stmts) and self.is_exit(stmts[-1])
        return self.is_exit(body)

    def is_exit(self, stmt: Node) -> bool:
        if stmt.type in self.exits:
            return True
        if stmt.type == "call" and stmt.child_by_field_name("receiver") is None:
            m = stmt.child_by_field_name("method")
            return m is not None and m.text in (b"raise", b"fail")
        return stmt.type == "identifier" and stmt.text in (b"raise", b"fail")

    def guard_statement(self, node: Node) -> Node | None:
        if node.type in ("if_modifier", "unless_modifier"):
            body = node.child_by_field_name("body")
            return node if body is not None and self.is_exit(body) else None
        return super().guard_statement(node)

    def return_value(self, node: Node) -> Node | None:
        args = [c for c in node.named_children if c.type not in self.comments]
        if len(args) != 1 or args[0].type != "argument_list":
            return None
        inner = [c for c in args[0].named_children if c.type not in self.comments]
        return inner[0] if len(inner) == 1 else None

    def empty_string(self, node: Node) -> str | None:
        if node.type != "string":
            return None
        text = node.text.decode("utf-8")
        if len(text) < 3 or text[0] not in "\"'" or text[-1] != text[0]:
            return None
        if any(c.type not in ("string_content", "escape_sequence", '"', "'")
               for c in node.children):
            return None
        return text[0] * 2


#: Every supported language by name.
LANGUAGES: dict[str, Language] = {cls.name: cls() for cls in (Cpp, Java, JavaScript, Go, Rust,
                                                             Ruby)}
_ALIASES: dict[str, str] = {alias: lang.name for lang in LANGUAGES.values()
                            for alias in lang.aliases}


def get_language(name: str) -> Language:
    """The :class:`Language` for ``name`` (``"cpp"``/``"c++"``, ``"java"``, ``"go"``,
    ``"ruby"``, ``"javascript"``/``"js"``, ``"rust"``), case-insensitive.

    Raises:
        ValueError: the language is not supported.
    """
    key = name.lower()
    key = _ALIASES.get(key, key)
    if key not in LANGUAGES:
        raise ValueError(f"unsupported mutation language {name!r}; supported: python, "
                         + ", ".join(sorted(LANGUAGES)))
    return LANGUAGES[key]
