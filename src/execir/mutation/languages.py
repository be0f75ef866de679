"""Per-language tables for the tree-sitter mutation engine (:mod:`execir.mutation.treesitter`).

One :class:`Language` subclass per supported language (the base class in
:mod:`execir.mutation.ts.grammar`, one module per language under :mod:`execir.mutation.ts`) names
the tree-sitter node types the operators look at and answers the few questions whose answer
differs by grammar.  Grammars come from the individual PyPI wheels (``tree-sitter-cpp``,
``tree-sitter-java``, ``tree-sitter-go``, ``tree-sitter-ruby``, ``tree-sitter-javascript``,
``tree-sitter-rust``); nothing is downloaded at run time.

Node-type names are those of the pinned grammar versions (see ``pyproject.toml``).
"""

from __future__ import annotations

from execir.mutation.ts.cpp import Cpp
from execir.mutation.ts.go import Go
from execir.mutation.ts.grammar import Language, Node
from execir.mutation.ts.java import Java
from execir.mutation.ts.javascript import JavaScript
from execir.mutation.ts.ruby import Ruby
from execir.mutation.ts.rust import Rust

__all__ = ["Cpp", "Go", "Java", "JavaScript", "LANGUAGES", "Language", "Node", "Ruby", "Rust",
           "get_language"]


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

