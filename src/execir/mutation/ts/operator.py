"""The tree-sitter operator base class and the operator-token tables the operator families share."""

from __future__ import annotations

from typing import ClassVar, Iterator

from execir.mutation.context import Edit
from execir.mutation.languages import LANGUAGES
from execir.mutation.ts.ts_context import TSContext

#: (canonical source, the exact mutant sources the operator yields, in order).
Example = tuple[str, tuple[str, ...]]

RELATIONAL = {"<": "<=", "<=": "<", ">": ">=", ">=": ">", "==": "!=", "!=": "==",
               "===": "!==", "!==": "==="}
ORDERING = frozenset({"<", "<=", ">", ">="})
LOGICAL = {"&&": "||", "||": "&&", "and": "or", "or": "and"}
ARITH = {"+": ("-",), "-": ("+",), "*": ("/", "+"), "/": ("*", "%"), "%": ("/",),
          "**": ("*",)}
BITWISE = {"&": ("|", "^"), "|": ("&", "^"), "^": ("|", "&"), "<<": (">>",), ">>": ("<<",),
            ">>>": ("<<",)}
AUG = {"+=": ("-=",), "-=": ("+=",), "*=": ("/=",), "/=": ("*=",), "%=": ("/=",),
        "**=": ("*=",), "&=": ("|=",), "|=": ("&=",), "^=": ("|=",), "<<=": (">>=",),
        ">>=": ("<<=",)}
NON_COMMUTATIVE = frozenset({"-", "/", "%", "**", "<<", ">>", ">>>"})
ADDITIVE_SAFE = frozenset({"+", "-", "*", "/", "%", "**"})
#: Parents next to which `` ± 1`` may be appended to a node without parentheses.
LOOSE_PARENTS = frozenset({
    "argument_list", "arguments", "return_statement", "return_expression", "return",
    "init_declarator", "variable_declarator", "assignment_expression",
    "augmented_assignment_expression", "assignment_statement", "short_var_declaration",
    "expression_list", "let_declaration", "compound_assignment_expr", "assignment",
    "operator_assignment", "condition_clause", "expression_statement",
    "parenthesized_expression", "parenthesized_statements", "subscript_argument_list",
    "initializer_list", "array", "array_expression", "array_initializer", "range_expression",
    "range", "block"})
BOOLEAN_TYPES = frozenset({"true", "false", "boolean_literal"})
_ALL = tuple(sorted(LANGUAGES))


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
