"""Consensus on stdin/stdout programs (execir-poly's snippets): language sniffing on the shipped
corpus, the prose examples read from queries (by hand), the example-level vote, and a sandboxed
run of Python and JavaScript programs."""

from __future__ import annotations

import gzip
import json
import math
import shutil
from importlib import resources

import pytest

from execir.execution import Oracle
from execir.execution.outcomes import FAIL, PASS, SuiteResult
from execir.rerank.consensus import Behaviour, ConsensusReranker, consensus_order
from execir.rerank.stdin import (StdinExample, program_language, program_output, stdin_examples,
                                 stdin_inputs)

PY = "import sys\n\ndef total(xs):\n    return sum(xs)\n\nprint(total(map(int, sys.stdin.read().split())))\n"
PY_MUTANT = PY.replace("sum(xs)", "sum(xs) + 1")
JS = ("const fs = require('fs');\nfunction total(xs) { return xs.reduce((a, b) => a + b, 0); }\n"
      "console.log(total(fs.readFileSync(0, 'utf8').split(/\\s+/).filter(Boolean).map(Number)));\n")


def test_every_shipped_poly_program_is_sniffed_as_its_language():
    corpus = resources.files("execir.datasets") / "releases" / "execir-poly-v3" / "code_corpus_v2.jsonl.gz"
    with gzip.open(str(corpus), "rt") as f:
        rows = [json.loads(line) for line in f]
    assert len(rows) == 1692
    wrong = [(r["code_id"], r["language"], program_language(r["code"])) for r in rows
             if program_language(r["code"]) != r["language"]]
    assert wrong == []


def test_functions_and_fragments_are_not_programs():
    assert program_language(PY) == "python" and program_language(JS) == "javascript"
    assert program_language("n = int(input())\nprint(n)\n") == "python"
    assert program_language("def clamp(x, lo, hi):\n    return max(lo, min(x, hi))\n") is None
    assert program_language("def read_input(path):\n    return open(path).read()\n") is None
    assert program_language("int add(int a, int b) { return a + b; }\n") is None  # HumanEval-X
    assert program_language("func Add(a, b int) int {\n\treturn a + b\n}\n") is None


def test_prose_examples_are_read_with_their_shapes_and_outputs():
    # data tokens only; the stated output is the run of data words it starts with
    assert stdin_examples("Count days. Example: Friday 2024-03-01 plus 1 working day is "
                          "2024-03-04.") == [
        StdinExample(("2024-03-01 1\n", "2\n2024-03-01 1\n", "1\n2024-03-01 1\n"), "2024-03-04")]
    # two examples; 'with' starts a new line; a header of each line's token count
    two = stdin_examples("Example: 1 6 gives 0.1(6), and 5 10 15 with 0 10 gives 9 (nine).")
    assert two == [StdinExample(("1 6\n", "2\n1 6\n", "1\n1 6\n"), "0.1(6)"),
                   StdinExample(("5 10 15\n0 10\n", "3 2\n5 10 15\n0 10\n", "2\n5 10 15\n0 10\n"),
                                "9")]
    # pieces without a verb are lines of the next example; a word-only output of one word
    assert stdin_examples("Example: 1 1, 2 2, 0 5 gives 3; kitten and sitting is valid, "
                          "x is not.")[:2] == [
        StdinExample(("1 1\n2 2\n0 5\n", "2 2 2\n1 1\n2 2\n0 5\n", "3\n1 1\n2 2\n0 5\n"), "3"),
        StdinExample(("kitten\nsitting\n", "1 1\nkitten\nsitting\n", "2\nkitten\nsitting\n"),
                     "valid")]
    assert stdin_examples("Example: x is not.") == [StdinExample(("x\n", "1\nx\n"), None)]
    assert stdin_examples("Sum the numbers.") == []
    inputs, expected, examples = stdin_inputs("Example: 7 gives 8, 9 gives 10.")
    assert inputs == ("7\n", "1\n7\n", "9\n", "1\n9\n")
    assert expected == ("=8", "=8", "=10", "=10") and examples == (0, 0, 1, 1)


def test_a_program_output_is_its_tokens_or_its_crash():
    # exit 0: FAIL (the empty expected output not matched) or PASS (nothing printed)
    assert program_output(SuiteResult((FAIL,), (0.01,), "4  2\n2 1\n")) == "=4 2 2 1"
    assert program_output(SuiteResult((PASS,), (0.01,), "")) == "="
    assert program_output(SuiteResult(("FAIL:Exit1",), (0.01,), "Traceback")) == "!FAIL:Exit1"


def test_an_example_counts_once_whatever_shape_reproduces_it():
    # one example (6) tried in two shapes: p prints it on the first, s on both, q on neither.
    # Equal weights, 2 informative inputs: a(p,s) = 1/2, a(p,q) = 1/2, a(s,q) = 0.
    # p: 1 + .5 + .5 + 1 (example reproduced) = 3; s: .5 + 1 + 0 + 1 = 2.5; q: .5 + 0 + 1 = 1.5.
    # Counted per input instead, p would reproduce half and sink below s.
    ex, exp = (0, 0), ("=6", "=6")
    beh = {"p": Behaviour("stdin", ("=6", "=8"), exp, ex), "s": Behaviour("stdin", ("=6", "=6"), exp, ex),
           "q": Behaviour("stdin", ("=5", "=8"), exp, ex)}
    order = consensus_order([("q", 0.9), ("s", 0.8), ("p", 0.7)], beh, temperature=math.inf,
                            documented=1.0)
    assert order == [("p", 3.0), ("s", 2.0), ("q", 1.0)]


@pytest.mark.skipif(shutil.which("node") is None, reason="node is not installed")
def test_programs_run_on_the_query_examples_and_the_contradicting_one_sinks():
    corpus = {"a": PY_MUTANT, "b": JS, "c": PY}
    run = {"q": [("a", 0.9), ("b", 0.8), ("c", 0.7)]}
    reranker = ConsensusReranker(Oracle(workers=1, quiet=True))
    found = reranker.behaviours({"q": "Sum the numbers. Example: 1 2 3 gives 6."}, corpus, run, 3)
    # shapes: as written, with a token-count header (3), with a line-count header (1)
    assert found["q"]["c"] == Behaviour("stdin", ("=6", "=9", "=7"), ("=6",) * 3, (0, 0, 0))
    assert found["q"]["b"].outputs == ("=6", "=9", "=7")
    assert found["q"]["a"].outputs == ("=7", "=10", "=8")
    order = reranker.rerank({"q": "Sum the numbers. Example: 1 2 3 gives 6."}, corpus, run, 3)
    assert [sid for sid, _ in order["q"]] == ["b", "c", "a"]
    # a query without an example leaves its programs unrun, in retrieval order
    assert reranker.behaviours({"q": "sum the numbers"}, corpus, run, 3) == {"q": {}}
    assert [sid for sid, _ in reranker.rerank({"q": "sum"}, corpus, run, 3)["q"]] == ["a", "b", "c"]
