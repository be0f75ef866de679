"""C++ grammar table of the tree-sitter mutation engine."""

from __future__ import annotations

from execir.mutation.ts.grammar import Language, Node


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
