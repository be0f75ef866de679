"""Java grammar table of the tree-sitter mutation engine."""

from __future__ import annotations

from execir.mutation.ts.grammar import Language, Node


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
    typed_functions = frozenset({"method_declaration"})
    _INT_TYPES = frozenset({"int", "long", "short", "byte", "Integer", "Long", "Short", "Byte"})
    _ZERO = {"int": "0", "long": "0", "short": "0", "byte": "0", "char": "0", "double": "0",
             "float": "0", "boolean": "false"}

    def call(self, node: Node) -> tuple[Node | None, bool, list[Node] | None]:
        name = node.child_by_field_name("name")
        args_node = node.child_by_field_name("arguments")
        args = None if args_node is None else [c for c in args_node.named_children
                                                if c.type not in self.comments]
        return name, node.child_by_field_name("object") is not None, args

    def return_default(self, func: Node) -> str | None:
        t = self._declared_type(func)
        if t is None or t == "void":
            return None
        return self._ZERO.get(t, "null")
