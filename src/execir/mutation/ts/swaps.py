"""swap_arguments operators: adjacent call arguments and non-commutative operands swapped."""

from __future__ import annotations

from typing import Iterator

from execir.mutation.context import Edit
from execir.mutation.ts.ts_context import TSContext
from execir.mutation.ts.operator import NON_COMMUTATIVE, TSOperator
from execir.mutation.ts.wrong_operator import arithmetic_shift


class SwapArguments(TSOperator):
    """swap_arguments: two adjacent positional arguments of a call change places (calls whose
    arguments commute or that only print are skipped, and so are equal arguments)."""

    name = "swap_call_arguments"
    mutation_type = "swap_arguments"
    examples = {
        "cpp": (("r = f(b, e, m);\n", ("r = f(e, b, m);\n", "r = f(b, m, e);\n")),
                ("r = std::max(a, b);\n", ())),
        "java": (("r = s.substring(i, j);\n", ("r = s.substring(j, i);\n",)),),
        "javascript": (("r = f(a, b);\n", ("r = f(b, a);\n",)), ("r = f(...a, b);\n", ()),
                       ("r = tag`a${b}c${d}`;\n", ()),
                       ("console.log(a, b);\n", ())),
        "go": (("r := strings.Repeat(s, n)\n", ("r := strings.Repeat(n, s)\n",)),
               ("r := f(x, x)\n", ()), ("r := make([]int, n)\n", ())),
        "rust": (("let r = f(a, b + 1);\n", ("let r = f(b + 1, a);\n",)),),
        "ruby": (("r = f(a, b)\n", ("r = f(b, a)\n",)), ("r = f a, b\n", ("r = f b, a\n",)),
                 ("r = f(a, k: b)\n", ())),
    }

    def edits(self, ctx: TSContext) -> Iterator[Edit]:
        lang = ctx.lang
        for node, name, _, args in ctx.calls():
            if args is None or len(args) < 2 or not lang.positional(args):
                continue
            if any(a.type in lang.skipped for a in args):
                continue  # a type argument (Go `make([]int, n)`)
            fname = "" if name is None else name.text.decode("utf-8")
            if fname in lang.commutative_calls:
                continue
            for i, (a, b) in enumerate(zip(args, args[1:])):
                if ctx.text(a) == ctx.text(b):
                    continue
                a_start, a_end = ctx.span(a)
                b_start, b_end = ctx.span(b)
                new = ctx.text(b) + ctx.code[a_end:b_start] + ctx.text(a)
                yield Edit(a_start, b_end, new, f"Swapped arguments {i + 1} and {i + 2} "
                           f"(`{ctx.text(a)}`, `{ctx.text(b)}`) of `{fname or 'the call'}` on "
                           f"line {ctx.line(node)}.")


class SwapOperands(TSOperator):
    """swap_arguments: the operands of a non-commutative binary operator (``-``, ``/``, ``%``,
    ``**``, ``<<``, ``>>``) change places (parenthesised when they bind loosely)."""

    name = "swap_operands"
    mutation_type = "swap_arguments"
    examples = {
        "cpp": (("d = a - b;\n", ("d = b - a;\n",)), ("d = a + b;\n", ())),
        "java": (("d = (a + b) / c;\n", ("d = c / (a + b);\n",)),),
        "javascript": (("d = a - b * c;\n", ("d = (b * c) - a;\n",)),),
        "go": (("d := a % b\n", ("d := b % a\n",)),),
        "rust": (("let d = a - b - c;\n", ("let d = b - a - c;\n", "let d = c - (a - b);\n")),),
        "ruby": (("d = a - b\n", ("d = b - a\n",)), ("s = \"%d\" % n\n", ())),
    }

    def edits(self, ctx: TSContext) -> Iterator[Edit]:
        lang = ctx.lang
        for node in ctx.nodes:
            if node.type not in lang.binary or ctx.op_text(node) not in NON_COMMUTATIVE:
                continue
            left, right = lang.operands(node)
            if left is None or right is None or ctx.text(left) == ctx.text(right):
                continue
            op = ctx.op_text(node)
            if op == "%" and ctx.is_text_or_sequence(left):
                continue
            if op in ("<<", ">>") and not arithmetic_shift(ctx, node):
                continue
            l_start, l_end = ctx.span(left)
            r_start, r_end = ctx.span(right)
            new = ctx.wrapped(right) + ctx.code[l_end:r_start] + ctx.wrapped(left)
            yield Edit(l_start, r_end, new, f"Swapped the operands of `{ctx.text(node)}` on line "
                       f"{ctx.line(node)}.")
