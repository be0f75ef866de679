"""Ruby grammar table of the tree-sitter mutation engine."""

from __future__ import annotations

from execir.mutation.ts.grammar import Language, Node


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
