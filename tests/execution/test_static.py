"""execution.static.cannot_bind: the pairs labelled failing without running them."""

from __future__ import annotations

import random

import pytest

from execir.datasets import load_dataset
from execir.execution import Oracle
from execir.execution.static_outcomes import cannot_bind

G = "def g(x):\n    return x + 1\n"


@pytest.mark.parametrize("code, test, name, expected", [
    (G, "assert f(1) == 2", "f", True),
    (G, "candidate = f\nassert candidate(1) == 2", "f", True),
    (G, "import math\nassert math.isclose(f(1), 2)", "f", True),
    (G, "assert f(1) or True", "f", True),               # f is evaluated first
    (G, "assert True or f(1)", "f", False),              # short-circuit: f never evaluated
    (G, "assert 1 < 2 < f(1)", "f", False),              # a chain may stop before f
    (G, "assert True, f(1)", "f", False),                # the message runs only on failure
    (G, "assert all(f(x) for x in [])", "f", False),     # an empty generator never calls f
    (G, "f = len\nassert f([1]) == 1", "f", False),      # the test binds it
    (G, "from m import f\nassert f(1)", "f", False),
    (G, "try:\n    f(1)\nexcept Exception:\n    pass", "f", False),
    (G, "assert sorted([2, 1]) == [1, 2]", "sorted", False),   # a builtin
    (G, "assert g(1) == 2", "g", False),                 # the snippet defines it
    ("f = g\n", "assert f(1)", "f", False),              # the snippet spells the name
    ("from math import *\n", "assert gcd(2, 4) == 2", "gcd", False),
    ("globals()['f' + ''] = len\n", "assert f([1]) == 1", "f", False),
    ("import sys\nsys._getframe().f_globals.update(x=1)\n", "assert f(1)", "f", False),
    ("h = lambda: 0\ngetattr(h, '__glo' + 'bals__')['f'] = len\n", "assert f([1]) == 1", "f",
     False),                                              # a binding through a computed name
    (G, "assert f(1) == 2", "class", False),             # not a usable name
])
def test_rule(code, test, name, expected):
    assert cannot_bind(code, [test], name) is expected


def test_every_test_must_qualify_and_only_python():
    assert cannot_bind(G, ["assert f(1) == 2", "assert f(2) == 3"], "f")
    assert not cannot_bind(G, ["assert f(1) == 2", "assert True or f(2)"], "f")
    assert not cannot_bind(G, [], "f")
    assert not cannot_bind("int g() { return 1; }", ["assert(f() == 1);"], "f", language="cpp")
    assert not cannot_bind(G, [{"input": "1", "output": "2"}], "f")


def test_agrees_with_execution_on_real_cross_task_pairs():
    """Every sampled execir-py (snippet, other task) pair the rule proves failing does fail when
    executed, each test with a NameError."""
    tasks = load_dataset("execir-py")
    rng = random.Random(0)
    pairs = []
    while len(pairs) < 60:
        a, b = rng.sample(tasks, 2)
        if cannot_bind(a.canonical, b.tests, b.entry_point):
            pairs.append((a.canonical, list(b.tests)))
    results = Oracle().run(pairs)
    assert all(not r.passed for r in results)
    assert {o for r in results for o in r.outcomes} == {"FAIL:NameError"}
