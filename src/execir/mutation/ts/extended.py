"""extended operators of the tree-sitter engine: negated conditions, replaced returns,
``break``↔``continue``, constant replacement and statement deletion."""

from __future__ import annotations

from typing import Iterator

from execir.mutation.context import Edit
from execir.mutation.mutant import EXTENDED
from execir.mutation.ts.ts_context import TSContext
from execir.mutation.ts.operator import BOOLEAN_TYPES, TSOperator


class NegateCondition(TSOperator):
    """extended: the condition of an ``if``/``while``/ternary is negated (``!c`` / ``!(c)``)."""

    name = "negate_condition"
    mutation_type = EXTENDED
    examples = {
        "cpp": (("if (a < b) x = 1;\n", ("if (!(a < b)) x = 1;\n",)),),
        "java": (("while (ok) i++;\n", ("while (!ok) i++;\n",)),),
        "javascript": (("x = a || b ? 1 : 2;\n", ("x = !(a || b) ? 1 : 2;\n",)),),
        "go": (("if a < b {\n\tx = 1\n}\n", ("if !(a < b) {\n\tx = 1\n}\n",)),),
        "rust": (("if a < b { x = 1; }\n", ("if !(a < b) { x = 1; }\n",)),
                 ("if let Some(v) = o { x = v; }\n", ())),
        "ruby": (("x = 1 if a.empty?\n", ("x = 1 if !a.empty?\n",)),),
    }

    def edits(self, ctx: TSContext) -> Iterator[Edit]:
        lang = ctx.lang
        kinds = lang.ifs | lang.loops_with_condition | lang.ternaries | {"elsif"}
        for node in ctx.nodes:
            if node.type not in kinds and not (lang.name == "go" and node.type == "for_statement"):
                continue
            cond = lang.condition(node)
            if cond is None:
                continue
            text = ctx.text(cond)
            new = f"!{text}" if lang.is_tight(cond) else f"!({text})"
            start, end = ctx.span(cond)
            yield Edit(start, end, new, f"Negated the condition `{text}` on line {ctx.line(node)}.")


class ReplaceReturn(TSOperator):
    """extended: a returned value becomes its type's default — C++ ``{}``, Rust
    ``Default::default()``, Java ``0``/``false``/``null``, Go's zero value, JavaScript ``null``,
    Ruby ``nil`` — and returned boolean literals are flipped."""

    name = "replace_return"
    mutation_type = EXTENDED
    examples = {
        "cpp": (("vector<int> f(vector<int> v) {\n    return v;\n}\n",
                 ("vector<int> f(vector<int> v) {\n    return {};\n}\n",)),
                ("bool f() { return true; }\n", ("bool f() { return false; }\n",))),
        "java": (("String f(String s) { return s; }\n", ("String f(String s) { return null; }\n",)),
                 ("int f(int n) { return n; }\n", ("int f(int n) { return 0; }\n",))),
        "javascript": (("const f = (x) => {\n  return x + 1;\n};\n",
                        ("const f = (x) => {\n  return null;\n};\n",)),),
        "go": (("func f(s string) string {\n\treturn s\n}\n",
                ("func f(s string) string {\n\treturn \"\"\n}\n",)),
               ("func f(s string) (string, error) {\n\treturn s, nil\n}\n", ())),
        "rust": (("fn f(v: Vec<i32>) -> Vec<i32> {\n    v\n}\n",
                  ("fn f(v: Vec<i32>) -> Vec<i32> {\n    Default::default()\n}\n",)),),
        "ruby": (("def f(x)\n  return x\nend\n", ("def f(x)\n  return nil\nend\n",)),),
    }

    def edits(self, ctx: TSContext) -> Iterator[Edit]:
        lang = ctx.lang
        for func in ctx.functions:
            default = lang.return_default(func)
            values = [lang.return_value(r) for r in ctx.own_returns(func)]
            values.append(lang.tail_expression(func))
            for value in values:
                if value is None or value.id not in ctx.eligible:
                    continue
                text = ctx.text(value)
                if value.type in BOOLEAN_TYPES and text in lang.booleans:
                    new = lang.booleans[text]
                elif default is None:
                    continue
                else:
                    new = default
                if text == new:
                    continue
                start, end = ctx.span(value)
                yield Edit(start, end, new, f"Made the return on line {ctx.line(value)} give "
                           f"`{new}` instead of `{text}`.")


class BreakContinue(TSOperator):
    """extended: ``break``↔``continue`` (Ruby ``break``↔``next``) inside a loop (not a
    ``switch``); labelled and valued forms are skipped."""

    name = "break_continue"
    mutation_type = EXTENDED
    examples = {
        "cpp": (("for (;;) { break; }\n", ("for (;;) { continue; }\n",)),
                ("switch (x) { case 1: break; }\n", ())),
        "java": (("while (a) { continue; }\n", ("while (a) { break; }\n",)),),
        "javascript": (("for (const x of xs) { break; }\n",
                        ("for (const x of xs) { continue; }\n",)),),
        "go": (("for {\n\tbreak\n}\n", ("for {\n\tcontinue\n}\n",)),),
        "rust": (("loop { break; }\n", ("loop { continue; }\n",)), ("loop { break 1; }\n", ())),
        "ruby": (("xs.each do |x|\n  next\nend\n", ("xs.each do |x|\n  break\nend\n",)),),
    }

    def edits(self, ctx: TSContext) -> Iterator[Edit]:
        lang = ctx.lang
        loops = lang.loops | {"for_in_statement", "for_expression"}
        for node in ctx.nodes:
            if node.type not in lang.breaks:
                continue
            if any(c.type not in lang.comments for c in node.named_children):
                continue  # `break label`, `break value`
            parent = node.parent
            while (parent is not None and parent.type not in loops
                   and parent.type not in lang.switches and parent.type not in lang.functions):
                parent = parent.parent
            if parent is None or parent.type not in loops:
                continue
            keyword = node.children[0]
            new = lang.breaks[node.type]
            start, end = ctx.span(keyword)
            yield Edit(start, end, new, f"Replaced `{keyword.type}` with `{new}` on line "
                       f"{ctx.line(node)}.")


class ConstantReplacement(TSOperator):
    """extended: ``true``↔``false`` and a non-empty plain string literal becomes empty."""

    name = "constant_replacement"
    mutation_type = EXTENDED
    examples = {
        "cpp": (("bool seen = false;\n", ("bool seen = true;\n",)),
                ("string s = \", \";\n", ("string s = \"\";\n",)), ("char c = 'a';\n", ())),
        "java": (("String s = \"ab\";\n", ("String s = \"\";\n",)),),
        "javascript": (("let s = 'ab';\n", ("let s = '';\n",)), ("let s = `a${b}`;\n", ())),
        "go": (("ok := true\n", ("ok := false\n",)),),
        "rust": (("let s = \"ab\";\n", ("let s = \"\";\n",)),),
        "ruby": (("s = 'ab'\n", ("s = ''\n",)), ("s = \"a#{b}\"\n", ()), ("s = ''\n", ())),
    }

    def edits(self, ctx: TSContext) -> Iterator[Edit]:
        lang = ctx.lang
        for node in ctx.nodes:
            text = ctx.text(node)
            if node.type in BOOLEAN_TYPES and text in lang.booleans:
                new = lang.booleans[text]
            else:
                new = lang.empty_string(node)
                if new is None:
                    continue
            start, end = ctx.span(node)
            yield Edit(start, end, new, f"Replaced the constant `{text}` with `{new}` on line "
                       f"{ctx.line(node)}.")


class DeleteStatement(TSOperator):
    """extended: delete one simple statement (assignment, compound assignment, ``++``, call)
    that fills its lines and has a sibling statement."""

    name = "delete_statement"
    mutation_type = EXTENDED
    examples = {
        "cpp": (("int f(int n) {\n    n -= 1;\n    return n;\n}\n",
                 ("int f(int n) {\n    return n;\n}\n",)),
                ("int f(int n) {\n    return n;\n}\n", ())),
        "java": (("void f() {\n    xs.add(1);\n    k++;\n}\n",
                  ("void f() {\n    k++;\n}\n", "void f() {\n    xs.add(1);\n}\n")),),
        "javascript": (("function f(n) {\n  n += 1;\n  return n;\n}\n",
                        ("function f(n) {\n  return n;\n}\n",)),),
        "go": (("func f(n int) int {\n\tn++\n\treturn n\n}\n",
                ("func f(n int) int {\n\treturn n\n}\n",)),),
        "rust": (("fn f(mut n: i32) -> i32 {\n    n *= 2;\n    n\n}\n",
                  ("fn f(mut n: i32) -> i32 {\n    n\n}\n",)),),
        "ruby": (("def f(n)\n  n += 1\n  n\nend\n", ("def f(n)\n  n\nend\n",)),
                 ("def f(xs)\n  xs.each { |x| p x }\n  xs\nend\n", ())),
    }

    def edits(self, ctx: TSContext) -> Iterator[Edit]:
        lang = ctx.lang
        direct = {"go": frozenset({"assignment_statement", "inc_statement", "dec_statement"}),
                  "ruby": lang.deletable}.get(lang.name, frozenset())
        for node in ctx.nodes:
            if node.type in lang.expression_statements:
                inner = [c for c in node.named_children if c.type not in lang.comments]
                if len(inner) != 1 or inner[0].type not in lang.deletable:
                    continue
                if lang.name == "rust" and not ctx.text(node).rstrip().endswith(";"):
                    continue
            elif node.type in direct:
                if lang.name == "ruby" and node.type == "call" and (
                        node.child_by_field_name("block") is not None or lang.is_exit(node)):
                    continue
            else:
                continue
            parent = node.parent
            if parent is None or parent.type not in lang.blocks or len(lang.statements(parent)) < 2:
                continue
            lines = ctx.statement_lines(node)
            if lines is not None:
                yield Edit(lines[0], lines[1], "", f"Deleted the statement `{ctx.text(node)}` on "
                           f"line {ctx.line(node)}.")
