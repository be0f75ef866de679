"""Size probes: the longest member, in characters or in syntax-tree nodes (inverses: shortest).

Syntax-tree size: Python through :mod:`ast` (every node of :func:`ast.walk`); C++, Java, Go,
Ruby, JavaScript and Rust through their tree-sitter grammars (named nodes, error nodes
included); anything else -- text documents, other languages, Python that does not parse -- falls
back to the token count (:func:`execir.probes.tokens.tokens`).
"""

from __future__ import annotations

import ast
import importlib
from functools import lru_cache
from typing import Any

import numpy as np

from execir.probes.family import Members
from execir.probes.tokens import tokens

#: language -> tree-sitter grammar module (the wheels execir's mutation engine uses)
GRAMMARS: dict[str, str] = {"cpp": "tree_sitter_cpp", "java": "tree_sitter_java", "go": "tree_sitter_go",
                            "ruby": "tree_sitter_ruby", "javascript": "tree_sitter_javascript",
                            "rust": "tree_sitter_rust"}


class CharLengthProbe:
    """``longest-chars`` / ``shortest-chars``: the member's length in characters."""

    name = "longest-chars"
    inverse = "shortest-chars"
    trained = False
    note = "length in characters"

    def score(self, members: Members) -> np.ndarray:
        """``len(text)`` per member, ``(n,)``."""
        return np.array([len(t) for t in members.texts], dtype=np.float64)


class AstSizeProbe:
    """``most-ast-nodes`` / ``fewest-ast-nodes``: syntax-tree node count (module docstring)."""

    name = "most-ast-nodes"
    inverse = "fewest-ast-nodes"
    trained = False
    note = ("syntax-tree nodes: Python ast, tree-sitter for cpp/java/go/ruby/javascript/rust; "
            "token count for text, other languages and unparsable Python")

    def score(self, members: Members) -> np.ndarray:
        """Node count per member, ``(n,)``."""
        return np.array([ast_size(t, members.language) for t in members.texts], dtype=np.float64)


def ast_size(text: str, language: str) -> int:
    """Syntax-tree node count of ``text`` in ``language`` (module docstring for the fallbacks)."""
    if language == "python":
        try:
            return sum(1 for _ in ast.walk(ast.parse(text)))
        except (SyntaxError, ValueError):
            return len(tokens(text))
    parser = _parser(language)
    if parser is None:
        return len(tokens(text))
    return _named_nodes(parser.parse(text.encode("utf-8")).root_node)


@lru_cache(maxsize=None)
def _parser(language: str) -> Any:
    """A tree-sitter parser for ``language``, or None without a grammar."""
    module = GRAMMARS.get(language)
    if module is None:
        return None
    import tree_sitter as ts

    return ts.Parser(ts.Language(importlib.import_module(module).language()))


def _named_nodes(root: Any) -> int:
    """Named nodes in the tree under ``root`` (iterative walk)."""
    count, stack = 0, [root]
    while stack:
        node = stack.pop()
        count += 1 if node.is_named else 0
        stack.extend(node.children)
    return count
