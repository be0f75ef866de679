"""Operators on conditions: remove_edge_case_check (an early-exit guard deleted) and
wrong_comparison (a relational operator replaced)."""

from __future__ import annotations

from typing import Iterator

from execir.mutation.context import Edit
from execir.mutation.ts.ts_context import TSContext
from execir.mutation.ts.operator import RELATIONAL, TSOperator


# ------------------------------------------------------------------------ remove_edge_case_check

class RemoveGuard(TSOperator):
    """remove_edge_case_check: delete an ``if`` without ``else`` whose body ends by returning,
    throwing/raising/panicking or continuing (an early-exit guard), with its body; Ruby's
    ``return x if c`` / ``unless`` forms too.  The guard must fill its lines and have a
    sibling statement."""

    name = "remove_guard"
    mutation_type = "remove_edge_case_check"
    examples = {
        "cpp": (("int f(int n) {\n    if (n < 1) return 0;\n    return n & -n;\n}\n",
                 ("int f(int n) {\n    return n & -n;\n}\n",)),
                ("int f(int n) {\n    if (n < 1) return 0;\n    else return n;\n}\n", ())),
        "java": (("int f(int n) {\n    if (n < 1) {\n        throw new E();\n    }\n"
                  "    return n;\n}\n", ("int f(int n) {\n    return n;\n}\n",)),
                 ("int f(int n) {\n    if (n < 1) { n = 1; }\n    return n;\n}\n", ())),
        "javascript": (("function f(n) {\n  if (n < 1) { return 0; } // edge\n  return n;\n}\n",
                        ("function f(n) {\n  return n;\n}\n",)),),
        "go": (("func f(n int) int {\n\tif n < 1 {\n\t\treturn 0\n\t}\n\treturn n\n}\n",
                ("func f(n int) int {\n\treturn n\n}\n",)),),
        "rust": (("fn f(n: i32) -> i32 {\n    if n < 1 {\n        panic!(\"n\");\n    }\n"
                  "    n\n}\n", ("fn f(n: i32) -> i32 {\n    n\n}\n",)),),
        "ruby": (("def f(n)\n  return 0 if n < 1\n  n\nend\n", ("def f(n)\n  n\nend\n",)),
                 ("def f(n)\n  unless n\n    raise 'x'\n  end\n  n\nend\n",
                  ("def f(n)\n  n\nend\n",)),
                 ("def f(n)\n  x = 0 if n < 1\n  n\nend\n", ())),
    }

    def edits(self, ctx: TSContext) -> Iterator[Edit]:
        lang = ctx.lang
        for node in ctx.nodes:
            stmt = lang.guard_statement(node)
            if stmt is None:
                continue
            parent = stmt.parent
            if parent is None or parent.type not in lang.blocks or len(lang.statements(parent)) < 2:
                continue
            lines = ctx.statement_lines(stmt)
            if lines is None:
                continue
            cond = node.child_by_field_name("condition")
            keyword = "unless" if node.type.startswith("unless") else "if"
            what = keyword if cond is None else f"{keyword} {ctx.text(cond)}"
            yield Edit(lines[0], lines[1], "", f"Deleted the guard `{what}` (line "
                       f"{ctx.line(node)}) and its early exit.")


# ------------------------------------------------------------------------------ wrong_comparison

class RelationalOperator(TSOperator):
    """wrong_comparison: ``<``↔``<=``, ``>``↔``>=``, ``==``↔``!=``, ``===``↔``!==``."""

    name = "relational_operator"
    mutation_type = "wrong_comparison"
    examples = {
        "cpp": (("ok = i < n;\n", ("ok = i <= n;\n",)), ("vector<int> v;\n", ())),
        "java": (("ok = x != null;\n", ("ok = x == null;\n",)),),
        "javascript": (("ok = a === b;\n", ("ok = a !== b;\n",)),),
        "go": (("ok := i >= n\n", ("ok := i > n\n",)),),
        "rust": (("let ok = a == b;\n", ("let ok = a != b;\n",)),),
        "ruby": (("ok = i > n\n", ("ok = i >= n\n",)),),
    }

    def edits(self, ctx: TSContext) -> Iterator[Edit]:
        for node in ctx.nodes:
            if node.type not in ctx.lang.binary:
                continue
            op = ctx.lang.operator(node)
            if op is None or op.type not in RELATIONAL:
                continue
            new = RELATIONAL[op.type]
            start, end = ctx.span(op)
            yield Edit(start, end, new, f"Changed the comparison `{op.type}` to `{new}` in "
                       f"`{ctx.text(node)}` on line {ctx.line(node)}.")
