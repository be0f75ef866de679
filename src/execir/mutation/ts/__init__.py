"""The tree-sitter mutation engine's parts (:mod:`execir.mutation.treesitter` is the entry point).

Grammar tables: :mod:`.grammar` (the :class:`~execir.mutation.ts.grammar.Language` base, C-family
defaults) and one module per language (:mod:`.cpp`, :mod:`.java`, :mod:`.javascript`, :mod:`.go`,
:mod:`.rust`, :mod:`.ruby`), collected in :mod:`execir.mutation.languages`.  Parsing and source
spans: :mod:`.context`.  Operators: :mod:`.operator` (base class and token tables), :mod:`.shifts`
(±1 edits), then one module per family: :mod:`.off_by_one`, :mod:`.wrong_operator`,
:mod:`.swaps`, :mod:`.conditions` (guards and comparisons), :mod:`.extended`.
"""
