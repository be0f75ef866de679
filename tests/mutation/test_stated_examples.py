"""Examples stated in a text (execir.mutation.stated_examples): every form HumanEval's docstrings use, and on
the real HumanEval, every stated result checked against the canonical in the sandbox."""

from __future__ import annotations

import pytest

from execir.execution import Oracle
from execir.execution.values import normalised, probe_test, read_outputs
from execir.mutation.call_inputs import entry_function
from execir.mutation.stated_examples import (documented_examples, literal_at, named_examples,
                                  stated_examples, unary_examples)


def test_call_forms_with_their_results():
    text = ("iscube(64) ==> True\niscube(2) => false\niscube(-1) = true\n"
            "iscube(0) \u279e True\niscube(9) ==> False.  And more")
    assert documented_examples(text, "iscube", 1) == [("64", True), ("2", False), ("-1", True),
                                                       ("0", True), ("9", False)]


def test_a_derivation_or_a_recurrence_is_no_result():
    # the value is followed by an operator on its line: a derivation
    assert documented_examples("f(2) = 1 + (2 / 2) = 2\nf(5) -> 7", "f", 1) == [("5", 7)]
    # a text that defines tri with "=" uses "=" for the recurrence: no "=" line is a result there
    rec = "tri(1) = 3\ntri(n) = 1 + n / 2, if n is even.\ntri(3) = [1, 3, 2, 8]\ntri(2) -> [1, 3, 2]"
    assert documented_examples(rec, "tri", 1) == [("2", [1, 3, 2])]


def test_named_forms():
    text = ("For lst = [1,2,3] the output should be 14\n"
            "For s = \"abcde\", c = \"ae\", the result should be ('bcd',False)\n"
            "Example 1:\n    Input: arr = [-3, -4, 5], k = 3\n    Output: [-4, -3, 5]\n"
            "Input: k = 1, arr = [2, 9]\nOutput: [9]\n"
            "For example: a list\n")
    assert named_examples(text, ("lst",)) == [("[1, 2, 3]", 14)]
    assert named_examples(text, ("s", "c")) == [("'abcde', 'ae'", ("bcd", False))]
    # by name in any order; arguments come back in parameter order
    assert named_examples(text, ("arr", "k")) == [("[-3, -4, 5], 3", [-4, -3, 5]),
                                                   ("[2, 9], 1", [9])]
    # one parameter, unnamed: "Input: [4, 2, 3]" / "Output: [2, 1]"
    assert named_examples("Input: [4,2,3]\nOutput: [2, 1]\nInput: []\nOutput: []", ("arr",)) \
        == [("[4, 2, 3]", [2, 1]), ("[]", [])]
    # a parameter missing, or one the function does not have: no example
    assert named_examples("For x = 1 the output should be 2", ("x", "y")) == []
    assert named_examples("For z = 1 the output should be 2", ("x",)) == []


def test_stated_examples_calls_first_then_named():
    text = "f(1, 2) == 3\nFor a = 1, b = 2 the output should be 4\nFor a = 0, b = 0 the output is 0"
    assert stated_examples(text, "f", ("a", "b")) == [("1, 2", 3), ("0, 0", 0)]


def test_literal_at_reports_where_the_literal_ends():
    assert literal_at("  [1, 2], k = 3", 0) == (True, [1, 2], 8)
    assert literal_at("true.", 0) == (True, True, 4)
    assert literal_at("1 + 2", 0)[0] is False
    assert literal_at("words only", 0)[0] is False


#: HumanEval's own docstring errors: the canonical is right, the example is not
HUMANEVAL_WRONG = {("HumanEval/47", "[-10, 4, 6, 1000, 10, 20]"),
                   ("HumanEval/116", "[1, 5, 2, 3, 4]"), ("HumanEval/116", "[-2, -3, -4, -5, -6]"),
                   ("HumanEval/148", "'Earth', 'Mercury'")}


def test_every_humaneval_stated_result_is_the_canonicals(shared_data):
    from execir.datasets.humaneval import load_humaneval

    path = shared_data / "humaneval" / "HumanEval.jsonl.gz"
    if not path.is_file():
        pytest.skip("HumanEval.jsonl.gz not present")
    tasks = load_humaneval(path)
    jobs, keys = [], []
    for task in tasks:
        fn = entry_function(task.canonical)
        examples = stated_examples(task.canonical, fn.name, fn.params)
        jobs.append((task.canonical, [probe_test(fn.name, i, src)
                                      for i, (src, _) in enumerate(examples)]))
        keys.append((task.task_id, examples))
    results = Oracle(quiet=True).with_limits(timeout=10.0, test_timeout=2.0).probe(jobs)
    stated = wrong = 0
    for (task_id, examples), res in zip(keys, results):
        for (src, value), got in zip(examples, read_outputs(res, len(examples))):
            stated += 1
            if got != "=" + normalised(value):
                wrong += 1
                assert (task_id, src) in HUMANEVAL_WRONG, (task_id, src, value, got)
    with_examples = sum(1 for _, ex in keys if ex)
    assert (stated, wrong, with_examples) == (421, 4, 148)


def test_a_call_inside_a_larger_expression_states_nothing():
    for text in (">>> f(1), f(2)\n(3, 4)", ">>> f(1) + f(2)\n3", ">>> 2 * f(3)\n12",
                 ">>> not f(3)\nTrue", "assert 1 - f(3) == 5", "g(f(3)) == 4",
                 "f(3) == f(2) + f(1) == 2", "f(2) = f(1) + f(0) = 1"):
        assert documented_examples(text, "f", 1) == [], text
    assert documented_examples("f(2) = f(1) + f(0) = 1\nf(0) = 0", "f", 1) == [("0", 0)]
    # a bullet or "e.g." before the call is not an operand
    assert documented_examples("- f(3) == 4\ne.g. f(5) == 6", "f", 1) == [("3", 4), ("5", 6)]


def test_a_value_that_goes_on_is_not_read():
    for text in ("f(1000) returns 1,000,000", "f(100) = 5,050", "f(3) -> 1 2 3",
                 "f('a') == 'a'.upper()", ">>> f(1000)\n[1, 2, 3, ...]", "f(2) returns true or false",
                 "f(2) == [1][0]"):
        assert documented_examples(text, "f", 1) == [], text
    assert named_examples("Input: n = 5\nOutput: 1 2 3 4 5", ("n",)) == []
    assert named_examples("Input: 1, 2 Output: 3", ("x",)) == []  # a bare tuple: two arguments?
    # a list of examples and a sentence's full stop are fine
    assert documented_examples("f(1) == 2, f(3) == 4.", "f", 1) == [("1", 2), ("3", 4)]


def test_unary_examples_are_whole_tokens_and_no_chains_or_derivations():
    for text in ("For example, 123 -> 1 + 2 + 3 = 6", "Collatz: 6 -> 3 -> 10 -> 5", "12:30 -> 750",
                 "1e5 -> 2", "x-1 -> 0", "utf8 -> 'x'", "[1,2,3] -> [1,2,3][::-1]"):
        assert unary_examples(text) == [], text
    assert unary_examples("e.g. 12 -> 8, 3 -> 1; -4 -> 4") == [("12", 8), ("3", 1), ("-4", 4)]


def test_a_helpers_named_example_is_not_the_entry_functions():
    code = ('def is_prime(n):\n    """For n = 7 the output should be True"""\n    return n > 1\n\n'
            'def count_primes(n):\n    """For n = 10 the output should be 4"""\n'
            '    return sum(is_prime(k) for k in range(n))\n')
    assert stated_examples(code, "count_primes", ("n",)) == [("10", 4)]
    assert stated_examples(code, "is_prime", ("n",)) == [("7", True)]


def test_hostile_texts_are_read_within_bounds():
    big = "0x" + "f" * 3600  # an int too long to print
    assert named_examples(f"For x = {big} the output should be 1", ("x",)) == []
    assert documented_examples(f"f(1) == {big}", "f", 1) == []
    # long one-line texts: the work per example is bounded (these took minutes when it was not)
    assert named_examples("For " * 5000, ("x",)) == []
    assert documented_examples("f(1) == 2 " * 2000, "f", 1) == [("1", 2)]
    assert unary_examples("7" * 20000) == []
    minified = "function f(a){let s=0;" + "for(let i=0;i<a.length;i++){s+=a[i]*2};" * 300 + "return s}"
    assert stated_examples(minified, "f", ("a",)) == []
