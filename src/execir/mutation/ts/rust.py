"""Rust grammar table of the tree-sitter mutation engine."""

from __future__ import annotations

from execir.mutation.ts.grammar import Language, Node


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
    typed_functions = frozenset({"function_item"})
    return_type_field = "return_type"
    _INT_TYPES = frozenset({"i8", "i16", "i32", "i64", "i128", "isize", "u8", "u16", "u32",
                            "u64", "u128", "usize"})
    _PANICS = (b"panic", b"unreachable", b"todo", b"unimplemented")

    def _callee_name(self, func: Node | None) -> tuple[Node | None, bool]:
        if func is not None and func.type == "generic_function":
            func = func.child_by_field_name("function")
        return super()._callee_name(func)

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

    def return_default(self, func: Node) -> str | None:
        r = self._declared_type(func)
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
