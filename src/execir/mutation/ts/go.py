"""Go grammar table of the tree-sitter mutation engine."""

from __future__ import annotations

from execir.mutation.ts.grammar import Language, Node


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

    def _declared_type(self, func: Node) -> str | None:
        if func.type not in ("function_declaration", "method_declaration"):
            return None
        r = func.child_by_field_name("result")
        if r is None or r.type == "parameter_list":
            return None
        return r.text.decode("utf-8")

    def return_default(self, func: Node) -> str | None:
        r = self._declared_type(func)
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
