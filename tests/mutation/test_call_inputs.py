"""Input derivation for consensus reranking: pure functions of query text, code and seed."""

from __future__ import annotations

from execir.mutation.call_inputs import (code_literals, derive_calls, entry_function, parameter_types,
                                  parse_python, text_literals)
from execir.mutation.stated_examples import documented_examples, example_calls, unary_examples

HELPER = "def _sq(x):\n    return x * x\n\ndef total(nums, k=2):\n    return sum(_sq(n) for n in nums) + k\n"


def test_entry_function_is_the_uncalled_one():
    fn = entry_function(HELPER)
    assert (fn.name, fn.params, fn.n_required, fn.defaults) == ("total", ("nums", "k"), 1, (None, 2))
    assert fn.signature == ("total", 2)
    assert entry_function("x = 1") is None and entry_function("def (") is None


def test_examples_and_documented_values():
    text = "e.g. f([1, 2], 3) == 6, f('a', 0) -> 'a'.\n>>> f([], 1)\n1\n"
    assert example_calls(text, "f", 2) == ["[1, 2], 3", "'a', 0", "[], 1"]
    assert documented_examples(text, "f", 2) == [("[1, 2], 3", 6), ("'a', 0", "a"), ("[], 1", 1)]
    assert example_calls(text, "f", 1) == []
    assert unary_examples("the top bit (e.g. 12 -> 8); 'ab' becomes 'ba'") == [("12", 8),
                                                                             ("'ab'", "ba")]


def test_literals():
    # lists, strings, then every number (those inside the list too), without repeats
    assert text_literals("Return -1 for [1, 2] or 'x', else 2.5 or 2") == [[1, 2], "x", -1, 1, 2,
                                                                         2.5]
    assert code_literals(parse_python("def f(n):\n    '''doc'''\n    return n < 3 or n == 'q'\n")) \
        == [3, 2, 4, "q"]


def test_parameter_types_from_usage_and_annotations():
    code = ("def f(s, xs, n: float):\n    out = s.lower()\n    for x in xs:\n        out += x + 1\n"
            "    return out * n\n")
    types = parameter_types([(parse_python(code), entry_function(code))])
    assert types[0][0] == "str" and types[1][0] == "list:int" and types[2][0] == "float"


def test_derive_calls_is_seeded_and_puts_examples_first():
    code = "def f(n):\n    '''>>> f(5)\n    3\n    '''\n    return -1 if n < 0 else n\n"
    group = [(code, parse_python(code), entry_function(code))]
    calls = derive_calls("", group, n_inputs=10, seed=0)
    assert calls[0] == "5" and calls[1:3] == ["6", "4"]  # the example, then its neighbours
    assert len(calls) == 10 == len(set(calls))
    assert calls == derive_calls("", group, n_inputs=10, seed=0)
    assert calls != derive_calls("", group, n_inputs=10, seed=1)
