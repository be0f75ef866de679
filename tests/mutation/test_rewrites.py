"""Semantics-preserving rewrites: every operator's worked examples, byte identity outside the
edited span, determinism, refusals, and execution checks (tests + differential runs) on real
HumanEval tasks, including a wrong "rewrite" that verification must reject."""

from __future__ import annotations

import ast
import builtins
import io
import keyword
import random
import tokenize

import pytest

from execir.datasets import load_dataset
from execir.execution import Oracle
from execir.mutation import enumerate_mutants
from execir.mutation.context import MutationContext
from execir.mutation.rewrite import REWRITES, RewriteOperator, Variant, propose, rewrite_variants
from execir.mutation.rewrite.equivalence import differential_inputs, verify_variants

CASES = [pytest.param(op, before, after, id=f"{op.name}-{i}")
         for op in REWRITES for i, (before, after) in enumerate(op.examples)]


@pytest.fixture(scope="module")
def humaneval():
    return load_dataset("humaneval")


@pytest.fixture(scope="module")
def oracle():
    return Oracle(workers=2, cache=None, build_cache=None)


# ---- operators ------------------------------------------------------------------------------

@pytest.mark.parametrize("op,before,after", CASES)
def test_operator_examples(op, before, after):
    """The operator proposes exactly ``after`` from ``before`` (nothing when ``after`` is None)."""
    got = [p.code for p in propose(before, operators=[op])]
    assert got == ([] if after is None else [after])
    ast.parse(before)
    if after is not None:
        ast.parse(after)


@pytest.mark.parametrize("op,before,after", [c for c in CASES if c.values[2] is not None])
def test_example_edits_replace_one_span(op, before, after):
    ctx = MutationContext.build(before)
    (edit,) = [e for e in op.edits(ctx) if before[:e.start] + e.replacement + before[e.end:]
               == after]
    assert before[:edit.start] == after[:edit.start]
    assert before[edit.end:] == after[len(after) - (len(before) - edit.end):]
    assert edit.description


def test_registry():
    names = [op.name for op in REWRITES]
    assert len(names) == len(set(names)) >= 8
    for op in REWRITES:
        assert isinstance(op, RewriteOperator) and op.name and type(op).__doc__
        assert any(a is not None for _, a in op.examples), f"{op.name}: no positive example"
    # every operator also shows at least one refusal somewhere in the registry's examples
    assert sum(a is None for op in REWRITES for _, a in op.examples) >= len(REWRITES)


def _one(op_name: str, code: str) -> list[str]:
    (op,) = [o for o in REWRITES if o.name == op_name]
    return [p.code for p in propose(code, operators=[op])]


@pytest.mark.parametrize("code", [
    "def f(s, t):\n    return s + t\n",            # strings, lists: + does not commute
    "def f(s):\n    return 'a' + s\n",
    "def f(xs):\n    return xs + [1]\n",
    "def f(a, b):\n    return [a] * b + [b]\n",
])
def test_plus_is_not_commuted_unless_numeric_literal(code):
    assert _one("commute_operands", code) == []


@pytest.mark.parametrize("op_name,code", [
    ("commute_operands", "def f(g):\n    return g(1) * g(2)\n"),          # two calls
    ("commute_operands", "def f(xs):\n    return xs.pop() == xs.pop()\n"),
    ("flip_comparison", "def f(it):\n    return next(it) < next(it)\n"),
    ("flip_comparison", "def f(xs):\n    return (y := len(xs)) < y + 1\n"),  # walrus
    ("commute_boolean", "def f(xs):\n    if xs and xs[0]:\n        return 1\n"),  # a guard
    ("commute_boolean", "def f(g, a):\n    if a and g():\n        return 1\n"),
    ("swap_assignments", "def f(g):\n    a = g()\n    b = 1\n    return a, b\n"),  # a call
    ("swap_assignments", "def f(xs):\n    a = xs[0]\n    b = xs[9]\n    return a, b\n"),
    ("augmented_assignment", "def f(xs):\n    ys = xs\n    ys += [1]\n    return xs\n"),
    ("empty_test", "def f(xs):\n    return len(xs) == 0\n"),            # type unknown
    ("empty_test",  # the `x` read by f is the global one: g's list is another variable
     "x = None\n\n\ndef f():\n    def g():\n        x = []\n        return x\n"
     "    return len(x) == 0, g()\n"),
    ("augmented_assignment",  # a global list: `+=` extends it in place
     "acc = []\n\n\ndef f(v):\n    global acc\n    acc += v\n    return acc\n"),
    ("flip_comparison",  # g rebinds K behind f's back
     "K = 3\n\n\ndef g():\n    globals()['K'] = 5\n    return 4\n\n\ndef f():\n"
     "    return K < g()\n"),
    ("comprehension_loop",
     "def f(xs):\n    out = [x for x in xs]\n    x = 1\n    return out, x\n"),
])
def test_side_effects_and_unknowns_are_refused(op_name, code):
    assert _one(op_name, code) == []


def test_class_or_foreign_import_disables_operator_rewrites():
    for head in ("import numpy as np\n\n\n", "class V:\n    pass\n\n\n"):
        code = head + "def f(n, m):\n    return n * 2 < m\n"
        assert _one("commute_operands", code) == []
        assert _one("flip_comparison", code) == []
    assert _one("commute_operands", "import math\n\n\ndef f(n):\n    return n * 2\n") == [
        "import math\n\n\ndef f(n):\n    return 2 * n\n"]


def test_renames_never_shadow():
    code = ("value = 1\n\n\ndef f(xs):\n    val = 0\n    s = [len, value, val]\n"
            "    for tmp in xs:\n        s.append(tmp)\n    return s\n")
    tokens = {t.string for t in tokenize.generate_tokens(io.StringIO(code).readline)
              if t.type == tokenize.NAME}
    for seed in range(20):
        for p in propose(code, operators=[o for o in REWRITES if o.name == "rename_local"],
                         rng=random.Random(seed)):
            old = [n.id for n in ast.walk(ast.parse(code)) if isinstance(n, ast.Name)]
            new = [n.id for n in ast.walk(ast.parse(p.code)) if isinstance(n, ast.Name)]
            (added,) = set(new) - set(old)
            assert added not in tokens and added not in dir(builtins)
            assert not keyword.iskeyword(added)
            assert "len" in new and "value" in new  # globals and builtins are never renamed


def test_rename_changes_every_occurrence_only_in_its_scope():
    code = ("def f(xs):\n    total = 0\n    for x in xs:\n        total += x\n    return total\n"
            "\n\ndef g(total):\n    return total\n")
    got = _one("rename_local", code)
    assert any("def g(total):\n    return total\n" in c and "total" not in c.split("def g")[0]
               for c in got)


# ---- variants -------------------------------------------------------------------------------

def _replay(code: str, variant: Variant) -> str:
    """Apply the recorded edits; each must find its ``before`` at its span."""
    for e in variant.edits:
        lines = code.splitlines(keepends=True)
        starts = [0]
        for line in lines:
            starts.append(starts[-1] + len(line))
        sl, sc, el, ec = e.span
        a, b = starts[sl - 1] + sc, starts[el - 1] + ec
        assert code[a:b] == e.before
        code = code[:a] + e.after + code[b:]
    return code


def _docstring(code: str, name: str) -> str | None:
    tree = ast.parse(code)
    fn = next(n for n in ast.walk(tree) if isinstance(n, ast.FunctionDef) and n.name == name)
    return ast.get_docstring(fn, clean=False)


def test_variants_of_every_humaneval_canonical(humaneval):
    with_variants = 0
    for task in humaneval:
        variants = rewrite_variants(task.canonical, entry_point=task.entry_point, n=3, seed=0)
        with_variants += bool(variants)
        trees = [ast.dump(ast.parse(task.canonical))]
        for v in variants:
            assert 1 <= len(v.edits) <= 3
            assert _replay(task.canonical, v) == v.code  # byte-identical outside the spans
            tree = ast.parse(v.code)
            compile(tree, "<variant>", "exec")
            assert ast.dump(tree) not in trees
            trees.append(ast.dump(tree))
            assert any(isinstance(n, ast.FunctionDef) and n.name == task.entry_point
                       for n in tree.body)
            assert _docstring(v.code, task.entry_point) == _docstring(task.canonical,
                                                                        task.entry_point)
    assert with_variants >= 140


def test_variants_are_deterministic(humaneval):
    task = humaneval[12]
    a = rewrite_variants(task.canonical, entry_point=task.entry_point, n=5, seed=3)
    b = rewrite_variants(task.canonical, entry_point=task.entry_point, n=5, seed=3)
    assert [v.code for v in a] == [v.code for v in b] and a == b
    others = [rewrite_variants(task.canonical, entry_point=task.entry_point, n=5, seed=s)
              for s in range(4, 8)]
    assert any([v.code for v in o] != [v.code for v in a] for o in others)


def test_variants_of_mutants(humaneval):
    """The same rewrites apply to buggy members: any parseable program works."""
    done = 0
    for task in humaneval[:40]:
        for m in enumerate_mutants(task.canonical, entry_point=task.entry_point)[::7][:3]:
            for v in rewrite_variants(m.code, entry_point=task.entry_point, n=2, seed=1):
                assert _replay(m.code, v) == v.code
                done += 1
    assert done > 50


def test_variants_of_unusable_code():
    assert rewrite_variants("def f(:\n", entry_point="f", n=3, seed=0) == []
    assert rewrite_variants("def g(x):\n    y = x\n    return y\n", entry_point="f", n=3,
                            seed=0) == []
    assert rewrite_variants("def f(x):\n    return x\n", entry_point="f", n=3, seed=0) == []
    whole = rewrite_variants("y = 1\nz = y + 1\n", entry_point=None, n=2, seed=0)
    assert whole and all(ast.parse(v.code) for v in whole)


# ---- execution ------------------------------------------------------------------------------

TASK_IDS = [f"HumanEval/{i}" for i in (0, 3, 5, 12, 24, 31, 46, 59, 104, 129)]


def test_variants_pass_tests_and_differential_checks(humaneval, oracle):
    by_id = {t.task_id: t for t in humaneval}
    kept_total = 0
    for tid in TASK_IDS:
        task = by_id[tid]
        variants = rewrite_variants(task.canonical, entry_point=task.entry_point, n=4, seed=0)
        assert variants, tid
        result = verify_variants(task.canonical, variants, task.tests,
                                 entry_point=task.entry_point, oracle=oracle, inputs=16, seed=0,
                                 query=task.query)
        assert result.rejected == (), (tid, result.rejected)
        assert result.compared >= 8, tid
        kept_total += len(result.kept)
    assert kept_total >= 30


def test_restyled_mutant_matches_its_mutant(humaneval, oracle):
    task = humaneval[0]
    mutant = next(m for m in enumerate_mutants(task.canonical, entry_point=task.entry_point)
                  if m.operator == "relational_operator")
    variants = rewrite_variants(mutant.code, entry_point=task.entry_point, n=2, seed=0)
    assert variants
    result = verify_variants(mutant.code, variants, task.tests, entry_point=task.entry_point,
                             oracle=oracle, expect="same", inputs=12)
    assert len(result.kept) == len(variants), result.rejected
    # ... while against the canonical they are rejected: they fail its tests
    against = verify_variants(task.canonical, variants, task.tests,
                              entry_point=task.entry_point, oracle=oracle, inputs=12)
    assert against.kept == () and all("test" in why for _, why in against.rejected)


def test_wrong_rewrites_are_rejected(humaneval, oracle):
    task = humaneval[3]
    mutants = enumerate_mutants(task.canonical, entry_point=task.entry_point)
    fake = [Variant(m.code, ()) for m in mutants[:3]]
    result = verify_variants(task.canonical, fake, task.tests, entry_point=task.entry_point,
                             oracle=oracle, inputs=12)
    assert result.kept == ()
    assert len(result.rejected) == 3 and all(why.startswith("test ") for _, why in result.rejected)
    # a "rewrite" that passes every test but is not equivalent: only the differential check sees it
    canonical = "def f(x):\n    return abs(x) * 2\n"
    tests = ["assert f(3) == 6", "assert f(0) == 0"]
    wrong = Variant("def f(x):\n    return x * 2\n", ())
    right = Variant("def f(x):\n    return 2 * abs(x)\n", ())
    result = verify_variants(canonical, [wrong, right], tests, entry_point="f", oracle=oracle,
                             inputs=12)
    assert result.kept == (right,)
    ((v, why),) = result.rejected
    assert v is wrong and why.startswith("differs from the original on f(")


def test_argument_mutation_is_observed(oracle):
    canonical = "def f(xs):\n    return sorted(xs)\n"
    tests = ["assert f([2, 1]) == [1, 2]"]
    in_place = Variant("def f(xs):\n    xs.sort()\n    return xs\n", ())
    result = verify_variants(canonical, [in_place], tests, entry_point="f", oracle=oracle,
                             inputs=8)
    assert result.kept == () and "differs" in result.rejected[0][1]


def test_verification_is_loaded_on_demand():
    import execir.mutation.rewrite as rewrite
    assert rewrite.verify_variants is verify_variants
    with pytest.raises(AttributeError):
        rewrite.not_a_name  # noqa: B018


def test_uncompilable_and_undefined_variants(oracle):
    result = verify_variants("def f(x):\n    return x\n",
                             [Variant("def f(x:\n", ()), Variant("def g(x):\n    return x\n", ())],
                             ["assert f(1) == 1"], entry_point="f", oracle=oracle)
    assert [why for _, why in result.rejected] == ["does not compile", "does not define `f`"]
    with pytest.raises(ValueError):
        verify_variants("def f(x):\n    return x\n", [], [], entry_point="f", oracle=oracle,
                        expect="maybe")


def test_differential_inputs_come_from_tests_and_generator(humaneval):
    task = humaneval[0]
    calls = differential_inputs(task.canonical, task.tests, entry_point=task.entry_point,
                                inputs=20, seed=0)
    assert len(calls) == 20 and len(set(calls)) == 20
    again = differential_inputs(task.canonical, task.tests, entry_point=task.entry_point,
                                inputs=20, seed=0)
    assert calls == again


# ---- adversarial programs -------------------------------------------------------------------

#: (program defining f, argument lists): programs built around the traps each operator must
#: avoid; every single rewrite any operator proposes must behave exactly like the program
ADVERSARIAL = [
    ("def f(xs):\n    x = 0\n    try:\n        x = xs[0]\n    except IndexError as x:\n"
     "        pass\n    return 1 + x, x < len(xs)\n", ["[]", "[3]"]),
    ("x = [1, 2]\n\n\ndef f(n):\n    return [x * n for x in x]\n", ["2", "'a'"]),
    ("def f(x, d):\n    if x is not None and x > 0 and d:\n        return 1\n    else:\n"
     "        return 2\n", ["None, {}", "3, {1: 2}", "'a', 1"]),
    ("def f(a, b):\n    n = 1\n    n *= a\n    m = 0\n    m += b\n    return n, m == 0, m\n",
     ["'ab', 2", "3, [1]", "2.5, 1.5"]),
    ("def f(xs, ys):\n    acc = xs\n    acc += ys\n    return xs\n", ["[1], [2]", "'a', 'b'"]),
    ("def f(xs):\n    fs = [lambda: x for x in xs]\n    return [g() for g in fs]\n", ["[1, 2]"]),
    ("def f(a, b):\n    out = []\n    for i in range(len(a)):\n        if a[i] != b[i]:\n"
     "            out.append(i)\n    if len(out) == 0:\n        return None\n    return out\n",
     ["[1, 2], [1, 3]", "'ab', 'ab'", "[1], []"]),
    ("def f(s):\n    seen = set()\n    for c in s:\n        if c in seen:\n            return c\n"
     "        seen.add(c)\n    return None\n", ["'abca'", "''", "[1, [2]]"]),
    ("def f(a, b):\n    if not (a and b):\n        return a or b\n    lo = a\n    hi = b[0]\n"
     "    return hi - lo\n", ["0, [1]", "2, [5]", "2, []", "2, 0"]),
    ("def f(v):\n    r = float('nan') if v else v\n    return r < 1, 1 > r, r == r, v * 2, 2 * v\n",
     ["0", "1", "[1]", "'ab'"]),
    ("def f(n):\n    total = 0\n    i = 0\n    while i < n:\n        i += 1\n        if i % 2:\n"
     "            continue\n        total = total + i\n    return total\n", ["5", "0", "-1"]),
    ("def f(words):\n    res = []\n    for w in words:\n        res.append(len(res) + len(w))\n"
     "    return res\n", ["['a', 'bb']"]),
    ("def f(d):\n    keys = sorted(d)\n    while keys:\n        k = keys.pop()\n        if k < 0:\n"
     "            break\n    else:\n        return -1\n    return k\n", ["{1: 2, -3: 4}", "{}"]),
    ("def f(s):\n    t = s.strip()\n    parts = t.split(',')\n    if not t:\n        return []\n"
     "    return [p for p in parts if p]\n", ["' a,b,,c '", "'   '"]),
    ("def g(n):\n    return n + 1\n\n\ndef f(n):\n    k = g(n)\n    return k * 2 - (k + 1) * 3\n",
     ["1", "-4", "2.5"]),
]


@pytest.mark.parametrize("code,calls", ADVERSARIAL, ids=range(len(ADVERSARIAL)))
def test_adversarial_rewrites_keep_behaviour(code, calls, oracle):
    variants = [Variant(p.code, ()) for p in propose(code, entry_point="f")]
    tests = [f"f({c})" for c in calls]
    result = verify_variants(code, variants, tests, entry_point="f", oracle=oracle,
                             expect="same", inputs=16)
    assert result.rejected == (), result.rejected
