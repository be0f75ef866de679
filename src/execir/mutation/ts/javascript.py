"""JavaScript grammar table of the tree-sitter mutation engine."""

from __future__ import annotations

from execir.mutation.ts.grammar import Language, Node


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
