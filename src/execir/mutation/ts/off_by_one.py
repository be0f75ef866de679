"""off_by_one and off_by_one_boundary operators: loop, range and slice bounds, integer constants,
indices, integer-valued calls and integer returns shifted by one."""

from __future__ import annotations

from typing import Iterator

from execir.mutation.context import Edit
from execir.mutation.ts.ts_context import TSContext
from execir.mutation.ts.operator import TSOperator
from execir.mutation.ts.shifts import (bare_after, field_bounds, for_start, relational_bound,
                                       shift_each, shifts)


class BoundaryShift(TSOperator):
    """off_by_one_boundary: C-style ``for`` start and bound, ``while`` bound, range ends
    (``a..b``, ``a...b``, ``a.upto(b)``) and slice bounds (``s[a:b]``, ``s.substring(a, b)``)
    shifted by one."""

    name = "boundary_shift"
    mutation_type = "off_by_one_boundary"
    examples = {
        "cpp": (
            ("for (int i = 1; i < n; i++) s += i;\n",
             ("for (int i = 2; i < n; i++) s += i;\n", "for (int i = 0; i < n; i++) s += i;\n",
              "for (int i = 1; i < n + 1; i++) s += i;\n",
              "for (int i = 1; i < n - 1; i++) s += i;\n")),
            ("t = s.substr(1, n - 1);\n", ("t = s.substr(2, n - 1);\n", "t = s.substr(0, n - 1);\n",
                                           "t = s.substr(1, n);\n", "t = s.substr(1, n - 2);\n")),
        ),
        "java": (
            ("while (i * i <= n) i++;\n",
             ("while (i * i <= n + 1) i++;\n", "while (i * i <= n - 1) i++;\n")),
            ("for (i = 0; i < s.length(); i++) {}\n",
             ("for (i = 1; i < s.length(); i++) {}\n", "for (i = -1; i < s.length(); i++) {}\n",
              "for (i = 0; i < s.length() + 1; i++) {}\n",
              "for (i = 0; i < s.length() - 1; i++) {}\n")),
        ),
        "javascript": (
            ("let t = s.slice(0, k);\n",
             ("let t = s.slice(1, k);\n", "let t = s.slice(-1, k);\n",
              "let t = s.slice(0, k + 1);\n", "let t = s.slice(0, k - 1);\n")),
        ),
        "go": (
            ("for i := 0; i < len(xs); i++ {\n}\n",
             ("for i := 1; i < len(xs); i++ {\n}\n", "for i := -1; i < len(xs); i++ {\n}\n",
              "for i := 0; i < len(xs) + 1; i++ {\n}\n",
              "for i := 0; i < len(xs) - 1; i++ {\n}\n")),
            ("t := s[1:n]\n", ("t := s[2:n]\n", "t := s[0:n]\n", "t := s[1:n + 1]\n",
                               "t := s[1:n - 1]\n")),
            ("for i < n {\n\ti++\n}\n",
             ("for i < n + 1 {\n\ti++\n}\n", "for i < n - 1 {\n\ti++\n}\n")),
        ),
        "rust": (
            ("for i in 1..=n {}\n", ("for i in 2..=n {}\n", "for i in 0..=n {}\n",
                                     "for i in 1..=n + 1 {}\n", "for i in 1..=n - 1 {}\n")),
            ("let t = &s[..k - 1];\n", ("let t = &s[..k];\n", "let t = &s[..k - 2];\n")),
        ),
        "ruby": (
            ("(1...n).each { |i| p i }\n",
             ("(2...n).each { |i| p i }\n", "(0...n).each { |i| p i }\n",
              "(1...n + 1).each { |i| p i }\n", "(1...n - 1).each { |i| p i }\n")),
            ("while i < s.length\n  i += 1\nend\n",
             ("while i < s.length + 1\n  i += 1\nend\n",
              "while i < s.length - 1\n  i += 1\nend\n")),
        ),
    }

    def edits(self, ctx: TSContext) -> Iterator[Edit]:
        lang = ctx.lang
        for node in ctx.nodes:
            if node.type in lang.for_loops:
                clause = node
                if lang.name == "go":
                    inner = [c for c in node.named_children if c.type == "for_clause"]
                    if not inner:
                        yield from relational_bound(ctx, lang.condition(node), "loop bound")
                        continue
                    clause = inner[0]
                init_field, cond_field = lang.for_fields
                start = for_start(ctx, clause.child_by_field_name(init_field))
                if start is not None:
                    yield from shifts(ctx, start, "loop start")
                yield from relational_bound(ctx, clause.child_by_field_name(cond_field),
                                             "loop bound")
            elif node.type in lang.loops_with_condition:
                yield from relational_bound(ctx, lang.condition(node), "loop bound")
            elif node.type == "range_expression":  # Rust a..b, a..=b, ..b, a..
                children = node.children
                for bound in (children[0], children[-1]):
                    if bound.is_named and bound.type not in lang.comments:
                        yield from shifts(ctx, bound, "range bound")
            elif node.type == "range" and lang.name == "ruby":
                yield from shift_each(ctx, field_bounds(node, "begin", "end"), "range bound")
            elif node.type == "slice_expression":  # Go s[a:b]
                yield from shift_each(ctx, field_bounds(node, "start", "end"), "slice bound")
            elif node.type in lang.calls:
                name, method, args = lang.call(node)
                if name is None or not method or not args:
                    continue
                n = name.text.decode("utf-8")
                if n in lang.slice_methods and len(args) <= 2 and lang.positional(args):
                    yield from shift_each(ctx, args, "slice bound")
                elif lang.name == "ruby" and n in ("upto", "downto") and len(args) == 1:
                    bounds = [*field_bounds(node, "receiver"), args[0]]
                    yield from shift_each(ctx, bounds, "range bound")


class ConstantShift(TSOperator):
    """off_by_one: an integer literal ``c`` becomes ``c + 1`` and ``c - 1`` (suffixes kept;
    literals owned by ``boundary_shift`` and Rust tuple indices are skipped)."""

    name = "int_constant_shift"
    mutation_type = "off_by_one"
    examples = {
        "cpp": (("x = n % 10;\n", ("x = n % 11;\n", "x = n % 9;\n")),
                ("x = 0u;\n", ("x = 1u;\n",)), ("x = 1.5;\n", ())),
        "java": (("switch (k) { case 1: x = 2; }\n", ("switch (k) { case 1: x = 3; }\n",
                                                     "switch (k) { case 1: x = 1; }\n")),
                 ("long x = a[0] * 2L;\n", ("long x = a[1] * 2L;\n", "long x = a[-1] * 2L;\n",
                                            "long x = a[0] * 3L;\n", "long x = a[0] * 1L;\n")),),
        "javascript": (("x = n % 10;\n", ("x = n % 11;\n", "x = n % 9;\n")),
                       ("x = 0x10;\n", ())),
        "go": (("x := n % 10\n", ("x := n % 11\n", "x := n % 9\n")),
               ("m := map[int]int{1: 2}\n",
                ("m := map[int]int{1: 3}\n", "m := map[int]int{1: 1}\n"))),
        "rust": (("let x = 1_000usize;\n", ("let x = 1001usize;\n", "let x = 999usize;\n")),
                 ("let x = t.0;\n", ())),
        "ruby": (("x = n % 10\n", ("x = n % 11\n", "x = n % 9\n")),
                 ("x = \"#{1}\"\n", ())),
    }

    def edits(self, ctx: TSContext) -> Iterator[Edit]:
        for node in ctx.nodes:
            lit = ctx.int_lit(node)
            if lit is None or node.id in ctx.claimed:
                continue
            parent = node.parent
            if parent is not None and parent.type == "field_expression":
                continue  # Rust tuple index `t.0`
            if ctx.lang.is_case_label(node):
                continue  # `case 1:` -> `case 2:` may duplicate a label (a compile error)
            for t in ctx.lang.shifted_ints(*lit):
                yield ctx.edit(node, t, f"Changed the constant `{ctx.text(node)}` to `{t}` on "
                               f"line {ctx.line(node)}.")


class IndexShift(TSOperator):
    """off_by_one: a non-literal index ``a[i]`` (or ``xs.get(i)``, ``s.charAt(i)``,
    ``v.at(i)``, ``it.nth(i)``) becomes ``i + 1`` / ``i - 1``."""

    name = "index_shift"
    mutation_type = "off_by_one"
    examples = {
        "cpp": (("v = xs[i];\n", ("v = xs[i + 1];\n", "v = xs[i - 1];\n")),
                ("v = xs.at(j);\n", ("v = xs.at(j + 1);\n", "v = xs.at(j - 1);\n")),
                ("v = xs[1];\n", ())),
        "java": (("v = xs.get(i);\n", ("v = xs.get(i + 1);\n", "v = xs.get(i - 1);\n")),
                 ("c = s.charAt(s.length());\n", ("c = s.charAt(s.length() + 1);\n",
                                                  "c = s.charAt(s.length() - 1);\n"))),
        "javascript": (("v = xs[i];\n", ("v = xs[i + 1];\n", "v = xs[i - 1];\n")),
                       ("v = o['k'];\n", ())),
        "go": (("v := xs[i]\n", ("v := xs[i + 1]\n", "v := xs[i - 1]\n")),),
        "rust": (("let v = xs[i];\n", ("let v = xs[i + 1];\n", "let v = xs[i - 1];\n")),),
        "ruby": (("v = xs[i]\n", ("v = xs[i + 1]\n", "v = xs[i - 1]\n")),
                 ("v = xs[i, 2]\n", ())),
    }

    def edits(self, ctx: TSContext) -> Iterator[Edit]:
        lang = ctx.lang
        for node in ctx.nodes:
            index = None
            if node.type in lang.subscripts:
                index = lang.subscript_index(node)
            elif node.type in lang.calls and lang.index_methods:
                name, method, args = lang.call(node)
                if (method and name is not None and args is not None and len(args) == 1
                        and name.text.decode("utf-8") in lang.index_methods):
                    index = args[0]
            if index is not None and index.type in lang.index_kinds:
                yield from shifts(ctx, index, "index")



class IntCallShift(TSOperator):
    """off_by_one: the result of an integer-valued call (``len(x)``, ``s.size()``,
    ``s.length()``, ``xs.length``, ``s.indexOf(c)``, ``v.len()``, ``xs.count``...) is used
    one too high or one too low."""

    name = "int_call_shift"
    mutation_type = "off_by_one"
    examples = {
        "cpp": (("int k = 2 * s.size();\n", ("int k = 2 * (s.size() + 1);\n",
                                             "int k = 2 * (s.size() - 1);\n")),
                ("bool ok = s.size() - 1 > n;\n", ())),
        "java": (("int k = s.indexOf('a');\n", ("int k = s.indexOf('a') + 1;\n",
                                                "int k = s.indexOf('a') - 1;\n")),),
        "javascript": (("let k = xs.length;\n", ("let k = xs.length + 1;\n",
                                                 "let k = xs.length - 1;\n")),
                       ("let k = xs.push(1);\n", ())),
        "go": (("n := len(s)\n", ("n := len(s) + 1\n", "n := len(s) - 1\n")),),
        "rust": (("let k = v.len() as i32;\n", ("let k = (v.len() + 1) as i32;\n",
                                                "let k = (v.len() - 1) as i32;\n")),),
        "ruby": (("k = s.length\n", ("k = s.length + 1\n", "k = s.length - 1\n")),),
    }

    def edits(self, ctx: TSContext) -> Iterator[Edit]:
        lang = ctx.lang
        for node in ctx.nodes:
            if not ctx.int_call(node):
                continue
            parent = node.parent
            if (parent is not None and parent.type in lang.binary
                    and ctx.op_text(parent) in ("+", "-")
                    and any(ctx.int_lit(o) is not None for o in lang.operands(parent))):
                continue  # `s.size() - 1` already gets its constant shifted
            text = ctx.text(node)
            bare = bare_after(ctx, node)
            for sign in ("+", "-"):
                new = f"{text} {sign} 1" if bare else f"({text} {sign} 1)"
                how = "high" if sign == "+" else "low"
                yield ctx.edit(node, new, f"Used `{text}` one too {how} (`{new}`) on line "
                               f"{ctx.line(node)}.")


class ReturnShift(TSOperator):
    """off_by_one: a function whose declared return type is an integer type returns one more /
    one less (explicit returns and the Rust tail expression; literals and integer calls are
    left to ``int_constant_shift`` / ``int_call_shift``)."""

    name = "return_shift"
    mutation_type = "off_by_one"
    languages = ("cpp", "go", "java", "rust")
    examples = {
        "cpp": (("int f(int n) {\n    return n * 2;\n}\n",
                 ("int f(int n) {\n    return n * 2 + 1;\n}\n",
                  "int f(int n) {\n    return n * 2 - 1;\n}\n")),
                ("bool f(int n) {\n    return n;\n}\n", ())),
        "java": (("long f(long n) { return n; }\n", ("long f(long n) { return n + 1; }\n",
                                                      "long f(long n) { return n - 1; }\n")),
                 ("double f(double n) { return n; }\n", ())),
        "go": (("func f(n int) int {\n\treturn n & 1\n}\n",
                ("func f(n int) int {\n\treturn (n & 1) + 1\n}\n",
                 "func f(n int) int {\n\treturn (n & 1) - 1\n}\n")),),
        "rust": (("fn f(n: i32) -> i32 {\n    n\n}\n", ("fn f(n: i32) -> i32 {\n    n + 1\n}\n",
                                                      "fn f(n: i32) -> i32 {\n    n - 1\n}\n")),),
    }

    def edits(self, ctx: TSContext) -> Iterator[Edit]:
        lang = ctx.lang
        for func in ctx.functions:
            if not lang.int_return(func):
                continue
            for value in ctx.returned_values(func):
                if ctx.int_lit(value) is None and not ctx.int_call(value):
                    yield from shifts(ctx, value, "returned value")
