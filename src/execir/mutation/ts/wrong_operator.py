"""wrong_operator operators: arithmetic, bitwise, boolean, compound-assignment, increment and
reduction operators replaced."""

from __future__ import annotations

from typing import ClassVar, Iterator

from execir.mutation.context import Edit
from execir.mutation.ts.ts_context import TSContext
from execir.mutation.ts.grammar import Node
from execir.mutation.ts.operator import ARITH, AUG, BITWISE, LOGICAL, TSOperator


class _BinOpSwap(TSOperator):
    table: ClassVar[dict[str, tuple[str, ...]]] = {}
    what: ClassVar[str] = ""

    def edits(self, ctx: TSContext) -> Iterator[Edit]:
        lang = ctx.lang
        for node in ctx.nodes:
            if node.type not in lang.binary:
                continue
            op = lang.operator(node)
            if op is None or op.type not in self.table:
                continue
            left, right = lang.operands(node)
            if op.type in ("+", "*", "%") and (ctx.is_text_or_sequence(left)
                                               or ctx.is_text_or_sequence(right)):
                continue  # concatenation, repetition, formatting
            if op.type in ("<<", ">>") and not arithmetic_shift(ctx, node):
                continue
            start, end = ctx.span(op)
            for new in self.table[op.type]:
                yield Edit(start, end, new, f"Replaced the {self.what} operator `{op.type}` with "
                           f"`{new}` in `{ctx.text(node)}` on line {ctx.line(node)}.")


def arithmetic_shift(ctx: TSContext, node: Node) -> bool:
    """False for ``<<``/``>>`` that are not bit shifts: C++ stream I/O (``cout << x``, any
    string operand) and Ruby's ``xs << x`` (only shifts by an integer literal count)."""
    lang = ctx.lang
    if lang.name == "ruby":
        return ctx.int_lit(lang.operands(node)[1]) is not None
    if lang.name == "cpp":
        cur: Node | None = node
        while cur is not None and cur.type in lang.binary and ctx.op_text(cur) in ("<<", ">>"):
            left, right = lang.operands(cur)
            if right is not None and right.type in lang.strings:
                return False
            cur = left
        if cur is None or cur.type in lang.strings:
            return False
        name = ctx.text(cur).rsplit("::", 1)[-1]
        return name not in ("cout", "cerr", "clog", "cin") and not name.endswith(("ss", "stream"))
    return True


class ArithmeticOperator(_BinOpSwap):
    """wrong_operator: arithmetic operator replacement (``+``↔``-``, ``*``→``/``/``+``,
    ``/``→``*``/``%``, ``%``→``/``, ``**``→``*``); string concatenation is skipped."""

    name = "arithmetic_operator"
    mutation_type = "wrong_operator"
    table = {k: v for k, v in ARITH.items()}
    what = "arithmetic"
    examples = {
        "cpp": (("y = a + b;\n", ("y = a - b;\n",)),
                ("y = a / 2;\n", ("y = a * 2;\n", "y = a % 2;\n")),
                ("s = t + \"x\";\n", ())),
        "java": (("y = a * b;\n", ("y = a / b;\n", "y = a + b;\n")), ("s = \"x\" + n;\n", ())),
        "javascript": (("y = a ** 2;\n", ("y = a * 2;\n",)), ("s = `x` + n;\n", ())),
        "go": (("y := a % b\n", ("y := a / b\n",)),),
        "rust": (("let y = a - b;\n", ("let y = a + b;\n",)),),
        "ruby": (("y = a + b\n", ("y = a - b\n",)), ("y = [0] * n\n", ()),
                 ("s = \"%d\" % n\n", ())),
    }


class BitwiseOperator(_BinOpSwap):
    """wrong_operator: bitwise operator replacement (``&``↔``|``, ``^``, ``<<``↔``>>``,
    ``>>>``→``<<``); C++ stream I/O and Ruby's ``<<`` append are skipped."""

    name = "bitwise_operator"
    mutation_type = "wrong_operator"
    table = BITWISE
    what = "bitwise"
    examples = {
        "cpp": (("r = n & (-n);\n", ("r = n | (-n);\n", "r = n ^ (-n);\n")),
                ("void f() { cout << n << \"\\n\"; }\n", ())),
        "java": (("r = n >> 1;\n", ("r = n << 1;\n",)),),
        "javascript": (("r = n >>> 1;\n", ("r = n << 1;\n",)),),
        "go": (("r := n ^ m\n", ("r := n | m\n", "r := n & m\n")),),
        "rust": (("let r = n << k;\n", ("let r = n >> k;\n",)),),
        "ruby": (("r = n >> 1\n", ("r = n << 1\n",)), ("xs << x\n", ())),
    }


class BooleanOperator(TSOperator):
    """wrong_operator: ``&&``↔``||`` (and Ruby's ``and``↔``or``)."""

    name = "boolean_operator"
    mutation_type = "wrong_operator"
    examples = {
        "cpp": (("ok = a && b;\n", ("ok = a || b;\n",)),),
        "java": (("ok = a || (b);\n", ("ok = a && (b);\n",)),),
        "javascript": (("ok = a && b || c;\n", ("ok = a || b || c;\n", "ok = a && b && c;\n")),),
        "go": (("ok := a && b\n", ("ok := a || b\n",)),),
        "rust": (("let ok = a || b;\n", ("let ok = a && b;\n",)),),
        "ruby": (("ok = a && b\n", ("ok = a || b\n",)), ("x = a or b\n", ("x = a and b\n",))),
    }

    def edits(self, ctx: TSContext) -> Iterator[Edit]:
        for node in ctx.nodes:
            if node.type not in ctx.lang.binary:
                continue
            op = ctx.lang.operator(node)
            if op is None or op.type not in LOGICAL:
                continue
            new = LOGICAL[op.type]
            start, end = ctx.span(op)
            yield Edit(start, end, new, f"Replaced `{op.type}` with `{new}` on line "
                       f"{ctx.line(node)}.")


class AugAssignOperator(TSOperator):
    """wrong_operator: compound-assignment operator replacement (``+=``↔``-=``, ``*=``→``/=``,
    ...); ``+=`` of a string literal is skipped."""

    name = "augassign_operator"
    mutation_type = "wrong_operator"
    examples = {
        "cpp": (("n -= 1;\n", ("n += 1;\n",)), ("s += \"x\";\n", ())),
        "java": (("n |= n >> s;\n", ("n &= n >> s;\n",)),),
        "javascript": (("n *= 2;\n", ("n /= 2;\n",)),),
        "go": (("n %= 10\n", ("n /= 10\n",)), ("n = 10\n", ())),
        "rust": (("n += 1;\n", ("n -= 1;\n",)),),
        "ruby": (("n += 1\n", ("n -= 1\n",)), ("s += 'x'\n", ()), ("x ||= 1\n", ())),
    }

    def edits(self, ctx: TSContext) -> Iterator[Edit]:
        lang = ctx.lang
        for node in ctx.nodes:
            if node.type not in lang.aug_assignments:
                continue
            op = lang.operator(node)
            if op is None or op.type not in AUG:
                continue
            right = node.child_by_field_name("right")
            if (right is not None and right.type == "expression_list"
                    and right.named_child_count == 1):
                right = right.named_children[0]
            if op.type in ("+=", "*=", "%=") and ctx.is_text_or_sequence(right):
                continue
            start, end = ctx.span(op)
            for new in AUG[op.type]:
                yield Edit(start, end, new, f"Replaced `{op.type}` with `{new}` on line "
                           f"{ctx.line(node)}.")


class IncrementOperator(TSOperator):
    """wrong_operator: ``++``↔``--`` (the increment is the C family's ``+= 1``)."""

    name = "increment_operator"
    mutation_type = "wrong_operator"
    languages = ("cpp", "go", "java", "javascript")
    examples = {
        "cpp": (("for (i = 0; i < n; i++) {}\n", ("for (i = 0; i < n; i--) {}\n",)),),
        "java": (("--k;\n", ("++k;\n",)),),
        "javascript": (("count++;\n", ("count--;\n",)),),
        "go": (("n++\n", ("n--\n",)),),
    }

    def edits(self, ctx: TSContext) -> Iterator[Edit]:
        for node in ctx.nodes:
            if node.type not in ctx.lang.updates:
                continue
            op = ctx.lang.operator(node)
            if op is None or op.type not in ("++", "--"):
                continue
            new = "--" if op.type == "++" else "++"
            start, end = ctx.span(op)
            yield Edit(start, end, new, f"Replaced `{ctx.text(node)}`'s `{op.type}` with `{new}` "
                       f"on line {ctx.line(node)}.")


class ReductionOperator(TSOperator):
    """wrong_operator: a reduction replaced by its dual — ``min``↔``max`` (``std::max``,
    ``Math.max``, ``xs.max``, ``max_element``...), ``any``↔``all`` (``any_of``, ``anyMatch``,
    ``some``/``every``, ``any?``/``all?``)."""

    name = "reduction_operator"
    mutation_type = "wrong_operator"
    examples = {
        "cpp": (("m = std::max(a, b);\n", ("m = std::min(a, b);\n",)),
                ("it = max_element(v.begin(), v.end());\n",
                 ("it = min_element(v.begin(), v.end());\n",))),
        "java": (("m = Math.min(a, b);\n", ("m = Math.max(a, b);\n",)),),
        "javascript": (("ok = xs.every(x => x > 0);\n", ("ok = xs.some(x => x > 0);\n",)),),
        "go": (("m := math.Max(a, b)\n", ("m := math.Min(a, b)\n",)),),
        "rust": (("let m = v.iter().max().unwrap();\n", ("let m = v.iter().min().unwrap();\n",)),),
        "ruby": (("ok = xs.any? { |x| x > 0 }\n", ("ok = xs.all? { |x| x > 0 }\n",)),),
    }

    def edits(self, ctx: TSContext) -> Iterator[Edit]:
        lang = ctx.lang
        for node, name, _, args in ctx.calls():
            if name is None or args is None:
                continue
            old = name.text.decode("utf-8")
            if old not in lang.duals:
                continue
            new = lang.duals[old]
            start, end = ctx.span(name)
            yield Edit(start, end, new, f"Replaced `{old}` with `{new}` in `{ctx.text(node)}` on "
                       f"line {ctx.line(node)}.")
